import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { Dashboard } from '../../api/moderation';
import { failureText } from '../shared/failure';

export type AdminDashboardEvent = { type: 'dashboard.retry' } | { type: 'dashboard.refresh' };

export interface AdminDashboardContext {
  dashboard: Dashboard | null;
  error: string | null;
  /** A background refresh failed: the figures shown are older than they look. */
  refreshError: string | null;
}

export const DASHBOARD_FAILED = 'Could not load the dashboard. Please try again.';
/** An open dashboard reads its figures again this often. */
export const DASHBOARD_REFRESH_MS = 60_000;

/**
 * The admin dashboard (GET /admin/dashboard): the figures and the latest moderation actions,
 * read again every minute while it is open and on "Refresh", behind what is shown (a failed
 * refresh keeps the figures and says so).
 */
export const adminDashboardMachine = setup({
  types: {
    context: {} as AdminDashboardContext,
    events: {} as AdminDashboardEvent,
  },
  actors: {
    /** Effect: GET /admin/dashboard. */
    fetchDashboard: requiredPromise<Dashboard, void>('fetchDashboard'),
  },
  actions: {
    takeDashboard: assign(({ event }) => ({
      dashboard: (event as unknown as { output: Dashboard }).output,
      error: null,
      refreshError: null,
    })),
  },
  delays: { REFRESH: DASHBOARD_REFRESH_MS },
}).createMachine({
  id: 'adminDashboard',
  context: { dashboard: null, error: null, refreshError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchDashboard',
        src: 'fetchDashboard',
        onDone: { target: 'ready', actions: 'takeDashboard' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, DASHBOARD_FAILED) }) },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          after: { REFRESH: 'refreshing' },
          on: { 'dashboard.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            id: 'fetchDashboard',
            src: 'fetchDashboard',
            onDone: { target: 'idle', actions: 'takeDashboard' },
            onError: { target: 'idle', actions: assign({ refreshError: ({ event }) => failureText(event.error, DASHBOARD_FAILED) }) },
          },
        },
      },
    },
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
  },
});

export type AdminDashboardActorRef = ActorRefFrom<typeof adminDashboardMachine>;
export type AdminDashboardSnapshot = SnapshotFrom<typeof adminDashboardMachine>;
