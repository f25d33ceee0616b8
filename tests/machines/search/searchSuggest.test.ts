import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { suggestionHref } from '../../../src/effects/search/searchSuggest';
import {
  SUGGEST_DELAY_MS,
  searchSuggestMachine,
  type Suggestion,
  type SuggestContext,
} from '../../../src/machines/search/searchSuggest.machine';
import { isSuggestOpen } from '../../../src/machines/search/searchSuggest.connect';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { ANSWER, searchSuggestModel, serialize } from './searchSuggest.model';

const coverage = new TransitionCoverage(searchSuggestMachine);

function effects() {
  const opened: (Suggestion | { search: string })[] = [];
  return {
    opened,
    provide: {
      actions: {
        openSuggestion: (_: unknown, { suggestion }: { suggestion: Suggestion }) => void opened.push(suggestion),
        openSearch: (_: unknown, { query }: { query: string }) => void opened.push({ search: query }),
      },
    },
  };
}

describe('header suggestions machine', () => {
  const paths = pathsOf(searchSuggestModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = effects();
    await replay(searchSuggestMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: fx.provide,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: SuggestContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event;
        const before = path.steps[path.steps.indexOf(step) - 1]?.state.context as SuggestContext | undefined;
        if (e.type.startsWith('xstate.after.')) expect(snapshot.children.suggest?.getSnapshot().input).toEqual({ query: 'ri' });
        if (e.type === 'suggest.enter' && before) {
          if (before.active >= 0) expect(fx.opened.at(-1)).toEqual(before.options[before.active]);
          else if (before.query.trim()) expect(fx.opened.at(-1)).toEqual({ search: 'ri' });
          if (before.active >= 0 || before.query.trim()) expect([c.query, c.options]).toEqual(['', []]);
        }
        if (e.type === 'suggest.pick' && (e as unknown as { index: number }).index === 2 && before && before.options.length > 2)
          expect(fx.opened.at(-1)).toEqual({ kind: 'hashtag', tag: 'risotto' });
        if (e.type === 'xstate.error.actor.suggest') expect(c.options).toEqual([]);
        // The highlight is always an option or none.
        expect(c.active >= -1 && c.active < Math.max(c.options.length, 1)).toBe(true);
      },
    });
  });

  it('asks once, after the pause, with the last text; arrows wrap; Escape closes and keeps the text', async () => {
    const asked: string[] = [];
    const fx = effects();
    const actor = createActor(
      searchSuggestMachine.provide({
        ...fx.provide,
        actors: { suggest: fromPromise(async ({ input }: { input: { query: string } }) => (asked.push(input.query), ANSWER)) },
      }),
    ).start();
    actor.send({ type: 'suggest.type', query: 'r' });
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 50);
    actor.send({ type: 'suggest.type', query: 'ri ' });
    await vi.advanceTimersByTimeAsync(SUGGEST_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['ri']);
    expect(isSuggestOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'suggest.move', by: -1 });
    expect(actor.getSnapshot().context.active).toBe(2);
    actor.send({ type: 'suggest.move', by: 1 });
    expect(actor.getSnapshot().context.active).toBe(0);
    actor.send({ type: 'suggest.close' });
    expect(isSuggestOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.query).toBe('ri ');
    actor.send({ type: 'suggest.enter' });
    expect(fx.opened).toEqual([{ search: 'ri' }]);
    actor.stop();
  });

  it('leads each kind of option to its page', () => {
    const [person, group, tag] = [
      { kind: 'person', person: ANSWER.people[0] },
      { kind: 'group', group: ANSWER.groups[0] },
      { kind: 'hashtag', tag: 'risotto' },
    ] as Suggestion[];
    expect(suggestionHref(person)).toBe('/app/social/profile/risotto_ada?id=u1');
    expect(suggestionHref(group)).toBe('/app/social/group/g1');
    expect(suggestionHref(tag)).toBe('/app/social/search?q=%23risotto');
  });
});

afterAll(() => {
  console.log(coverage.summary('searchSuggest', stateCount(searchSuggestMachine)));
  expect(coverage.missed).toEqual([]);
});
