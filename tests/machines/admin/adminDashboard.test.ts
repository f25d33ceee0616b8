import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_FAILED,
  DASHBOARD_REFRESH_MS,
  adminDashboardMachine,
  type AdminDashboardContext,
} from '../../../src/machines/admin/adminDashboard.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { adminDashboardModel, serialize } from './adminDashboard.model';

const coverage = new TransitionCoverage(adminDashboardMachine);

describe('admin dashboard machine', () => {
  const paths = pathsOf(adminDashboardModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(adminDashboardMachine, path, {
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: AdminDashboardContext; matches(v: unknown): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (e.type === 'xstate.error.actor.fetchDashboard') {
          // A failed first read says why; a failed refresh keeps the figures and says so.
          if (snapshot.matches('failed')) expect(c.error).toBe('Only administrators can do that');
          else expect(c.dashboard && c.refreshError === 'Only administrators can do that').toBeTruthy();
        }
        if (e.type === 'xstate.done.actor.fetchDashboard') expect(c.refreshError).toBeNull();
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('adminDashboard', stateCount(adminDashboardMachine)));
    expect(coverage.missed).toEqual([]);
  });

  it('refreshes every minute while open', () => {
    expect(DASHBOARD_REFRESH_MS).toBe(60_000);
    expect(DASHBOARD_FAILED).toMatch(/Please try again/);
  });
});
