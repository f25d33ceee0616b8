import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { POST_WATCH_MAX } from '../../../src/api/posts';
import { clientEvents, serverEvents, type SocketAck } from '../../../src/api/socket';
import { createPostWatch, POST_WATCH_INTERVAL_MS } from '../../../src/effects/streams/postWatch';
import { createBus } from '../../../src/effects/shell/socket';
import { liveCommentsActor } from '../../../src/effects/streams/discussion';
import { liveFeedActor } from '../../../src/effects/streams/streams';
import { feedMachine, type FeedPage } from '../../../src/machines/streams/feed.machine';
import { post } from '../../fixtures/streams';

/**
 * The posts on screen, told to the server as one `watch posts` per change of what is shown: every
 * list (a feed, a post's comments) says what it shows through its live actor, the union goes out at
 * once, then at most once an interval, again after each connect, and never twice the same.
 */
describe('watching the posts on screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const p1 = post({ _id: 'p1', createdAt: at(30) });
  const p2 = post({ _id: 'p2', createdAt: at(20) });
  const fresh = post({ _id: 'p4', createdAt: at(40) });

  function world(answer: (postIds: string[]) => SocketAck = () => ({ ok: true })) {
    const bus = createBus();
    const sent: string[][] = [];
    const emit = vi.fn(async (event: string, payload: unknown): Promise<SocketAck> => {
      expect(event).toBe(clientEvents.watchPosts);
      const { postIds } = payload as { postIds: string[] };
      sent.push(postIds);
      return answer(postIds);
    });
    const watch = createPostWatch({ bus, emit: emit as never });
    const feed = (page: FeedPage) =>
      feedMachine.provide({ actors: { fetchPage: fromPromise(async () => page), live: liveFeedActor(bus, watch) } });
    const settle = () => vi.advanceTimersByTimeAsync(POST_WATCH_INTERVAL_MS);
    return { bus, sent, watch, feed, settle };
  }

  it('a feed watches what it shows, once per change, newest first, and nothing once it is gone', async () => {
    const { bus, sent, feed, settle } = world();
    const actor = createActor(feed({ posts: [p1, p2], nextCursor: null, total: 2 }), {
      input: { source: { kind: 'streams' }, order: 'latest' },
    }).start();
    await settle();
    expect(sent).toEqual([['p1', 'p2']]);

    // Counts change nothing shown: no new watch.
    bus.publish({
      event: serverEvents.postReactions,
      payload: { postId: 'p1', reactions: { like: 1, love: 0, angry: 0, happy: 0, sad: 0, wow: 0 } },
    });
    await settle();
    expect(sent).toHaveLength(1);

    // After a quiet spell a change goes out at once; what follows within the interval goes together after it.
    bus.publish({ event: serverEvents.postAdded, payload: { post: fresh } });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      ['p1', 'p2'],
      ['p4', 'p1', 'p2'],
    ]);
    bus.publish({ event: serverEvents.postDeleted, payload: { postId: 'p2' } });
    bus.publish({ event: serverEvents.postAdded, payload: { post: post({ _id: 'p5', createdAt: at(50) }) } });
    await vi.advanceTimersByTimeAsync(POST_WATCH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      ['p1', 'p2'],
      ['p4', 'p1', 'p2'],
      ['p5', 'p4', 'p1'],
    ]);

    actor.stop();
    await settle();
    expect(sent.at(-1)).toEqual([]);
  });

  it("every list on screen together: a post's comments join the feed's posts, and leave with their panel", async () => {
    const { bus, sent, watch, feed, settle } = world();
    createActor(feed({ posts: [p1, p2], nextCursor: null, total: 2 }), { input: { source: { kind: 'streams' }, order: 'latest' } }).start();
    const comments = createActor(liveCommentsActor(bus, watch), { input: { postId: 'elsewhere' } }).start();
    await settle();
    expect(sent).toEqual([['p1', 'p2', 'elsewhere']]);
    comments.stop();
    await settle();
    expect(sent.at(-1)).toEqual(['p1', 'p2']);
  });

  it('at most POST_WATCH_MAX posts, the newest', () => {
    const { watch } = world();
    const many = Array.from({ length: POST_WATCH_MAX + 5 }, (_, i) => `p${i}`);
    watch.show({}, many);
    expect(watch.shown()).toEqual(many.slice(0, POST_WATCH_MAX));
    watch.stop();
  });

  it('a new socket watches nothing: each connect sends the list again; without a socket it waits for one', async () => {
    let connected = false;
    const { bus, sent, watch, settle } = world(() => (connected ? { ok: true } : { ok: false, message: 'Not connected' }));
    watch.show({}, ['p1']);
    await settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toEqual([['p1']]);
    connected = true;
    bus.publish({ event: 'reconnected' });
    await settle();
    expect(sent).toEqual([['p1'], ['p1']]);
    // Connected and told: the same list is not sent twice; a reconnect sends it again.
    watch.show({}, ['p1']);
    await settle();
    expect(sent).toHaveLength(2);
    bus.publish({ event: 'reconnected' });
    await settle();
    expect(sent).toEqual([['p1'], ['p1'], ['p1']]);
  });

  it('a refused watch (too many client events) is tried again later', async () => {
    let refuse = true;
    const { sent, watch, settle } = world(() => (refuse ? { ok: false, message: 'Too many requests, please slow down' } : { ok: true }));
    watch.show({}, ['p1']);
    await settle();
    expect(sent).toHaveLength(1);
    refuse = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toEqual([['p1'], ['p1']]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(2);
  });
});
