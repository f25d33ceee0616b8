import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trending } from '../../../src/api/posts/forYou';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { ASIDE_LIST_MAX, memberAsideMachine, selectAsideList } from '../../../src/machines/people/memberAside.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { Snap, groups, input, memberAsideModel, people } from './memberAside.model';

const coverage = new TransitionCoverage(memberAsideMachine);

describe('member aside machine', () => {
  const paths = pathsOf(memberAsideModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: unknown[] = [];
    let toastsBefore = 0;
    await replay(memberAsideMachine, path, {
      coverage,
      input,
      provide: { actions: { showToast: (_: unknown, toast: unknown) => void toasts.push(toast) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Snap & {
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const { context } = snapshot;
        const event = step.event;
        if (event.type === 'xstate.done.actor.fetchSuggestions') {
          // The column shows the first few; the People page has the rest.
          expect(context.people.map((p) => p._id)).toEqual(people.slice(0, ASIDE_LIST_MAX).map((p) => p._id));
        }
        if (event.type === 'xstate.done.actor.fetchGroups') expect(context.groups).toEqual(groups);
        const noAnswer = (event as { error?: unknown }).error instanceof Error;
        if (event.type === 'xstate.error.actor.fetchSuggestions' && !noAnswer) {
          expect(snapshot.matches({ people: 'failed' })).toBe(true);
          // The server's message as an error toast (spec section 8).
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Suggestions are unavailable' });
        }
        // No answer (offline): each list waits quietly; never a toast.
        if (event.type.startsWith('xstate.error.actor.') && noAnswer) {
          const list = { fetchSuggestions: 'people', fetchGroups: 'groups', fetchTrending: 'trending' }[event.type.slice(19)]!;
          expect(snapshot.matches({ [list]: 'offline' })).toBe(true);
          expect(toasts.length).toBe(toastsBefore);
        }
        toastsBefore = toasts.length;
        if (event.type === 'xstate.error.actor.fetchGroups' && !noAnswer) expect(snapshot.matches({ groups: 'failed' })).toBe(true);
        if (event.type === 'xstate.done.actor.fetchTrending') expect(context.hashtags.map((h) => h.tag)).toEqual(['physics', 'café']);
        if (event.type === 'xstate.error.actor.fetchTrending' && !noAnswer) expect(snapshot.matches({ trending: 'failed' })).toBe(true);
        // Back online (or the retry delay): what waited loads again; what failed on an answer stays failed.
        if (event.type === 'aside.online' || event.type.startsWith('xstate.after.'))
          expect(JSON.stringify(actor.getSnapshot().value)).not.toContain('offline');
        // A retry asks again only for what failed; what loaded stays.
        if (event.type === 'aside.retry' && context.hashtags.length > 0) expect(snapshot.matches({ trending: 'ready' })).toBe(true);
        if (event.type === 'people.following') expect(context.people.find((p) => p._id === 'u2')?.isFollowing).toBe(true);
        // The groups are the signed-in member's.
        if (snapshot.matches({ groups: 'loading' })) expect(snapshot.children.fetchGroups?.getSnapshot().input).toEqual({ userId: 'me' });
      },
    });
  });
});

describe('member aside with effects', () => {
  it('loads both lists, retries only the failed one, and hears follow changes', async () => {
    let groupCalls = 0;
    let live: ((event: { type: string; userId: string; following: boolean }) => void) | null = null;
    const logic = memberAsideMachine.provide({
      actors: {
        fetchSuggestions: fromPromise(async () => people),
        fetchTrending: fromPromise(async (): Promise<Trending> => ({ hashtags: [] })),
        fetchGroups: fromPromise(async ({ input: { userId } }: { input: { userId: string } }) => {
          groupCalls += 1;
          if (groupCalls === 1) throw new Error('Network down');
          return userId === 'me' ? groups : [];
        }),
        live: fromCallback<EventObject>(({ sendBack }) => {
          live = sendBack as typeof live;
          return () => {};
        }),
      },
    });
    const actor = createActor(logic, { input }).start();
    await vi.waitFor(() => expect(selectAsideList(actor.getSnapshot(), 'groups')).toBe('failed'));
    expect(selectAsideList(actor.getSnapshot(), 'people')).toBe('ready');
    actor.send({ type: 'aside.retry' });
    expect(selectAsideList(actor.getSnapshot(), 'groups')).toBe('loading');
    expect(selectAsideList(actor.getSnapshot(), 'people')).toBe('ready');
    await vi.waitFor(() => expect(selectAsideList(actor.getSnapshot(), 'groups')).toBe('ready'));
    expect(actor.getSnapshot().context.groups.map((g) => g.name)).toEqual(['Night Owls', 'Risotto Club']);
    live!({ type: 'people.following', userId: 'u1', following: true });
    expect(actor.getSnapshot().context.people[0].isFollowing).toBe(true);
    actor.stop();
  });
});

afterAll(() => {
  console.log(coverage.summary('memberAside', stateCount(memberAsideMachine)));
  expect(coverage.missed).toEqual([]);
});
