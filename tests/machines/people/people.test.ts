import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SocketAck } from '../../../src/api/chat';
import { PRESENCE_WATCH_MAX } from '../../../src/api/users';
import { peopleEventOf } from '../../../src/effects/people/people';
import { watchPresence } from '../../../src/effects/chat/presence';
import {
  PEOPLE_FAILED,
  peopleMachine,
  SEARCH_DELAY_MS,
  selectShown,
  shownIds,
  WATCH_DELAY_MS,
  type PeopleContext,
} from '../../../src/machines/people/people.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { peopleModel, person, serialize } from './people.model';

const coverage = new TransitionCoverage(peopleMachine);

describe('people machine', () => {
  const paths = pathsOf(peopleModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(peopleMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: PeopleContext;
          children: Record<string, { getSnapshot(): { input: unknown } }>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'xstate.error.actor.fetchPeople') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Too many requests' });
        // Suggestions that fail to load: the server's message as an error toast (spec section 8).
        if (e.type === 'xstate.error.actor.fetchSuggestions')
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Suggestions are unavailable' });
        if (e.type === 'xstate.error.actor.searchPeople') expect(c.searchError).toBe('Network down');
        // Online is a set.
        expect(new Set(c.online).size).toBe(c.online.length);
        if (e.type === 'people.presence') expect(c.online.includes(e.userId as string)).toBe(e.online);
        if (e.type === 'people.following') {
          for (const p of [...c.users, ...(c.results ?? []), ...c.suggestions]) if (p._id === 'u2') expect(p.isFollowing).toBe(true);
        }
        if (e.type === 'people.page' && snapshot.children.fetchPeople)
          expect(snapshot.children.fetchPeople.getSnapshot().input).toEqual({ page: 2 });
        if (e.type.startsWith('xstate.after.WATCH_DELAY'))
          expect(snapshot.children.watchPresence!.getSnapshot().input).toEqual({ userIds: shownIds(c) });
        if (e.type.startsWith('xstate.after.') && snapshot.children.searchPeople)
          expect(snapshot.children.searchPeople.getSnapshot().input).toEqual({ query: 'a' });
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

  it('searches after the pause without reloading the list or the suggestions; presence follows who is on screen, one watch per change', async () => {
    const calls: string[] = [];
    const actor = createActor(
      peopleMachine.provide({
        actors: {
          fetchPeople: fromPromise(async () => (calls.push('people'), { users: [person('u1')], totalUsers: 1 })),
          fetchSuggestions: fromPromise(async () => (calls.push('suggestions'), { users: [person('u2'), person('u1')] })),
          watchPresence: fromPromise(
            async ({ input }: { input: { userIds: string[] } }) => (calls.push(`watch ${input.userIds.join()}`), { userIds: ['u2'] }),
          ),
          searchPeople: fromPromise(
            async ({ input }: { input: { query: string } }) => (calls.push(`search ${input.query}`), { search: [person('u9')] }),
          ),
        },
      }),
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.sort()).toEqual(['people', 'suggestions']);
    // The list and the suggestions arrived together: one watch covers both.
    await vi.advanceTimersByTimeAsync(WATCH_DELAY_MS);
    expect(calls.slice(2)).toEqual(['watch u1,u2']);
    expect(actor.getSnapshot().context.online).toEqual(['u2']);
    calls.length = 0;
    actor.send({ type: 'people.search', query: 'a' });
    actor.send({ type: 'people.search', query: 'ad' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    expect(calls).toEqual(['search ad']);
    await vi.advanceTimersByTimeAsync(WATCH_DELAY_MS);
    expect(calls).toEqual(['search ad', 'watch u1,u9,u2']);
    actor.send({ type: 'people.search', query: '' });
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS + WATCH_DELAY_MS);
    expect(calls).toEqual(['search ad', 'watch u1,u9,u2', 'watch u1,u2']);
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
  it('watches presence through the socket: who is online, or the refusal as an error', async () => {
    const sent: unknown[] = [];
    const emit = (answer: SocketAck) => (async (event: string, payload: unknown) => (sent.push([event, payload]), answer)) as never;
    expect(await watchPresence({ userIds: ['a', 'b'] }, emit({ ok: true, online: ['b'] }))).toEqual({ userIds: ['b'] });
    expect(sent).toEqual([['watch presence', { userIds: ['a', 'b'] }]]);
    await expect(watchPresence({ userIds: ['a'] }, emit({ ok: false, message: 'Not connected' }))).rejects.toThrow('Not connected');
  });
  it('watches everyone on screen once, at most PRESENCE_WATCH_MAX', () => {
    expect(shownIds({ users: [person('u1'), person('u2')], results: [person('u2'), person('u3')], suggestions: [person('u1')] })).toEqual([
      'u1',
      'u2',
      'u3',
    ]);
    const many = Array.from({ length: PRESENCE_WATCH_MAX + 5 }, (_, i) => person(`m${i}`));
    expect(shownIds({ users: many, results: null, suggestions: [] })).toHaveLength(PRESENCE_WATCH_MAX);
  });
  it('turns bus messages into people events', () => {
    expect(peopleEventOf({ event: 'user online', payload: { type: 'change', userId: 'a', online: false } })).toEqual({
      type: 'people.presence',
      userId: 'a',
      online: false,
    });
    expect(peopleEventOf({ event: 'following', userId: 'a', following: true })).toEqual({
      type: 'people.following',
      userId: 'a',
      following: true,
    });
    expect(peopleEventOf({ event: 'reconnected' })).toEqual({ type: 'people.reconnected' });
    expect(peopleEventOf({ event: 'blocked', userId: 'a' })).toBeNull();
  });
});
