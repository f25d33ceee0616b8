import type { SignInAnswer } from '../../../src/api/account/twoFactor';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { addressOf, createJournal, redact, REDACTED } from '../../../src/effects/debug/journal';
import { replayJournal, snapshotRecord, snapshotsByActor, type SnapshotRecord } from '../../../src/effects/debug/journalReplay';
import { parseJournal, redactExport } from '../../../src/effects/debug/journalFile';
import { navigationLogic } from '../../../src/effects/shell/navigation';
import { toastQueueLogic } from '../../../src/effects/shell/toasts';
import { appMachine } from '../../../src/machines/shell/app.machine';
import type { CheckUserResponse } from '../../../src/api/auth';
import { signInMachine, type SignInRequest } from '../../../src/machines/auth/signIn.machine';
import { alice, apiFailure, auth } from '../../fixtures/auth';

/** Records every snapshot of every machine actor, the way replayJournal reports them. */
function snapshotRecorder() {
  const records: SnapshotRecord[] = [];
  const inspect = (inspection: InspectionEvent) => {
    const ref = inspection.actorRef as AnyActorRef & { logic?: unknown };
    if (inspection.type === '@xstate.snapshot' && ref.logic && 'root' in (ref.logic as object)) {
      records.push(snapshotRecord(addressOf(ref), inspection.snapshot as never));
    }
  };
  return { records, inspect };
}

/** Runs a live actor recorded into a fresh journal and a snapshot recorder. */
function live(machine: AnyStateMachine, input?: unknown) {
  const journal = createJournal();
  const recorder = snapshotRecorder();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      journal.inspect(inspection);
      recorder.inspect(inspection);
    },
  });
  actor.start();
  return { journal, actor, snapshots: recorder.records };
}

/** Export to JSON text and back, as the debug panel's file would travel. */
const roundTrip = (journal: ReturnType<typeof createJournal>) => parseJournal(JSON.stringify(journal.export()));

describe('redact', () => {
  it('hides secrets and data URLs, keeps the rest', () => {
    const error = Object.assign(new Error('Unauthorized'), { data: { message: 'Bad credentials', statusCode: 401 } });
    const out = redact({
      type: 'x',
      password: 'hunter22',
      confirmPassword: 'hunter22',
      body: { token: 'abc', user: { username: 'ada', avatarImage: 'data:image/png;base64,AAAA' } },
      headers: { Authorization: 'Bearer abc' },
      empty: '',
      list: [1, 'two', { idToken: 'x' }],
      change: { type: 'signIn.change', field: 'password', value: 'hunter22' },
      username: { type: 'signIn.change', field: 'usernameOrEmail', value: 'ada' },
      error,
      fn: () => 1,
    });
    expect(out).toEqual({
      type: 'x',
      password: REDACTED,
      confirmPassword: REDACTED,
      body: { token: REDACTED, user: { username: 'ada', avatarImage: '[data URL, 26 chars]' } },
      headers: { Authorization: REDACTED },
      empty: '',
      list: [1, 'two', { idToken: REDACTED }],
      change: { type: 'signIn.change', field: 'password', value: REDACTED },
      username: { type: 'signIn.change', field: 'usernameOrEmail', value: 'ada' },
      error: { __error: true, name: 'Error', message: 'Unauthorized', data: { message: 'Bad credentials', statusCode: 401 } },
    });
    expect(JSON.stringify(out)).not.toMatch(/hunter22|Bearer abc|base64/);
  });

  const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwidHYiOjB9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

  it('hides every key that contains a secret word, in any case and at any depth, keeping flags and numbers', () => {
    const out = redact({
      type: 'xstate.init',
      input: { storedToken: 'opaque-session-value', theme: 'dark' },
      nested: [{ deeper: { SessionCookie: 'c=1', resetCode: 'R-1', clientSecret: 's', newPassword: 'p', AUTHORIZATION: 'a' } }],
      tokens: { access: 'a-value', list: ['one', { two: 'b-value' }], count: 2 },
      hasToken: false,
      error: { statusCode: 401, message: 'Unauthorized' },
      form: { type: 'signUp.change', field: 'inviteCode', value: 'INV-42' },
      emptyToken: '',
    });
    expect(out).toEqual({
      type: 'xstate.init',
      input: { storedToken: REDACTED, theme: 'dark' },
      nested: [
        {
          deeper: { SessionCookie: REDACTED, resetCode: REDACTED, clientSecret: REDACTED, newPassword: REDACTED, AUTHORIZATION: REDACTED },
        },
      ],
      tokens: { access: REDACTED, list: [REDACTED, { two: REDACTED }], count: 2 },
      hasToken: false,
      error: { statusCode: 401, message: 'Unauthorized' },
      form: { type: 'signUp.change', field: 'inviteCode', value: REDACTED },
      emptyToken: '',
    });
  });

  it('hides JWT-shaped and Bearer values wherever they sit, inside longer text too', () => {
    const out = redact({
      note: jwt,
      said: `the server refused ${jwt} today`,
      headers: [`Bearer ${jwt}`, 'bearer abc.def'],
      error: Object.assign(new Error(`bad token ${jwt}`), { data: { echo: `Bearer opaque-${jwt.length}` } }),
      keep: 'stoa.example.org and v1.2.3 stay',
    });
    const text = JSON.stringify(out);
    expect(text).not.toContain(jwt.split('.')[2]);
    expect(text).not.toContain('opaque-');
    expect(text).not.toContain('abc.def');
    expect(out).toMatchObject({
      note: REDACTED,
      said: `the server refused ${REDACTED} today`,
      headers: [`Bearer ${REDACTED}`, `bearer ${REDACTED}`],
      error: { message: `bad token ${REDACTED}`, data: { echo: `Bearer ${REDACTED}` } },
      keep: 'stoa.example.org and v1.2.3 stay',
    });
  });

  it('redacts a whole export as it goes to a file, environment included, and keeps state names', () => {
    const data = redactExport({
      format: 'stoa-journal',
      version: 2,
      exportedAt: '2026-01-01T00:00:00.000Z',
      dropped: 0,
      entries: [
        {
          seq: 1,
          at: 0,
          system: 1,
          root: 'profile',
          actor: 'profile',
          source: null,
          sourceIsMachine: false,
          type: 'x',
          event: { type: 'x', input: { storedToken: 'live-token' }, text: jwt },
          state: { value: { password: 'editing' }, status: 'active' },
        },
      ],
      environment: {
        appVersion: '1',
        route: `/somewhere?next=${jwt}`,
        screen: { width: 1, height: 1, pixelRatio: 1 },
        userAgent: 'ua',
        reportedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(data.entries[0]!.event).toEqual({ type: 'x', input: { storedToken: REDACTED }, text: REDACTED });
    expect(data.entries[0]!.state).toEqual({ value: { password: 'editing' }, status: 'active' });
    expect(data.environment!.route).toBe(`/somewhere?next=${REDACTED}`);
  });
});

describe('journal ring', () => {
  it('keeps the newest entries up to its capacity and says how many it dropped', () => {
    const journal = createJournal({ capacity: 5 });
    const actor = createActor(appMachine, { input: { storedTheme: null }, inspect: journal.inspect }).start();
    const before = journal.entries().length + journal.dropped();
    for (let i = 0; i < 10; i++) actor.send({ type: 'ping', i } as never);
    expect(journal.entries()).toHaveLength(5);
    expect(journal.dropped()).toBe(before + 10 - 5);
    expect(journal.entries().map((e) => e.event.i)).toEqual([5, 6, 7, 8, 9]);
    expect(journal.entries()[0]).toMatchObject({ actor: 'app', root: 'app', source: null, type: 'ping' });
    journal.clear();
    expect(journal.entries()).toEqual([]);
    actor.stop();
  });

  it('forwards every inspection event to an attached observer (the dev inspector)', async () => {
    const journal = createJournal();
    const seen: string[] = [];
    const detach = journal.forwardTo({ next: (inspection) => void seen.push(inspection.type) });
    const actor = createActor(appMachine, { input: { storedTheme: null }, inspect: journal.inspect }).start();
    expect(seen).toEqual(expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']));
    detach();
    const count = seen.length;
    actor.send({ type: 'ping' } as never);
    expect(seen).toHaveLength(count);
    actor.stop();
    // Off unless VITE_XSTATE_INSPECT=true in a development build.
    const { createDevInspector } = await import('../../../src/effects/debug/inspector');
    expect(await createDevInspector()).toBeUndefined();
  });

  it('records the receiver, its system id and the sender', () => {
    const journal = createJournal();
    const actor = createActor(appMachine, { input: { storedTheme: null }, inspect: journal.inspect }).start();
    actor.system.get('toasts')!.send({ type: 'toasts.show', toast: { description: 'Hi', type: 'info' } });
    const entries = journal.entries();
    expect(entries.find((e) => e.type === 'toasts.show')).toMatchObject({
      actor: 'app/toasts',
      systemId: 'toasts',
      source: null,
    });
    // The queue's own message to its new toast is recorded as internal.
    expect(entries.find((e) => e.type === 'toast.activate')).toMatchObject({
      actor: 'app/toasts/t-1',
      source: 'app/toasts',
      sourceIsMachine: true,
    });
    actor.stop();
  });
});

describe('replay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reproduces a shell session of the app actor: theme, session, toasts, notifications, navigation', async () => {
    // The app as main.tsx wires its shell (toast recording, navigation hooks); the session's
    // sign-out call is the placeholder, which fails: the session still signs out.
    const app = appMachine.provide({ actors: { toasts: toastQueueLogic, navigation: navigationLogic } });
    const { journal, actor, snapshots } = live(app, { storedTheme: 'dark', storedToken: null });
    const send = (id: string, event: object) => actor.system.get(id)!.send(event as never);

    send('theme', { type: 'theme.toggle' });
    send('session', { type: 'session.login', token: 'secret-token', user: alice, keepLoggedIn: true });
    send('toasts', { type: 'toasts.show', toast: { description: 'Welcome back, alice', type: 'success' } });
    send('toasts', { type: 'toasts.show', toast: { description: 'Could not load suggestions', type: 'error', timeoutMs: 5000 } });
    send('toasts', { type: 'toasts.show', toast: { description: 'Welcome back, alice', type: 'success' } });
    await vi.advanceTimersByTimeAsync(3000);
    send('toasts', { type: 'toasts.pause' });
    await vi.advanceTimersByTimeAsync(10_000);
    send('toasts', { type: 'toasts.resume' });
    send('navigation', { type: 'sidebar.toggle' });
    send('navigation', { type: 'navigation.select', section: 'streams' });
    send('navigation', { type: 'searchBar.toggle' });
    await vi.advanceTimersByTimeAsync(5000);
    send('toasts', { type: 'toasts.show', toast: { description: 'Signed out', type: 'info' } });
    send('session', { type: 'session.logout' });
    await vi.advanceTimersByTimeAsync(0); // the sign-out call settles
    await vi.advanceTimersByTimeAsync(3000);
    actor.stop();
    // The sign-out's chat cleanup imports the chat's effects on demand: let that import land
    // while the test environment still stands.
    await vi.dynamicImportSettled();

    const recording = roundTrip(journal);
    expect(JSON.stringify(recording)).not.toContain('secret-token');
    const replayed = replayJournal(recording, app);

    // Every machine actor went through the same snapshots, in the same order.
    expect(snapshotsByActor(replayed.snapshots)).toEqual(snapshotsByActor(snapshots));
    expect(Object.keys(snapshotsByActor(snapshots))).toEqual(
      expect.arrayContaining(['app', 'app/theme', 'app/session', 'app/toasts', 'app/toasts/t-1', 'app/notifications', 'app/navigation']),
    );
    const last = (id: string) => snapshotsByActor(replayed.snapshots)[id].at(-1)!;
    expect(last('app/theme').context).toEqual({ theme: 'light', matchSystem: false });
    expect(last('app/session').value).toBe('signedOut');
    expect(last('app/toasts').value).toBe('idle');
    expect(last('app/navigation').value).toEqual({ sidebar: 'closed', searchBar: 'open' });
    // Timers and the sign-out failure were sent as recorded; the system's own messages were not.
    const sent = replayed.steps.map((s) => s.entry.type);
    expect(sent).toEqual(expect.arrayContaining(['xstate.after.TIMEOUT.toast.visible.counting', 'xstate.error.actor.signOut']));
    expect(replayed.skipped.map((e) => e.type)).toEqual(expect.arrayContaining(['toast.activate', 'xstate.init']));

    // The comparison has teeth: without the recorded timeouts the toasts never leave.
    // (Only the toasts' timers: the unread badge's retry timer is the world too, and without it the
    // recorded failure of its next read would reach a state that no longer reads.)
    const withoutTimers = {
      ...recording,
      entries: recording.entries.filter((e) => !(e.type.startsWith('xstate.after.') && e.actor.startsWith('app/toasts'))),
    };
    const diverged = replayJournal(withoutTimers, app);
    expect(snapshotsByActor(diverged.snapshots)).not.toEqual(snapshotsByActor(snapshots));
    expect(snapshotsByActor(diverged.snapshots)['app/toasts'].at(-1)!.value).toEqual({ showing: 'running' });
  });

  it('reproduces a recorded sign-in: a failed attempt, then success with the user check', async () => {
    const login = vi.fn();
    const navigate = vi.fn();
    let attempts = 0;
    const signIn = signInMachine.provide({
      actors: {
        signIn: fromPromise<SignInAnswer, SignInRequest>(async ({ input }) => {
          attempts += 1;
          if (input.password !== 'correct horse') throw apiFailure('Invalid credentials', 401);
          return auth(alice, 'jwt-secret');
        }),
        // The check must be authorised by the token sign-in just returned: nothing is stored yet.
        checkUser: fromPromise<CheckUserResponse, { authId: string; token: string }>(async ({ input }) => {
          if (input.token !== 'jwt-secret') throw apiFailure('Session expired, please sign in again', 401);
          return { isBanned: false };
        }),
      },
      actions: { login, navigate },
    });
    const { journal, actor, snapshots } = live(signIn, {});
    actor.send({ type: 'signIn.submit' }); // both fields required
    actor.send({ type: 'signIn.change', field: 'usernameOrEmail', value: 'alice' });
    actor.send({ type: 'signIn.change', field: 'password', value: 'wrong' });
    actor.send({ type: 'signIn.rememberMe', value: true });
    actor.send({ type: 'signIn.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.error).toBe('Invalid credentials');
    actor.send({ type: 'signIn.change', field: 'password', value: 'correct horse' });
    actor.send({ type: 'signIn.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().status).toBe('done');
    expect(attempts).toBe(2);
    expect(login).toHaveBeenCalledTimes(1);

    const recording = roundTrip(journal);
    const text = JSON.stringify(recording);
    expect(text).not.toMatch(/correct horse|jwt-secret|base64/);

    login.mockClear();
    const replayed = replayJournal(recording, signIn);
    expect(snapshotsByActor(replayed.snapshots)).toEqual(snapshotsByActor(snapshots));
    // The replay did not call the API again, nor run the effects.
    expect(attempts).toBe(2);
    expect(login).not.toHaveBeenCalled();
    const final = replayed.snapshots.at(-1)!;
    expect(final).toMatchObject({ actor: 'signIn', status: 'done', value: 'success' });
    expect((final.context as { password: string }).password).toBe(REDACTED);
    // The server's message reached the machine again through the replayed error.
    expect(replayed.snapshots.some((s) => (s.context as { error?: string }).error === 'Invalid credentials')).toBe(true);
  });

  it('refuses a file that is not a journal', () => {
    expect(() => parseJournal('{"entries":[]}')).toThrow(/Not a Stoa event journal/);
  });
});
