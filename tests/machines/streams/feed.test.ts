import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { FeedOrder } from '../../../src/api/posts/forYou';
import {
  feedMachine,
  selectWhyPost,
  type FeedContext,
  type FeedPage,
  type FeedSnapshot,
  type FeedSource,
} from '../../../src/machines/streams/feed.machine';
import { belongs, shiftReaction } from '../../../src/machines/streams/postList';
import { zeroCounts } from '../../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { at, feedModel, fresh, p1, p1Private, p2, question, serialize } from './feed.model';

const coverage = new TransitionCoverage(feedMachine);

describe.each(feedModel.covers)('feed machine ($label)', ({ label, options }) => {
  const input = options.input as { source: FeedSource; order: FeedOrder | null };
  const { source, order } = input;
  const remembered: FeedOrder[] = [];
  const paths = pathsOf(feedModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    let previousOrder = order;
    let keptBefore: number | null = null;
    let postsBefore: string[] = [];
    let refreshing = false;
    let rememberedBefore = remembered.length;
    await replay(feedMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          rememberOrder: (_: unknown, chosen: FeedOrder) => void remembered.push(chosen),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: FeedContext;
          children: Record<string, { getSnapshot(): { input: unknown } }>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & { error?: unknown };
        if (e.type.startsWith('xstate.error.actor.')) {
          // The server's message; an error thrown on this side says what it is.
          const expected = e.error instanceof Error ? e.error.message : (e.error as { data: { message: string } }).data.message;
          expect(toasts.at(-1)).toEqual({ type: 'error', description: expected });
        }
        // Never the same post twice, in the list or between list and pill.
        const ids = [...c.posts, ...c.pending].map((p) => p._id);
        expect(new Set(ids).size).toBe(ids.length);
        // Everything listed belongs to the list.
        for (const p of c.posts) expect(belongs(c.source, p) || c.source.kind === 'saved').toBe(true);
        if (e.type === 'feed.reactions' && c.posts[0]?._id === 'p1') expect(c.posts[0].reactions.love).toBe(3);
        if (e.type === 'feed.reacted' && c.posts[0]?._id === 'p1')
          expect(c.posts[0].userReaction).toBe((e as unknown as { userReaction: string | null }).userReaction);
        if (e.type === 'feed.saved') {
          const { post: target, saved } = e as unknown as { post: { _id: string }; saved: boolean };
          const listed = c.posts.find((p) => p._id === target._id);
          if (listed) expect(listed.saved).toBe(saved);
          if (c.source.kind === 'saved' && !saved) expect(listed).toBeUndefined();
        }
        if (e.type === 'feed.following') {
          const { following } = e as unknown as { following: boolean };
          for (const p of [...c.posts, ...c.pending]) if (p.userId === 'u2') expect(p.followingAuthor).toBe(following);
        }
        if (e.type === 'feed.blocked') {
          // The blocked member's posts leave the list and the pill at once.
          expect([...c.posts, ...c.pending].filter((p) => p.userId === 'u2')).toEqual([]);
          if (c.total !== null) expect(c.total).toBe(0);
        }
        if (e.type === 'feed.commentsCount' && c.posts[0]?._id === 'p1') expect(c.posts[0].commentsCount).toBe(7);
        if (e.type === 'feed.loadMore' && snapshot.children.olderPage)
          expect(snapshot.children.olderPage.getSnapshot().input).toEqual({ source, order: c.order, cursor: 'c2' });
        if (e.type === 'feed.order') {
          const { order: asked } = e as unknown as { order: FeedOrder };
          if (order === null) {
            // Lists other than the streams have no order to switch.
            expect(c.order).toBeNull();
          } else {
            expect(c.order).toBe(asked);
            if (asked !== previousOrder) {
              // A switch reloads page 1 in the new order and remembers it.
              expect(snapshot.children.firstPage?.getSnapshot().input).toEqual({ source, order: asked });
              expect(remembered.at(-1)).toBe(asked);
              expect(c.posts).toEqual([]);
            }
          }
          if (asked === previousOrder || order === null) expect(remembered.length).toBe(rememberedBefore);
        }
        previousOrder = c.order;
        rememberedBefore = remembered.length;
        const why = selectWhyPost(actor.getSnapshot() as unknown as FeedSnapshot);
        if (e.type === 'feed.why') {
          // Only a post with reasons opens the dialog.
          const { postId } = e as unknown as { postId: string };
          if (why) expect(why._id).toBe(postId);
          if (postId === 'p2') expect(why?._id).not.toBe('p2');
        }
        if (why) expect(why.reasons?.length).toBeGreaterThan(0);
        if (e.type === 'feed.whyClose') expect(why).toBeNull();
        // A stranger's arrival waits behind the pill in a ranked list; in date order it takes its place.
        if (e.type === 'feed.postAdded' && (e as unknown as { post: { _id: string } }).post._id === 'p4' && c.source.kind === 'streams') {
          expect(c.order === 'forYou' ? c.pending[0]?._id : c.posts[0]?._id).toBe('p4');
        }
        if (e.type === 'feed.reconnected' && snapshot.children.newerPage) {
          // From the newest post it holds (listed or behind the pill), else from page 1's time.
          const newest = [...c.posts, ...c.pending]
            .map((p) => `${p.createdAt}_${p._id}`)
            .sort()
            .at(-1);
          expect(snapshot.children.newerPage.getSnapshot().input).toEqual({ source, order: c.order, since: newest ?? at(31) });
        }
        if (e.type === 'feed.showPending') expect(c.pending).toEqual([]);
        // A kept copy is shown as such, and the socket's return reloads page 1 instead of catching up from it.
        const keptAt = (e as unknown as { output?: { keptAt?: number } }).output?.keptAt;
        if (e.type === 'xstate.done.actor.firstPage') expect(c.keptAt).toBe(keptAt ?? null);
        if (e.type === 'feed.reconnected' && keptBefore !== null && !refreshing) {
          // Read again, the kept copy still on screen until the server's answer.
          expect(snapshot.children.freshPage?.getSnapshot().input).toEqual({ source, order: c.order });
          expect([c.posts.map((p) => p._id), c.keptAt]).toEqual([postsBefore, keptBefore]);
        }
        if (e.type === 'xstate.done.actor.freshPage') {
          const answer = (e as unknown as { output: FeedPage }).output;
          // The server's page 1 takes the kept copy's place; the kept copy once more changes nothing shown.
          if (answer.keptAt === undefined) expect([c.posts.map((p) => p._id), c.keptAt]).toEqual([answer.posts.map((p) => p._id), null]);
          else expect([c.posts.map((p) => p._id), c.keptAt]).toEqual([postsBefore, keptBefore]);
        }
        if (e.type === 'feed.published' && refreshing) {
          // Shown at once where it belongs, and page 1 asked again.
          expect(c.posts.map((p) => p._id).includes('p4')).toBe(belongs(c.source, fresh));
          expect(snapshot.children.freshPage).toBeDefined();
        }
        keptBefore = c.keptAt;
        postsBefore = c.posts.map((p) => p._id);
        refreshing = actor.getSnapshot().matches({ ready: { sync: 'refreshing' } });
      },
    });
  });
});

describe('the member\'s own post in "For you"', () => {
  it('goes on top when published, also when its socket copy came first and waited behind the pill', async () => {
    const actor = createActor(
      feedMachine.provide({
        actors: {
          fetchPage: fromPromise(async (): Promise<FeedPage> => ({
            posts: [{ ...p1, reasons: [{ kind: 'recent' }] }, p2],
            nextCursor: null,
          })),
          live: fromCallback(() => () => {}),
        },
      }),
      { input: { source: { kind: 'streams' }, order: 'forYou' } },
    ).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'feed.postAdded', post: fresh });
    expect(actor.getSnapshot().context.pending.map((p) => p._id)).toEqual(['p4']);
    actor.send({ type: 'feed.published', post: fresh });
    expect(actor.getSnapshot().context.posts.map((p) => p._id)).toEqual(['p4', 'p1', 'p2']);
    expect(actor.getSnapshot().context.pending).toEqual([]);
    // Someone else's post still waits.
    actor.send({ type: 'feed.postAdded', post: { ...fresh, _id: 'p5', createdAt: at(50) } });
    expect(actor.getSnapshot().context.pending.map((p) => p._id)).toEqual(['p5']);
    actor.stop();
  });
});

describe("the member's own post sent by the outbox", () => {
  const start = (order: FeedOrder, pages: Promise<FeedPage>[]) => {
    const fetchPage = vi.fn(() => pages.shift() ?? Promise.resolve({ posts: [], nextCursor: null }));
    const actor = createActor(feedMachine.provide({ actors: { fetchPage: fromPromise(fetchPage), live: fromCallback(() => () => {}) } }), {
      input: { source: { kind: 'streams' }, order },
    }).start();
    return { actor, fetchPage };
  };
  const ids = (actor: { getSnapshot(): FeedSnapshot }) => actor.getSnapshot().context.posts.map((p) => p._id);

  it.each(['latest', 'forYou'] as const)('shows once in "%s", whether its socket copy comes before or after', async (order) => {
    const { actor } = start(order, [Promise.resolve({ posts: [p1, p2], nextCursor: null })]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'feed.published', post: fresh });
    actor.send({ type: 'feed.postAdded', post: fresh });
    expect(ids(actor)).toEqual(['p4', 'p1', 'p2']);
    const other = { ...fresh, _id: 'p6', createdAt: at(55) };
    actor.send({ type: 'feed.postAdded', post: other });
    actor.send({ type: 'feed.published', post: other });
    expect(ids(actor)).toEqual(['p6', 'p4', 'p1', 'p2']);
    expect(actor.getSnapshot().context.pending).toEqual([]);
    actor.stop();
  });

  it('sent while page 1 is read: page 1 is read again, so it is listed', async () => {
    let answerFirst: (page: FeedPage) => void = () => {};
    const first = new Promise<FeedPage>((resolve) => (answerFirst = resolve));
    const { actor, fetchPage } = start('latest', [first, Promise.resolve({ posts: [fresh, p1], nextCursor: null })]);
    actor.send({ type: 'feed.published', post: fresh });
    answerFirst({ posts: [p1], nextCursor: null });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(ids(actor)).toEqual(['p4', 'p1']);
    actor.stop();
  });
});

describe('list helpers', () => {
  it('moves the member’s own reaction between counts', () => {
    expect(shiftReaction({ ...zeroCounts(), like: 2 }, 'like', 'love')).toEqual({ ...zeroCounts(), like: 1, love: 1 });
    expect(shiftReaction(zeroCounts(), null, 'wow')).toEqual({ ...zeroCounts(), wow: 1 });
    expect(shiftReaction(zeroCounts(), 'sad', null)).toEqual(zeroCounts());
  });
  it('decides membership per list', () => {
    expect(belongs({ kind: 'questions' }, question)).toBe(true);
    expect(belongs({ kind: 'streams' }, question)).toBe(false);
    expect(belongs({ kind: 'photos' }, { ...p1, image: '/media/x' })).toBe(true);
    expect(belongs({ kind: 'videos' }, p1)).toBe(false);
    expect(belongs({ kind: 'user', userId: 'u2' }, p1)).toBe(true);
    expect(belongs({ kind: 'post', postId: 'p1' }, p1)).toBe(true);
    expect(belongs({ kind: 'streams' }, p1Private)).toBe(false);
  });
  it("keeps a group's posts in its own lists: accepted in the group, pending in the review queue, neither in the streams", () => {
    const accepted = { ...p1, groupId: 'g1', groupStatus: 'accepted' as const };
    const waiting = { ...p1, groupId: 'g1', groupStatus: 'pending' as const };
    const declined = { ...p1, groupId: 'g1', groupStatus: 'declined' as const };
    expect(belongs({ kind: 'group', groupId: 'g1' }, accepted)).toBe(true);
    expect(belongs({ kind: 'group', groupId: 'g1' }, waiting)).toBe(false);
    expect(belongs({ kind: 'group', groupId: 'g2' }, accepted)).toBe(false);
    expect(belongs({ kind: 'group', groupId: 'g1' }, p1)).toBe(false);
    expect(belongs({ kind: 'groupPending', groupId: 'g1' }, waiting)).toBe(true);
    expect(belongs({ kind: 'groupPending', groupId: 'g1' }, accepted)).toBe(false);
    expect(belongs({ kind: 'groupPending', groupId: 'g1' }, declined)).toBe(false);
    expect(belongs({ kind: 'streams' }, accepted)).toBe(false);
    expect(belongs({ kind: 'user', userId: 'u2' }, accepted)).toBe(false);
  });
  it("keeps a topic's page to the posts and questions that carry the topic, outside groups", () => {
    const science = { ...p1, topics: ['science' as const, 'art' as const] };
    expect(belongs({ kind: 'topic', topic: 'science' }, science)).toBe(true);
    expect(belongs({ kind: 'topic', topic: 'art' }, { ...question, topics: ['art' as const] })).toBe(true);
    expect(belongs({ kind: 'topic', topic: 'music' }, science)).toBe(false);
    expect(belongs({ kind: 'topic', topic: 'science' }, p1)).toBe(false);
    expect(belongs({ kind: 'topic', topic: 'science' }, { ...science, groupId: 'g1', groupStatus: 'accepted' as const })).toBe(false);
    expect(belongs({ kind: 'topic', topic: 'science' }, { ...science, hidden: true })).toBe(false);
  });
});

afterAll(() => {
  console.log(coverage.summary('feed', stateCount(feedMachine)));
  expect(coverage.missed).toEqual([]);
});
