import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { navigationMachine, selectIsOpenSearchBar, selectIsOpenSidebar } from '../../../src/machines/shell/navigation.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { navigationModel } from './navigation.model';

describe('navigation machine', () => {
  const paths = pathsOf(navigationModel, 'all transitions');
  const coverage = new TransitionCoverage(navigationMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let hooks: string[] = [];
    await replay(navigationMachine, path, {
      coverage,
      provide: {
        actions: {
          resetFeed: (_: unknown, params: { feed: string }) => void hooks.push(`reset:${params.feed}`),
          clearPrivateChat: () => void hooks.push('clearPrivateChat'),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as Parameters<typeof selectIsOpenSidebar>[0];
        if (step.event.type === 'navigation.select') {
          const { section } = step.event as unknown as { section: string };
          const expected = [
            ...(section === 'streams' || section === 'questions' ? [`reset:${section}`] : []),
            ...(section === 'chat' ? [] : ['clearPrivateChat']),
          ];
          expect(hooks).toEqual(expected);
          // Choosing a section closes the drawer and leaves the search bar alone.
          expect(selectIsOpenSidebar(snapshot)).toBe(false);
        } else {
          expect(hooks).toEqual([]);
        }
        hooks = [];
      },
    });
  });

  it('derives the spec slice {isOpenSidebar, isOpenSearchBar}', () => {
    const actor = createActor(navigationMachine).start();
    expect([selectIsOpenSidebar(actor.getSnapshot()), selectIsOpenSearchBar(actor.getSnapshot())]).toEqual([false, false]);
    actor.send({ type: 'sidebar.toggle' });
    actor.send({ type: 'searchBar.toggle' });
    expect([selectIsOpenSidebar(actor.getSnapshot()), selectIsOpenSearchBar(actor.getSnapshot())]).toEqual([true, true]);
    actor.send({ type: 'navigation.select', section: 'people' });
    expect([selectIsOpenSidebar(actor.getSnapshot()), selectIsOpenSearchBar(actor.getSnapshot())]).toEqual([false, true]);
  });

  afterAll(() => {
    console.log(coverage.summary('navigation', stateCount(navigationMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
