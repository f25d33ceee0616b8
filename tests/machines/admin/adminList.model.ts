import type { AdminAction, AdminActionOutput } from '../../../src/machines/admin/adminAction.machine';
import { adminListMachine, type AdminListContext } from '../../../src/machines/admin/adminList.machine';
import { itemKey } from '../../../src/machines/admin/adminLists';
import { refused } from '../../fixtures/streams';
import { audit, banned, ben, cleo, dora, page, profileReport, root, summary } from './adminFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export type Snap = { context: unknown; value: unknown; matches(v: unknown): boolean };
export const ctx = (s: Snap) => s.context as AdminListContext;

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminListContext;
  return JSON.stringify({
    value: snapshot.value,
    filter: c.filter,
    page: c.page,
    query: c.query,
    draft: c.draft,
    adminId: c.adminId,
    admins: c.admins.map((admin) => admin._id),
    // Each item by key, with what an action changes about it.
    items: c.items.map(
      (item) => `${itemKey(c.kind, item)}${'isBanned' in item && item.isBanned ? '!' : ''}${'status' in item ? `:${item.status}` : ''}`,
    ),
    hasMore: c.hasMore,
    total: c.total,
    error: c.error,
    acting: c.acting?.key ?? null,
  });
};

const banBen: AdminAction = { type: 'ban', userId: 'u2', username: 'ben' };
const done = (output: AdminActionOutput) => ({ type: 'xstate.done.actor.action', output });

// Members: search, paging, an action done, failed, cancelled or crashed.
export const P1 = page([ben, dora], { hasMore: true, total: 3 });
export const P2 = page([cleo], { page: 2, total: 3 });
const EMPTY2 = page([], { page: 2, total: 2 });
const usersModel = {
  serialize,
  input: { kind: 'users' },
  ignore: ['list.query', 'list.admin'],
  events: [
    { type: 'xstate.done.actor.fetchPage', output: P1 },
    { type: 'xstate.done.actor.fetchPage', output: P2 },
    { type: 'xstate.done.actor.fetchPage', output: EMPTY2 },
    { type: 'xstate.error.actor.fetchPage', error: refused('Too many requests', 429) },
    { type: 'list.page', page: 2 },
    { type: 'list.page', page: 1 },
    { type: 'list.search', query: 'be' },
    { type: 'list.search', query: '' },
    { type: 'list.filter', filter: 'resolved' },
    { type: 'list.act', key: 'u2', action: banBen },
    // Not on screen: a stale button.
    { type: 'list.act', key: 'u9', action: { type: 'ban', userId: 'u9', username: 'zed' } },
    done({ outcome: 'done', action: banBen, result: { message: 'ben was banned', changes: [{ type: 'user', user: banned(ben) }] } }),
    done({ outcome: 'failed', action: banBen, message: 'Too many requests' }),
    done({ outcome: 'cancelled', action: banBen }),
    { type: 'xstate.error.actor.action', error: new Error('boom') },
  ] as ModelEvent[],
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const quiet = c.acting === null && snapshot.matches({ search: 'idle' });
    switch (event.type) {
      case 'xstate.done.actor.fetchPage':
        // The page the list asked for; an emptied page 2 only when reading again after an action.
        if (event.output === P1) return c.page === 1;
        return c.page === 2;
      case 'xstate.error.actor.fetchPage':
        return c.query === '' || snapshot.matches({ data: 'loading' });
      case 'list.page':
        return quiet && c.query === '' && c.items.every((item) => !('isBanned' in item && item.isBanned));
      case 'list.search':
        if (c.acting !== null || c.page !== 1) return false;
        if (event.query === 'be') return c.draft === '' && c.query === '' && c.items.length > 0;
        return c.draft === 'be';
      case 'list.filter':
        return quiet && c.page === 1 && c.query === '';
      case 'list.act':
        return (
          quiet &&
          c.query === '' &&
          c.page === 1 &&
          (event.key === 'u2' ? c.items.every((item) => !('isBanned' in item && item.isBanned)) : true)
        );
      case 'list.changed':
        return quiet && c.query === '';
      case 'list.retry':
        return c.query === '';
      default:
        return true;
    }
  },
};

// Report queues: the status filter; an action that takes an item out of the filter.
export const r1 = profileReport('r1', ben);
export const r2 = profileReport('r2', dora, { status: 'reviewing' });
export const resolvedR1 = { ...r1, status: 'resolved' as const };
const OPEN = page([r1, r2], { total: 2 });
const RESOLVED = page([resolvedR1], { total: 1 });
const resolveR1: AdminAction = { type: 'profileReportStatus', reportId: 'r1', username: 'ben', status: 'resolved' };
const reportsModel = {
  serialize,
  input: { kind: 'profileReports' },
  ignore: ['list.query', 'list.search', 'list.admin'],
  events: [
    { type: 'xstate.done.actor.fetchPage', output: OPEN },
    { type: 'xstate.done.actor.fetchPage', output: RESOLVED },
    { type: 'xstate.error.actor.fetchPage', error: refused('Too many requests', 429) },
    { type: 'list.filter', filter: 'resolved' },
    { type: 'list.filter', filter: null },
    // Not a report status: refused.
    { type: 'list.filter', filter: 'approved' },
    { type: 'list.act', key: 'r1', action: resolveR1 },
    done({
      outcome: 'done',
      action: resolveR1,
      result: { message: 'Report resolved', changes: [{ type: 'profileReport', report: resolvedR1 }], warning: 'Partly done' },
    }),
  ] as ModelEvent[],
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    switch (event.type) {
      case 'xstate.done.actor.fetchPage':
        return event.output === OPEN ? c.filter === null : c.filter === 'resolved';
      case 'xstate.error.actor.fetchPage':
        return c.filter === null && !snapshot.matches({ data: 'ready' });
      case 'list.filter':
        return (
          c.acting === null &&
          (event.filter === 'approved' ? snapshot.matches({ data: 'ready' }) && c.filter === null : true) &&
          c.items.length !== 1
        );
      case 'list.act':
        return c.filter === null && c.items.length === 2;
      case 'list.changed':
      case 'list.page':
      case 'list.retry':
        return c.acting === null;
      default:
        return true;
    }
  },
};

// The audit log: the action filter and the admin filter, each restarting from page 1; the admins to
// choose from come with every page (the target is the search box, walked on the members list).
const second = summary('a2', 'second');
const WHOLE_LOG = page([audit('e2', { action: 'unban', admin: second }), audit('e1')], { total: null, admins: [root, second] });
const FILTERED_LOG = page([audit('e1')], { total: null, admins: [root] });
const auditModel = {
  serialize,
  input: { kind: 'audit' },
  ignore: ['list.query', 'list.search', 'list.act', 'list.changed', 'list.page'],
  events: [
    { type: 'xstate.done.actor.fetchPage', output: WHOLE_LOG },
    { type: 'xstate.done.actor.fetchPage', output: FILTERED_LOG },
    { type: 'xstate.error.actor.fetchPage', error: refused('Too many requests', 429) },
    { type: 'list.filter', filter: 'ban' },
    { type: 'list.filter', filter: null },
    // Not an audit action: refused.
    { type: 'list.filter', filter: 'resolved' },
    { type: 'list.admin', adminId: 'a1' },
    { type: 'list.admin', adminId: null },
  ] as ModelEvent[],
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const filtered = c.filter !== null || c.adminId !== null;
    switch (event.type) {
      case 'xstate.done.actor.fetchPage':
        return (event.output === FILTERED_LOG) === filtered;
      case 'xstate.error.actor.fetchPage':
        // Fails once, unfiltered: Try again, or a filter, reads again.
        return !filtered && c.items.length === 0;
      case 'list.filter':
        return event.filter === 'resolved' ? snapshot.matches({ data: 'ready' }) && !filtered : c.adminId === null;
      case 'list.admin':
        return c.filter === null;
      default:
        return true;
    }
  },
};

export const adminListModel: MachineModel = {
  name: 'adminList',
  machine: adminListMachine,
  covers: [
    { label: 'members (search, paging, actions)', options: usersModel as never },
    { label: 'report queue (status filter, an item leaving it)', options: reportsModel as never },
    { label: 'audit log (action and admin filters)', options: auditModel as never },
  ],
};
