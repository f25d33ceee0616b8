import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CODE_REQUIRED,
  RECOVERY_CODE_REQUIRED,
  signInMachine,
  signInRequired,
  SIGN_IN_FAILED,
  twoFactorSetupPath,
  type SignInContext,
} from '../../../src/machines/auth/signIn.machine';
import { CHALLENGE_EXPIRED, INVALID_CODE } from '../../../src/api/account/twoFactor';
import { ADMIN_HOME, CHECKPOINT, GOOGLE_FAILED, MEMBER_HOME } from '../../../src/machines/auth/authForm';
import { networkFailure, unauthorized } from '../../fixtures/auth';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { expiredChallenge, GOOGLE_UNAVAILABLE, signInModel, signInOptions } from './signIn.model';

const coverage = new TransitionCoverage(signInMachine);

describe.each(signInModel.covers)('sign-in machine ($label)', ({ label, options }) => {
  const input = options.input as { admin: boolean };
  const isAdmin = input.admin;
  const paths = pathsOf(signInModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const logins: { token: string; user: { isBanned: boolean }; keepLoggedIn?: boolean }[] = [];
    const navigations: string[] = [];
    await replay(signInMachine, path, {
      input,
      coverage,
      serialize: signInOptions.serialize as never,
      provide: {
        actions: {
          login: (_: unknown, params: (typeof logins)[number]) => void logins.push(params),
          navigate: (_: unknown, params: { to: string }) => void navigations.push(params.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as SignInContext;
        const event = step.event as { type: string; output?: { isBanned?: boolean }; error?: unknown };
        if (snapshot.matches({ submitting: 'signingIn' }) && event.type === 'signIn.submit') {
          // Nothing is sent unless both fields hold something.
          expect(context.usernameOrEmail.trim()).not.toBe('');
          expect(context.password).not.toBe('');
          const child = snapshot.children.signIn as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({
            admin: isAdmin,
            username: context.usernameOrEmail.trim(),
            password: context.password,
            rememberMe: context.rememberMe,
          });
        }
        if (snapshot.matches({ submitting: 'checkingUser' })) {
          const child = snapshot.children.checkUser as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({ authId: context.auth!.user.authId, token: context.auth!.token });
        }
        if (snapshot.matches('google')) {
          // Remember-me reaches the Google sign-in too: it decides the session's lifetime.
          const child = snapshot.children.googleSignIn as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({ rememberMe: context.rememberMe });
        }
        if (event.type === 'signIn.submit' && snapshot.matches({ form: 'idle' })) {
          for (const field of ['usernameOrEmail', 'password'] as const) {
            const blank = context[field].trim() === '';
            expect(context.fieldErrors[field]).toBe(blank ? signInRequired[field] : undefined);
          }
        }
        if (event.type === 'xstate.error.actor.signIn' || event.type === 'xstate.error.actor.checkUser') {
          expect(context.error).toBe(event.error === unauthorized ? 'Unauthorized' : SIGN_IN_FAILED);
        }
        if (snapshot.matches({ secondFactor: 'verifying' })) {
          // The challenge goes back with the code as typed (trimmed).
          const child = snapshot.children.verifyCode as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({ challenge: 'challenge-1', code: context.code.trim() });
        }
        if (event.type === 'signIn.code.submit' && snapshot.matches({ secondFactor: 'idle' })) {
          expect(context.codeError).toBe(context.recovery ? RECOVERY_CODE_REQUIRED : CODE_REQUIRED);
        }
        if (event.type === 'xstate.error.actor.verifyCode') {
          if (event.error === expiredChallenge) {
            // Back to the password: the challenge is spent.
            expect(snapshot.matches({ form: 'error' })).toBe(true);
            expect(context.error).toBe(CHALLENGE_EXPIRED);
            expect(context.challenge).toBeNull();
          } else {
            expect(snapshot.matches({ secondFactor: 'idle' })).toBe(true);
            expect(context.error).toBe(INVALID_CODE);
          }
        }
        if (event.type === 'xstate.error.actor.googleSignIn') {
          expect(context.error).toBe(event.error === networkFailure ? GOOGLE_FAILED : GOOGLE_UNAVAILABLE.message);
        }
        if (snapshot.matches('success')) {
          expect(snapshot.status).toBe('done');
          expect(logins).toHaveLength(1);
          expect(logins[0].keepLoggedIn).toBe(context.rememberMe);
          const banned = event.output?.isBanned === true;
          const setUp = context.auth?.twoFactorSetupRequired === true;
          const adminAnswer = isAdmin && (event.type === 'xstate.done.actor.signIn' || event.type === 'xstate.done.actor.verifyCode');
          expect(navigations).toEqual([
            banned ? CHECKPOINT : setUp ? twoFactorSetupPath(context.auth!.user.username) : adminAnswer ? ADMIN_HOME : MEMBER_HOME,
          ]);
          expect(logins[0].user.isBanned).toBe(banned);
        } else {
          expect(logins).toEqual([]);
          expect(navigations).toEqual([]);
        }
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('signIn', stateCount(signInMachine)));
  expect(coverage.missed).toEqual([]);
});
