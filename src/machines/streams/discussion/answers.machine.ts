import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { defined } from '../../shared/defined';
import { requiredCallback, requiredPromise } from '../../shared/required';
import type { Answer, AnswerResponse, Post, PostResponse, QuestionDetail, TextFormat } from '../../../api/posts';
import { ANSWER_MAX } from '../../../api/constants';
import type { Commenter } from './comments.machine';
import { clientIdOf, randomClientSeed } from '../../shared/clientIds';
import { failureText } from '../../shared/failure';
import { goesToOutbox } from '../../offline/outbox.handoff';
import type { OutboxHandOff } from '../../offline/outbox.types';
import type { ToastRequest } from '../../shell/toastRequest';

export type AnswersEvent =
  | { type: 'answers.retry' }
  | { type: 'answers.change'; text: string }
  | { type: 'answers.submit' }
  | { type: 'answers.startEdit'; answerId: string }
  | { type: 'answers.changeEdit'; text: string }
  | { type: 'answers.cancelEdit' }
  | { type: 'answers.saveEdit' }
  | { type: 'answers.delete'; answerId: string }
  | { type: 'answers.accept'; answerId: string }
  | { type: 'answers.unaccept' }
  // From the socket, through the bus (already filtered to this question):
  | { type: 'answers.changed'; answersCount: number; acceptedAnswerId: string | null }
  // An answer of the member's that waited in the outbox was stored (the outbox's `outbox.sent`):
  | { type: 'answers.added'; answer: Answer; answersCount: number }
  // The answer box's Markdown option and its write / preview tabs (docs/client-formatting.md):
  | { type: 'answers.format.set'; format: TextFormat }
  | { type: 'answers.preview.show' }
  | { type: 'answers.preview.hide' }
  // The same for an answer being edited (it starts in the answer's own format):
  | { type: 'answers.edit.format.set'; format: TextFormat }
  | { type: 'answers.edit.preview.show' }
  | { type: 'answers.edit.preview.hide' };

export interface AnswersContext {
  questionId: string;
  me: Commenter;
  question: Post | null;
  answers: Answer[];
  draft: string;
  /** How the new answer is written: 'plain' or 'markdown' (kept after a send). */
  format: TextFormat;
  /** Why the answer form was refused (empty, or the server's message); cleared by typing. */
  formError: string | null;
  /** The answer being edited: its text, its format (the answer's own until changed) and whether its preview shows. */
  editing: { answerId: string; text: string; format: TextFormat; previewing: boolean; error: string | null } | null;
  /** The text of the answer being sent. */
  sending: string | null;
  /** Its client id (clientIds.ts), kept through its retries. */
  sendingId: string | null;
  /** Makes the client ids of this page's sends; `sent` counts them. */
  clientSeed: string;
  sent: number;
  /** The last answer that was not sent: sending the same text again reuses its client id ("Try again"). */
  unsent: { text: string; clientId: string } | null;
  /** The answer being deleted, to put back when refused. */
  removing: { answer: Answer; index: number } | null;
  /** A socket event announced answers this page does not show yet: read them again when idle. */
  stale: boolean;
  error: string | null;
}

export const ANSWERS_FAILED = 'Could not load this question. Please try again.';
export const ANSWER_FAILED = 'Could not save your answer. Please try again.';
export const ANSWER_EMPTY = 'Write something before posting your answer.';
export const ANSWER_TOO_LONG = `An answer can be at most ${ANSWER_MAX} characters.`;
export const ACCEPT_FAILED = 'Could not change the accepted answer. Please try again.';

const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });
const refusal = (text: string) => (text.trim() === '' ? ANSWER_EMPTY : text.trim().length > ANSWER_MAX ? ANSWER_TOO_LONG : null);

/** The accepted answer first, then oldest first (the server's order), flags matching the question. */
export function ordered(answers: Answer[], acceptedAnswerId: string | null): Answer[] {
  const flagged = answers.map((a) => (a.accepted === (a._id === acceptedAnswerId) ? a : { ...a, accepted: a._id === acceptedAnswerId }));
  return [
    ...flagged.filter((a) => a.accepted),
    ...flagged.filter((a) => !a.accepted).sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  ];
}

/**
 * One question's answers: loaded with the question (the accepted one first), an answer sent
 * when the form is usable (the text stays until the server took it; refused, the server's
 * message shows under the form), the member's own answers edited and deleted, and for the asker
 * accepting or unaccepting one. A `question answers` socket event with news reads the list again.
 */
/** What the member asks for from the answer list: taken when idle and over a background refresh. */
const memberActions = {
  'answers.submit': [{ guard: 'draftUsable', target: 'posting', actions: 'startSending' }, { actions: 'refuseDraft' }],
  'answers.saveEdit': [{ guard: 'editUsable', target: 'saving' }, { actions: 'refuseEdit' }],
  'answers.delete': { guard: 'ownAnswer', target: 'deleting', actions: 'startRemoving' },
  'answers.accept': { guard: 'askerAccepts', target: 'accepting' },
  'answers.unaccept': { guard: 'askerUnaccepts', target: 'unaccepting' },
} as const;
const memberActionsOverRefresh = {
  'answers.submit': [{ guard: 'draftUsable', target: 'posting', actions: ['startSending', 'markStale'] }, { actions: 'refuseDraft' }],
  'answers.saveEdit': [{ guard: 'editUsable', target: 'saving', actions: 'markStale' }, { actions: 'refuseEdit' }],
  'answers.delete': { guard: 'ownAnswer', target: 'deleting', actions: ['startRemoving', 'markStale'] },
  'answers.accept': { guard: 'askerAccepts', target: 'accepting', actions: 'markStale' },
  'answers.unaccept': { guard: 'askerUnaccepts', target: 'unaccepting', actions: 'markStale' },
} as const;

/** The question the answers are under: the states that count answers are only entered once it has loaded. */
const questionOf = <Q>(c: { question: Q | null }) => defined(c.question, 'the question');
/** The edit being saved: set by the edit event. */
const editingOf = (c: Pick<AnswersContext, 'editing'>) => defined(c.editing, 'the answer being edited');
/** The answer being removed: set by the remove event. */
const removingOf = (c: Pick<AnswersContext, 'removing'>) => defined(c.removing, 'the answer being removed');

export const answersMachine = setup({
  types: {
    context: {} as AnswersContext,
    events: {} as AnswersEvent,
    input: {} as { questionId: string; me: Commenter; clientSeed?: string },
  },
  actors: {
    fetchQuestion: requiredPromise<QuestionDetail, { questionId: string }>('fetchQuestion'),
    /** Effect: POST /question/{id}/answer; `clientId` makes a retry of the same answer harmless. */
    createAnswer: requiredPromise<AnswerResponse, { questionId: string; answer: string; clientId: string; format: TextFormat }>(
      'createAnswer',
    ),
    updateAnswer: requiredPromise<AnswerResponse, { answerId: string; answer: string; format: TextFormat }>('updateAnswer'),
    removeAnswer: requiredPromise<{ message: string; answersCount: number }, { answerId: string }>('removeAnswer'),
    acceptAnswer: requiredPromise<PostResponse, { questionId: string; answerId: string | null }>('acceptAnswer'),
    /** Effect: this question's `question answers` events from the socket. */
    live: requiredCallback<EventObject, { questionId: string }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the answer goes to the member's outbox (app child 'outbox'), which sends it when it can. */
    toOutbox: (_, _handOff: OutboxHandOff) => {},
    /** Effect: the page's card shows the server's count and accepted answer. */
    questionChanged: (_, _params: { question: Post }) => {},
    startSending: assign(({ context }) => {
      const text = context.draft.trim();
      // Sending again what did not go out is the same send: its client id again.
      const again = context.unsent !== null && context.unsent.text === text;
      return {
        formError: null,
        sending: text,
        sendingId: again ? defined(context.unsent, 'the unsent answer').clientId : clientIdOf(context.clientSeed, context.sent + 1),
        sent: context.sent + 1,
      };
    }),
    setFormat: assign({ format: ({ event }) => (event as { format: TextFormat }).format }),
    refuseDraft: assign({ formError: ({ context }) => refusal(context.draft) }),
    refuseEdit: assign({
      editing: ({ context }) => (context.editing ? { ...context.editing, error: refusal(context.editing.text) } : null),
    }),
    /** The answer leaves the list at once; `removing` keeps it (and its place) to put back on a refusal. */
    startRemoving: assign(({ context, event }) =>
      produce(context, (draft) => {
        if (event.type !== 'answers.delete') return;
        const index = draft.answers.findIndex((a) => a._id === event.answerId);
        draft.removing = { answer: context.answers[index], index };
        draft.answers.splice(index, 1);
        if (draft.editing?.answerId === event.answerId) draft.editing = null;
      }),
    ),
    /** Read the list again once the member's own request is done. */
    markStale: assign({ stale: true }),
  },
  guards: {
    /** No answer, a 5xx, or an earlier send waiting in the outbox: this answer waits there too. */
    goesToOutbox: ({ event }) => goesToOutbox((event as { error?: unknown }).error),
    draftUsable: ({ context }) => refusal(context.draft) === null,
    writesMarkdown: ({ context }) => context.format === 'markdown',
    editUsable: ({ context }) => context.editing !== null && refusal(context.editing.text) === null,
    isEditing: ({ context }) => context.editing !== null,
    editWritesMarkdown: ({ context }) => context.editing?.format === 'markdown' && !context.editing.previewing,
    stale: ({ context }) => context.stale,
    ownAnswer: ({ context, event }) =>
      (event.type === 'answers.startEdit' || event.type === 'answers.delete') &&
      context.answers.some((a) => a._id === event.answerId && a.userId === context.me.userId),
    askerAccepts: ({ context, event }) =>
      event.type === 'answers.accept' &&
      context.question?.userId === context.me.userId &&
      context.question.acceptedAnswerId !== event.answerId &&
      context.answers.some((a) => a._id === event.answerId),
    askerUnaccepts: ({ context }) => context.question?.userId === context.me.userId && context.question.acceptedAnswerId !== null,
    news: ({ context, event }) =>
      event.type === 'answers.changed' &&
      (context.question?.answersCount !== event.answersCount || context.question?.acceptedAnswerId !== event.acceptedAnswerId),
  },
}).createMachine({
  id: 'answers',
  context: ({ input }) => ({
    questionId: input.questionId,
    me: input.me,
    question: null,
    answers: [],
    draft: '',
    format: 'plain',
    formError: null,
    editing: null,
    sending: null,
    sendingId: null,
    clientSeed: input.clientSeed ?? randomClientSeed(),
    sent: 0,
    unsent: null,
    removing: null,
    stale: false,
    error: null,
  }),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ questionId: context.questionId }) },
  initial: 'loading',
  on: {
    'answers.change': { actions: assign({ draft: ({ event }) => event.text, formError: null }) },
    'answers.format.set': { actions: 'setFormat' },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchQuestion',
        src: 'fetchQuestion',
        input: ({ context }) => ({ questionId: context.questionId }),
        onDone: {
          target: 'ready',
          actions: assign({
            question: ({ event }) => event.output.question,
            answers: ({ event }) => ordered(event.output.answers, event.output.question.acceptedAnswerId),
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, ANSWERS_FAILED) }),
            { type: 'showToast', params: ({ event }) => toast(event.error, ANSWERS_FAILED) },
          ],
        },
      },
    },
    failed: { on: { 'answers.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'answers.changed': {
          guard: 'news',
          actions: assign(({ context, event }) =>
            produce(context, (draft) => {
              const question = questionOf(draft);
              question.answersCount = event.answersCount;
              question.acceptedAnswerId = event.acceptedAnswerId;
              draft.stale = true;
            }),
          ),
        },
        // Whether or not the socket's news came first, the answer shows once.
        'answers.added': {
          actions: [
            assign(({ context, event }) =>
              produce(context, (draft) => {
                if (!draft.answers.some((a) => a._id === event.answer._id)) draft.answers.push(event.answer);
                draft.answers = ordered(draft.answers as Answer[], questionOf(draft).acceptedAnswerId);
                questionOf(draft).answersCount = event.answersCount;
              }),
            ),
            { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
          ],
        },
        'answers.startEdit': {
          guard: 'ownAnswer',
          actions: assign({
            editing: ({ context, event }) => {
              const answer = defined(
                context.answers.find((a) => a._id === event.answerId),
                'the answer to edit',
              );
              return { answerId: event.answerId, text: answer.answer, format: answer.format, previewing: false, error: null };
            },
          }),
        },
        // The edit's Markdown option and tabs, as the answer box's: turning Markdown off shows the text again.
        'answers.edit.format.set': {
          guard: 'isEditing',
          actions: assign({ editing: ({ context, event }) => ({ ...editingOf(context), format: event.format, previewing: false }) }),
        },
        'answers.edit.preview.show': {
          guard: 'editWritesMarkdown',
          actions: assign({ editing: ({ context }) => ({ ...editingOf(context), previewing: true }) }),
        },
        'answers.edit.preview.hide': {
          guard: 'isEditing',
          actions: assign({ editing: ({ context }) => ({ ...editingOf(context), previewing: false }) }),
        },
        'answers.changeEdit': {
          actions: assign({
            editing: ({ context, event }) => (context.editing ? { ...context.editing, text: event.text, error: null } : null),
          }),
        },
        'answers.cancelEdit': { actions: assign({ editing: null }) },
      },
      states: {
        idle: {
          always: { guard: 'stale', target: 'refreshing' },
          // The box's tabs: the preview only for Markdown; turning Markdown off shows the text again.
          on: { ...memberActions, 'answers.format.set': { target: '.writing', actions: 'setFormat' } },
          initial: 'writing',
          states: {
            writing: { on: { 'answers.preview.show': { guard: 'writesMarkdown', target: 'previewing' } } },
            previewing: { on: { 'answers.preview.hide': 'writing' } },
          },
        },
        posting: {
          invoke: {
            id: 'createAnswer',
            src: 'createAnswer',
            input: ({ context }) => ({
              questionId: context.questionId,
              answer: context.sending!,
              clientId: context.sendingId!,
              format: context.format,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) =>
                  produce(context, (draft) => {
                    if (!draft.answers.some((a) => a._id === event.output.answer._id)) draft.answers.push(event.output.answer);
                    questionOf(draft).answersCount = event.output.answersCount;
                    // Only what was sent is cleared: text typed meanwhile stays.
                    if (context.draft.trim() === context.sending) draft.draft = '';
                    draft.sending = null;
                    draft.sendingId = null;
                    draft.unsent = null;
                  }),
                ),
                { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
              ],
            },
            onError: [
              // No answer (or a 5xx, or earlier sends waiting): the outbox keeps it, in order, and sends it
              // when it can; the panel shows the outbox's copy until it is stored. The form is free again.
              {
                guard: 'goesToOutbox',
                target: 'idle',
                actions: [
                  {
                    type: 'toOutbox',
                    params: ({ context }) => ({
                      kind: 'answer' as const,
                      clientId: defined(context.sendingId, 'the client id of the answer being sent'),
                      payload: {
                        questionId: context.questionId,
                        answer: defined(context.sending, 'the answer being sent'),
                        format: context.format,
                      },
                    }),
                  },
                  assign({
                    draft: ({ context }) => (context.draft.trim() === context.sending ? '' : context.draft),
                    sending: null,
                    sendingId: null,
                    unsent: null,
                  }),
                ],
              },
              {
                target: 'idle',
                // The text comes back unless the member already started another one.
                actions: assign({
                  formError: ({ event }) => failureText(event.error, ANSWER_FAILED),
                  draft: ({ context }) => (context.draft.trim() === '' ? context.sending! : context.draft),
                  unsent: ({ context }) => ({ text: context.sending!, clientId: context.sendingId! }),
                  sending: null,
                  sendingId: null,
                }),
              },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'updateAnswer',
            src: 'updateAnswer',
            input: ({ context }) => ({
              answerId: editingOf(context).answerId,
              answer: editingOf(context).text.trim(),
              format: editingOf(context).format,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) =>
                produce(context, (draft) => {
                  const at = draft.answers.findIndex((a) => a._id === event.output.answer._id);
                  if (at >= 0) draft.answers[at] = { ...event.output.answer, accepted: context.answers[at].accepted };
                  draft.editing = null;
                }),
              ),
            },
            onError: {
              target: 'idle',
              // The edit stays open with its text and the server's message.
              actions: assign({
                editing: ({ context, event }) =>
                  context.editing ? { ...context.editing, error: failureText(event.error, ANSWER_FAILED) } : null,
              }),
            },
          },
        },
        deleting: {
          invoke: {
            id: 'removeAnswer',
            src: 'removeAnswer',
            input: ({ context }) => ({ answerId: removingOf(context).answer._id }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) =>
                  produce(context, (draft) => {
                    const question = questionOf(draft);
                    question.answersCount = event.output.answersCount;
                    if (question.acceptedAnswerId === removingOf(context).answer._id) question.acceptedAnswerId = null;
                    draft.removing = null;
                  }),
                ),
                { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context }) =>
                  produce(context, (draft) => {
                    const { answer, index } = removingOf(context);
                    if (!draft.answers.some((a) => a._id === answer._id))
                      draft.answers.splice(Math.min(index, draft.answers.length), 0, answer);
                    draft.removing = null;
                  }),
                ),
                { type: 'showToast', params: ({ event }) => toast(event.error, ANSWER_FAILED) },
              ],
            },
          },
        },
        accepting: {
          invoke: {
            id: 'acceptAnswer',
            src: 'acceptAnswer',
            input: ({ context, event }) => ({
              questionId: context.questionId,
              answerId: event.type === 'answers.accept' ? event.answerId : null,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  question: event.output.post,
                  answers: ordered(context.answers, event.output.post.acceptedAnswerId),
                })),
                { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
              ],
            },
            onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACCEPT_FAILED) } },
          },
        },
        unaccepting: {
          invoke: {
            id: 'unacceptAnswer',
            src: 'acceptAnswer',
            input: ({ context }) => ({ questionId: context.questionId, answerId: null }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  question: event.output.post,
                  answers: ordered(context.answers, event.output.post.acceptedAnswerId),
                })),
                { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
              ],
            },
            onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, ACCEPT_FAILED) } },
          },
        },
        refreshing: {
          entry: assign({ stale: false }),
          // A background refresh (news from the socket, a reconnect) never swallows a member's
          // click: it gives way to the request and runs again after it (stale).
          on: memberActionsOverRefresh,
          invoke: {
            id: 'refetch',
            src: 'fetchQuestion',
            input: ({ context }) => ({ questionId: context.questionId }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({
                  question: event.output.question,
                  answers: ordered(event.output.answers, event.output.question.acceptedAnswerId),
                  // An answer being edited that is gone closes its form.
                  editing:
                    context.editing && event.output.answers.some((a) => a._id === editingOf(context).answerId) ? context.editing : null,
                })),
                { type: 'questionChanged', params: ({ context }) => ({ question: defined(context.question, 'the question') }) },
              ],
            },
            onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, ANSWERS_FAILED) } },
          },
        },
      },
    },
  },
});

/** The member's requests are taken now (idle, or over a background refresh); while one runs, the others' buttons wait. */
export const selectTakesRequests = (s: { matches: (value: { ready: 'idle' | 'refreshing' }) => boolean }) =>
  s.matches({ ready: 'idle' }) || s.matches({ ready: 'refreshing' });

export type AnswersActorRef = ActorRefFrom<typeof answersMachine>;
export type AnswersSnapshot = SnapshotFrom<typeof answersMachine>;
