import { fromCallback } from 'xstate';
import type { Workbox } from 'workbox-window';
import { WORKER_SCOPE, WORKER_URL } from '../../api/offline/worker';
import { appUpdateMachine, type AppUpdateEvent, type WorkerCommand } from '../../machines/offline/appUpdate.machine';
import { drafts as appDrafts, type Drafts } from './drafts';

/** How often an open page asks the server whether a new build's worker exists (besides each navigation). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The slice of workbox-window the effect uses (the tests hand a stand-in). */
export type WorkerWindow = Pick<Workbox, 'addEventListener' | 'removeEventListener' | 'register' | 'update' | 'messageSkipWaiting'>;

/**
 * workbox-window is used after the page's `load` (register waits for it anyway); the build puts it in
 * the `base` chunk every page loads (vite.config.ts), which costs less on the wire than a request of its own.
 */
const loadWorkbox = async (): Promise<WorkerWindow> => {
  const { Workbox } = await import('workbox-window');
  return new Workbox(WORKER_URL, { scope: WORKER_SCOPE });
};

/**
 * Only the built app registers its worker: `npm run dev` serves no sw.js (and must not cache). The
 * mode, not PROD: a build run with NODE_ENV set otherwise (a test runner's) has PROD false.
 */
const canRegister = () => import.meta.env.MODE === 'production' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * The update machine's worker actor: registers the service worker (src/worker/sw.ts) with
 * workbox-window and reports a waiting new build (`update.waiting`) and a newer worker taking
 * control of a page that had one (`update.activated`); forwards whether a draft is open; on
 * `worker.activateWaiting` posts SKIP_WAITING to the waiting worker.
 */
export function workerActor(options: { load?: () => Promise<WorkerWindow>; drafts?: Drafts; enabled?: () => boolean } = {}) {
  const { load = loadWorkbox, drafts = appDrafts, enabled = canRegister } = options;
  return fromCallback<WorkerCommand>(({ sendBack, receive }) => {
    const send = (event: AppUpdateEvent) => sendBack(event);
    const stopDrafts = drafts.subscribe((open) => send({ type: 'update.drafts', open }));
    if (drafts.open) send({ type: 'update.drafts', open: true });
    if (!enabled()) return stopDrafts;

    let stopped = false;
    let workbox: WorkerWindow | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const onWaiting = () => send({ type: 'update.waiting' });
    // A first install takes control of a page that had no worker: no new version for it.
    const onControlling = (event: { isUpdate?: boolean }) => {
      if (event.isUpdate) send({ type: 'update.activated' });
    };
    receive((command) => {
      if (command.type === 'worker.activateWaiting') workbox?.messageSkipWaiting();
    });
    load()
      .then(async (wb) => {
        if (stopped) return;
        workbox = wb;
        wb.addEventListener('waiting', onWaiting);
        wb.addEventListener('controlling', onControlling);
        await wb.register();
        timer = setInterval(() => void wb.update().catch(() => {}), UPDATE_CHECK_MS);
      })
      // No worker (a failed download, a browser or policy that refuses the registration): the app
      // runs as before, without offline pages or update notices.
      .catch(() => {});
    return () => {
      stopped = true;
      stopDrafts();
      clearInterval(timer);
      workbox?.removeEventListener('waiting', onWaiting);
      workbox?.removeEventListener('controlling', onControlling);
    };
  });
}

/** The update machine with its real effects. */
export function appUpdateLogic(worker = workerActor(), reload: () => void = () => window.location.reload()) {
  return appUpdateMachine.provide({ actors: { worker }, actions: { reloadPage: () => reload() } });
}
