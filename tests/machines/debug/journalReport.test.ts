import type { SignInAnswer } from '../../../src/api/account/twoFactor';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine } from 'xstate';
import type { CheckUserResponse } from '../../../src/api/auth';
import { bridgeActions } from '../../../src/effects/shell/bridge';
import { createJournal, inReplay, type JournalExport } from '../../../src/effects/debug/journal';
import { replayJournal } from '../../../src/effects/debug/journalReplay';
import { parseJournal } from '../../../src/effects/debug/journalFile';
import { compareReplay, journalReport } from '../../../src/effects/debug/journalReport';
import { navigationLogic } from '../../../src/effects/shell/navigation';
import { toastQueueLogic } from '../../../src/effects/shell/toasts';
import { appMachine } from '../../../src/machines/shell/app.machine';
import { statecharts } from '../../../src/machines';
import { signInMachine, type SignInRequest } from '../../../src/machines/auth/signIn.machine';
import { alice, apiFailure, auth } from '../../fixtures/auth';

const environment = {
  appVersion: '0.1.0',
  route: '/',
  screen: { width: 1280, height: 900, pixelRatio: 1 },
  userAgent: 'test',
  reportedAt: '2026-11-27T09:00:00.000Z',
};

/** The JSON file as it travels. */
const asFile = (report: JournalExport) => parseJournal(JSON.stringify(report));

/**
 * A sign-in recorded live beside the app shell: a failed attempt, then success with the user
 * check; the form logs the app's session in through the real bridge (a send from another system).
 */
async function recordSession() {
  const journal = createJournal();
  const app = createActor(appMachine.provide({ actors: { toasts: toastQueueLogic, navigation: navigationLogic } }), {
    input: { storedTheme: 'dark', storedToken: null },
    inspect: journal.inspect,
  }).start();
  const signIn = signInMachine.provide({
    actors: {
      signIn: fromPromise<SignInAnswer, SignInRequest>(async ({ input }) => {
        if (input.password !== 'correct horse') throw apiFailure('Invalid credentials', 401);
        return auth(alice, 'jwt-secret');
      }),
      checkUser: fromPromise<CheckUserResponse, { authId: string; token: string }>(async () => ({ isBanned: false })),
    },
    actions: { login: bridgeActions(app, () => {}).login, navigate: () => {} },
  });
  const form = createActor(signIn, { input: {}, inspect: journal.inspect }).start();
  form.send({ type: 'signIn.change', field: 'usernameOrEmail', value: 'alice' });
  form.send({ type: 'signIn.change', field: 'password', value: 'wrong' });
  form.send({ type: 'signIn.submit' });
  await vi.advanceTimersByTimeAsync(0);
  form.send({ type: 'signIn.change', field: 'password', value: 'correct horse' });
  form.send({ type: 'signIn.submit' });
  await vi.advanceTimersByTimeAsync(0);
  app.system.get('toasts')!.send({ type: 'toasts.show', toast: { description: 'Welcome back, alice', type: 'success' } });
  await vi.advanceTimersByTimeAsync(5000);
  app.system.get('navigation')!.send({ type: 'sidebar.toggle' });
  expect(form.getSnapshot().status).toBe('done');
  expect(app.system.get('session')!.getSnapshot().value).toBe('signedIn');
  return { journal, app, form, signIn };
}

const machines: Record<string, AnyStateMachine> = { ...statecharts, app: appMachine };

describe('recorded states', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('each entry carries its receiver’s value and status just after the event', async () => {
    const { journal, app, form } = await recordSession();
    const entries = journal.entries();
    // Every event a machine processed has its state; so does each actor's start.
    expect(entries.every((e) => e.state)).toBe(true);
    const ofForm = entries.filter((e) => e.root === 'signIn');
    expect(ofForm[0]).toMatchObject({ type: 'xstate.init', state: { value: { form: 'idle' }, status: 'active' } });
    expect(ofForm.find((e) => e.type === 'xstate.error.actor.signIn')).toMatchObject({
      state: { value: { form: 'error' }, status: 'active' },
    });
    expect(ofForm.at(-1)).toMatchObject({ type: 'xstate.done.actor.checkUser', state: { value: 'success', status: 'done' } });
    // The state after the event, not the actor's latest: the sidebar toggled after the login.
    const login = entries.find((e) => e.type === 'session.login')!;
    expect(login.state).toEqual({ value: 'signedIn', status: 'active' });
    // Sent by the form's system into the app's: the entry says so, and a replay of the app sends it.
    expect(login).toMatchObject({ root: 'app', system: 1, source: 'signIn', sourceIsMachine: true, sourceSystem: 2 });
    expect(entries.filter((e) => e.sourceSystem !== undefined).map((e) => e.type)).toEqual(['session.login']);
    expect(entries.findLast((e) => e.actor === 'app/navigation')!.state).toEqual({
      value: app.system.get('navigation')!.getSnapshot().value,
      status: 'active',
    });
    // A child's synced snapshot is kept as its status, value and context, not with its whole machine.
    const synced = entries.findLast((e) => e.type === 'xstate.snapshot.session')!;
    expect(Object.keys(synced.event.snapshot as object)).toEqual(['status', 'value', 'context']);
    expect(synced.event.snapshot).toMatchObject({ status: 'active', value: 'signedIn', context: { token: '[redacted]' } });
    expect(JSON.stringify(synced).length).toBeLessThan(3000);
    // No context per entry: the ring of 2,000 stays small.
    expect(Object.keys(login.state!)).toEqual(['value', 'status']);
    expect(JSON.stringify(journal.export())).not.toMatch(/correct horse|jwt-secret/);
    expect(journal.export().version).toBe(2);
    app.stop();
    form.stop();
  });

  it('still reads version-1 files, which replay but cannot be compared', async () => {
    const { journal, app, form } = await recordSession();
    app.stop();
    form.stop();
    const v1 = { ...journal.export(), version: 1, entries: journal.entries().map(({ state: _state, ...entry }) => entry) };
    const parsed = parseJournal(JSON.stringify(v1));
    expect(parsed.version).toBe(1);
    expect(parsed.entries[0].state).toBeUndefined();
    expect(replayJournal(parsed, signInMachine).snapshots.at(-1)).toMatchObject({ actor: 'signIn', value: 'success', status: 'done' });
    const verdict = compareReplay(parsed, machines);
    expect(verdict.agrees).toBe(true);
    expect(verdict.systems.map((s) => [s.root, s.verdict, s.reason])).toEqual([
      ['app', 'not replayable', 'no recorded states (a version-1 journal)'],
      ['signIn', 'not replayable', 'no recorded states (a version-1 journal)'],
    ]);
    expect(() => parseJournal(JSON.stringify({ ...v1, version: 3 }))).toThrow(/Not a Stoa event journal/);
  });
});

describe('compareReplay', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('agrees on an untampered report, and lists the systems of unknown roots as not replayable', async () => {
    const { journal, app, form } = await recordSession();
    app.stop();
    form.stop();
    const report = asFile(journalReport(journal, environment));
    expect(report.environment).toEqual(environment);
    const verdict = compareReplay(report, machines);
    expect(verdict).toMatchObject({ agrees: true });
    expect(verdict.systems).toEqual([
      { system: 1, root: 'app', verdict: 'agrees', compared: expect.any(Number) },
      { system: 2, root: 'signIn', verdict: 'agrees', compared: report.entries.filter((e) => e.root === 'signIn').length },
    ]);
    expect(verdict.systems[0].compared).toBe(report.entries.filter((e) => e.root === 'app').length);
    // Without the app's machine its system is not replayed, which is no disagreement.
    const { app: _app, ...withoutApp } = machines;
    expect(compareReplay(report, withoutApp).systems[0]).toEqual({
      system: 1,
      root: 'app',
      verdict: 'not replayable',
      reason: 'no machine with id "app"',
      compared: 0,
    });
    expect(compareReplay(report, withoutApp).agrees).toBe(true);
  });

  it('finds the first event where a tampered report parts from its replay', async () => {
    const { journal, app, form } = await recordSession();
    app.stop();
    form.stop();
    const report = asFile(journalReport(journal, environment));
    // One recorded state changed: the failed attempt "ended" in success.
    const failed = report.entries.find((e) => e.type === 'xstate.error.actor.signIn')!;
    failed.state = { value: 'success', status: 'done' };
    // A later one too: the first is reported.
    const toggle = report.entries.find((e) => e.type === 'sidebar.toggle')!;
    toggle.state = { value: { sidebar: 'closed', searchBar: 'closed' }, status: 'active' };
    const verdict = compareReplay(report, machines);
    expect(verdict).toMatchObject({
      agrees: false,
      seq: failed.seq,
      actor: 'signIn',
      root: 'signIn',
      type: 'xstate.error.actor.signIn',
      recorded: { value: 'success', status: 'done' },
      replayed: { value: { form: 'error' }, status: 'active' },
    });
    expect(verdict.systems.map((s) => [s.root, s.verdict])).toEqual([
      ['app', 'parts'],
      ['signIn', 'parts'],
    ]);

    // A report missing an event the user sent ends elsewhere: the replay parts where the recording went on.
    const untampered = asFile(journalReport(journal, environment));
    const secondSubmit = untampered.entries.filter((e) => e.type === 'signIn.submit')[1];
    const cut = { ...untampered, entries: untampered.entries.filter((e) => e !== secondSubmit) };
    const after = compareReplay(cut, machines);
    expect(after).toMatchObject({
      agrees: false,
      actor: 'signIn',
      type: 'xstate.done.actor.signIn',
      recorded: { value: { submitting: 'checkingUser' } },
      replayed: { value: { form: 'error' } },
    });
    expect((after as { seq: number }).seq).toBeGreaterThan(secondSubmit.seq);
  });

  it('a replay of the live screens (their bridge aimed at the live app) never signs the live session in', async () => {
    const { journal, app, form, signIn } = await recordSession();
    form.stop();
    const report = asFile(journalReport(journal, environment));
    // The page the replay runs in has signed out since.
    app.system.get('session')!.send({ type: 'session.clear' });
    expect(app.system.get('session')!.getSnapshot().value).toBe('signedOut');
    const sentToLive: string[] = [];
    const watch = app.system
      .get('session')!
      .subscribe({ next: () => sentToLive.push(String(app.system.get('session')!.getSnapshot().value)) });
    // The explorer replays the screens' own logic (what it saw running), bridge included.
    const replay = replayJournal(report, signIn as AnyStateMachine, { system: 2 });
    expect(replay.snapshots.at(-1)).toMatchObject({ actor: 'signIn', value: 'success', status: 'done' });
    expect(compareReplay(report, { ...machines, signIn: signIn as AnyStateMachine }).agrees).toBe(true);
    watch.unsubscribe();
    expect(sentToLive).toEqual([]);
    expect(app.system.get('session')!.getSnapshot().value).toBe('signedOut');
    expect(inReplay(app as AnyActorRef)).toBe(false);
    app.stop();
  });
});
