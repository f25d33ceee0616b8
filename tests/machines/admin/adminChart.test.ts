import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminChartMachine, chartYears, type AdminChartContext } from '../../../src/machines/admin/adminChart.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { adminChartModel, model, serialize } from './adminChart.model';

const coverage = new TransitionCoverage(adminChartMachine);

describe('admin chart machine', () => {
  const paths = pathsOf(adminChartModel, 'all transitions');
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
    expect(
      chartYears({
        years: [
          { year: 2023, count: 1 },
          { year: 2024, count: 0 },
          { year: 2026, count: 5 },
        ],
        thisYear: 2026,
        year: 2026,
      }),
    ).toEqual([2026, 2024, 2023]);
  });
});
