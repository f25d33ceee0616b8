import type { DataExport } from '../../../src/api/account/data';
import { accountDataMachine, type AccountDataContext } from '../../../src/machines/account/accountData.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

const item = (status: DataExport['status']): DataExport => ({
  _id: 'e1',
  status,
  createdAt: '2026-11-29T10:00:00.000Z',
  readyAt: status === 'ready' ? '2026-11-29T10:01:00.000Z' : null,
  expiresAt: status === 'ready' ? '2026-12-06T10:01:00.000Z' : null,
  size: status === 'ready' ? 2048 : 0,
  error: status === 'failed' ? 'Your data could not be prepared. Please try again.' : '',
});
export const PREPARING = item('preparing');
export const READY = item('ready');
export const FAILED = item('failed');
export const DELETION = { requestedAt: '2026-11-29T10:00:00.000Z', deleteAfter: '2026-12-29T10:00:00.000Z' };
export const LINK = { url: '/api/v1/account/export/download/token' };

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AccountDataContext;
  return JSON.stringify({
    value: snapshot.value,
    export: c.export?.status ?? null,
    deletion: c.deletion !== null,
    exportError: c.exportError,
    deletionError: c.deletionError,
  });
};

/** The export region (the deletion region stays loading: the other cover walks it). */
const exportCover = {
  serialize,
  input: { withExport: true },
  events: [
    { type: 'xstate.done.actor.fetchExport', output: { export: null } },
    { type: 'xstate.done.actor.fetchExport', output: { export: PREPARING } },
    { type: 'xstate.done.actor.fetchExport', output: { export: READY } },
    { type: 'xstate.done.actor.fetchExport', output: { export: FAILED } },
    { type: 'xstate.error.actor.fetchExport', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.startExport', output: { export: PREPARING } },
    { type: 'xstate.error.actor.startExport', error: refused('Your data is already being prepared', 409) },
    { type: 'xstate.done.actor.exportLink', output: LINK },
    { type: 'xstate.error.actor.exportLink', error: refused('Your data is not ready to download', 404) },
    { type: 'accountData.prepare' },
    { type: 'accountData.download' },
    { type: 'accountData.retry' },
  ] as ModelEvent[],
  filter: (_snapshot: unknown, event: ModelEvent) =>
    !event.type.includes('Deletion') && !event.type.includes('Delete') && !event.type.includes('fetchDeletion'),
};

/** The deletion region alone (the grace-period notice's machine: no export). */
const deletionCover = {
  serialize,
  input: { withExport: false },
  events: [
    { type: 'xstate.done.actor.fetchDeletion', output: { deletion: null } },
    { type: 'xstate.done.actor.fetchDeletion', output: { deletion: DELETION } },
    { type: 'xstate.error.actor.fetchDeletion', error: refused('Too many requests', 429) },
    { type: 'accountData.askDelete' },
    { type: 'accountData.closeDelete' },
    { type: 'accountData.confirmDelete', password: 'correct horse battery' },
    { type: 'xstate.done.actor.scheduleDeletion', output: { deletion: DELETION, message: 'Your account will be deleted' } },
    { type: 'xstate.error.actor.scheduleDeletion', error: refused('Wrong password', 400) },
    { type: 'accountData.cancelDeletion' },
    { type: 'xstate.done.actor.cancelDeletion', output: { deletion: null, message: 'The deletion of your account was cancelled' } },
    { type: 'xstate.error.actor.cancelDeletion', error: refused('Your account is not scheduled for deletion', 404) },
    { type: 'accountData.retry' },
  ] as ModelEvent[],
};

export const accountDataModel: MachineModel = {
  name: 'accountData',
  machine: accountDataMachine,
  covers: [
    { label: 'export', options: exportCover as never },
    { label: 'deletion', options: deletionCover as never },
  ],
};
