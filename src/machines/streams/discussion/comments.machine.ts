import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { defined } from '../../shared/defined';
import { requiredCallback, requiredPromise } from '../../shared/required';
import type { Comment, CommentDeleted, CommentResponse, CommentsList, TextFormat } from '../../../api/posts';
import { COMMENT_MAX } from '../../../api/constants';
import { clientIdOf, randomClientSeed } from '../../shared/clientIds';
import { failureText } from '../../shared/failure';
import { goesToOutbox } from '../../offline/outbox.handoff';
import type { OutboxHandOff } from '../../offline/outbox.types';
import type { ToastRequest } from '../../shell/toastRequest';

export interface Commenter {
  userId: string;
  username: string;
  avatarColor: string;
  profilePicture: string;
}

export type CommentsEvent =
  | { type: 'comments.retry' }
  | { type: 'comments.loadMore' }
  | { type: 'comments.change'; text: string }
  // The comment box's Markdown option and its write / preview tabs (docs/client-formatting.md):
  | { type: 'comments.format.set'; format: TextFormat }
  | { type: 'comments.preview.show' }
  | { type: 'comments.preview.hide' }
  | { type: 'comments.submit' }
  | { type: 'comments.startEdit'; commentId: string }
  | { type: 'comments.changeEdit'; text: string }
  | { type: 'comments.cancelEdit' }
  | { type: 'comments.saveEdit' }
  | { type: 'comments.delete'; commentId: string }
  // The same Markdown option and tabs for a comment being edited (it starts in the comment's own format):
  | { type: 'comments.edit.format.set'; format: TextFormat }
  | { type: 'comments.edit.preview.show' }
  | { type: 'comments.edit.preview.hide' }
  // From the socket, through the bus (already filtered to this post):
  | { type: 'comments.added'; comment: Comment; commentsCount: number }
  | { type: 'comments.updated'; comment: Comment; commentsCount: number }
  | { type: 'comments.removed'; commentId: string; commentsCount: number };

export interface CommentsContext {
  postId: string;
  me: Commenter;
  comments: Comment[];
  commentsCount: number;
  nextCursor: string | null;
  draft: string;
  /** How a new comment is written: 'plain' or 'markdown' (kept after a send). */
  format: TextFormat;
  /** The comment being edited: its text, its format (the comment's own until changed) and whether its preview shows. */
  editing: { commentId: string; text: string; format: TextFormat; previewing: boolean } | null;
  error: string | null;
  /** The comment being sent (its temporary id, and its client id), changed or deleted, to confirm or put back. */
  inFlight: { comment: Comment; index: number; clientId?: string } | null;
  seq: number;
  /** Makes the client ids of this list's sends (clientIds.ts). */
  clientSeed: string;
  /** The last comment that was not sent: sending the same text again reuses its client id ("Try again"). */
  unsent: { text: string; clientId: string } | null;
}

export const COMMENTS_FAILED = 'Could not load comments. Please try again.';
export const COMMENT_FAILED = 'Could not save your comment. Please try again.';
export const TEMP_PREFIX = 'pending-';

const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });
const usable = (text: string) => text.trim().length > 0 && text.trim().length <= COMMENT_MAX;

/**
 * The comments of one post: loaded oldest first (50 at a time), a new comment shown at once and
 * sent (taken back, its text restored, with the server's message when refused), the member's
 * own comments edited and deleted the same way. Socket events keep the list and count current.
 */
/** The comment being sent, saved or removed: set by the event that started the request. */
const inFlightOf = (c: Pick<CommentsContext, 'inFlight'>) => defined(c.inFlight, 'the comment in flight');
/** The comment in flight as the outbox keeps it, when its send found no server. */
const handOffOf = (c: Pick<CommentsContext, 'inFlight' | 'postId'>): OutboxHandOff => {
  const { comment, clientId } = inFlightOf(c);
  return {
    kind: 'comment',
    clientId: defined(clientId, 'the client id of a new comment'),
    payload: { postId: c.postId, comment: comment.comment, format: comment.format },
  };
};
/** The edit being saved: set by `comments.edit`. */
const editingOf = (c: Pick<CommentsContext, 'editing'>) => defined(c.editing, 'the comment being edited');

export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    events: {} as CommentsEvent,
    input: {} as { postId: string; me: Commenter; clientSeed?: string },
  },
  actors: {
    fetchComments: requiredPromise<CommentsList, { postId: string; cursor?: string }>('fetchComments'),
    /** Effect: POST /post/comment; `clientId` makes a retry of the same comment harmless. */
    createComment: requiredPromise<CommentResponse, { postId: string; comment: string; clientId: string; format: TextFormat }>(
      'createComment',
    ),
    updateComment: requiredPromise<CommentResponse, { commentId: string; comment: string; format: TextFormat }>('updateComment'),
    removeComment: requiredPromise<CommentDeleted, { commentId: string }>('removeComment'),
    /** Effect: this post's comment events from the socket. */
    live: requiredCallback<EventObject, { postId: string }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the lists show the server's count. */
    countChanged: (_, _params: { postId: string; commentsCount: number }) => {},
    /** Effect: the comment goes to the member's outbox (app child 'outbox'), which sends it when it can. */
    toOutbox: (_, _handOff: OutboxHandOff) => {},
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    /** No answer, a 5xx, or an earlier send waiting in the outbox: this comment waits there too. */
    goesToOutbox: ({ event }) => goesToOutbox((event as { error?: unknown }).error),
    draftUsable: ({ context }) => usable(context.draft),
    writesMarkdown: ({ context }) => context.format === 'markdown',
    editUsable: ({ context }) => context.editing !== null && usable(context.editing.text),
    isEditing: ({ context }) => context.editing !== null,
    editWritesMarkdown: ({ context }) => context.editing?.format === 'markdown' && !context.editing.previewing,
    ownComment: ({ context, event }) =>
      (event.type === 'comments.startEdit' || event.type === 'comments.delete') &&
      context.comments.some((c) => c._id === event.commentId && c.userId === context.me.userId && !c._id.startsWith(TEMP_PREFIX)),
  },
}).createMachine({
  id: 'comments',
  context: ({ input }) => ({
    postId: input.postId,
    me: input.me,
    comments: [],
    commentsCount: 0,
    nextCursor: null,
    draft: '',
    format: 'plain',
    editing: null,
    error: null,
    inFlight: null,
    seq: 0,
    clientSeed: input.clientSeed ?? randomClientSeed(),
    unsent: null,
  }),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ postId: context.postId }) },
  initial: 'loading',
  on: {
    'comments.change': { actions: assign({ draft: ({ event }) => event.text }) },
    'comments.format.set': { actions: assign({ format: ({ event }) => event.format }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchComments',
        src: 'fetchComments',
        input: ({ context }) => ({ postId: context.postId }),
        onDone: {
          target: 'ready',
          actions: assign({
            comments: ({ event }) => event.output.comments,
            commentsCount: ({ event }) => event.output.commentsCount,
            nextCursor: ({ event }) => event.output.nextCursor,
            error: null,
          }),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, COMMENTS_FAILED) }),
            { type: 'showToast', params: ({ event }) => toast(event.error, COMMENTS_FAILED) },
          ],
        },
      },
    },
    failed: { on: { 'comments.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'comments.added': {
          actions: assign(({ context, event }) =>
            produce(context, (draft) => {
              if (!draft.comments.some((c) => c._id === event.comment._id)) draft.comments.push(event.comment);
              draft.commentsCount = event.commentsCount;
            }),
          ),
        },
        'comments.updated': {
          actions: assign(({ context, event }) =>
            produce(context, (draft) => {
              const at = draft.comments.findIndex((c) => c._id === event.comment._id);
              if (at >= 0) draft.comments[at] = event.comment;
              draft.commentsCount = event.commentsCount;
            }),
          ),
        },
        'comments.removed': {
          actions: assign(({ context, event }) => ({
            comments: context.comments.filter((c) => c._id !== event.commentId),
            commentsCount: event.commentsCount,
          })),
        },
        'comments.startEdit': {
          guard: 'ownComment',
          actions: assign({
            editing: ({ context, event }) => {
              const comment = defined(
                context.comments.find((c) => c._id === event.commentId),
                'the comment to edit',
              );
              return { commentId: event.commentId, text: comment.comment, format: comment.format, previewing: false };
            },
          }),
        },
        // The edit's Markdown option and tabs, as the comment box's: turning Markdown off shows the text again.
        'comments.edit.format.set': {
          guard: 'isEditing',
          actions: assign({ editing: ({ context, event }) => ({ ...editingOf(context), format: event.format, previewing: false }) }),
        },
        'comments.edit.preview.show': {
          guard: 'editWritesMarkdown',
          actions: assign({ editing: ({ context }) => ({ ...editingOf(context), previewing: true }) }),
        },
        'comments.edit.preview.hide': {
          guard: 'isEditing',
          actions: assign({ editing: ({ context }) => ({ ...editingOf(context), previewing: false }) }),
        },
        'comments.changeEdit': {
          actions: assign({ editing: ({ context, event }) => (context.editing ? { ...context.editing, text: event.text } : null) }),
        },
        'comments.cancelEdit': { actions: assign({ editing: null }) },
      },
      states: {
        write: {
          initial: 'idle',
          states: {
            idle: {
              // The box's tabs: the preview only for Markdown; turning Markdown off shows the text again.
              initial: 'writing',
              states: {
                writing: { on: { 'comments.preview.show': { guard: 'writesMarkdown', target: 'previewing' } } },
                previewing: { on: { 'comments.preview.hide': 'writing' } },
              },
              on: {
                'comments.format.set': { target: '.writing', actions: assign({ format: ({ event }) => event.format }) },
                'comments.submit': {
                  guard: 'draftUsable',
                  target: 'adding',
                  actions: assign(({ context }) =>
                    produce(context, (draft) => {
                      const now = new Date(0).toISOString();
                      const comment: Comment = {
                        _id: `${TEMP_PREFIX}${context.seq + 1}`,
                        postId: context.postId,
                        ...context.me,
                        comment: context.draft.trim(),
                        format: context.format,
                        createdAt: now,
                        updatedAt: now,
                        editedAt: null,
                      };
                      draft.comments.push(comment);
                      // Sending again what did not go out is the same send: its client id again.
                      const again = context.unsent !== null && context.unsent.text === comment.comment;
                      draft.inFlight = {
                        comment,
                        index: draft.comments.length - 1,
                        clientId: again
                          ? defined(context.unsent, 'the unsent comment').clientId
                          : clientIdOf(context.clientSeed, context.seq + 1),
                      };
                      draft.commentsCount += 1;
                      draft.draft = '';
                      draft.seq += 1;
                    }),
                  ),
                },
                'comments.saveEdit': {
                  guard: 'editUsable',
                  target: 'updating',
                  actions: assign(({ context }) =>
                    produce(context, (draft) => {
                      const index = draft.comments.findIndex((c) => c._id === editingOf(context).commentId);
                      if (index < 0) return;
                      draft.inFlight = { comment: { ...context.comments[index] }, index };
                      draft.comments[index].comment = editingOf(context).text.trim();
                      draft.comments[index].format = editingOf(context).format;
                      draft.editing = null;
                    }),
                  ),
                },
                'comments.delete': {
                  guard: 'ownComment',
                  target: 'deleting',
                  actions: assign(({ context, event }) =>
                    produce(context, (draft) => {
                      const index = draft.comments.findIndex((c) => c._id === event.commentId);
                      draft.inFlight = { comment: context.comments[index], index };
                      draft.comments.splice(index, 1);
                      draft.commentsCount = Math.max(0, draft.commentsCount - 1);
                      if (draft.editing?.commentId === event.commentId) draft.editing = null;
                    }),
                  ),
                },
              },
            },
            adding: {
              invoke: {
                id: 'createComment',
                src: 'createComment',
                input: ({ context }) => ({
                  postId: context.postId,
                  comment: inFlightOf(context).comment.comment,
                  format: inFlightOf(context).comment.format,
                  clientId: defined(inFlightOf(context).clientId, 'the client id of a new comment'),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) =>
                      produce(context, (draft) => {
                        draft.comments = draft.comments.filter((c) => c._id !== inFlightOf(context).comment._id);
                        if (!draft.comments.some((c) => c._id === event.output.comment._id)) draft.comments.push(event.output.comment);
                        draft.commentsCount = event.output.commentsCount;
                        draft.inFlight = null;
                        draft.unsent = null;
                      }),
                    ),
                    { type: 'countChanged', params: ({ context }) => ({ postId: context.postId, commentsCount: context.commentsCount }) },
                  ],
                },
                onError: [
                  // No answer (or a 5xx, or earlier sends waiting): the outbox keeps it, in order, and sends it
                  // when it can; the panel shows the outbox's copy under the post until it is stored.
                  {
                    guard: 'goesToOutbox',
                    target: 'idle',
                    actions: [
                      { type: 'toOutbox', params: ({ context }) => handOffOf(context) },
                      assign(({ context }) => ({
                        comments: context.comments.filter((c) => c._id !== inFlightOf(context).comment._id),
                        commentsCount: Math.max(0, context.commentsCount - 1),
                        unsent: null,
                        inFlight: null,
                      })),
                    ],
                  },
                  {
                    target: 'idle',
                    actions: [
                      assign(({ context }) => ({
                        comments: context.comments.filter((c) => c._id !== inFlightOf(context).comment._id),
                        commentsCount: Math.max(0, context.commentsCount - 1),
                        // The text comes back unless the member already started another one.
                        draft: context.draft === '' ? inFlightOf(context).comment.comment : context.draft,
                        unsent: {
                          text: inFlightOf(context).comment.comment,
                          clientId: defined(inFlightOf(context).clientId, 'the client id of a new comment'),
                        },
                        inFlight: null,
                      })),
                      { type: 'showToast', params: ({ event }) => toast(event.error, COMMENT_FAILED) },
                    ],
                  },
                ],
              },
            },
            updating: {
              invoke: {
                id: 'updateComment',
                src: 'updateComment',
                input: ({ context }) => ({
                  commentId: inFlightOf(context).comment._id,
                  comment: context.comments[inFlightOf(context).index]?.comment ?? inFlightOf(context).comment.comment,
                  format: context.comments[inFlightOf(context).index]?.format ?? inFlightOf(context).comment.format,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) =>
                    produce(context, (draft) => {
                      const at = draft.comments.findIndex((c) => c._id === event.output.comment._id);
                      if (at >= 0) draft.comments[at] = event.output.comment;
                      draft.commentsCount = event.output.commentsCount;
                      draft.inFlight = null;
                    }),
                  ),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) =>
                      produce(context, (draft) => {
                        const previous = inFlightOf(context).comment;
                        const at = draft.comments.findIndex((c) => c._id === previous._id);
                        if (at >= 0) draft.comments[at] = previous;
                        draft.inFlight = null;
                      }),
                    ),
                    { type: 'showToast', params: ({ event }) => toast(event.error, COMMENT_FAILED) },
                  ],
                },
              },
            },
            deleting: {
              invoke: {
                id: 'removeComment',
                src: 'removeComment',
                input: ({ context }) => ({ commentId: inFlightOf(context).comment._id }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ commentsCount: ({ event }) => event.output.commentsCount, inFlight: null }),
                    { type: 'countChanged', params: ({ context }) => ({ postId: context.postId, commentsCount: context.commentsCount }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) =>
                      produce(context, (draft) => {
                        const { comment, index } = inFlightOf(context);
                        if (!draft.comments.some((c) => c._id === comment._id)) {
                          draft.comments.splice(Math.min(index, draft.comments.length), 0, comment);
                          draft.commentsCount += 1;
                        }
                        draft.inFlight = null;
                      }),
                    ),
                    { type: 'showToast', params: ({ event }) => toast(event.error, COMMENT_FAILED) },
                  ],
                },
              },
            },
          },
        },
        more: {
          initial: 'idle',
          states: {
            idle: { on: { 'comments.loadMore': { guard: 'hasMore', target: 'loading' } } },
            loading: {
              invoke: {
                id: 'moreComments',
                src: 'fetchComments',
                input: ({ context }) => ({ postId: context.postId, cursor: context.nextCursor ?? undefined }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) =>
                    produce(context, (draft) => {
                      const known = new Set(draft.comments.map((c) => c._id));
                      // Comments read oldest first: the next page continues at the end.
                      for (const c of event.output.comments) if (!known.has(c._id)) draft.comments.push(c);
                      draft.nextCursor = event.output.nextCursor;
                    }),
                  ),
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => toast(event.error, COMMENTS_FAILED) } },
              },
            },
          },
        },
      },
    },
  },
});

export type CommentsActorRef = ActorRefFrom<typeof commentsMachine>;
export type CommentsSnapshot = SnapshotFrom<typeof commentsMachine>;
