import { browserOnline } from '../offline/connectivity';

/**
 * While the browser says it is offline nothing is asked: the request fails at once as one that got
 * no answer (ofetch's FetchError without a response, what every machine reads as a network
 * failure), and the console does not fill with the browser's failed loads.
 */
export const fetchWhenOnline: typeof globalThis.fetch = (input, init) =>
  browserOnline() ? globalThis.fetch(input, init) : Promise.reject(new TypeError('You are offline'));
