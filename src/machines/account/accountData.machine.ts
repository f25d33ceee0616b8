import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DataExport, DataExportState, DeletionState, ExportLink } from '../../api/account/data';
import { requiredPromise } from '../shared/required';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

export type AccountDataEvent =
  | { type: 'accountData.retry' }
  /** "Download your data": prepare a new archive. */
  | { type: 'accountData.prepare' }
  /** Download the ready archive. */
  | { type: 'accountData.download' }
  /** "Delete account": open the confirmation, which asks for the password. */
  | { type: 'accountData.askDelete' }
  | { type: 'accountData.closeDelete' }
  /** `code`: from the authenticator app, when two-factor sign-in is on (`codeNeeded`). */
  | { type: 'accountData.confirmDelete'; password: string; code?: string }
  /** Keep the account: cancel the scheduled deletion. */
  | { type: 'accountData.cancelDeletion' };

export interface AccountDataInput {
  /** false: only the deletion (the grace-period notice in the member area). */
  withExport?: boolean;
}

export interface AccountDataContext {
  withExport: boolean;
  export: DataExport | null;
  deletion: DeletionState['deletion'];
  /** The export part's error (loading, preparing, downloading). */
  exportError: string | null;
  /** The deletion part's error (loading, scheduling, cancelling). */
  deletionError: string | null;
  /** Two-factor sign-in is on: the confirmation asks for a code beside the password. */
  codeNeeded: boolean;
}

export const EXPORT_LOAD_FAILED = 'Could not load your data settings. Please try again.';
export const EXPORT_START_FAILED = 'Could not start preparing your data. Please try again.';
export const DOWNLOAD_FAILED = 'Could not download your data. Please try again.';
export const DELETION_FAILED = 'Could not schedule the deletion of your account. Please try again.';
export const CANCEL_FAILED = 'Could not cancel the deletion. Please try again.';
/** While an archive is prepared its state is read again this often. */
export const EXPORT_POLL_MS = 4000;

const exportOf = (output: unknown) => (output as DataExportState).export;

/**
 * Settings > Your data: the member's data export and the deletion of their account, two regions
 * side by side. Export: read the state; "Download your data" starts an archive, read again every
 * EXPORT_POLL_MS while it is prepared; a ready one downloads through a short-lived link.
 * Deletion: the confirmation takes the password (and a code from the app when two-factor sign-in is
 * on); a scheduled deletion can be cancelled.
 */
export const accountDataMachine = setup({
  types: {
    context: {} as AccountDataContext,
    events: {} as AccountDataEvent,
    input: {} as AccountDataInput,
  },
  actors: {
    /** Effect: GET /account/export. */
    fetchExport: requiredPromise<DataExportState, void>('fetchExport'),
    /** Effect: POST /account/export. */
    startExport: requiredPromise<DataExportState, void>('startExport'),
    /** Effect: POST /account/export/link. */
    exportLink: requiredPromise<ExportLink, void>('exportLink'),
    /** Effect: GET /account/deletion. */
    fetchDeletion: requiredPromise<DeletionState, void>('fetchDeletion'),
    /** Effect: POST /account/deletion. */
    scheduleDeletion: requiredPromise<DeletionState, { password: string; code?: string }>('scheduleDeletion'),
    /** Effect: DELETE /account/deletion. */
    cancelDeletion: requiredPromise<DeletionState, void>('cancelDeletion'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the browser follows the download address. */
    openDownload: (_, _url: string) => {},
    setExport: assign(({ event }) => ({ export: exportOf((event as unknown as { output: unknown }).output), exportError: null })),
    setDeletion: assign(({ context, event }) => {
      const output = (event as unknown as { output: DeletionState }).output;
      // Only the state read says whether a code is needed; the answers to schedule and cancel keep it.
      return { deletion: output.deletion, deletionError: null, codeNeeded: output.codeNeeded ?? context.codeNeeded };
    }),
  },
  guards: {
    withExport: ({ context }) => context.withExport,
    preparing: ({ context }) => context.export?.status === 'preparing',
    ready: ({ context }) => context.export?.status === 'ready',
    notPreparing: ({ context }) => context.export?.status !== 'preparing',
  },
  delays: { EXPORT_POLL: EXPORT_POLL_MS },
}).createMachine({
  id: 'accountData',
  context: ({ input }) => ({
    withExport: input?.withExport ?? true,
    export: null,
    deletion: null,
    exportError: null,
    deletionError: null,
    codeNeeded: false,
  }),
  type: 'parallel',
  states: {
    export: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'withExport', target: 'loading' }, { target: 'off' }] },
        off: {},
        loading: {
          invoke: {
            id: 'fetchExport',
            src: 'fetchExport',
            onDone: { target: 'shown', actions: 'setExport' },
            onError: { target: 'failed', actions: assign({ exportError: ({ event }) => failureText(event.error, EXPORT_LOAD_FAILED) }) },
          },
        },
        failed: { on: { 'accountData.retry': 'loading' } },
        shown: {
          always: { guard: 'preparing', target: 'waiting' },
          on: {
            'accountData.prepare': { guard: 'notPreparing', target: 'starting' },
            'accountData.download': { guard: 'ready', target: 'linking' },
          },
        },
        starting: {
          invoke: {
            id: 'startExport',
            src: 'startExport',
            onDone: { target: 'shown', actions: 'setExport' },
            onError: { target: 'shown', actions: assign({ exportError: ({ event }) => failureText(event.error, EXPORT_START_FAILED) }) },
          },
        },
        // Preparing on the server: read again after a while (a failed read keeps what is shown).
        waiting: { after: { EXPORT_POLL: 'checking' } },
        checking: {
          invoke: {
            id: 'fetchExport',
            src: 'fetchExport',
            onDone: [
              { guard: ({ event }) => exportOf(event.output)?.status === 'preparing', target: 'waiting', actions: 'setExport' },
              {
                target: 'shown',
                actions: [
                  'setExport',
                  {
                    type: 'showToast',
                    params: ({ event }) =>
                      exportOf(event.output)?.status === 'ready'
                        ? { type: 'success', description: 'Your data is ready to download' }
                        : { type: 'error', description: exportOf(event.output)?.error || EXPORT_START_FAILED },
                  },
                ],
              },
            ],
            onError: { target: 'waiting' },
          },
        },
        linking: {
          invoke: {
            id: 'exportLink',
            src: 'exportLink',
            onDone: { target: 'shown', actions: { type: 'openDownload', params: ({ event }) => event.output.url } },
            onError: { target: 'shown', actions: assign({ exportError: ({ event }) => failureText(event.error, DOWNLOAD_FAILED) }) },
          },
        },
      },
    },
    deletion: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchDeletion',
            src: 'fetchDeletion',
            onDone: { target: 'shown', actions: 'setDeletion' },
            onError: { target: 'failed', actions: assign({ deletionError: ({ event }) => failureText(event.error, EXPORT_LOAD_FAILED) }) },
          },
        },
        failed: { on: { 'accountData.retry': 'loading' } },
        shown: {
          on: {
            'accountData.askDelete': { guard: ({ context }) => context.deletion === null, target: 'confirming' },
            'accountData.cancelDeletion': { guard: ({ context }) => context.deletion !== null, target: 'cancelling' },
          },
        },
        confirming: {
          on: {
            'accountData.closeDelete': { target: 'shown', actions: assign({ deletionError: null }) },
            'accountData.confirmDelete': 'scheduling',
          },
        },
        scheduling: {
          invoke: {
            id: 'scheduleDeletion',
            src: 'scheduleDeletion',
            input: ({ event }) =>
              event.type === 'accountData.confirmDelete'
                ? { password: event.password, ...(event.code ? { code: event.code } : {}) }
                : { password: '' },
            onDone: {
              target: 'shown',
              actions: [
                'setDeletion',
                { type: 'showToast', params: { type: 'success', description: 'Your account is scheduled for deletion' } },
              ],
            },
            onError: { target: 'confirming', actions: assign({ deletionError: ({ event }) => failureText(event.error, DELETION_FAILED) }) },
          },
        },
        cancelling: {
          invoke: {
            id: 'cancelDeletion',
            src: 'cancelDeletion',
            onDone: {
              target: 'shown',
              actions: [
                'setDeletion',
                { type: 'showToast', params: { type: 'success', description: 'The deletion of your account was cancelled' } },
              ],
            },
            onError: { target: 'shown', actions: assign({ deletionError: ({ event }) => failureText(event.error, CANCEL_FAILED) }) },
          },
        },
      },
    },
  },
});

export type AccountDataActorRef = ActorRefFrom<typeof accountDataMachine>;
export type AccountDataSnapshot = SnapshotFrom<typeof accountDataMachine>;
