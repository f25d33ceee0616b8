import { createApiClient } from '../../api/client';
import { streamsBus } from './socket';
import { storage } from './storage';
import { fetchWhenOnline } from './fetchWhenOnline';

/**
 * The one API client of the browser: same origin, bearer token from storage. A request refused
 * because the member was banned meanwhile tells the app (src/effects/session/banWatch.ts), like the
 * socket's `banned` event does.
 */
export const api = createApiClient({
  getToken: storage.token,
  fetch: fetchWhenOnline,
  onBanned: () => streamsBus.publish({ event: 'account banned' }),
  // A request refused because another device ended this session: the app goes to sign-in (src/effects/session/sessionEndWatch.ts).
  onSessionEnded: () => streamsBus.publish({ event: 'session ended' }),
});
