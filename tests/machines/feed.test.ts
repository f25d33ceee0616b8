import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedMachine, type FeedContext, type FeedSource } from '../../src/machines/feed.machine';
import { belongs, shiftReaction } from '../../src/machines/postList';
import { zeroCounts } from '../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { at, feedModel, p1, p1Private, question, serialize } from './models/feed';

const coverage = new TransitionCoverage(feedMachine);

describe.each(feedModel.covers)('feed machine ($label)', ({ label, options }) => {
  const input = options.input as { source: FeedSource };
  const { source } = input;
  const paths = pathsOf(feedModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(feedMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: FeedContext; children: Record<string, { getSnapshot(): { input: unknown } }> };
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
        if (e.type === 'feed.reacted' && c.posts[0]?._id === 'p1') expect(c.posts[0].userReaction).toBe((e as unknown as { userReaction: string | null }).userReaction);
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
        if (e.type === 'feed.loadMore' && snapshot.children.olderPage) expect(snapshot.children.olderPage.getSnapshot().input).toEqual({ source, cursor: 'c2' });
        if (e.type === 'feed.reconnected' && snapshot.children.newerPage) {
          // From the newest post it holds (listed or behind the pill), else from page 1's time.
          const newest = [...c.posts, ...c.pending].map((p) => `${p.createdAt}_${p._id}`).sort().at(-1);
          expect(snapshot.children.newerPage.getSnapshot().input).toEqual({ source, since: newest ?? at(31) });
        }
        if (e.type === 'feed.showPending') expect(c.pending).toEqual([]);
      },
    });
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
  it('keeps a group\'s posts in its own lists: accepted in the group, pending in the review queue, neither in the streams', () => {
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
});

afterAll(() => {
  console.log(coverage.summary('feed', stateCount(feedMachine)));
  expect(coverage.missed).toEqual([]);
});
