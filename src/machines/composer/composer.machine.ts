import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import { produce } from 'immer';
import { EMPTY_POST, FEELINGS, POST_BG_COLORS, POST_TEXT_MAX, PRIVACY_LEVELS } from '../../api/constants';
import type {
  CreateImagePostBody, CreatePostBody, CreateQuestionBody, CreateVideoPostBody, Feeling,
  Post, Privacy, UpdateImagePostBody, UpdatePostBody, UpdateVideoPostBody,
} from '../../api/posts';
import type { CreateGroupPostBody } from '../../api/groups';
import { CHOSEN_TOPICS_MAX, type Topic } from '../../api/topics';
import { clientIdOf, randomClientSeed } from '../shared/clientIds';
import { failureText } from '../shared/failure';
import { retriesSend, sendRetryDelay } from '../shared/sendRetry';
import type { ToastRequest } from '../shell/toastRequest';

/**
 * The composer modal (spec section 3 "Post draft and modal state", section 4 "Modal"): create a
 * post, ask a question, edit a post, with the feelings, image, video and gif panels, and the
 * delete dialog. The spec's flat modal state is derived from the snapshot by `selectModalState`.
 */

export type ModalType = 'createpost' | 'createquestion' | 'editpost';
export const DEFAULT_MODAL_TYPE: ModalType = 'createquestion';

/** The post being written. Media are data URLs when picked here, URLs when kept from the edited post. */
export interface Draft {
  post: string;
  bgColor: string;
  privacy: Privacy;
  feelings: Feeling;
  gifUrl: string;
  image: string;
  imageAlt: string;
  video: string;
}
export type DraftKey = keyof Draft;

export const DEFAULT_BG_COLOR: string = POST_BG_COLORS[0];
export const emptyDraft: Draft = {
  post: '',
  bgColor: DEFAULT_BG_COLOR,
  privacy: 'Public',
  feelings: '',
  gifUrl: '',
  image: '',
  imageAlt: '',
  video: '',
};

/** What the composer knows of a file the member picked (a File has all of it). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
}
export type MediaKind = 'image' | 'video';

/** Client-side checks before reading a file; the server decides by the bytes and its own limits. */
export const MEDIA_RULES: Record<MediaKind, { types: readonly string[]; maxBytes: number; typeError: string; sizeError: string }> = {
  image: {
    types: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    maxBytes: 10 * 1024 * 1024,
    typeError: 'Image must be a JPEG, PNG, GIF or WebP image',
    sizeError: 'Image is too large: the limit is 10 MB',
  },
  video: {
    types: ['video/mp4', 'video/webm'],
    maxBytes: 100 * 1024 * 1024,
    typeError: 'Video must be an MP4 or WebM video',
    sizeError: 'Video is too large: the limit is 100 MB',
  },
};
export const GIF_NOT_HTTPS = 'GIF URL must be an https URL';
export const EMPTY_QUESTION = 'Question must not be empty';
export const tooLong = (what: 'Post' | 'Question') => `${what} must not exceed ${POST_TEXT_MAX} characters`;
export const PUBLISH_FAILED = 'Could not publish. Please try again.';
export const DELETE_FAILED = 'Could not delete the post. Please try again.';
export const READ_FAILED = 'The file could not be read';
/** A group member's post waits for a group admin (docs/api.md, Groups). */
export const POST_PENDING = 'Your post is waiting for a group admin';

/** The group a new post goes into; its privacy is the group's. */
export interface ComposerGroup {
  id: string;
  name: string;
}

/** The call the composer asks for; `src/effects/composer/composer.ts` maps it to the API client. */
export type PublishRequest =
  | { kind: 'createPost'; body: CreatePostBody }
  | { kind: 'createImagePost'; body: CreateImagePostBody }
  | { kind: 'createVideoPost'; body: CreateVideoPostBody }
  | { kind: 'createQuestion'; body: CreateQuestionBody }
  | { kind: 'createGroupPost'; groupId: string; body: CreateGroupPostBody }
  | { kind: 'updatePost'; postId: string; body: UpdatePostBody }
  | { kind: 'updateImagePost'; postId: string; body: UpdateImagePostBody }
  | { kind: 'updateVideoPost'; postId: string; body: UpdateVideoPostBody };

export interface ComposerContext {
  type: ModalType;
  draft: Draft;
  /** The post being edited or deleted (the spec's `data`). */
  data: Post | null;
  /** The inline alert: a validation message or the server's. */
  error: string | null;
  /** The gif panel's field, attached only when it is an https URL. */
  gifInput: string;
  /** A panel's own message (a refused file, a non-https gif URL). */
  panelError: string | null;
  /** Set when a new post goes into a group. */
  group: ComposerGroup | null;
  /** The interest topics the author marks on a post (at most CHOSEN_TOPICS_MAX), in the order marked. */
  topics: Topic[];
  /** The send in flight: its client id (made on submit, kept through its retries) and what it sends. */
  sending: { clientId: string; request: string } | null;
  /** Retries made of it, after it got no answer. */
  retries: number;
  /** The last send that did not go out: submitting the same again reuses its client id ("Try again"). */
  unsent: { clientId: string; request: string } | null;
  /** Makes the client ids of this composer's sends (clientIds.ts); `sent` counts them. Kept when it closes. */
  clientSeed: string;
  sent: number;
}

export type ComposerEvent =
  | { type: 'composer.open'; modalType: 'createpost' | 'createquestion'; group?: ComposerGroup }
  | { type: 'composer.edit'; post: Post }
  | { type: 'composer.close' }
  | { type: 'composer.draft.set'; key: DraftKey; value: string }
  | { type: 'composer.draft.clear' }
  | { type: 'composer.feelings.open' }
  | { type: 'composer.feelings.select'; feeling: Feeling }
  | { type: 'composer.image.open' }
  | { type: 'composer.image.choose'; file: PickedFile }
  | { type: 'composer.video.open' }
  | { type: 'composer.video.choose'; file: PickedFile }
  | { type: 'composer.gif.open' }
  | { type: 'composer.gif.change'; url: string }
  | { type: 'composer.gif.attach' }
  | { type: 'composer.panel.close' }
  | { type: 'composer.media.remove' }
  | { type: 'composer.topics.toggle'; topic: Topic }
  | { type: 'composer.submit' }
  | { type: 'composer.delete.open'; post: Post }
  | { type: 'composer.delete.confirm' };

export type ComposerEmitted = { type: 'published'; post: Post; created: boolean } | { type: 'deleted'; postId: string };

export const isHttpsUrl = (value: string) => {
  try {
    return new URL(value.trim()).protocol === 'https:';
  } catch {
    return false;
  }
};
const isDataUrl = (value: string) => value.startsWith('data:');
export const hasMedia = (draft: Draft) => draft.image !== '' || draft.video !== '' || draft.gifUrl !== '';
const isQuestion = (context: Pick<ComposerContext, 'type' | 'data'>) =>
  context.type === 'createquestion' || (context.type === 'editpost' && context.data?.kind === 'question');

/** A value the draft may hold under that key (a pick from the lists, or any text). */
export function acceptsDraftValue(key: DraftKey, value: string): boolean {
  switch (key) {
    case 'privacy':
      return (PRIVACY_LEVELS as readonly string[]).includes(value);
    case 'feelings':
      return value === '' || (FEELINGS as readonly string[]).includes(value);
    case 'bgColor':
      return (POST_BG_COLORS as readonly string[]).includes(value.toLowerCase());
    case 'gifUrl':
      return value === '' || isHttpsUrl(value);
    default:
      return key in emptyDraft;
  }
}

/**
 * The draft after one key changes. A post carries one attachment: attaching one drops the
 * others, and the background colour belongs to text-only posts.
 */
export function setDraft(draft: Draft, key: DraftKey, value: string): Draft {
  return produce(draft, (d) => {
    if (key === 'bgColor') {
      if (!hasMedia(d)) d.bgColor = value.toLowerCase();
      return;
    }
    (d as Record<DraftKey, string>)[key] = key === 'gifUrl' ? value.trim() : value;
    if (value === '' || !(key === 'image' || key === 'video' || key === 'gifUrl')) return;
    if (key !== 'image') {
      d.image = '';
      d.imageAlt = '';
    }
    if (key !== 'video') d.video = '';
    if (key !== 'gifUrl') d.gifUrl = '';
    d.bgColor = DEFAULT_BG_COLOR;
  });
}

export const draftFromPost = (post: Post): Draft => ({
  post: post.post,
  bgColor: post.bgColor || DEFAULT_BG_COLOR,
  privacy: post.privacy,
  feelings: post.feelings,
  gifUrl: post.gifUrl,
  image: post.image,
  imageAlt: post.imageAlt,
  video: post.video,
});

/**
 * Whether marking or unmarking this topic is allowed: questions carry no chosen topics, and a
 * fourth is refused (unmarking always works).
 */
export function canToggleTopic(context: Pick<ComposerContext, 'type' | 'data' | 'topics'>, topic: Topic): boolean {
  if (isQuestion(context)) return false;
  return context.topics.includes(topic) || context.topics.length < CHOSEN_TOPICS_MAX;
}

export const toggleTopic = (topics: readonly Topic[], topic: Topic): Topic[] =>
  topics.includes(topic) ? topics.filter((t) => t !== topic) : [...topics, topic];

/** The client-side refusal of a draft, as the server words it; null when it may be sent. */
export function draftProblem(context: ComposerContext): string | null {
  const { draft } = context;
  if (isQuestion(context)) {
    if (draft.post.trim() === '') return EMPTY_QUESTION;
    if (draft.post.length > POST_TEXT_MAX) return tooLong('Question');
    return null;
  }
  if (draft.post.trim() === '' && !hasMedia(draft)) return EMPTY_POST;
  if (draft.post.length > POST_TEXT_MAX) return tooLong('Post');
  return null;
}

/** The API call a valid draft becomes. */
export function publishRequest(context: ComposerContext): PublishRequest {
  const { draft, data } = context;
  const text = { post: draft.post, privacy: draft.privacy };
  // A new post sends its topics only when some are marked; an edit always does, so unmarking the last one sticks.
  const chosen = context.topics.length ? { topics: context.topics } : {};
  if (context.type === 'createquestion') return { kind: 'createQuestion', body: text };
  if (context.type === 'editpost' && data) {
    const postId = data._id;
    if (data.kind === 'question') return { kind: 'updatePost', postId, body: text };
    const common = { ...text, bgColor: draft.bgColor, feelings: draft.feelings, gifUrl: draft.gifUrl, topics: context.topics };
    if (isDataUrl(draft.image)) return { kind: 'updateImagePost', postId, body: { ...common, image: draft.image, imageAlt: draft.imageAlt } };
    if (isDataUrl(draft.video)) return { kind: 'updateVideoPost', postId, body: { ...common, video: draft.video } };
    return {
      kind: 'updatePost',
      postId,
      body: {
        ...common,
        ...(draft.image ? { imageAlt: draft.imageAlt } : {}),
        ...(data.image !== '' && draft.image === '' ? { removeImage: true } : {}),
        ...(data.video !== '' && draft.video === '' ? { removeVideo: true } : {}),
      },
    };
  }
  if (context.group) {
    const groupPost = { post: draft.post, feelings: draft.feelings, ...chosen };
    const body: CreateGroupPostBody = draft.image
      ? { ...groupPost, image: draft.image, imageAlt: draft.imageAlt }
      : draft.video
        ? { ...groupPost, video: draft.video }
        : { ...groupPost, bgColor: draft.bgColor, gifUrl: draft.gifUrl };
    return { kind: 'createGroupPost', groupId: context.group.id, body };
  }
  const common = { ...text, feelings: draft.feelings, ...chosen };
  if (draft.image) return { kind: 'createImagePost', body: { ...common, image: draft.image, imageAlt: draft.imageAlt } };
  if (draft.video) return { kind: 'createVideoPost', body: { ...common, video: draft.video } };
  return { kind: 'createPost', body: { ...common, bgColor: draft.bgColor, gifUrl: draft.gifUrl } };
}

const successText = (context: ComposerContext, post: Post) =>
  post.groupStatus === 'pending'
    ? POST_PENDING
    : context.type === 'editpost'
    ? context.data?.kind === 'question'
      ? 'Question updated'
      : 'Post updated'
    : context.type === 'createquestion'
      ? 'Question posted'
      : 'Post published';

const fileProblem = (kind: MediaKind, file: PickedFile): string | null => {
  const rules = MEDIA_RULES[kind];
  if (!rules.types.includes(file.type)) return rules.typeError;
  if (file.size > rules.maxBytes) return rules.sizeError;
  return null;
};

const closedContext = (): Omit<ComposerContext, 'clientSeed' | 'sent'> => ({
  type: DEFAULT_MODAL_TYPE,
  draft: emptyDraft,
  data: null,
  error: null,
  gifInput: '',
  panelError: null,
  group: null,
  topics: [],
  sending: null,
  retries: 0,
  unsent: null,
});

/** What a send carries, to tell the same send from a changed one (a short digest: media are data URLs). */
function digest(request: PublishRequest): string {
  const text = JSON.stringify(request);
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${text.length}:${hash.toString(16)}`;
}

/** A new post, question or group post carries the send's client id (an edit is a PUT: repeating it is harmless). */
export function withClientId(request: PublishRequest, clientId: string): PublishRequest {
  switch (request.kind) {
    case 'createPost':
    case 'createImagePost':
    case 'createVideoPost':
    case 'createQuestion':
    case 'createGroupPost':
      return { ...request, body: { ...request.body, clientId } } as PublishRequest;
    default:
      return request;
  }
}

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
    reset: assign(closedContext),
    /** The send gets its client id: the one of the same send that did not go out, else a new one. */
    startSending: assign(({ context }) => {
      const request = digest(publishRequest(context));
      const again = context.unsent !== null && context.unsent.request === request;
      return { error: null, retries: 0, sent: context.sent + 1, sending: { request, clientId: again ? context.unsent!.clientId : clientIdOf(context.clientSeed, context.sent + 1) } };
    }),
    setDraft: assign(({ context, event }) => {
      if (event.type !== 'composer.draft.set') return {};
      return { draft: setDraft(context.draft, event.key, event.value), error: null };
    }),
    startPanel: assign({ panelError: null }),
  },
  delays: {
    SEND_RETRY: ({ context }) => sendRetryDelay(context.retries - 1),
  },
  guards: {
    retriesSend: ({ context, event }) => retriesSend((event as { error?: unknown }).error, context.retries),
    acceptsDraftValue: ({ event }) => event.type === 'composer.draft.set' && acceptsDraftValue(event.key, event.value),
    takesAttachments: ({ context }) => !isQuestion(context),
    draftIsValid: ({ context }) => draftProblem(context) === null,
    acceptableFile: ({ event }) =>
      (event.type === 'composer.image.choose' && fileProblem('image', event.file) === null) ||
      (event.type === 'composer.video.choose' && fileProblem('video', event.file) === null),
    gifInputIsHttps: ({ context }) => isHttpsUrl(context.gifInput),
    canToggleTopic: ({ context, event }) => event.type === 'composer.topics.toggle' && canToggleTopic(context, event.topic),
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
        // Part of the draft, like composer.draft.set: taken in any open state, refused while sending.
        'composer.topics.toggle': {
          guard: 'canToggleTopic',
          actions: assign({ topics: ({ context, event }) => toggleTopic(context.topics, event.topic), error: null }),
        },
      },
      states: {
        editing: {
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
                input: ({ event }) => ({ file: (event as { file: PickedFile }).file, kind: 'image' as const }),
                onDone: {
                  target: '#composer.open.editing',
                  actions: assign(({ context, event }) => ({ draft: setDraft({ ...context.draft, imageAlt: '' }, 'image', event.output), error: null })),
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
                input: ({ event }) => ({ file: (event as { file: PickedFile }).file, kind: 'video' as const }),
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
        input: ({ context }) => withClientId(publishRequest(context), context.sending!.clientId),
        onDone: {
          target: 'closed',
          actions: [
            emit(({ context, event }) => ({ type: 'published' as const, post: event.output, created: context.type !== 'editpost' })),
            { type: 'showToast', params: ({ context, event }) => ({ type: 'success' as const, description: successText(context, event.output) }) },
            'reset',
          ],
        },
        onError: [
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
            input: ({ context }) => ({ postId: context.data!._id }),
            onDone: {
              target: '#composer.closed',
              actions: [
                emit(({ context }) => ({ type: 'deleted' as const, postId: context.data!._id })),
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

/** The spec's modal state ("Post draft and modal state"), read from a snapshot. */
export interface ModalState {
  type: ModalType;
  isOpen: boolean;
  feeling: Feeling;
  /** The image preview: a picked image's data URL, or the edited post's image URL. */
  image: string;
  /** The post being edited or deleted. */
  data: Post | null;
  feelingsIsOpen: boolean;
  openFileDialog: boolean;
  openVideoDialog: boolean;
  gifModalIsOpen: boolean;
  /** Reactions and comments lists are the feed's own statecharts; the composer never opens them. */
  reactionsModalIsOpen: boolean;
  commentsModalIsOpen: boolean;
  deleteDialogIsOpen: boolean;
  /** What the delete dialog deletes: 'post' or 'question', '' while it is closed. */
  deleteDialogType: '' | Post['kind'];
}

export function selectModalState(snapshot: Pick<ComposerSnapshot, 'matches' | 'context'>): ModalState {
  const { context } = snapshot;
  const deleting = snapshot.matches('deleteDialog');
  return {
    type: context.type,
    isOpen: snapshot.matches('open') || snapshot.matches('submitting') || snapshot.matches('waitingToRetry'),
    feeling: context.draft.feelings,
    image: context.draft.image,
    data: context.data,
    feelingsIsOpen: snapshot.matches({ open: 'feelings' }),
    openFileDialog: snapshot.matches({ open: 'imageDialog' }),
    openVideoDialog: snapshot.matches({ open: 'videoDialog' }),
    gifModalIsOpen: snapshot.matches({ open: 'gifDialog' }),
    reactionsModalIsOpen: false,
    commentsModalIsOpen: false,
    deleteDialogIsOpen: deleting,
    deleteDialogType: deleting && context.data ? context.data.kind : '',
  };
}

/** Whether submitting now sends again what did not go out (the same client id): the button reads "Try again". */
export const selectTriesAgain = (snapshot: { context: ComposerContext }) =>
  snapshot.context.unsent !== null && snapshot.context.unsent.request === digest(publishRequest(snapshot.context));

/** Whether the composer takes feelings, media and a background (posts, not questions). */
export const selectTakesAttachments = (snapshot: { context: ComposerContext }) => !isQuestion(snapshot.context);
