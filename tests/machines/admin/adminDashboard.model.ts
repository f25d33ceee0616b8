import { adminDashboardMachine, type AdminDashboardContext } from '../../../src/machines/admin/adminDashboard.machine';
import { refused } from '../../fixtures/streams';
import { dashboard } from './adminFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminDashboardContext;
  return JSON.stringify({
    value: snapshot.value,
    members: c.dashboard?.users.totalUsers ?? null,
    error: c.error,
    refreshError: c.refreshError,
  });
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
    if (event.type === 'dashboard.refresh' || event.type.startsWith('xstate.after.'))
      return c.dashboard?.users.totalUsers !== 1240 && c.refreshError === null;
    return true;
  },
};

export const adminDashboardModel: MachineModel = {
  name: 'adminDashboard',
  machine: adminDashboardMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
