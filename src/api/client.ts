import { ofetch, type $Fetch } from 'ofetch';
import { API_BASE, paths } from './paths';
import { createAccountDataApi, createAccountSessionsApi, createTwoFactorApi } from './account/client';
import { SESSION_ENDED_MESSAGE } from './account/words';
import { createAuthApi } from './auth/client';
import { createChatApi } from './chat/client';
import type { ClientConfig } from './config';
import { BANNED_MESSAGE } from './constants';
import { createGroupsApi } from './groups/client';
import { createMediaApi } from './media/client';
import { createModerationApi } from './moderation/client';
import { createNotificationsApi } from './notifications/client';
import { createSearchApi } from './search/client';
import { createStreamsApi } from './posts/client';
import { createUsersApi } from './users/client';

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

/** The typed HTTP client built from the contract. Every request sends credentials and a bearer token when one is stored. */
export function createApiClient({ baseURL = '', getToken, fetch, onBanned, onSessionEnded }: ApiClientOptions) {
  const http: $Fetch = ofetch.create(
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

  return {
    http,
    config: () => http<ClientConfig>(paths.config),
    ...createAuthApi(http),
    ...createAccountSessionsApi(http),
    ...createChatApi(http),
    ...createGroupsApi(http),
    ...createStreamsApi(http),
    ...createUsersApi(http),
    ...createMediaApi(http),
    ...createModerationApi(http),
    ...createNotificationsApi(http),
    ...createSearchApi(http),
    ...createTwoFactorApi(http),
    ...createAccountDataApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
