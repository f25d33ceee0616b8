import type { ConnectivitySnapshot } from './connectivity.machine';

export type Connectivity = 'online' | 'offline' | 'reconnecting';

/** The state the indicator shows; online before the app has started the machine. */
export const shownConnectivity = (snapshot: ConnectivitySnapshot | undefined): Connectivity =>
  snapshot?.matches('offline') ? 'offline' : snapshot?.matches('reconnecting') ? 'reconnecting' : 'online';

/** The indicator's words. */
export const CONNECTIVITY_TEXT: Record<Exclude<Connectivity, 'online'>, string> = {
  offline: 'You are offline',
  reconnecting: 'Reconnecting…',
};
