import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_INVALID,
  SIGN_UP_FAILED,
  signUpMachine,
  signUpRequired,
  type SignUpContext,
  type SignUpRequest,
} from '../../../src/machines/auth/signUp.machine';
import { ADMIN_HOME, CHECKPOINT, GOOGLE_FAILED, MEMBER_HOME } from '../../../src/machines/auth/authForm';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { refused, serialize, signUpModel, taken } from './signUp.model';

const coverage = new TransitionCoverage(signUpMachine);

describe.each(signUpModel.covers)('sign-up machine ($label)', ({ label, options }) => {
  const input = options.input as { admin: boolean };
  const isAdmin = input.admin;
  const paths = pathsOf(signUpModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const logins: { token: string; user: { isBanned: boolean } }[] = [];
    const navigations: string[] = [];
    await replay(signUpMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          login: (_: unknown, params: (typeof logins)[number]) => void logins.push(params),
          navigate: (_: unknown, params: { to: string }) => void navigations.push(params.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as SignUpContext;
        const event = step.event as { type: string; output?: { isBanned?: boolean; user: { isBanned: boolean } }; error?: unknown };
        if (snapshot.matches('google')) {
          const child = snapshot.children.googleSignIn as { getSnapshot(): { input: unknown } };
          expect(child.getSnapshot().input).toEqual({ rememberMe: false });
        }
        if (event.type === 'signUp.submit') {
          if (snapshot.matches('submitting')) {
            // What the effect receives: trimmed fields, the invite code only on the admin form.
            const child = snapshot.children.signUp as { getSnapshot(): { input: SignUpRequest } };
            expect(child.getSnapshot().input).toEqual({
              admin: isAdmin,
              username: context.username.trim(),
              email: context.email.trim(),
              password: context.password,
              ...(isAdmin ? { inviteCode: context.inviteCode.trim() } : {}),
            });
            expect(context.fieldErrors).toEqual({});
          } else {
            const required = isAdmin
              ? (['username', 'email', 'password', 'inviteCode'] as const)
              : (['username', 'email', 'password'] as const);
            for (const field of required) {
              if (context[field].trim() === '') expect(context.fieldErrors[field]).toBe(signUpRequired[field]);
            }
            if (context.email.trim() !== '' && !context.email.includes('@')) expect(context.fieldErrors.email).toBe(EMAIL_INVALID);
            if (!isAdmin) expect(context.fieldErrors.inviteCode).toBeUndefined();
            expect(Object.keys(context.fieldErrors).length).toBeGreaterThan(0);
          }
        }
        if (event.type === 'xstate.error.actor.signUp') {
          if (event.error === refused) {
            // Each field the server names shows its first message there; the banner only what no field shows.
            expect(context.fieldErrors).toEqual({
              username: 'Username must be at least 3 characters',
              password: 'Password must be at least 8 characters',
              ...(isAdmin ? { inviteCode: 'Invite code is not valid' } : {}),
            });
            expect(context.error).toBe(isAdmin ? 'Avatar image must be a PNG data URL' : 'Invite code is not valid');
          } else {
            expect(context.error).toBe(event.error === taken ? 'Username or email is already taken' : SIGN_UP_FAILED);
            expect(context.fieldErrors).toEqual({});
          }
        }
        if (event.type === 'xstate.error.actor.googleSignIn') expect(context.error).toBe(GOOGLE_FAILED);
        if (snapshot.matches('success')) {
          const banned = event.output?.user.isBanned === true;
          expect(logins).toHaveLength(1);
          expect(navigations).toEqual([banned ? CHECKPOINT : isAdmin ? ADMIN_HOME : MEMBER_HOME]);
        } else {
          expect(logins).toEqual([]);
          expect(navigations).toEqual([]);
        }
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('signUp', stateCount(signUpMachine)));
  expect(coverage.missed).toEqual([]);
});
