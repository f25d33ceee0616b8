import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SearchKind } from '../../../src/api/search';
import { createBus } from '../../../src/effects/shell/socket';
import { searchEventOf, searchHref, searchLogic } from '../../../src/effects/search/search';
import {
  IMAGE_READ_FAILED,
  IMAGE_SEARCH_FAILED,
  MORE_FAILED,
  SEARCH_DELAY_MS,
  SEARCH_FAILED,
  searchMachine,
} from '../../../src/machines/search/search.machine';
import { IMAGE_RESULTS, NOTHING, ONLY_PEOPLE, OVERVIEW, goodFile, hugeFile, p1, textFile } from '../../fixtures/search';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { Snap, ctx, searchModel, serialize } from './search.model';

const coverage = new TransitionCoverage(searchMachine);

function effects() {
  const toasts: { type: string; description: string }[] = [];
  const addresses: { query: string; tab: SearchKind; replace: boolean }[] = [];
  return {
    toasts,
    addresses,
    provide: {
      actions: {
        showToast: (_: unknown, toast: { type: string; description: string }) => void toasts.push(toast),
        followAddress: (_: unknown, to: { query: string; tab: SearchKind; replace: boolean }) => void addresses.push(to),
      },
    },
  };
}

describe('search machine', () => {
  beforeEach(() => void vi.useFakeTimers());

  for (const {
    label,
    options: { input },
  } of searchModel.covers) {
    const paths = pathsOf(searchModel, label);
    it.each(paths.map((p) => [describePath(p), p] as const))(`${label}: %s`, async (_name, path) => {
      const fx = effects();
      let addressesBefore = 0;
      await replay(searchMachine, path, {
        coverage,
        input,
        serialize: serialize as never,
        provide: fx.provide,
        afterStep: (step, actor) => {
          const snapshot = actor.getSnapshot() as unknown as Snap & {
            children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          };
          const c = ctx(snapshot);
          const e = step.event as ModelEvent;
          const child = (id: string) => snapshot.children[id]?.getSnapshot().input;
          if (e.type.startsWith('xstate.after.')) {
            expect(fx.addresses.at(-1)).toEqual({ query: c.query.trim(), tab: c.tab, replace: false });
            expect(child('searchAll')).toEqual({ query: c.searched });
          }
          if (e.type === 'search.tab') expect(fx.addresses.at(-1)).toEqual({ query: c.searched, tab: e.tab, replace: true });
          // The address never pushes itself back.
          if (e.type === 'search.address') expect(fx.addresses).toHaveLength(addressesBefore);
          addressesBefore = fx.addresses.length;
          if (e.type === 'search.more' && snapshot.matches({ text: { ready: 'loading' } }))
            expect(child('searchMore')).toEqual({ kind: 'posts', query: 'risotto', cursor: '120.2' });
          if (e.type === 'xstate.done.actor.searchAll' && e.output === ONLY_PEOPLE) {
            expect(c.tab).toBe('people');
            expect(fx.addresses.at(-1)).toEqual({ query: 'risotto', tab: 'people', replace: true });
          }
          if (e.type === 'xstate.error.actor.searchAll') expect(c.error).toBe('Search must not exceed 200 characters');
          if (e.type === 'xstate.error.actor.searchMore') expect(fx.toasts.at(-1)).toEqual({ type: 'error', description: 'Network down' });
          if (e.type === 'xstate.done.actor.searchMore') expect(c.results!.posts.items.map((p) => p._id)).toEqual(['p1', 'p2', 'p3']);
          if (e.type === 'xstate.done.actor.readImage') expect(child('searchImage')).toEqual({ image: 'data:image/png;base64,AAAA' });
          if (e.type === 'image.choose' && e.file === textFile) expect(c.imageError).toBe('Image must be a JPEG, PNG, GIF or WebP image');
          if (e.type === 'image.choose' && e.file === hugeFile) expect(c.imageError).toBe('Image is too large: the limit is 10 MB');
          if (e.type === 'image.choose' && e.file === goodFile) expect(child('readImage')).toEqual({ file: goodFile });
          if (e.type === 'search.blocked') {
            expect(c.results!.posts.items.map((p) => p._id)).toEqual(['p1']);
            expect(c.results!.posts.count).toBe(11);
          }
          if (e.type === 'search.postDeleted') expect(c.results!.posts.count).toBe(11);
          // The box always shows what was typed or what the address says.
          expect(typeof c.query).toBe('string');
        },
      });
    });
  }

  it('covers every transition', () => {
    console.log(coverage.summary('search', stateCount(searchMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('search: timing and the address', () => {
  beforeEach(() => void vi.useFakeTimers());

  it('searches once after the pause with the last text typed, pushes the address, and replaces it for a tab', async () => {
    const calls: string[] = [];
    const fx = effects();
    const actor = createActor(
      searchMachine.provide({
        ...fx.provide,
        actors: { searchAll: fromPromise(async ({ input }: { input: { query: string } }) => (calls.push(input.query), OVERVIEW)) },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'search.type', query: 'ri' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 100);
    actor.send({ type: 'search.type', query: 'risotto ' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['risotto']);
    expect(fx.addresses).toEqual([{ query: 'risotto', tab: 'posts', replace: false }]);
    expect(actor.getSnapshot().matches({ text: 'ready' })).toBe(true);
    actor.send({ type: 'search.tab', tab: 'people' });
    expect(fx.addresses.at(-1)).toEqual({ query: 'risotto', tab: 'people', replace: true });
    // Our own address coming back changes nothing; back to an older query searches it at once.
    actor.send({ type: 'search.address', query: 'risotto', tab: 'people' });
    expect(calls).toEqual(['risotto']);
    actor.send({ type: 'search.address', query: 'soup', tab: 'posts' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['risotto', 'soup']);
    expect(actor.getSnapshot().context).toMatchObject({ query: 'soup', searched: 'soup', tab: 'posts' });
    // Enter searches at once.
    actor.send({ type: 'search.type', query: 'pasta' });
    actor.send({ type: 'search.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['risotto', 'soup', 'pasta']);
    actor.stop();
  });

  it('opens on the first tab with results when the current one has none (the address follows, replaced)', async () => {
    const fx = effects();
    const answers = [ONLY_PEOPLE, OVERVIEW, NOTHING];
    const actor = createActor(searchMachine.provide({ ...fx.provide, actors: { searchAll: fromPromise(async () => answers.shift()!) } }), {
      input: {},
    }).start();
    actor.send({ type: 'search.type', query: 'ada' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(actor.getSnapshot().context.tab).toBe('people');
    expect(fx.addresses).toEqual([
      { query: 'ada', tab: 'posts', replace: false },
      { query: 'ada', tab: 'people', replace: true },
    ]);
    // A tab with results stays; so does any tab when nothing is found at all.
    actor.send({ type: 'search.type', query: 'risotto' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(actor.getSnapshot().context.tab).toBe('people');
    actor.send({ type: 'search.type', query: 'zzz' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(actor.getSnapshot().context.tab).toBe('people');
    expect(fx.addresses).toHaveLength(4);
    actor.stop();
  });

  it('keeps the failure texts for the page', () => {
    expect([SEARCH_FAILED, MORE_FAILED, IMAGE_SEARCH_FAILED, IMAGE_READ_FAILED].every((text) => text.length > 10)).toBe(true);
  });
});

describe('search effects', () => {
  it('builds the address: q, and tab when not the first one', () => {
    expect(searchHref('café & co', 'posts')).toBe('/app/social/search?q=caf%C3%A9+%26+co');
    expect(searchHref('x', 'people')).toBe('/app/social/search?q=x&tab=people');
    expect(searchHref('', 'posts')).toBe('/app/social/search');
  });

  it('turns bus messages into search events', () => {
    expect(searchEventOf({ event: 'following', userId: 'u1', following: true })).toEqual({
      type: 'search.following',
      userId: 'u1',
      following: true,
    });
    expect(searchEventOf({ event: 'blocked', userId: 'u1' })).toEqual({ type: 'search.blocked', userId: 'u1' });
    expect(searchEventOf({ event: 'post updated', payload: { post: p1 } } as never)).toEqual({ type: 'search.postChanged', post: p1 });
    expect(searchEventOf({ event: 'post deleted', payload: { postId: 'p1' } } as never)).toEqual({
      type: 'search.postDeleted',
      postId: 'p1',
    });
    expect(searchEventOf({ event: 'comment deleted', payload: { postId: 'p1', commentsCount: 2 } } as never)).toEqual({
      type: 'search.commentsCount',
      postId: 'p1',
      commentsCount: 2,
    });
    expect(searchEventOf({ event: 'reconnected' })).toBeNull();
  });

  it('calls the contract through the typed client and follows the bus', async () => {
    const calls: unknown[] = [];
    const api = {
      search: {
        all: async (query: string) => (calls.push(['all', query]), OVERVIEW),
        kind: async (kind: string, query: string, cursor?: string) => (
          calls.push(['kind', kind, query, cursor]),
          { posts: [], nextCursor: null }
        ),
        image: async (body: unknown) => (calls.push(['image', body]), IMAGE_RESULTS),
      },
    } as never;
    const bus = createBus();
    const navigated: unknown[] = [];
    const app = createActor(searchMachine.provide({}), { input: {} });
    const logic = searchLogic(app as never, { api, bus, navigate: (to, options) => void navigated.push([to, options]) });
    vi.useFakeTimers();
    const actor = createActor(logic, { input: { query: 'risotto' } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([['all', 'risotto']]);
    actor.send({ type: 'search.more' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.at(-1)).toEqual(['kind', 'posts', 'risotto', '120.2']);
    bus.publish({ event: 'following', userId: 'u1', following: true });
    expect(actor.getSnapshot().context.results!.people.items[0].isFollowing).toBe(true);
    actor.send({ type: 'search.tab', tab: 'groups' });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigated).toEqual([['/app/social/search?q=risotto&tab=groups', { replace: true }]]);
    actor.stop();
    expect(bus.size).toBe(0);
    vi.useRealTimers();
  });
});
