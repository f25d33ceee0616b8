import { adminChartMachine, type AdminChartContext } from '../../../src/machines/admin/adminChart.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
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

const months = (year: number, base: number) => ({
  year,
  months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: base + i })),
});
const THIS = 2026;

export const model = {
  serialize,
  input: { subject: 'posts', thisYear: THIS },
  events: [
    { type: 'chart.view', view: 'year' },
    { type: 'chart.view', view: 'month' },
    { type: 'chart.year', year: 2025 },
    { type: 'chart.year', year: THIS },
    // Outside what the statistics answer: refused.
    { type: 'chart.year', year: 1999 },
    {
      type: 'xstate.done.actor.fetchYears',
      output: {
        years: [
          { year: 2025, count: 40 },
          { year: THIS, count: 12 },
        ],
      },
    },
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
    if (event.type === 'chart.view')
      return !snapshot.matches({ years: 'loading' }) && !snapshot.matches({ months: 'loading' }) && c.year === THIS;
    if (event.type === 'chart.retry') return true;
    return true;
  },
};

export const adminChartModel: MachineModel = {
  name: 'adminChart',
  machine: adminChartMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
