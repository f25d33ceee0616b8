import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredCallback } from '../shared/required';

/**
 * What the page's service worker reports (src/effects/offline/appUpdate.ts, from workbox-window)
 * and what the member and the screens say.
 */
export type AppUpdateEvent =
  /** A new build's worker is installed and waiting (at start, or found by an update check). */
  | { type: 'update.waiting' }
  /** A newer worker took control of this page (this tab's Reload, or another tab's). */
  | { type: 'update.activated' }
  /**
   * Whether something the member is writing would be lost by a reload: a composer open, a chat
   * draft not sent (src/effects/offline/drafts.ts counts them). The banner waits while one is.
   */
  | { type: 'update.drafts'; open: boolean }
  /** The member chose "Reload". */
  | { type: 'update.reload' }
  /** The member chose "Later": the new version comes on the next start. */
  | { type: 'update.dismiss' };

/** What the machine asks of its worker actor. */
export type WorkerCommand = { type: 'worker.activateWaiting' };

export interface AppUpdateContext {
  draftOpen: boolean;
  /** The new worker already controls this page (another tab chose Reload): a reload is all it takes. */
  activated: boolean;
}

/**
 * App updates (app child, systemId 'appUpdate'; docs/client-offline.md). A new build's worker
 * waits: the page keeps its build until the member chooses Reload ("A new version of Stoa is
 * ready · Reload"), or until every Stoa tab is closed (the next start). The banner is held back
 * while a draft is open, and shown once it is closed (sent, saved or dropped). Reload asks the
 * waiting worker to take over, and the page reloads when it has (on `update.activated`), so the
 * page never runs chunks of two builds.
 */
export const appUpdateMachine = setup({
  types: { context: {} as AppUpdateContext, events: {} as AppUpdateEvent },
  actors: {
    /** Effect: registers the service worker and reports `update.waiting` / `update.activated`. */
    worker: requiredCallback<WorkerCommand>(),
  },
  actions: {
    activateWaiting: sendTo('worker', { type: 'worker.activateWaiting' }),
    /** Effect: reloads the page, now served by the new worker. */
    reloadPage: () => {},
    noteActivated: assign({ activated: true }),
    noteDrafts: assign({ draftOpen: ({ event }) => (event as Extract<AppUpdateEvent, { type: 'update.drafts' }>).open }),
  },
  guards: {
    draftOpen: ({ context }) => context.draftOpen,
    activated: ({ context }) => context.activated,
    draftsClosed: ({ event }) => !(event as Extract<AppUpdateEvent, { type: 'update.drafts' }>).open,
    draftsOpened: ({ event }) => (event as Extract<AppUpdateEvent, { type: 'update.drafts' }>).open,
  },
}).createMachine({
  id: 'appUpdate',
  context: { draftOpen: false, activated: false },
  invoke: { id: 'worker', src: 'worker' },
  initial: 'current',
  on: { 'update.drafts': { actions: 'noteDrafts' } },
  states: {
    /** This page's build is the newest the browser knows. */
    current: {
      on: {
        'update.waiting': [{ guard: 'draftOpen', target: 'deferred' }, { target: 'ready' }],
        // Another tab chose Reload: this page's worker is gone, a reload brings the new build.
        'update.activated': [
          { guard: 'draftOpen', target: 'deferred', actions: 'noteActivated' },
          { target: 'ready', actions: 'noteActivated' },
        ],
      },
    },
    /** A new version is ready, but the member is writing: no banner until the draft is closed. */
    deferred: {
      on: {
        'update.activated': { actions: 'noteActivated' },
        'update.drafts': [{ guard: 'draftsClosed', target: 'ready', actions: 'noteDrafts' }, { actions: 'noteDrafts' }],
      },
    },
    /** The banner shows: "A new version of Stoa is ready · Reload". */
    ready: {
      on: {
        'update.drafts': [{ guard: 'draftsOpened', target: 'deferred', actions: 'noteDrafts' }, { actions: 'noteDrafts' }],
        'update.activated': { actions: 'noteActivated' },
        'update.reload': [{ guard: 'activated', target: 'reloading', actions: 'reloadPage' }, { target: 'reloading' }],
        'update.dismiss': 'dismissed',
      },
    },
    /** The waiting worker is asked to take over; the page reloads once it controls the page. */
    reloading: {
      entry: 'activateWaiting',
      on: { 'update.activated': { actions: ['noteActivated', 'reloadPage'] } },
    },
    /**
     * "Later": nothing more in this page; the new version comes with the next start. Unless another
     * tab brings it in first: then this page's build is gone from the worker, and the banner returns.
     */
    dismissed: {
      on: {
        'update.activated': [
          { guard: 'draftOpen', target: 'deferred', actions: 'noteActivated' },
          { target: 'ready', actions: 'noteActivated' },
        ],
      },
    },
  },
});

export type AppUpdateActorRef = ActorRefFrom<typeof appUpdateMachine>;
export type AppUpdateSnapshot = SnapshotFrom<typeof appUpdateMachine>;
