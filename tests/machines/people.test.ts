import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Person } from '../../src/api/users';
import { peopleEventOf } from '../../src/effects/people';
import { PEOPLE_FAILED, peopleMachine, SEARCH_DELAY_MS, selectShown, type PeopleContext } from '../../src/machines/people.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const person = (id: string, overrides: Partial<Person> = {}): Person => ({
  _id: id,
  username: `member-${id}`,
  avatarColor: '#123456',
  avatarImage: '',
  profilePicture: '',
  isFollowing: false,
  followsYou: false,
  ...overrides,
});

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as PeopleContext;
  return JSON.stringify({
    value: snapshot.value,
    page: c.page,
    users: c.users.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`),
    results: c.results?.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`) ?? null,
    suggestions: c.suggestions.map((p) => `${p._id}${p.isFollowing ? '+' : ''}`),
    online: [...c.online].sort(),
    query: c.query,
    error: c.error,
    searchError: c.searchError,
  });
};

const LIVE = new Set(['people.online', 'people.presence', 'people.following']);

const model = {
  serialize,
  events: [
    { type: 'people.page', page: 2 },
    { type: 'people.search', query: 'a' },
    { type: 'people.search', query: '  ' },
    { type: 'people.online', userIds: ['u1', 'u1'] },
    { type: 'people.presence', userId: 'u2', online: true },
    { type: 'people.presence', userId: 'u1', online: false },
    { type: 'people.following', userId: 'u2', following: true },
    { type: 'xstate.done.actor.fetchPeople', output: { users: [person('u1'), person('u2')], totalUsers: 12 } },
    { type: 'xstate.error.actor.fetchPeople', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.searchPeople', output: { search: [person('u2')] } },
    { type: 'xstate.error.actor.searchPeople', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchSuggestions', output: { users: [person('u3'), person('u2')] } },
    { type: 'xstate.error.actor.fetchSuggestions', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchOnline', output: { userIds: ['u3'] } },
    { type: 'xstate.error.actor.fetchOnline', error: new Error('Network down') },
  ] as ModelEvent[],
  // Keep the parallel regions from multiplying: side regions settle first, live updates are
  // tried once the lists are loaded, and a page or search happens once per path.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as PeopleContext;
    const settled = snapshot.matches({ suggestions: 'ready' }) && snapshot.matches({ presence: 'live' });
    if (event.type.includes('fetchSuggestions') || event.type.includes('fetchOnline')) return snapshot.matches({ list: 'loading' }) && c.page === 1;
    if (!settled) return false;
    if (LIVE.has(event.type))
      return snapshot.matches({ list: 'ready' }) && snapshot.matches({ search: 'idle' }) && c.page === 1 && c.query === '' && c.online.length <= 1 && !c.users.some((p) => p.isFollowing);
    if (event.type === 'people.page') return c.query === '' && c.results === null;
    if (event.type === 'people.search') return c.page === 1 && snapshot.matches({ list: 'ready' }) && c.online.join() === 'u3' && !c.users.some((p) => p.isFollowing);
    if (event.type === 'people.reconnected') return c.page === 1 && c.results === null && c.online.length <= 1;
    return true;
  },
};

const coverage = new TransitionCoverage(peopleMachine);

describe('people machine', () => {
  const paths = coverPaths(peopleMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(peopleMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: PeopleContext; children: Record<string, { getSnapshot(): { input: unknown } }> };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'xstate.error.actor.fetchPeople') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Too many requests' });
        if (e.type === 'xstate.error.actor.searchPeople') expect(c.searchError).toBe('Network down');
        // Online is a set.
        expect(new Set(c.online).size).toBe(c.online.length);
        if (e.type === 'people.presence') expect(c.online.includes(e.userId as string)).toBe(e.online);
        if (e.type === 'people.following') {
          for (const p of [...c.users, ...(c.results ?? []), ...c.suggestions]) if (p._id === 'u2') expect(p.isFollowing).toBe(true);
        }
        if (e.type === 'people.page' && snapshot.children.fetchPeople) expect(snapshot.children.fetchPeople.getSnapshot().input).toEqual({ page: 2 });
        if (e.type.startsWith('xstate.after.') && snapshot.children.searchPeople) expect(snapshot.children.searchPeople.getSnapshot().input).toEqual({ query: 'a' });
        if (e.type === 'people.search' && (e.query as string).trim() === '') expect(c.results).toBeNull();
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('people', stateCount(peopleMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('people search', () => {
  beforeEach(() => void vi.useFakeTimers());

  it('searches after the pause without reloading the list, the suggestions or who is online', async () => {
    const calls: string[] = [];
    const actor = createActor(
      peopleMachine.provide({
        actors: {
          fetchPeople: fromPromise(async () => (calls.push('people'), { users: [person('u1')], totalUsers: 1 })),
          fetchSuggestions: fromPromise(async () => (calls.push('suggestions'), { users: [] as Person[] })),
          fetchOnline: fromPromise(async () => (calls.push('online'), { userIds: [] as string[] })),
          searchPeople: fromPromise(async ({ input }: { input: { query: string } }) => (calls.push(`search ${input.query}`), { search: [person('u9')] })),
        },
      }),
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.sort()).toEqual(['online', 'people', 'suggestions']);
    calls.length = 0;
    actor.send({ type: 'people.search', query: 'a' });
    actor.send({ type: 'people.search', query: 'ad' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(calls).toEqual(['search ad']);
    actor.send({ type: 'people.search', query: '' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(calls).toEqual(['search ad']);
    expect(actor.getSnapshot().context.users.map((u) => u._id)).toEqual(['u1']);
    actor.stop();
  });
});

describe('people helpers', () => {
  it('searches only after the pause, from one character', () => {
    expect(SEARCH_DELAY_MS).toBeGreaterThan(0);
    expect(PEOPLE_FAILED).toMatch(/people/);
  });
  it('shows search results over the page', () => {
    const base = { users: [person('u1')], results: null } as unknown as PeopleContext;
    expect(selectShown({ context: base } as never).map((p) => p._id)).toEqual(['u1']);
    expect(selectShown({ context: { ...base, results: [] } } as never)).toEqual([]);
  });
  it('turns bus messages into people events', () => {
    expect(peopleEventOf({ event: 'user online', payload: { type: 'snapshot', userIds: ['a'] } })).toEqual({ type: 'people.online', userIds: ['a'] });
    expect(peopleEventOf({ event: 'user online', payload: { type: 'change', userId: 'a', online: false } })).toEqual({
      type: 'people.presence',
      userId: 'a',
      online: false,
    });
    expect(peopleEventOf({ event: 'following', userId: 'a', following: true })).toEqual({ type: 'people.following', userId: 'a', following: true });
    expect(peopleEventOf({ event: 'reconnected' })).toEqual({ type: 'people.reconnected' });
    expect(peopleEventOf({ event: 'blocked', userId: 'a' })).toBeNull();
  });
});
