import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  authGuardMachine,
  CHECKPOINT,
  guardHome,
  type AuthGuardInput,
  type KeptProfile,
} from '../../../src/machines/session/authGuard.machine';
import { BANNED_MESSAGE, SESSION_FAILURE_LOGOUT_MS, SESSION_RECHECK_MS } from '../../../src/api/constants';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { authGuardModel } from './authGuard.model';
import { alice, networkFailure, serverFailure, unauthorized } from '../../fixtures/auth';
import type { AuthResponse } from '../../../src/api/auth';

type Answer = { token: string; user: unknown };

/** What each resting state must have done to the world, in order. `kept`: the answer came from this device, not the server. */
function expectedEffects(state: string, input: AuthGuardInput, answer?: Answer, kept = false) {
  const home = { to: guardHome(input.area), replace: true };
  // A server's answer is kept for the next visit without a network; a kept one is only used.
  const login = answer
    ? [
        ['login', { token: answer.token, user: answer.user }],
        ...(kept ? [] : [['keepProfile', { token: answer.token, user: answer.user }]]),
      ]
    : [];
  switch (state) {
    case 'allowed':
      return login;
    case 'forbidden':
      return [...login, ['navigate', home]];
    case 'banned':
      // The session is kept when the member was named (the checkpoint reads their ban with it).
      return [...login, ['showToast', { type: 'error', description: BANNED_MESSAGE }], ['navigate', { to: CHECKPOINT, replace: true }]];
    case 'unauthenticated':
      return [['clearSession'], ['navigate', home]];
    default:
      return [];
  }
}

const coverage = new TransitionCoverage(authGuardMachine);

const topState = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

describe.each(authGuardModel.covers)('auth guard ($label)', ({ label, options }) => {
  const input = options.input as AuthGuardInput;
  const paths = pathsOf(authGuardModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const effects: unknown[][] = [];
    const record = (name: string) => (_: unknown, params?: unknown) => void effects.push(params === undefined ? [name] : [name, params]);
    let mark = 0;
    let previous = topState(path.steps[0].state.value);
    await replay(authGuardMachine, path, {
      input,
      coverage,
      provide: {
        actions: {
          login: record('login'),
          keepProfile: record('keepProfile'),
          clearSession: record('clearSession'),
          showToast: record('showToast'),
          navigate: record('navigate'),
        },
      },
      afterStep: (step, actor) => {
        const event = step.event as { type: string; output?: Answer | null };
        const value = actor.getSnapshot().value;
        const state = topState(value);
        const since = effects.slice(mark);
        const answer = event.output ?? undefined;
        const kept = event.type === 'xstate.done.actor.keptProfile';
        // Moving within the area (waiting, rechecking) does nothing to the world.
        const entered = state !== previous || event.type.startsWith('xstate.done.actor');
        expect(since).toEqual(entered ? expectedEffects(state, input, answer, kept) : []);
        // Only the server's answer lets a member in as confirmed; a kept profile, as kept.
        if (state === 'allowed' && event.type.startsWith('xstate.done')) {
          expect(value).toEqual(kept ? { allowed: { kept: 'waiting' } } : { allowed: 'confirmed' });
        }
        mark = effects.length;
        previous = state;
      },
    });
    // Without a token nothing is asked: straight home.
    if (!input.hasToken) expect(path.steps[0].state.value).toBe('unauthenticated');
  });
});

describe('auth guard, the server unreachable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it(`asks again every ${SESSION_RECHECK_MS / 1000} s while the member reads with the kept profile`, () => {
    expect(authGuardMachine.implementations.delays.SESSION_RECHECK_MS).toBe(30_000);
  });

  it('never signs out on its own: a failing server leaves the member in with the kept profile', async () => {
    let checks = 0;
    const actor = createActor(
      authGuardMachine.provide({
        actors: {
          currentUser: fromPromise<AuthResponse>(async () => {
            checks += 1;
            throw serverFailure;
          }),
          keptProfile: fromPromise<KeptProfile | null>(async () => ({ token: 't', user: alice })),
        },
      }),
      { input: { area: 'member', hasToken: true } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ allowed: { kept: 'waiting' } });
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS * 3);
    expect(checks).toBe(4);
    expect(actor.getSnapshot().value).toEqual({ allowed: { kept: 'waiting' } });
    actor.stop();
  });
});

describe('auth guard, a failed check (spec: "after 1 second the stored session is cleared")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('waits SESSION_FAILURE_LOGOUT_MS, 1 s, a machine delay', () => {
    expect(SESSION_FAILURE_LOGOUT_MS).toBe(1000);
    expect(authGuardMachine.implementations.delays.SESSION_FAILURE_LOGOUT_MS).toBe(SESSION_FAILURE_LOGOUT_MS);
  });

  /** A guard whose checks answer in turn with `answers` (an Error-like value is thrown), and a kept profile or none. */
  function guardWith(answers: unknown[], kept: KeptProfile | null) {
    const effects: string[] = [];
    const actor = createActor(
      authGuardMachine.provide({
        actors: {
          currentUser: fromPromise<AuthResponse>(async () => {
            const answer = answers.shift();
            if ((answer as { token?: string }).token === undefined) throw answer;
            return answer as AuthResponse;
          }),
          keptProfile: fromPromise<KeptProfile | null>(async () => kept),
        },
        actions: {
          clearSession: () => void effects.push('clearSession'),
          navigate: (_: unknown, params: { to: string }) => void effects.push(`navigate ${params.to}`),
        },
      }),
      { input: { area: 'admin', hasToken: true } },
    ).start();
    return { actor, effects };
  }

  it.each([
    ['the server refuses the token (401)', unauthorized],
    ['no answer, nothing kept for this token', networkFailure],
    ['a 5xx, nothing kept for this token', serverFailure],
  ])('%s: the session is cleared after 1 s, not before, and the visitor sent home', async (_name, failure) => {
    const { actor, effects } = guardWith([failure], null);
    await vi.advanceTimersByTimeAsync(SESSION_FAILURE_LOGOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('unauthenticated');
    expect(effects).toEqual(['clearSession', 'navigate /admin/signin']);
    actor.stop();
  });

  it("a refusal on the kept profile's recheck: cleared after 1 s too", async () => {
    const { actor, effects } = guardWith([networkFailure, unauthorized], { token: 't', user: { ...alice, role: 'ADMIN' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ allowed: { kept: 'waiting' } });
    await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(SESSION_FAILURE_LOGOUT_MS);
    expect(effects).toEqual(['clearSession', 'navigate /admin/signin']);
    actor.stop();
  });
});

afterAll(() => {
  console.log(coverage.summary('authGuard', stateCount(authGuardMachine)));
  expect(coverage.missed).toEqual([]);
});
