import { ofetch, type $Fetch } from 'ofetch';
import { API_BASE, CONFIG_PATH } from './base';
import { createTwoFactorSignInApi } from './account/twoFactorSignIn';
import { SESSION_ENDED_MESSAGE } from './account/words';
import { createAuthApi } from './auth/client';
import type { ClientConfig } from './config';
import { BANNED_MESSAGE } from './constants';

export interface ApiClientOptions {
  /** Origin of the server; empty for same-origin (the browser). */
  baseURL?: string;
  /** Read at every call so a sign-in or sign-out takes effect at once. */
  getToken: () => string | null;
  fetch?: typeof globalThis.fetch;
  /** Called when any request is refused because the member is banned (403 with the banned message). */
  onBanned?: () => void;
  /** Called when a request is refused because this session was ended from another device (401 with that message). */
  onSessionEnded?: () => void;
}

/** The HTTP calls of every client: same base, credentials, the bearer token when one is stored, the ban and session-end hooks. */
export function createHttp({ baseURL = '', getToken, fetch, onBanned, onSessionEnded }: ApiClientOptions): $Fetch {
  return ofetch.create(
    {
      baseURL: `${baseURL}${API_BASE}`,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      onRequest({ options }) {
        const token = getToken();
        const headers = new Headers(options.headers);
        // A call may carry its own token (e.g. the user check right after sign-in, before storing).
        if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
        options.headers = headers;
      },
      onResponseError({ response }) {
        const body = response._data as { message?: unknown } | undefined;
        if (response.status === 403 && body?.message === BANNED_MESSAGE) onBanned?.();
        if (response.status === 401 && body?.message === SESSION_ENDED_MESSAGE) onSessionEnded?.();
      },
      // The fetch implementation is a global option of ofetch (its second argument), not a request default.
    },
    fetch ? { fetch } : undefined,
  );
}

/**
 * The part of the client the sign-in page calls (the config, the Auth API and the two-factor step),
 * alone: the light sign-in page (src/signInEntry.tsx) loads it without the other domains.
 */
export function createSignInApiClient(options: ApiClientOptions) {
  return signInApiOver(createHttp(options));
}

/** The sign-in page's part of the client over calls made elsewhere (the app's own `http`). */
export const signInApiOver = (http: $Fetch) => ({
  http,
  ...createConfigApi(http),
  ...createAuthApi(http),
  ...createTwoFactorSignInApi(http),
});

/** GET /config: what this server offers (Google sign-in, ...). */
export const createConfigApi = (http: $Fetch) => ({ config: () => http<ClientConfig>(CONFIG_PATH) });

export type SignInApiClient = ReturnType<typeof createSignInApiClient>;
