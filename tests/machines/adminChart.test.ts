import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminChartMachine, chartYears, type AdminChartContext } from '../../src/machines/adminChart.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminChartContext;
  return JSON.stringify({
    value: snapshot.value,
    year: c.year,
    years: c.years?.map((y) => y.year) ?? null,
    months: Object.keys(c.months),
    yearsError: c.yearsError,
    monthsError: c.monthsError,
  });
};

const months = (year: number, base: number) => ({ year, months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: base + i })) });
const THIS = 2026;

const model = {
  serialize,
  input: { subject: 'posts', thisYear: THIS },
  events: [
    { type: 'chart.view', view: 'year' },
    { type: 'chart.view', view: 'month' },
    { type: 'chart.year', year: 2025 },
    { type: 'chart.year', year: THIS },
    // Outside what the statistics answer: refused.
    { type: 'chart.year', year: 1999 },
    { type: 'xstate.done.actor.fetchYears', output: { years: [{ year: 2025, count: 40 }, { year: THIS, count: 12 }] } },
    { type: 'xstate.error.actor.fetchYears', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.fetchMonths', output: months(THIS, 1) },
    { type: 'xstate.done.actor.fetchMonths', output: months(2025, 10) },
    { type: 'xstate.error.actor.fetchMonths', error: new Error('Network down') },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as AdminChartContext;
    // The months of the year asked for.
    if (event.type === 'xstate.done.actor.fetchMonths') return (event.output as { year: number }).year === c.year;
    // The regions settle one at a time: years first, then the months; the view switch once both are in.
    if (event.type.includes('fetchMonths') || event.type === 'chart.year') return !snapshot.matches({ years: 'loading' });
    if (event.type === 'chart.view') return !snapshot.matches({ years: 'loading' }) && !snapshot.matches({ months: 'loading' }) && c.year === THIS;
    if (event.type === 'chart.retry') return true;
    return true;
  },
};

const coverage = new TransitionCoverage(adminChartMachine);

describe('admin chart machine', () => {
  const paths = coverPaths(adminChartMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(adminChartMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: AdminChartContext;
          matches(v: unknown): boolean;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        const fetch = snapshot.children.fetchMonths;
        if (fetch) expect(fetch.getSnapshot().input).toEqual({ subject: 'posts', year: c.year });
        if (snapshot.children.fetchYears) expect(snapshot.children.fetchYears.getSnapshot().input).toEqual({ subject: 'posts' });
        if (e.type === 'chart.year' && e.year === 1999) expect(c.year).not.toBe(1999);
        // A year read before is shown without asking again.
        if (e.type === 'chart.year' && e.year !== 1999 && c.months[e.year as number]) expect(fetch).toBeUndefined();
        if (e.type === 'xstate.error.actor.fetchMonths') expect(c.monthsError).toBe('Network down');
        if (e.type === 'xstate.error.actor.fetchYears') expect(c.yearsError).toBe('Too many requests');
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('adminChart', stateCount(adminChartMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it('offers every year with data and this one, newest first', () => {
    expect(chartYears({ years: null, thisYear: 2026, year: 2026 })).toEqual([2026]);
    expect(chartYears({ years: [{ year: 2023, count: 1 }, { year: 2024, count: 0 }, { year: 2026, count: 5 }], thisYear: 2026, year: 2026 })).toEqual([2026, 2024, 2023]);
  });
});
