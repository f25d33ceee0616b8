import type { $Fetch } from 'ofetch';
import { createHttp, signInApiOver } from '../../api/http';
import { streamsBus } from './socket';
import { storage } from './storage';
import { fetchWhenOnline } from './fetchWhenOnline';

/**
 * The HTTP calls of the browser: same origin, bearer token from storage. A request refused
 * because the member was banned meanwhile tells the app (src/effects/session/banWatch.ts), like the
 * socket's `banned` event does.
 */
export const http = createHttp({
  getToken: storage.token,
  fetch: fetchWhenOnline,
  onBanned: () => streamsBus.publish({ event: 'account banned' }),
  // A request refused because another device ended this session: the app goes to sign-in (src/effects/session/sessionEndWatch.ts).
  onSessionEnded: () => streamsBus.publish({ event: 'session ended' }),
});

/** The sign-in page's part of the client (src/api/http.ts) over the app's calls: the app's auth forms (effects/auth/auth.ts). */
export const authApi = signInApiOver(http);

type Merged<T extends unknown[]> = T extends [infer First, ...infer Rest] ? First & Merged<Rest> : unknown;

/**
 * The parts of the typed client (src/api/<area>/client.ts) an effects module calls, over the
 * browser's one `http`: each module names its own, so a page loads the clients of the areas it
 * calls and no other (docs/client-shell.md, "Weight"). The tests hand the whole client
 * (src/api/client.ts), which has every part.
 */
export function clientOf<const Parts extends ((http: $Fetch) => object)[]>(
  ...parts: Parts
): Merged<{ [K in keyof Parts]: ReturnType<Parts[K]> }> {
  return Object.assign({}, ...parts.map((create) => create(http))) as Merged<{ [K in keyof Parts]: ReturnType<Parts[K]> }>;
}
