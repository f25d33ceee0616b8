import { fromCallback, type EventObject } from 'xstate';
import type { HasSystem } from '../shell/bridge';
import { connectivityMachine, type ConnectivityEvent } from '../../machines/offline/connectivity.machine';

/** The browser's view of the network: its `online` and `offline` events. */
export function networkActor(target: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.window) {
  return fromCallback(({ sendBack }) => {
    if (!target) return () => {};
    const online = () => sendBack({ type: 'connectivity.online' } satisfies ConnectivityEvent);
    const offline = () => sendBack({ type: 'connectivity.offline' } satisfies ConnectivityEvent);
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
    };
  });
}

/** navigator.onLine at start (online where the browser does not say). */
export const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** The connectivity machine with its real effects. */
export const connectivityLogic = (network = networkActor()) => connectivityMachine.provide({ actors: { network } });

/**
 * `event` each time the app's connectivity machine comes (back) online, not for the state it
 * starts in: for machines that wait for the network (the guard's recheck, the side panels).
 */
export const backOnlineActor = <TEvent extends EventObject>(app: HasSystem, event: TEvent) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const connectivity = app.system.get('connectivity');
    if (!connectivity) return () => {};
    let online = connectivity.getSnapshot().matches('online');
    const subscription = connectivity.subscribe((snapshot: { matches(state: string): boolean }) => {
      const now = snapshot.matches('online');
      if (now && !online) sendBack(event);
      online = now;
    });
    return () => subscription.unsubscribe();
  });
