import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, setup, type AnyActorRef } from 'xstate';
import { sessionMachine, type SessionContext, type SessionInput } from '../../../src/machines/session/session.machine';
import { alice, bannedAlice } from '../../fixtures/auth';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { renamed, serialize, sessionModel } from './session.model';

const coverage = new TransitionCoverage(sessionMachine);

describe.each(sessionModel.covers)('session machine ($label)', ({ label, options }) => {
  const input = options.input as SessionInput;
  // A token left by an ended browser session without Remember me is never restored.
  const endedAtBoot = input.storedToken !== null && input.keepLoggedIn === 'false' && !input.pageReload;
  const paths = pathsOf(sessionModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const persisted: unknown[] = [];
    let forgotten = 0;
    let before: SessionContext = createActor(sessionMachine, { input }).getSnapshot().context;
    await replay(sessionMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          persistSession: (_: unknown, params: unknown) => void persisted.push(params),
          forgetSession: () => void forgotten++,
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const context = snapshot.context as SessionContext;
        const event = step.event as { type: string; token?: string; user?: unknown; keepLoggedIn?: boolean };
        if (event.type === 'session.login') {
          // The login is stored and the session holds exactly what came in; a login that does
          // not say (a guard's fresh token) keeps the session's Remember me.
          const keepLoggedIn = event.keepLoggedIn ?? before.keepLoggedIn;
          expect(persisted.at(-1)).toEqual({ token: event.token, user: event.user, keepLoggedIn });
          expect(context).toMatchObject({ token: event.token, profile: event.user, isLoggedIn: true, keepLoggedIn, pageReload: true });
          expect(snapshot.value).toBe(event.user === bannedAlice ? 'banned' : 'signedIn');
        }
        if (snapshot.matches('signedOut')) {
          // Every arrival in signedOut wipes storage and the context.
          expect(context).toEqual(signedOutContext);
          expect(forgotten).toBeGreaterThan(0);
        }
        // A banned member is kept apart (the socket closes, only the checkpoint opens), with the token.
        if (snapshot.matches('signedIn')) expect(context.profile?.isBanned).toBe(false);
        if (snapshot.matches('banned')) expect(context).toMatchObject({ isLoggedIn: true, profile: { isBanned: true } });
        if (
          event.type === 'session.banned' &&
          !snapshot.matches('signedOut') &&
          !snapshot.matches('restoring') &&
          !snapshot.matches('signingOut')
        ) {
          expect(snapshot.value).toBe('banned');
        }
        // Signed in means a user is known; signing out keeps the session until the call settles.
        expect(context.isLoggedIn).toBe(context.profile !== null);
        if (snapshot.matches('restoring')) {
          expect(endedAtBoot).toBe(false);
          expect(context).toMatchObject({ token: 'stored-token', isLoggedIn: false, keepLoggedIn: input.keepLoggedIn !== 'false' });
        }
        if (snapshot.matches('signingOut')) {
          // Storage forgets the token at once; the sign-out call carries it explicitly.
          expect(forgotten).toBeGreaterThan(0);
          expect(snapshot.children.signOut?.getSnapshot().input).toEqual({ token: context.token });
          expect(context.token).not.toBe('');
        }
        before = context;
      },
    });
  });

  it(endedAtBoot ? 'signs out at boot and wipes the stored session' : 'keeps the stored session at boot', () => {
    let forgotten = 0;
    const actor = createActor(sessionMachine.provide({ actions: { forgetSession: () => void forgotten++ } }), { input }).start();
    const restored = input.storedToken !== null && !endedAtBoot;
    expect(actor.getSnapshot().value).toBe(restored ? 'restoring' : 'signedOut');
    if (endedAtBoot) expect(forgotten).toBe(1);
    if (endedAtBoot) expect(actor.getSnapshot().context).toEqual(signedOutContext);
  });
});

const signedOutContext: SessionContext = { token: '', profile: null, isLoggedIn: false, keepLoggedIn: true, pageReload: false };

describe('session machine inside the app system', () => {
  it('starts restoring with a stored token and signed out without one', () => {
    expect(
      createActor(sessionMachine, { input: { storedToken: 'x' } })
        .start()
        .getSnapshot().value,
    ).toBe('restoring');
    expect(
      createActor(sessionMachine, { input: { storedToken: null } })
        .start()
        .getSnapshot().value,
    ).toBe('signedOut');
  });

  it('tells the notifications actor to clear when the session ends, and survives without one', () => {
    const received: string[] = [];
    const notifications = createMachine({ on: { '*': { actions: ({ event }) => void received.push(event.type) } } });
    const host = setup({ actors: { session: sessionMachine, notifications } }).createMachine({
      invoke: [
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
        { id: 'session', systemId: 'session', src: 'session', input: { storedToken: null } },
      ],
    });
    const app = createActor(host).start();
    const session = app.system.get('session') as AnyActorRef;
    received.length = 0;
    session.send({ type: 'session.login', token: 't', user: alice });
    session.send({ type: 'session.clear' });
    expect(received).toEqual(['notifications.clear']);
    expect(session.getSnapshot().context).toEqual(signedOutContext);

    const alone = createActor(sessionMachine, { input: { storedToken: 't' } }).start();
    expect(() => alone.send({ type: 'session.clear' })).not.toThrow();
  });

  it('updates the personalization flag only when there is a profile', () => {
    const actor = createActor(sessionMachine, { input: { storedToken: null } }).start();
    actor.send({ type: 'session.login', token: 't', user: alice });
    actor.send({ type: 'session.updatePersonalization', allowPersonalize: false });
    expect(actor.getSnapshot().context.profile?.personalizeSettings.allowPersonalize).toBe(false);
    actor.send({ type: 'session.updateProfile', profile: renamed });
    expect(actor.getSnapshot().context.profile?.username).toBe('alice2');
  });
});

afterAll(() => {
  console.log(coverage.summary('session', stateCount(sessionMachine)));
  expect(coverage.missed).toEqual([]);
});
