import { fromPromise, sendTo, type AnyActorRef } from 'xstate';
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import type { User } from '../api/auth';
import type { GoogleSignInOutput } from '../machines/authForm';
import { authGuardMachine } from '../machines/authGuard.machine';
import { forgotPasswordMachine } from '../machines/forgotPassword.machine';
import { resetPasswordMachine } from '../machines/resetPassword.machine';
import { signInMachine, type SignInRequest } from '../machines/signIn.machine';
import { signUpMachine, type SignUpRequest } from '../machines/signUp.machine';
import type { ToastRequest } from '../machines/toastRequest';
import { api } from './api';
import { createAvatar } from './avatar';

export const GOOGLE_UNAVAILABLE = 'Google sign-in is not available yet';

/** The actors that call the API for the auth screens. */
export const authActors = {
  signIn: fromPromise(({ input }: { input: SignInRequest }) => {
    const { admin, ...credentials } = input;
    return admin ? api.auth.adminSignIn(credentials) : api.auth.signIn({ provider: 'local', ...credentials });
  }),
  checkUser: fromPromise(({ input }: { input: { authId: string; token: string } }) => api.auth.checkUser(input.authId, input.token)),
  signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => {
    const { admin, inviteCode, ...fields } = input;
    const body = { ...fields, ...createAvatar(fields.username) };
    return admin ? api.auth.adminSignUp({ ...body, inviteCode: inviteCode ?? '' }) : api.auth.signUp(body);
  }),
  /**
   * Google sign-in runs only when the server's config enables it. Firebase is not part of the
   * client yet, so for now every attempt ends with the explanation below.
   */
  googleSignIn: fromPromise<GoogleSignInOutput>(async () => {
    const config = await api.config();
    if (!config.googleSignIn || !config.firebase) throw new Error(GOOGLE_UNAVAILABLE);
    throw new Error(GOOGLE_UNAVAILABLE);
  }),
  currentUser: fromPromise(() => api.auth.currentUser()),
  forgotPassword: fromPromise(({ input }: { input: { email: string } }) => api.auth.forgotPassword(input)),
  resetPassword: fromPromise(({ input }: { input: { token: string; password: string; confirmPassword: string } }) =>
    api.auth.resetPassword(input.token, { password: input.password, confirmPassword: input.confirmPassword }),
  ),
};

/** Anything that holds the app's actor system (the app actor). */
export interface HasSystem {
  system: { get(systemId: string): AnyActorRef | undefined };
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * The actions that reach outside a screen's machine: the session and toast actors of the app
 * (a screen's actor is the root of its own system, so it reaches the app's system through this
 * bridge) and the browser location. Built-in `sendTo`, not a custom action calling `send()`:
 * the event is delivered after the screen's transition, in order with the other actions, and
 * XState does not warn about a nested actor's `assign`. A missing actor (not started yet)
 * resolves to the sender itself, where the event is simply not handled.
 */
export function bridgeActions(app: HasSystem, navigate: Navigate = browserNavigate) {
  const actor = (systemId: string) => ({ self }: { self: AnyActorRef }) => app.system.get(systemId) ?? self;
  return {
    login: sendTo(actor('session'), (_: unknown, params: { token: string; user: User; keepLoggedIn?: boolean }) => ({
      type: 'session.login' as const,
      ...params,
    })),
    clearSession: sendTo(actor('session'), { type: 'session.clear' }),
    logoutSession: sendTo(actor('session'), { type: 'session.logout' }),
    showToast: sendTo(actor('toasts'), (_: unknown, toast: ToastRequest) => ({ type: 'toasts.show' as const, toast })),
    // A custom action runs during the transition, before the deferred sendTo's above; leave the
    // page only after they are delivered, so the next screen finds the session already updated.
    navigate: (_: unknown, { to, replace }: { to: string; replace?: boolean }) =>
      queueMicrotask(() => navigate(to, { replace })),
  };
}

/** Every auth machine with its real effects, bound to one app actor. */
export function authLogic(app: HasSystem, navigate?: Navigate) {
  const bridge = bridgeActions(app, navigate);
  return {
    signIn: signInMachine.provide({
      actors: { signIn: authActors.signIn, checkUser: authActors.checkUser, googleSignIn: authActors.googleSignIn },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    signUp: signUpMachine.provide({
      actors: { signUp: authActors.signUp, googleSignIn: authActors.googleSignIn },
      actions: { login: bridge.login, navigate: bridge.navigate },
    }),
    forgotPassword: forgotPasswordMachine.provide({ actors: { forgotPassword: authActors.forgotPassword } }),
    resetPassword: resetPasswordMachine.provide({ actors: { resetPassword: authActors.resetPassword } }),
    guard: authGuardMachine.provide({
      actors: { currentUser: authActors.currentUser },
      actions: {
        login: bridge.login,
        clearSession: bridge.clearSession,
        logoutSession: bridge.logoutSession,
        showToast: bridge.showToast,
        navigate: bridge.navigate,
      },
    }),
  };
}
export type AuthLogic = ReturnType<typeof authLogic>;
