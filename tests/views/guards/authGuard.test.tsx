import type { SignInAnswer } from '../../../src/api/account/twoFactor';
import type { SignInRequest } from '../../../src/machines/auth/signIn.machine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { authGuardMachine, type GuardArea } from '../../../src/machines/session/authGuard.machine';
import { BANNED_MESSAGE, SESSION_FAILURE_LOGOUT_MS } from '../../../src/api/constants';
import { bridgeActions } from '../../../src/effects/shell/bridge';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { AppProvider } from '../../../src/views/AppContext';
import { AuthGuard } from '../../../src/views/guards/AuthGuard';
import { GuardLogicProvider } from '../../../src/views/guards/GuardLogic';
import { alice, auth, bannedAlice, networkFailure, serverFailure, unauthorized } from '../../fixtures/auth';
import { viewHarness } from '../harness';

/** The real app actor (session, toasts, notifications) with the machines' placeholder effects. */
function setupGuard(area: GuardArea, storedToken: string | null) {
  const app = createActor(appMachine, { input: { storedTheme: null, storedToken } }).start() as unknown as AppActorRef;
  const navigate = vi.fn();
  const h = viewHarness(['currentUser', 'keptProfile']);
  const logic = authGuardMachine.provide({ actors: h.actors as never, actions: bridgeActions(app, navigate) });
  render(
    <AppProvider actor={app}>
      <GuardLogicProvider logic={logic}>
        <AuthGuard area={area}>
          <p>Members only</p>
        </AuthGuard>
      </GuardLogicProvider>
    </AppProvider>,
  );
  const session = () => app.system.get('session') as AnyActorRef;
  const toasts = () => JSON.stringify((app.system.get('toasts') as AnyActorRef).getSnapshot().context);
  return { app, h, navigate, session, toasts };
}

describe('the member and admin guards', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows a spinner while checking, then lets the member in and pushes the user into the session', async () => {
    const { h, session, navigate } = setupGuard('member', 'stored');
    expect(session().getSnapshot().value).toBe('restoring');
    screen.getByRole('status');
    expect(screen.queryByText('Members only')).toBeNull();
    await h.settle({ type: 'xstate.done.actor.currentUser', output: auth(alice, 'fresh') });
    screen.getByText('Members only');
    expect(session().getSnapshot().context).toEqual({
      token: 'fresh',
      profile: alice,
      isLoggedIn: true,
      keepLoggedIn: true,
      pageReload: true,
    });
    expect(navigate).not.toHaveBeenCalled();
    h.restore();
  });

  it('turns a banned member away with the banned toast to the checkpoint, keeping the session it needs', async () => {
    const { h, session, navigate, toasts } = setupGuard('member', 'stored');
    await h.settle({ type: 'xstate.done.actor.currentUser', output: auth(bannedAlice) });
    expect(screen.queryByText('Members only')).toBeNull();
    expect(toasts()).toContain(BANNED_MESSAGE);
    expect(navigate).toHaveBeenCalledWith('/checkpoint', { replace: true });
    expect(session().getSnapshot().value).toBe('banned');
    expect(session().getSnapshot().context.token).toBe('token-alice');
    h.restore();
  });

  it('sends a visitor without a token home at once, without asking the server', async () => {
    const { h, navigate } = setupGuard('admin', null);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/admin/signin', { replace: true }));
    expect(h.actor().getSnapshot().children.currentUser).toBeUndefined();
    h.restore();
  });

  it('clears a token the server no longer accepts after 1 s, the spinner showing meanwhile', async () => {
    const { h, session, navigate } = setupGuard('member', 'stale');
    const refused = Date.now();
    await h.settle({ type: 'xstate.error.actor.currentUser', error: unauthorized });
    screen.getByRole('status');
    expect(session().getSnapshot().context.token).toBe('stale');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }), { timeout: 3 * SESSION_FAILURE_LOGOUT_MS });
    expect(Date.now() - refused).toBeGreaterThanOrEqual(SESSION_FAILURE_LOGOUT_MS - 20);
    expect(session().getSnapshot().context.token).toBe('');
    h.restore();
  });

  it('keeps a member out of /admin, signed in, and shows the admin sign-in', async () => {
    const { h, session, navigate } = setupGuard('admin', 'stored');
    await h.settle({ type: 'xstate.done.actor.currentUser', output: auth(alice) });
    expect(screen.queryByText('Members only')).toBeNull();
    expect(session().getSnapshot().value).toBe('signedIn');
    expect(navigate).toHaveBeenCalledWith('/admin/signin', { replace: true });
    h.restore();
  });

  it('lets the member in with the kept profile when the server cannot be reached, signed in', async () => {
    const { h, session, navigate } = setupGuard('member', 'stored');
    await h.settle({ type: 'xstate.error.actor.currentUser', error: serverFailure });
    await h.settle({ type: 'xstate.done.actor.keptProfile', output: { token: 'stored', user: alice } });
    screen.getByText('Members only');
    expect(session().getSnapshot().value).toBe('signedIn');
    expect(session().getSnapshot().context.profile).toEqual(alice);
    expect(navigate).not.toHaveBeenCalled();
    h.restore();
  });

  it('with no answer and nothing kept for this token, the check has failed: cleared after 1 s, sent home', async () => {
    const { h, session, navigate } = setupGuard('member', 'stored');
    await h.settle({ type: 'xstate.error.actor.currentUser', error: networkFailure });
    await h.settle({ type: 'xstate.done.actor.keptProfile', output: null });
    screen.getByRole('status');
    expect(screen.queryByText('Members only')).toBeNull();
    expect(session().getSnapshot().context.token).toBe('stored');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }), { timeout: 3 * SESSION_FAILURE_LOGOUT_MS });
    expect(session().getSnapshot().value).toBe('signedOut');
    expect(session().getSnapshot().context.token).toBe('');
    h.restore();
  });

  it('leaves the area when the session ends while inside', async () => {
    const { h, session, navigate } = setupGuard('member', 'stored');
    await h.settle({ type: 'xstate.done.actor.currentUser', output: auth(alice) });
    screen.getByText('Members only');
    act(() => session().send({ type: 'session.clear' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(screen.queryByText('Members only')).toBeNull();
    h.restore();
  });
});

describe('the bridge from a screen machine to the app', () => {
  it('delivers session.login before it navigates, so the next screen finds the session updated', async () => {
    const { signInMachine } = await import('../../../src/machines/auth/signIn.machine');
    const { fromPromise } = await import('xstate');
    const app = createActor(appMachine, { input: { storedTheme: null, storedToken: null } }).start() as unknown as AppActorRef;
    const seen: string[] = [];
    const logic = signInMachine.provide({
      actors: {
        signIn: fromPromise<SignInAnswer, SignInRequest>(async () => auth(alice)),
        checkUser: fromPromise(async () => ({ isBanned: false as boolean })),
      },
      actions: bridgeActions(app, (to) => {
        const session = (app.system.get('session') as AnyActorRef).getSnapshot();
        seen.push(`${to} with session ${session.value} ${session.context.token}`);
      }),
    });
    const form = createActor(logic, { input: {} }).start();
    form.send({ type: 'signIn.change', field: 'usernameOrEmail', value: 'alice' });
    form.send({ type: 'signIn.change', field: 'password', value: 'secret-pass' });
    form.send({ type: 'signIn.submit' });
    await waitFor(() => expect(seen).toEqual(['/app/social/streams with session signedIn token-alice']));
  });
});
