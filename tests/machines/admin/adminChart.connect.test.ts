import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminChartMachine } from '../../../src/machines/admin/adminChart.machine';
import {
  isChartFailed,
  selectChartError,
  selectChartView,
  selectChartYears,
  selectMonthFigures,
  selectYearFigures,
} from '../../../src/machines/admin/adminChart.connect';

const THIS = 2026;

// The years read; the months refused: each view shows its own figures or its own error.
const start = () =>
  createActor(
    adminChartMachine.provide({
      actors: {
        fetchYears: fromPromise(async () => ({ years: [{ year: 2025, count: 40 }] })) as never,
        fetchMonths: fromPromise(async () => {
          throw new Error('Network down');
        }) as never,
      },
    }),
    { input: { subject: 'posts', thisYear: THIS } },
  ).start();

describe('a chart page, as it reads the chart machine', () => {
  it("shows the view's own figures, or its own error", async () => {
    const actor = start();
    await waitFor(actor, (s) => !s.matches({ years: 'loading' }) && !s.matches({ months: 'loading' }));
    const month = actor.getSnapshot();
    expect(selectChartView(month)).toBe('month');
    expect(isChartFailed(month)).toBe(true);
    expect(selectChartError(month)).toBe(month.context.monthsError);
    expect(selectMonthFigures(month)).toBeUndefined();
    expect(selectChartYears(month)).toEqual([THIS, 2025]);

    actor.send({ type: 'chart.view', view: 'year' });
    const year = actor.getSnapshot();
    expect(selectChartView(year)).toBe('year');
    expect(isChartFailed(year)).toBe(false);
    expect(selectYearFigures(year)).toEqual([{ year: 2025, count: 40 }]);
  });
});
