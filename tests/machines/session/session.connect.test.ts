import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { user } from '../../fixtures/auth';
import { sessionMachine } from '../../../src/machines/session/session.machine';
import { hasToken, holdsSession, isAdminSession, sessionProfile } from '../../../src/machines/session/session.connect';

// A sign-out the server never answers: the session stays signing out.
const pending = fromPromise(() => new Promise<never>(() => {})) as never;

const start = (storedToken: string | null) =>
  createActor(sessionMachine.provide({ actors: { signOut: pending } }), {
    input: { storedToken, keepLoggedIn: 'true', pageReload: true },
  }).start();

describe('the session, as the sign-in page and the shell read it', () => {
  it('holds a stored token until a sign-out starts', () => {
    const actor = start('t1');
    expect(holdsSession(actor.getSnapshot())).toBe(true);
    expect(hasToken(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches('signingOut')).toBe(true);
    expect(holdsSession(actor.getSnapshot())).toBe(false);
  });

  it('holds nothing without a token, and shows no profile', () => {
    const actor = start(null);
    expect(holdsSession(actor.getSnapshot())).toBe(false);
    expect(sessionProfile(actor.getSnapshot())).toBeNull();
    expect(sessionProfile(undefined)).toBeNull();
    expect(hasToken(actor.getSnapshot())).toBe(false);
  });

  it("knows an admin's session from a member's", () => {
    const actor = start(null);
    actor.send({ type: 'session.login', token: 't1', user: user({ role: 'ADMIN' }) });
    expect(isAdminSession(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'session.login', token: 't2', user: user({ role: 'USER' }) });
    expect(isAdminSession(actor.getSnapshot())).toBe(false);
  });
});
