import { fromCallback } from 'xstate';
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
