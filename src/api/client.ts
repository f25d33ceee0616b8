import { ofetch, type $Fetch } from 'ofetch';
import { API_BASE, paths } from './paths';
import type {
  AdminSignInBody, AdminSignUpBody, AuthResponse, CheckUserResponse, ForgotPasswordBody,
  MessageResponse, ResetPasswordBody, SignInBody, SignUpBody, UpdateCurrentUserBody,
} from './auth/schemas';
import type { ClientConfig } from './config';
import { BANNED_MESSAGE } from './constants';
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
}

/** The typed HTTP client built from the contract. Every request sends credentials and a bearer token when one is stored. */
export function createApiClient({ baseURL = '', getToken, fetch, onBanned }: ApiClientOptions) {
  const http: $Fetch = ofetch.create({
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
    },
    // The fetch implementation is a global option of ofetch (its second argument), not a request default.
  }, fetch ? { fetch } : undefined);

  return {
    http,
    config: () => http<ClientConfig>(paths.config),
    auth: {
      signUp: (body: SignUpBody) => http<AuthResponse>(paths.auth.signup, { method: 'POST', body }),
      signIn: (body: SignInBody) => http<AuthResponse>(paths.auth.signin, { method: 'POST', body }),
      /** GET /signout; `token` ends that session even when storage was already cleared. */
      signOut: (token?: string) =>
        http<MessageResponse>(paths.auth.signout, { headers: token ? { Authorization: `Bearer ${token}` } : undefined }),
      currentUser: () => http<AuthResponse>(paths.auth.currentUser),
      updateCurrentUser: (body: UpdateCurrentUserBody) =>
        http<AuthResponse>(paths.auth.currentUser, { method: 'PUT', body }),
      checkUser: (authId: string, token?: string) =>
        http<CheckUserResponse>(paths.auth.checkUser(authId), {
          method: 'POST',
          headers: token ? { Authorization: `Bearer ${token}` } : undefined,
        }),
      forgotPassword: (body: ForgotPasswordBody) =>
        http<MessageResponse>(paths.auth.forgotPassword, { method: 'POST', body }),
      resetPassword: (token: string, body: ResetPasswordBody) =>
        http<MessageResponse>(paths.auth.resetPassword(token), { method: 'POST', body }),
      adminSignUp: (body: AdminSignUpBody) => http<AuthResponse>(paths.auth.adminSignup, { method: 'POST', body }),
      adminSignIn: (body: AdminSignInBody) => http<AuthResponse>(paths.auth.adminSignin, { method: 'POST', body }),
    },
    ...createStreamsApi(http),
    ...createUsersApi(http),
    ...createModerationApi(http),
    ...createNotificationsApi(http),
    ...createSearchApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
