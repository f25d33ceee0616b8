import { assertEvent, and, assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { PerMonth, PerYear } from '../../api/moderation';
import { failureText } from '../shared/failure';

/** What a chart page counts: posts (and questions) or sign-ups. */
export type ChartSubject = 'posts' | 'users';
export type ChartView = 'month' | 'year';

export type AdminChartEvent = { type: 'chart.view'; view: ChartView } | { type: 'chart.year'; year: number } | { type: 'chart.retry' };

export interface AdminChartContext {
  subject: ChartSubject;
  /** The year whose months are shown. */
  year: number;
  /** This UTC year (the newest the server counts). */
  thisYear: number;
  years: PerYear['years'] | null;
  /** The months of each year read so far (switching back is instant). */
  months: Record<number, PerMonth['months']>;
  yearsError: string | null;
  monthsError: string | null;
}

export const CHART_FAILED = 'Could not load these figures. Please try again.';
/** The years the statistics answer for (yearQuerySchema). */
export const CHART_YEAR_MIN = 2000;
export const CHART_YEAR_MAX = 2100;

/** The years to choose from: every year with data, and this one, newest first. */
export function chartYears(context: Pick<AdminChartContext, 'years' | 'thisYear' | 'year'>): number[] {
  const years = new Set([context.thisYear, context.year, ...(context.years ?? []).map((y) => y.year)]);
  return [...years].sort((a, b) => b - a);
}

/**
 * The Posts and Users chart pages: per month of a chosen year, or per year, switched by the
 * admin. The years (GET .../{post|user}peryear) and the chosen year's months
 * (GET .../permonth?year=) load side by side at once, each with its own error and Try again;
 * a year read once is kept.
 */
export const adminChartMachine = setup({
  types: {
    context: {} as AdminChartContext,
    events: {} as AdminChartEvent,
    input: {} as { subject: ChartSubject; thisYear: number },
  },
  actors: {
    /** Effect: GET /admin/statistic/{post|user}peryear. */
    fetchYears: requiredPromise<PerYear, { subject: ChartSubject }>('fetchYears'),
    /** Effect: GET /admin/statistic/{post|user}permonth?year=. */
    fetchMonths: requiredPromise<PerMonth, { subject: ChartSubject; year: number }>('fetchMonths'),
  },
  actions: {
    setYear: assign(({ context, event }) => ({ year: event.type === 'chart.year' ? event.year : context.year, monthsError: null })),
  },
  guards: {
    otherYear: ({ context, event }) =>
      event.type === 'chart.year' &&
      Number.isInteger(event.year) &&
      event.year >= CHART_YEAR_MIN &&
      event.year <= CHART_YEAR_MAX &&
      event.year !== context.year,
    known: ({ context, event }) => {
      assertEvent(event, 'chart.year');
      return context.months[event.year] !== undefined;
    },
    /** Another year, read before: shown at once. */
    knownYear: and(['otherYear', 'known']),
    perYear: ({ event }) => {
      assertEvent(event, 'chart.view');
      return event.view === 'year';
    },
    perMonth: ({ event }) => {
      assertEvent(event, 'chart.view');
      return event.view === 'month';
    },
  },
}).createMachine({
  id: 'adminChart',
  context: ({ input }) => ({
    subject: input.subject,
    year: input.thisYear,
    thisYear: input.thisYear,
    years: null,
    months: {},
    yearsError: null,
    monthsError: null,
  }),
  type: 'parallel',
  states: {
    view: {
      initial: 'month',
      states: {
        month: { on: { 'chart.view': { guard: 'perYear', target: 'year' } } },
        year: { on: { 'chart.view': { guard: 'perMonth', target: 'month' } } },
      },
    },
    years: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchYears',
            src: 'fetchYears',
            input: ({ context }) => ({ subject: context.subject }),
            onDone: { target: 'ready', actions: assign({ years: ({ event }) => event.output.years, yearsError: null }) },
            onError: { target: 'failed', actions: assign({ yearsError: ({ event }) => failureText(event.error, CHART_FAILED) }) },
          },
        },
        ready: {},
        failed: { on: { 'chart.retry': 'loading' } },
      },
    },
    months: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchMonths',
            src: 'fetchMonths',
            input: ({ context }) => ({ subject: context.subject, year: context.year }),
            onDone: {
              target: 'ready',
              actions: assign({
                months: ({ context, event }) => ({ ...context.months, [event.output.year]: event.output.months }),
                monthsError: null,
              }),
            },
            onError: { target: 'failed', actions: assign({ monthsError: ({ event }) => failureText(event.error, CHART_FAILED) }) },
          },
          on: {
            'chart.year': [
              { guard: 'knownYear', target: 'ready', actions: 'setYear' },
              { guard: 'otherYear', target: 'loading', reenter: true, actions: 'setYear' },
            ],
          },
        },
        ready: {
          on: {
            'chart.year': [
              { guard: 'knownYear', actions: 'setYear' },
              { guard: 'otherYear', target: 'loading', actions: 'setYear' },
            ],
          },
        },
        failed: {
          on: {
            'chart.retry': 'loading',
            'chart.year': [
              { guard: 'knownYear', target: 'ready', actions: 'setYear' },
              { guard: 'otherYear', target: 'loading', actions: 'setYear' },
            ],
          },
        },
      },
    },
  },
});

export type AdminChartActorRef = ActorRefFrom<typeof adminChartMachine>;
export type AdminChartSnapshot = SnapshotFrom<typeof adminChartMachine>;
