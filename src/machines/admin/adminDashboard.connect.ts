import type { AdminDashboardSnapshot } from './adminDashboard.machine';

export const isDashboardLoading = (s: AdminDashboardSnapshot) => s.matches('loading');

export const hasDashboardFailed = (s: AdminDashboardSnapshot) => s.matches('failed');

export const isDashboardRefreshing = (s: AdminDashboardSnapshot) => s.matches({ ready: 'refreshing' });

/** The figures and the errors of the first load and of a refresh. */
export const dashboardView = (s: AdminDashboardSnapshot) => s.context;
