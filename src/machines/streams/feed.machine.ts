import { produce, type Draft } from 'immer';
import { assertEvent, assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { ReactionType } from '../../api/constants';
import type { FeedOrder } from '../../api/posts/forYou';
import { POST_WATCH_MAX } from '../../api/constants';
import type { Post, ReactionCounts } from '../../api/posts';
import { failureText } from '../shared/failure';
import { appendPage, belongs, newestCursor, patch, remove, upsert, type FeedSource } from './postList';
import type { ToastRequest } from '../shell/toastRequest';

export type { FeedSource } from './postList';

/** One request of a list: page 1, older than `cursor`, or newer than `since`. */
export interface FetchPageInput {
  source: FeedSource;
  /** The streams' order ("For you" or "Latest"); null for every other list. */
  order: FeedOrder | null;
  cursor?: string;
  since?: string;
}

export interface FeedPage {
  posts: Post[];
  nextCursor: string | null;
  /** Page 1 only: how many the viewer may see. */
  total?: number;
  /** Page 1 only: when it was read (catching up an empty list starts there). */
  at?: string;
  /**
   * Page 1 only: the server could not be reached and this is the copy kept on this device, saved
   * at this time (ms since the epoch; docs/client-offline.md, "Reading offline").
   */
  keptAt?: number;
}

export type FeedEvent =
  | { type: 'feed.retry' }
  | { type: 'feed.reset' }
  | { type: 'feed.loadMore' }
  /** Reveal the posts caught up after a reconnect (the "N new posts" pill). */
  | { type: 'feed.showPending' }
  /** The streams' order switch: reloads page 1 in the other order, and remembers the choice. */
  | { type: 'feed.order'; order: FeedOrder }
  /** "Why am I seeing this?" of a ranked post, and closing it. */
  | { type: 'feed.why'; postId: string }
  | { type: 'feed.whyClose' }
  // From the socket, through the bus:
  | { type: 'feed.reconnected' }
  | { type: 'feed.postAdded'; post: Post }
  | { type: 'feed.postUpdated'; post: Post }
  | { type: 'feed.postDeleted'; postId: string }
  | { type: 'feed.reactions'; postId: string; reactions: ReactionCounts }
  | { type: 'feed.commentsCount'; postId: string; commentsCount: number }
  /** `acceptedAnswerId` left out keeps the question's (an answer the outbox sent says only the count). */
  | { type: 'feed.answers'; questionId: string; answersCount: number; acceptedAnswerId?: string | null }
  // From the composer (onPublished / onDeleted) and the cards:
  | { type: 'feed.published'; post: Post }
  | { type: 'feed.deleted'; postId: string }
  | { type: 'feed.reacted'; postId: string; reactions: ReactionCounts; userReaction: ReactionType | null }
  | { type: 'feed.saved'; post: Post; saved: boolean }
  // From the author menu of any card on screen, through the bus:
  | { type: 'feed.following'; userId: string; following: boolean }
  | { type: 'feed.blocked'; userId: string };

export interface FeedContext {
  source: FeedSource;
  order: FeedOrder | null;
  /** The post whose reasons the dialog shows. */
  whyPostId: string | null;
  posts: Post[];
  /** Caught up after a reconnect, newest first, shown when the member asks (the pill). */
  pending: Post[];
  nextCursor: string | null;
  total: number | null;
  error: string | null;
  /** Where the next catch-up request continues from. */
  since: string | null;
  /** Page 1's read time. */
  loadedAt: string | null;
  /** The list shows the copy kept on this device, saved at this time: the server was not reached. */
  keptAt: number | null;
  /** Counts reveals of pending posts: the view scrolls to the top when it changes. */
  reveals: number;
  /** The posts last told to the live actor as shown (their own events reach the socket only while watched). */
  watching: string[];
}

/** What the live actor hears from its list: the posts it shows now (pending ones too: a deletion must reach them). */
export type FeedLiveCommand = { type: 'feed.shown'; postIds: string[] };

export const LOAD_FAILED = 'Could not load posts. Please try again.';

const empty = (source: FeedSource, order: FeedOrder | null): FeedContext => ({
  source,
  order,
  whyPostId: null,
  posts: [],
  pending: [],
  nextCursor: null,
  total: null,
  error: null,
  since: null,
  loadedAt: null,
  keptAt: null,
  reveals: 0,
  watching: [],
});

/** The posts a list shows, newest first (the pending ones, then the list), at most POST_WATCH_MAX. */
export const shownPostIds = (context: Pick<FeedContext, 'posts' | 'pending'>): string[] =>
  [...new Set([...context.pending, ...context.posts].map((post) => post._id))].slice(0, POST_WATCH_MAX);

const change =
  (recipe: (draft: Draft<FeedContext>, event: FeedEvent) => void) =>
  ({ context, event }: { context: FeedContext; event: FeedEvent }) =>
    produce(context, (draft) => recipe(draft, event));

const dropPost = (draft: Draft<FeedContext>, postId: string) => {
  const removed = remove(draft.posts, postId);
  remove(draft.pending, postId);
  if (removed && draft.total !== null) draft.total = Math.max(0, draft.total - 1);
};

/**
 * A new or changed post as the server now shows it: replaced where listed, dropped when it no
 * longer belongs (privacy, media removed), inserted by time when it does (only within the
 * loaded range, so an old post never appears above a gap).
 */
/** Socket and catch-up copies of a post carry no ranking reasons: the listed copy's stay. */
const withReasons = (draft: Draft<FeedContext>, post: Post): Post => {
  if (post.reasons) return post;
  const listed = [...draft.posts, ...draft.pending].find((p) => p._id === post._id);
  return listed?.reasons ? { ...post, reasons: listed.reasons as Post['reasons'] } : post;
};

/** How a post reaches the list: a socket arrival, the member's own publishing, or a change. */
type Taking = 'arrival' | 'published' | 'change';

const takePost = (draft: Draft<FeedContext>, incoming: Post, how: Taking) => {
  const post = withReasons(draft, incoming);
  if (!belongs(draft.source, post)) return dropPost(draft, post._id);
  if (draft.pending.some((p) => p._id === post._id)) {
    if (how !== 'published') return upsert(draft.pending, post);
    // The member's own post: its socket copy may have come first and waited behind the pill.
    remove(draft.pending, post._id);
  }
  const arrival = how === 'arrival';
  const known = draft.posts.some((p) => p._id === post._id);
  // A ranked list has no place by time for a stranger's new post: it waits behind the pill.
  if (!known && arrival && draft.order === 'forYou') {
    draft.pending.unshift(post as Draft<Post>);
    return;
  }
  const oldest = draft.posts.at(-1);
  const withinRange = draft.nextCursor === null || !oldest || post.createdAt >= oldest.createdAt;
  upsert(draft.posts, post, { withinRange });
  if (!known && withinRange && draft.total !== null) draft.total += 1;
};

const toastFailure = (error: unknown): ToastRequest => ({ type: 'error', description: failureText(error, LOAD_FAILED) });

/**
 * A paginated list of posts (streams, questions, saved, photos, videos, a member's posts, one
 * post). Page 1 first, then older pages by keyset cursor as the member scrolls. Socket events
 * update it in place; after a reconnect it fetches what it missed (`since`) and holds those
 * posts behind a "N new posts" pill instead of going stale. `feed.reset` reloads page 1. When the
 * server cannot be reached the effect may answer page 1 with the copy kept on this device
 * (`keptAt`): the list shows it with the offline notice, and reloads page 1 when the socket is back.
 */
export const feedMachine = setup({
  types: {
    context: {} as FeedContext,
    events: {} as FeedEvent,
    input: {} as { source: FeedSource; order?: FeedOrder | null },
  },
  actors: {
    fetchPage: requiredPromise<FeedPage, FetchPageInput>('fetchPage'),
    /** Effect: socket messages and sidebar resets, as feed events; told which posts the list shows (to watch them). */
    live: requiredCallback<FeedLiveCommand, { source: FeedSource }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: keeps the streams' order for the next visit. */
    rememberOrder: (_, _order: FeedOrder) => {},
    clear: assign(({ context }) => ({ ...empty(context.source, context.order), watching: context.watching })),
    /** Tells the live actor the posts shown now, once per change of the list. */
    tellShown: sendTo('live', ({ context }): FeedLiveCommand => ({ type: 'feed.shown', postIds: shownPostIds(context) })),
    rememberShown: assign({ watching: ({ context }) => shownPostIds(context) }),
    setOrder: assign({ order: ({ context, event }) => (event.type === 'feed.order' ? event.order : context.order) }),
    showWhy: assign({ whyPostId: ({ context, event }) => (event.type === 'feed.why' ? event.postId : context.whyPostId) }),
    closeWhy: assign({ whyPostId: null }),
    takePost: assign(
      change((draft, event) => {
        if (event.type === 'feed.postAdded') takePost(draft, event.post, 'arrival');
        if (event.type === 'feed.postUpdated') takePost(draft, event.post, 'change');
        if (event.type === 'feed.published') takePost(draft, event.post, 'published');
      }),
    ),
    dropPost: assign(
      change((draft, event) => {
        if (event.type === 'feed.postDeleted' || event.type === 'feed.deleted') dropPost(draft, event.postId);
      }),
    ),
    setReactions: assign(
      change((draft, event) => {
        if (event.type !== 'feed.reactions' && event.type !== 'feed.reacted') return;
        const fields =
          event.type === 'feed.reacted' ? { reactions: event.reactions, userReaction: event.userReaction } : { reactions: event.reactions };
        patch(draft.posts, event.postId, fields);
        patch(draft.pending, event.postId, fields);
      }),
    ),
    setCommentsCount: assign(
      change((draft, event) => {
        if (event.type !== 'feed.commentsCount') return;
        patch(draft.posts, event.postId, { commentsCount: event.commentsCount });
        patch(draft.pending, event.postId, { commentsCount: event.commentsCount });
      }),
    ),
    setAnswers: assign(
      change((draft, event) => {
        if (event.type !== 'feed.answers') return;
        const fields =
          event.acceptedAnswerId === undefined
            ? { answersCount: event.answersCount }
            : { answersCount: event.answersCount, acceptedAnswerId: event.acceptedAnswerId };
        patch(draft.posts, event.questionId, fields);
        patch(draft.pending, event.questionId, fields);
      }),
    ),
    setSaved: assign(
      change((draft, event) => {
        if (event.type !== 'feed.saved') return;
        patch(draft.posts, event.post._id, { saved: event.saved });
        patch(draft.pending, event.post._id, { saved: event.saved });
        if (draft.source.kind === 'saved') {
          if (event.saved) takePost(draft, { ...event.post, saved: true }, 'change');
          else dropPost(draft, event.post._id);
        }
      }),
    ),
    setFollowing: assign(
      change((draft, event) => {
        if (event.type !== 'feed.following') return;
        for (const post of [...draft.posts, ...draft.pending]) if (post.userId === event.userId) post.followingAuthor = event.following;
      }),
    ),
    dropAuthor: assign(
      change((draft, event) => {
        if (event.type !== 'feed.blocked') return;
        for (const post of [...draft.posts, ...draft.pending]) if (post.userId === event.userId) dropPost(draft, post._id);
      }),
    ),
    showPending: assign(
      change((draft) => {
        for (const post of [...draft.pending].reverse()) upsert(draft.posts, post as Post);
        if (draft.total !== null) draft.total += draft.pending.length;
        draft.pending = [];
        draft.reveals += 1;
      }),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    hasPending: ({ context }) => context.pending.length > 0,
    /** Only the streams switch order, and only to the other one. */
    changesOrder: ({ context, event }) => {
      assertEvent(event, 'feed.order');
      return context.order !== null && event.order !== context.order;
    },
    /** Only a listed post that carries reasons (a "For you" page) has any to show. */
    hasReasons: ({ context, event }) =>
      event.type === 'feed.why' && (context.posts.find((p) => p._id === event.postId)?.reasons?.length ?? 0) > 0,
    whyPostGone: ({ context }) => !context.posts.some((p) => p._id === context.whyPostId),
    showsKept: ({ context }) => context.keptAt !== null,
    shownChanged: ({ context }) => {
      const shown = shownPostIds(context);
      return shown.length !== context.watching.length || shown.some((id, i) => id !== context.watching[i]);
    },
  },
}).createMachine({
  id: 'feed',
  context: ({ input }) => empty(input.source, input.order ?? null),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ source: context.source }) },
  initial: 'loading',
  on: {
    'feed.reset': { target: '.loading', reenter: true, actions: 'clear' },
    'feed.order': {
      guard: 'changesOrder',
      target: '.loading',
      reenter: true,
      actions: ['setOrder', 'clear', { type: 'rememberOrder', params: ({ event }) => event.order }],
    },
  },
  states: {
    loading: {
      // The member's own post stored meanwhile (the outbox sent it while page 1 was being read):
      // page 1 is read again, so the post its pending card stood for is never missing.
      on: { 'feed.published': { target: 'loading', reenter: true } },
      invoke: {
        id: 'firstPage',
        src: 'fetchPage',
        input: ({ context }) => ({ source: context.source, order: context.order }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => firstPage(context, event.output)),
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => failureText(event.error, LOAD_FAILED) }),
            { type: 'showToast', params: ({ event }) => toastFailure(event.error) },
          ],
        },
      },
    },
    failed: {
      on: { 'feed.retry': { target: 'loading', actions: 'clear' } },
    },
    ready: {
      type: 'parallel',
      // Whatever changed the posts shown (a page, an arrival, a deletion), the live actor hears it
      // once. Not while page 1 (re)loads: the posts shown before stay watched until the new ones come.
      always: { guard: 'shownChanged', actions: ['rememberShown', 'tellShown'] },
      on: {
        'feed.postAdded': { actions: 'takePost' },
        'feed.postUpdated': { actions: 'takePost' },
        'feed.published': { actions: 'takePost' },
        'feed.postDeleted': { actions: 'dropPost' },
        'feed.deleted': { actions: 'dropPost' },
        'feed.reactions': { actions: 'setReactions' },
        'feed.reacted': { actions: 'setReactions' },
        'feed.commentsCount': { actions: 'setCommentsCount' },
        'feed.answers': { actions: 'setAnswers' },
        'feed.saved': { actions: 'setSaved' },
        'feed.following': { actions: 'setFollowing' },
        'feed.blocked': { actions: 'dropAuthor' },
        'feed.showPending': { guard: 'hasPending', actions: 'showPending' },
      },
      states: {
        more: {
          initial: 'idle',
          states: {
            idle: { on: { 'feed.loadMore': { guard: 'hasMore', target: 'loading' } } },
            loading: {
              invoke: {
                id: 'olderPage',
                src: 'fetchPage',
                input: ({ context }) => ({ source: context.source, order: context.order, cursor: context.nextCursor ?? undefined }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) =>
                    produce(context, (draft) => {
                      appendPage(draft.posts, event.output.posts);
                      draft.nextCursor = event.output.nextCursor;
                    }),
                  ),
                },
                onError: { target: 'failed', actions: { type: 'showToast', params: ({ event }) => toastFailure(event.error) } },
              },
            },
            failed: { on: { 'feed.loadMore': { guard: 'hasMore', target: 'loading' } } },
          },
        },
        why: {
          initial: 'closed',
          states: {
            closed: { on: { 'feed.why': { guard: 'hasReasons', target: 'open', actions: 'showWhy' } } },
            open: {
              // The post left the list (deleted, blocked, re-scoped): nothing left to explain.
              always: { guard: 'whyPostGone', target: 'closed', actions: 'closeWhy' },
              on: { 'feed.whyClose': { target: 'closed', actions: 'closeWhy' } },
            },
          },
        },
        sync: {
          initial: 'live',
          states: {
            live: {
              on: {
                'feed.reconnected': [
                  // The kept copy is replaced by page 1 as the server has it now, not caught up from.
                  { guard: 'showsKept', target: 'refreshing' },
                  {
                    target: 'catchingUp',
                    actions: assign({ since: ({ context }) => newestCursor(context.posts, context.pending) ?? context.loadedAt }),
                  },
                ],
              },
            },
            /**
             * Page 1 read again over the kept copy, which stays on screen meanwhile: what changed on it
             * since (a reaction the outbox sent, the server's count) is not lost to a blank list, nor to
             * the older kept copy when the network drops again before the answer (then the effect
             * answers that copy, `keptAt`, and what is shown stays).
             */
            refreshing: {
              // The member's own post stored meanwhile may be missing from the answer: shown at once, and
              // page 1 read again. (A handler here shadows ready's, hence takePost again.)
              on: { 'feed.published': { target: 'refreshing', reenter: true, actions: 'takePost' } },
              invoke: {
                id: 'freshPage',
                src: 'fetchPage',
                input: ({ context }) => ({ source: context.source, order: context.order }),
                onDone: [
                  { guard: ({ event }) => event.output.keptAt !== undefined, target: 'live' },
                  { target: 'live', actions: assign(({ context, event }) => firstPage(context, event.output)) },
                ],
                onError: {
                  target: '#feed.failed',
                  actions: [
                    assign({ error: ({ event }) => failureText(event.error, LOAD_FAILED) }),
                    { type: 'showToast', params: ({ event }) => toastFailure(event.error) },
                  ],
                },
              },
            },
            catchingUp: {
              invoke: {
                id: 'newerPage',
                src: 'fetchPage',
                input: ({ context }) => ({ source: context.source, order: context.order, since: context.since ?? undefined }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.nextCursor !== null,
                    target: 'catchingUp',
                    reenter: true,
                    actions: assign(({ context, event }) => takeMissed(context, event.output)),
                  },
                  { target: 'live', actions: assign(({ context, event }) => takeMissed(context, event.output)) },
                ],
                onError: { target: 'live', actions: { type: 'showToast', params: ({ event }) => toastFailure(event.error) } },
              },
            },
          },
        },
      },
    },
  },
});

/** Page 1 as answered, in place of whatever was listed (the reveal count carries on: the view scrolls by it). */
function firstPage(context: FeedContext, page: FeedPage): FeedContext {
  return {
    ...empty(context.source, context.order),
    posts: page.posts,
    nextCursor: page.nextCursor,
    total: page.total ?? null,
    loadedAt: page.at ?? null,
    keptAt: page.keptAt ?? null,
    reveals: context.reveals,
    watching: context.watching,
  };
}

/** A `since` page (oldest first): what is new goes in front of the pending posts. */
function takeMissed(context: FeedContext, page: FeedPage): FeedContext {
  return produce(context, (draft) => {
    const known = new Set([...draft.posts, ...draft.pending].map((p) => p._id));
    for (const fetched of page.posts) {
      const post = withReasons(draft, fetched);
      if (known.has(post._id)) {
        upsert(draft.posts, post, { withinRange: false });
        upsert(draft.pending, post, { withinRange: false });
      } else if (belongs(draft.source, post)) {
        draft.pending.unshift(post);
      }
    }
    draft.since = page.nextCursor ?? newestCursor(draft.posts as Post[], draft.pending as Post[]) ?? draft.since;
  });
}

export type FeedActorRef = ActorRefFrom<typeof feedMachine>;
export type FeedSnapshot = SnapshotFrom<typeof feedMachine>;

export const selectPosts = (s: FeedSnapshot) => s.context.posts;
export const selectPendingCount = (s: FeedSnapshot) => s.context.pending.length;
export const selectIsLoading = (s: FeedSnapshot) => s.matches('loading');
export const selectIsLoadingMore = (s: FeedSnapshot) => s.matches({ ready: { more: 'loading' } });
export const selectHasMore = (s: FeedSnapshot) => s.context.nextCursor !== null;
/** The post whose "Why am I seeing this?" is open, or null. */
export const selectWhyPost = (s: FeedSnapshot) =>
  s.matches({ ready: { why: 'open' } }) ? (s.context.posts.find((p) => p._id === s.context.whyPostId) ?? null) : null;
