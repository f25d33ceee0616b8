import { chartYears, type AdminChartSnapshot, type ChartView } from './adminChart.machine';

/** What a Posts or Users chart page shows, read from the adminChart machine's snapshot. */

export const selectChartView = (s: AdminChartSnapshot): ChartView => (s.matches({ view: 'year' }) ? 'year' : 'month');
/** The year whose months are shown. */
export const selectChartYear = (s: AdminChartSnapshot) => s.context.year;
/** The years to choose from, newest first. */
export const selectChartYears = (s: AdminChartSnapshot) => chartYears(s.context);
export const sameYears = (a: number[], b: number[]) => a.join() === b.join();

/** The per-year figures while the year view shows, else null (also while they load or failed). */
export const selectYearFigures = (s: AdminChartSnapshot) => (s.matches({ view: 'year' }) ? s.context.years : null);
/** The chosen year's per-month figures while the month view shows them, else undefined. */
export const selectMonthFigures = (s: AdminChartSnapshot) =>
  !s.matches({ view: 'year' }) && s.matches({ months: 'ready' }) ? s.context.months[s.context.year] : undefined;

/** The figures of the view shown could not be read. */
export const isChartFailed = (s: AdminChartSnapshot) =>
  s.matches({ view: 'year' }) ? s.matches({ years: 'failed' }) : s.matches({ months: 'failed' });
/** Why the figures of the view shown could not be read. */
export const selectChartError = (s: AdminChartSnapshot) => (s.matches({ view: 'year' }) ? s.context.yearsError : s.context.monthsError);
