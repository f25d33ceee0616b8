import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_FAILED, DASHBOARD_REFRESH_MS, adminDashboardMachine, type AdminDashboardContext } from '../../src/machines/adminDashboard.machine';
import { refused } from '../fixtures/streams';
import { dashboard } from './adminFixtures';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminDashboardContext;
  return JSON.stringify({ value: snapshot.value, members: c.dashboard?.users.totalUsers ?? null, error: c.error, refreshError: c.refreshError });
};

const FIRST = dashboard();
const LATER = dashboard({ users: { totalUsers: 1240, newUsersToday: 11, bannedUsers: 7 } });

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchDashboard', output: FIRST },
    { type: 'xstate.done.actor.fetchDashboard', output: LATER },
    { type: 'xstate.error.actor.fetchDashboard', error: refused('Only administrators can do that', 403) },
  ] as ModelEvent[],
  // The first read answers the first figures, a refresh the later ones.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as AdminDashboardContext;
    if (event.type === 'xstate.done.actor.fetchDashboard') return event.output === (snapshot.matches('loading') ? FIRST : LATER);
    if (event.type === 'dashboard.refresh' || event.type.startsWith('xstate.after.')) return c.dashboard?.users.totalUsers !== 1240 && c.refreshError === null;
    return true;
  },
};

const coverage = new TransitionCoverage(adminDashboardMachine);

describe('admin dashboard machine', () => {
  const paths = coverPaths(adminDashboardMachine, model as never);
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
