import { assertEvent, assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { Post } from '../../api/posts';
import { clientIdOf, randomClientSeed } from '../shared/clientIds';
import { defined } from '../shared/defined';
import { failureText } from '../shared/failure';
import { requiredPromise } from '../shared/required';
import { retriesSend, sendRetryDelay } from '../shared/sendRetry';
import { goesToOutbox } from '../offline/outbox.handoff';
import type { OutboxHandOff } from '../offline/outbox.types';
import type { ToastRequest } from '../shell/toastRequest';
import { DELETE_FAILED, emptyDraft, GIF_NOT_HTTPS, PUBLISH_FAILED, queuedText, READ_FAILED } from './composer.copy';
import {
  acceptsDraftValue,
  canToggleTopic,
  closedContext,
  digest,
  draftFromPost,
  draftProblem,
  fileProblem,
  goesThroughOutbox,
  handOffOf,
  isHttpsUrl,
  isQuestion,
  publishRequest,
  setDraft,
  successText,
  toggleTopic,
  withClientId,
} from './composer.draft';
import type { ComposerContext, ComposerEmitted, ComposerEvent, MediaKind, PickedFile, PublishRequest } from './composer.types';

export * from './composer.types';
export * from './composer.copy';
export * from './composer.draft';
export * from './composer.selectors';

/** The send under way: `submitting` is only entered with one. */
const sendingOf = (context: Pick<ComposerContext, 'sending'>) => defined(context.sending, 'the send under way');

/** The post being edited or deleted: those states are only entered with one. */
const editedPost = (context: Pick<ComposerContext, 'data'>) => defined(context.data, 'the edited post');

/**
 * The composer modal (spec section 3 "Post draft and modal state", section 4 "Modal"): create a
 * post, ask a question, edit a post, with the feelings, image, video and gif panels, and the
 * delete dialog. The spec's flat modal state is derived from the snapshot by `selectModalState`.
 * A new post or question that finds no server goes to the member's outbox and the composer closes
 * (docs/client-offline.md, "Outbox"); other sends retry here.
 */
export const composerMachine = setup({
  types: {
    context: {} as ComposerContext,
    events: {} as ComposerEvent,
    emitted: {} as ComposerEmitted,
    input: {} as { clientSeed?: string } | undefined,
  },
  actors: {
    /** Effect: POST /post, /post/image/post, /post/video/post, /question, or PUT /post/{id} (image/video variants). */
    publish: requiredPromise<Post, PublishRequest>('publish'),
    /** Effect: DELETE /post/{id}. */
    deletePost: requiredPromise<{ postId: string }, { postId: string }>('deletePost'),
    /** Effect: reads the picked file as a base64 data URL. */
    readMedia: requiredPromise<string, { file: PickedFile; kind: MediaKind }>('readMedia'),
  },
  actions: {
    /** Effect: `toasts.show` to the app's toast queue. */
    showToast: (_, _params: ToastRequest) => {},
    /** Effect: the send goes to the member's outbox (app child 'outbox'), which sends it when it can. */
    toOutbox: (_, _handOff: OutboxHandOff) => {},
    reset: assign(closedContext),
    /** The send gets its client id: the one of the same send that did not go out, else a new one. */
    startSending: assign(({ context }) => {
      const request = digest(publishRequest(context));
      const again = context.unsent !== null && context.unsent.request === request;
      return {
        error: null,
        retries: 0,
        sent: context.sent + 1,
        sending: {
          request,
          clientId: again && context.unsent ? context.unsent.clientId : clientIdOf(context.clientSeed, context.sent + 1),
        },
      };
    }),
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'composer.draft.set');
      return { draft: setDraft(context.draft, event.key, event.value), error: null };
    }),
    startPanel: assign({ panelError: null }),
  },
  delays: {
    SEND_RETRY: ({ context }) => sendRetryDelay(context.retries - 1),
  },
  guards: {
    retriesSend: ({ context, event }) => retriesSend((event as { error?: unknown }).error, context.retries),
    /**
     * A new post or question that found no server (no answer, a 5xx) or that would overtake a send
     * of the member's waiting in the outbox (QueuedBehind): the outbox takes it.
     */
    goesToOutbox: ({ context, event }) => goesThroughOutbox(publishRequest(context)) && goesToOutbox((event as { error?: unknown }).error),
    acceptsDraftValue: ({ event }) => {
      assertEvent(event, 'composer.draft.set');
      return acceptsDraftValue(event.key, event.value);
    },
    takesAttachments: ({ context }) => !isQuestion(context),
    writesMarkdown: ({ context }) => context.format === 'markdown',
    draftIsValid: ({ context }) => draftProblem(context) === null,
    acceptableFile: ({ event }) => {
      assertEvent(event, ['composer.image.choose', 'composer.video.choose']);
      return fileProblem(event.type === 'composer.image.choose' ? 'image' : 'video', event.file) === null;
    },
    gifInputIsHttps: ({ context }) => isHttpsUrl(context.gifInput),
    canToggleTopic: ({ context, event }) => {
      assertEvent(event, 'composer.topics.toggle');
      return canToggleTopic(context, event.topic);
    },
  },
}).createMachine({
  id: 'composer',
  context: ({ input }) => ({ ...closedContext(), clientSeed: input?.clientSeed ?? randomClientSeed(), sent: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'composer.open': {
          target: 'open',
          actions: assign(({ event }) => ({
            ...closedContext(),
            type: event.modalType,
            // Questions are not asked inside groups.
            group: event.modalType === 'createpost' ? (event.group ?? null) : null,
          })),
        },
        'composer.edit': {
          target: 'open',
          actions: assign(({ event }) => ({
            ...closedContext(),
            type: 'editpost' as const,
            data: event.post,
            draft: draftFromPost(event.post),
            format: event.post.format,
            topics: event.post.kind === 'question' ? [] : (event.post.chosenTopics ?? []),
          })),
        },
        'composer.delete.open': {
          target: 'deleteDialog',
          actions: assign(({ event }) => ({ ...closedContext(), data: event.post })),
        },
      },
    },
    open: {
      initial: 'editing',
      on: {
        'composer.close': { target: 'closed', actions: 'reset' },
        'composer.draft.set': { guard: 'acceptsDraftValue', actions: 'setDraft' },
        'composer.draft.clear': {
          target: '.editing',
          actions: assign({ draft: emptyDraft, topics: [], error: null, gifInput: '', panelError: null }),
        },
        // Markdown on or off, from any open state; the write tab shows again.
        'composer.format.set': { target: '.editing', actions: assign({ format: ({ event }) => event.format, error: null }) },
        // Part of the draft, like composer.draft.set: taken in any open state, refused while sending.
        'composer.topics.toggle': {
          guard: 'canToggleTopic',
          actions: assign({ topics: ({ context, event }) => toggleTopic(context.topics, event.topic), error: null }),
        },
      },
      states: {
        editing: {
          initial: 'writing',
          states: {
            writing: { on: { 'composer.preview.show': { guard: 'writesMarkdown', target: 'previewing' } } },
            /** The text as it will show (Markdown only): read, not typed into. */
            previewing: { on: { 'composer.preview.hide': 'writing' } },
          },
          on: {
            'composer.feelings.open': { guard: 'takesAttachments', target: 'feelings' },
            'composer.image.open': { guard: 'takesAttachments', target: 'imageDialog', actions: 'startPanel' },
            'composer.video.open': { guard: 'takesAttachments', target: 'videoDialog', actions: 'startPanel' },
            'composer.gif.open': {
              guard: 'takesAttachments',
              target: 'gifDialog',
              actions: [assign(({ context }) => ({ gifInput: context.draft.gifUrl })), 'startPanel'],
            },
            'composer.media.remove': {
              actions: assign(({ context }) => ({
                draft: { ...context.draft, image: '', imageAlt: '', video: '', gifUrl: '' },
              })),
            },
            'composer.submit': [
              { guard: 'draftIsValid', target: '#composer.submitting', actions: 'startSending' },
              { actions: assign({ error: ({ context }) => draftProblem(context) }) },
            ],
          },
        },
        feelings: {
          on: {
            'composer.feelings.select': {
              target: 'editing',
              actions: assign(({ context, event }) => ({ draft: setDraft(context.draft, 'feelings', event.feeling) })),
            },
            'composer.panel.close': 'editing',
          },
        },
        imageDialog: {
          initial: 'choosing',
          on: { 'composer.panel.close': 'editing' },
          states: {
            choosing: {
              on: {
                'composer.image.choose': [
                  { guard: 'acceptableFile', target: 'reading', actions: 'startPanel' },
                  { actions: assign({ panelError: ({ event }) => fileProblem('image', event.file) }) },
                ],
              },
            },
            reading: {
              invoke: {
                id: 'readMedia',
                src: 'readMedia',
                input: ({ event }) => {
                  assertEvent(event, 'composer.image.choose');
                  return { file: event.file, kind: 'image' as const };
                },
                onDone: {
                  target: '#composer.open.editing',
                  actions: assign(({ context, event }) => ({
                    draft: setDraft({ ...context.draft, imageAlt: '' }, 'image', event.output),
                    error: null,
                  })),
                },
                onError: {
                  target: 'choosing',
                  actions: assign({ panelError: ({ event }) => failureText(event.error, READ_FAILED) }),
                },
              },
            },
          },
        },
        videoDialog: {
          initial: 'choosing',
          on: { 'composer.panel.close': 'editing' },
          states: {
            choosing: {
              on: {
                'composer.video.choose': [
                  { guard: 'acceptableFile', target: 'reading', actions: 'startPanel' },
                  { actions: assign({ panelError: ({ event }) => fileProblem('video', event.file) }) },
                ],
              },
            },
            reading: {
              invoke: {
                id: 'readMedia',
                src: 'readMedia',
                input: ({ event }) => {
                  assertEvent(event, 'composer.video.choose');
                  return { file: event.file, kind: 'video' as const };
                },
                onDone: {
                  target: '#composer.open.editing',
                  actions: assign(({ context, event }) => ({ draft: setDraft(context.draft, 'video', event.output), error: null })),
                },
                onError: {
                  target: 'choosing',
                  actions: assign({ panelError: ({ event }) => failureText(event.error, READ_FAILED) }),
                },
              },
            },
          },
        },
        gifDialog: {
          on: {
            'composer.gif.change': { actions: assign({ gifInput: ({ event }) => event.url, panelError: null }) },
            'composer.gif.attach': [
              {
                guard: 'gifInputIsHttps',
                target: 'editing',
                actions: assign(({ context }) => ({ draft: setDraft(context.draft, 'gifUrl', context.gifInput), error: null })),
              },
              { actions: assign({ panelError: GIF_NOT_HTTPS }) },
            ],
            'composer.panel.close': 'editing',
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => withClientId(publishRequest(context), sendingOf(context).clientId),
        onDone: {
          target: 'closed',
          actions: [
            emit(({ context, event }) => ({ type: 'published' as const, post: event.output, created: context.type !== 'editpost' })),
            {
              type: 'showToast',
              params: ({ context, event }) => ({ type: 'success' as const, description: successText(context, event.output) }),
            },
            'reset',
          ],
        },
        onError: [
          // The outbox keeps it, with its client id, and sends it in order when the server is back: done here.
          {
            guard: 'goesToOutbox',
            target: 'closed',
            actions: [
              {
                type: 'toOutbox',
                params: ({ context }) => handOffOf(publishRequest(context), sendingOf(context).clientId, context.group?.name),
              },
              {
                type: 'showToast',
                params: ({ context }) => ({ type: 'info' as const, description: queuedText(isQuestion(context) ? 'question' : 'post') }),
              },
              'reset',
            ],
          },
          // No answer: it may be stored already; the same send goes again after a pause.
          { guard: 'retriesSend', target: 'waitingToRetry', actions: assign({ retries: ({ context }) => context.retries + 1 }) },
          {
            target: 'open.editing',
            actions: [
              assign(({ context, event }) => ({ error: failureText(event.error, PUBLISH_FAILED), unsent: context.sending, sending: null })),
              { type: 'showToast', params: ({ context }) => ({ type: 'error' as const, description: context.error ?? PUBLISH_FAILED }) },
            ],
          },
        ],
      },
    },
    /** Still publishing while the pause runs. */
    waitingToRetry: { after: { SEND_RETRY: 'submitting' } },
    deleteDialog: {
      initial: 'confirming',
      states: {
        confirming: {
          on: {
            'composer.delete.confirm': { target: 'deleting', actions: assign({ error: null }) },
            'composer.close': { target: '#composer.closed', actions: 'reset' },
          },
        },
        deleting: {
          invoke: {
            id: 'deletePost',
            src: 'deletePost',
            input: ({ context }) => ({ postId: editedPost(context)._id }),
            onDone: {
              target: '#composer.closed',
              actions: [
                emit(({ context }) => ({ type: 'deleted' as const, postId: editedPost(context)._id })),
                {
                  type: 'showToast',
                  params: ({ context }) => ({
                    type: 'success' as const,
                    description: context.data?.kind === 'question' ? 'Question deleted' : 'Post deleted',
                  }),
                },
                'reset',
              ],
            },
            onError: {
              target: 'confirming',
              actions: [
                assign({ error: ({ event }) => failureText(event.error, DELETE_FAILED) }),
                { type: 'showToast', params: ({ context }) => ({ type: 'error' as const, description: context.error ?? DELETE_FAILED }) },
              ],
            },
          },
        },
      },
    },
  },
});

export type ComposerSnapshot = SnapshotFrom<typeof composerMachine>;
