import type { FeedOrder } from '../../../src/api/posts/forYou';
import { feedMachine, type FeedContext, type FeedSource } from '../../../src/machines/streams/feed.machine';
import { post, refused, zeroCounts } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
export const p1 = post({ _id: 'p1', createdAt: at(30) });
export const p2 = post({ _id: 'p2', createdAt: at(20) });
const p3 = post({ _id: 'p3', createdAt: at(10) });
export const fresh = post({ _id: 'p4', createdAt: at(40) });
export const question = post({ _id: 'q1', kind: 'question', createdAt: at(45) });
export const p1Private = { ...p1, privacy: 'Private' as const, hidden: true };

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as FeedContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    posts: c.posts.map((p) => p._id),
    pending: c.pending.map((p) => p._id),
    more: c.nextCursor !== null,
    error: c.error,
    order: c.order,
    why: c.whyPostId,
    kept: c.keptAt,
  });
};

const LIST_EVENTS = new Set([
  'feed.postAdded',
  'feed.postUpdated',
  'feed.postDeleted',
  'feed.reactions',
  'feed.commentsCount',
  'feed.answers',
  'feed.published',
  'feed.deleted',
  'feed.reacted',
  'feed.saved',
  'feed.following',
  'feed.blocked',
]);

const model = {
  serialize,
  events: [
    { type: 'feed.retry' },
    { type: 'feed.reset' },
    { type: 'feed.loadMore' },
    { type: 'feed.reconnected' },
    { type: 'feed.showPending' },
    { type: 'feed.order', order: 'latest' },
    { type: 'feed.order', order: 'forYou' },
    // p1 carries the ranking's reasons (a "For you" page), p2 none (a "Latest" page has none).
    { type: 'feed.why', postId: 'p1' },
    { type: 'feed.why', postId: 'p2' },
    { type: 'feed.whyClose' },
    {
      type: 'xstate.done.actor.firstPage',
      output: {
        posts: [
          { ...p1, userReaction: 'like', reasons: [{ kind: 'recent' }] },
          { ...p2, saved: true },
        ],
        nextCursor: 'c2',
        total: 2,
        at: at(31),
      },
    },
    { type: 'xstate.done.actor.firstPage', output: { posts: [], nextCursor: null, total: 0, at: at(31) } },
    // The server was not reached: the copy kept on this device, saved at 10:25.
    { type: 'xstate.done.actor.firstPage', output: { posts: [p2], nextCursor: null, keptAt: Date.parse(at(25)) } },
    { type: 'xstate.error.actor.firstPage', error: refused('Session expired, please sign in again', 401) },
    { type: 'xstate.error.actor.firstPage', error: new Error('Network down') },
    // Page 1 read again over the kept copy after a reconnect: the server's, or the kept copy once more.
    {
      type: 'xstate.done.actor.freshPage',
      output: { posts: [{ ...p1, userReaction: 'like', reasons: [{ kind: 'recent' }] }, p2], nextCursor: 'c2', total: 2, at: at(31) },
    },
    { type: 'xstate.done.actor.freshPage', output: { posts: [], nextCursor: null, keptAt: Date.parse(at(20)) } },
    { type: 'xstate.error.actor.freshPage', error: refused('Post not found', 404) },
    { type: 'xstate.done.actor.olderPage', output: { posts: [p2, p3], nextCursor: null } },
    { type: 'xstate.error.actor.olderPage', error: refused('Cursor must look like 2025-01-31T12:00:00.000Z_<id>', 400) },
    { type: 'xstate.done.actor.newerPage', output: { posts: [fresh], nextCursor: null } },
    { type: 'xstate.done.actor.newerPage', output: { posts: [question], nextCursor: 'more' } },
    { type: 'xstate.error.actor.newerPage', error: refused('Too many requests', 429) },
    { type: 'feed.postAdded', post: fresh },
    { type: 'feed.postAdded', post: question },
    { type: 'feed.postUpdated', post: { ...p1, post: 'edited', editedAt: at(50) } },
    { type: 'feed.postUpdated', post: p1Private },
    { type: 'feed.postDeleted', postId: 'p2' },
    { type: 'feed.reactions', postId: 'p1', reactions: { ...zeroCounts(), love: 3 } },
    { type: 'feed.reacted', postId: 'p1', reactions: { ...zeroCounts(), wow: 1 }, userReaction: 'wow' },
    { type: 'feed.reacted', postId: 'p1', reactions: zeroCounts(), userReaction: null },
    { type: 'feed.commentsCount', postId: 'p1', commentsCount: 7 },
    { type: 'feed.answers', questionId: 'p1', answersCount: 2, acceptedAnswerId: 'a1' },
    { type: 'feed.published', post: fresh },
    { type: 'feed.deleted', postId: 'p1' },
    { type: 'feed.saved', post: p1, saved: true },
    { type: 'feed.saved', post: p2, saved: false },
    { type: 'feed.following', userId: 'u2', following: true },
    { type: 'feed.following', userId: 'u2', following: false },
    { type: 'feed.blocked', userId: 'u2' },
  ] as ModelEvent[],
  // In-place updates are tried on the freshly loaded list (and on an empty one), not after
  // every other change: each is checked once, the graph stays finite.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    if (!LIST_EVENTS.has(event.type)) return true;
    // While page 1 loads, only the member's own publishing counts (page 1 is read again).
    if (snapshot.matches('loading')) return event.type === 'feed.published';
    // So too while page 1 is read again over the kept copy (shown meanwhile).
    if (snapshot.matches({ ready: { sync: 'refreshing' } })) return event.type === 'feed.published';
    const ids = (snapshot.context as FeedContext).posts.map((p) => p._id).join();
    return (
      (ids === 'p1,p2' || ids === '') &&
      (snapshot.context as FeedContext).pending.length === 0 &&
      snapshot.matches({ ready: { more: 'idle', sync: 'live' } })
    );
  },
};

export const feedModel: MachineModel = {
  name: 'feed',
  machine: feedMachine,
  // The streams open in "For you"; other lists have no order.
  covers: (
    [
      { source: { kind: 'streams' }, order: 'forYou' },
      { source: { kind: 'saved' }, order: null },
    ] as { source: FeedSource; order: FeedOrder | null }[]
  ).map((input) => ({ label: input.source.kind, options: { ...model, input } as never })),
};
