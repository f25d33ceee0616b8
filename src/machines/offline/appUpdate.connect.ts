import type { AppUpdateActorRef, AppUpdateSnapshot } from './appUpdate.machine';

/** The update banner's words. */
export const UPDATE_READY_TEXT = 'A new version of Stoa is ready';
export const UPDATE_RELOAD_LABEL = 'Reload';
export const UPDATE_LATER_LABEL = 'Later';

/** The banner shows while a new version is ready and no draft is open. */
export const isUpdateShown = (snapshot: AppUpdateSnapshot | undefined) =>
  snapshot?.matches('ready') === true || snapshot?.matches('reloading') === true;
/** Reload was chosen: the button waits for the new worker. */
export const isUpdateReloading = (snapshot: AppUpdateSnapshot | undefined) => snapshot?.matches('reloading') === true;

/** What the banner may do. */
export function updateControls(actor: AppUpdateActorRef) {
  return {
    reload: () => actor.send({ type: 'update.reload' }),
    later: () => actor.send({ type: 'update.dismiss' }),
  };
}
