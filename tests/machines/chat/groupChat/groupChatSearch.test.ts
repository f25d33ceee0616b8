import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { INVITE_SEARCH_DELAY_MS, type FoundUser } from '../../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { groupChatSearchMachine, type MemberSearchContext } from '../../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { cleo, me } from './groupChatFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../../model';
import { found, groupChatSearchModel, model, serialize } from './groupChatSearch.model';

const coverage = new TransitionCoverage(groupChatSearchMachine);

describe('member search machine', () => {
  const paths = pathsOf(groupChatSearchModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(groupChatSearchMachine, path, {
      coverage,
      input: model.input,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: MemberSearchContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event;
        // Nobody excluded is offered by a search; `keepShown` leaves the shown results as they were.
        const before = path.steps[path.steps.indexOf(step) - 1]?.state.context as MemberSearchContext | undefined;
        if ((e as { keepShown?: boolean }).keepShown) expect(c.results).toEqual(before?.results);
        else if (e.type === 'search.exclude' || e.type === 'xstate.done.actor.searchUsers')
          for (const id of c.exclude) expect(c.results.map((u) => u._id)).not.toContain(id);
        if (e.type.startsWith('xstate.after.')) expect(snapshot.children.searchUsers?.getSnapshot().input).toEqual({ query: 'be' });
        if (e.type === 'xstate.error.actor.searchUsers') expect([c.results, c.error]).toEqual([[], 'Too many requests, please slow down']);
        if (e.type === 'search.query' && (e as unknown as { query: string }).query.trim() === '')
          expect([c.query, c.results]).toEqual(['', []]);
      },
    });
  });

  it('searches once, 500 ms after the last keystroke, with the last query', async () => {
    const searchUsers = vi.fn(async ({ input }: { input: { query: string } }): Promise<{ search: FoundUser[] }> => ({
      search: [found(cleo)].filter((u) => u.username.startsWith(input.query)),
    }));
    const actor = createActor(groupChatSearchMachine.provide({ actors: { searchUsers: fromPromise(searchUsers) } }), {
      input: { exclude: [me.id] },
    }).start();
    actor.send({ type: 'search.query', query: 'c' });
    await vi.advanceTimersByTimeAsync(400);
    actor.send({ type: 'search.query', query: 'cl' });
    await vi.advanceTimersByTimeAsync(INVITE_SEARCH_DELAY_MS - 1);
    expect(searchUsers).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(searchUsers.mock.calls.map(([arg]) => arg.input)).toEqual([{ query: 'cl' }]);
    expect(actor.getSnapshot().context.results.map((u) => u.username)).toEqual(['cleo']);
    actor.stop();
  });
});

afterAll(() => {
  console.log(coverage.summary('groupChatSearch', stateCount(groupChatSearchMachine)));
  expect(coverage.missed).toEqual([]);
});
