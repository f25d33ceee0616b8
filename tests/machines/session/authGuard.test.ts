import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authGuardMachine, CHECKPOINT, guardHome, type AuthGuardInput } from '../../../src/machines/session/authGuard.machine';
import { BANNED_MESSAGE, SESSION_FAILURE_LOGOUT_MS } from '../../../src/api/constants';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { authGuardModel } from './authGuard.model';

/** What each resting state must have done to the world, in order. */
function expectedEffects(state: string, input: AuthGuardInput, lastOutput?: { token: string; user: unknown }) {
  const home = { to: guardHome(input.area), replace: true };
  switch (state) {
    case 'allowed':
    case 'forbidden':
      return [['login', { token: lastOutput!.token, user: lastOutput!.user }], ...(state === 'forbidden' ? [['navigate', home]] : [])];
    case 'banned': {
      // The session is kept when the server named the member (the checkpoint reads their ban with it).
      const login = lastOutput ? [['login', { token: lastOutput.token, user: lastOutput.user }]] : [];
      return [...login, ['showToast', { type: 'error', description: BANNED_MESSAGE }], ['navigate', { to: CHECKPOINT, replace: true }]];
    }
    case 'unauthenticated':
      return [['clearSession'], ['navigate', home]];
    case 'signedOut':
      return [['logoutSession'], ['navigate', home]];
    default:
      return [];
  }
}

const coverage = new TransitionCoverage(authGuardMachine);

describe.each(authGuardModel.covers)('auth guard ($label)', ({ label, options }) => {
  const input = options.input as AuthGuardInput;
  const paths = pathsOf(authGuardModel, label);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const effects: unknown[][] = [];
    const record = (name: string) => (_: unknown, params?: unknown) => void effects.push(params === undefined ? [name] : [name, params]);
    let lastOutput: { token: string; user: unknown } | undefined;
    let mark = 0;
    await replay(authGuardMachine, path, {
      input,
      coverage,
      provide: {
        actions: {
          login: record('login'),
          clearSession: record('clearSession'),
          logoutSession: record('logoutSession'),
          showToast: record('showToast'),
          navigate: record('navigate'),
        },
      },
      afterStep: (step, actor) => {
        const event = step.event as { type: string; output?: { token: string; user: unknown } };
        lastOutput = event.output;
        const value = actor.getSnapshot().value as string;
        const since = effects.slice(mark);
        if (event.type === 'guard.sessionEnded') {
          expect(since).toEqual(expectedEffects('unauthenticated', input));
        } else if (value === 'forbidden' || value === 'allowed' || value === 'banned') {
          expect(since).toEqual(expectedEffects(value, input, lastOutput));
        } else {
          expect(since).toEqual(expectedEffects(value, input));
        }
        mark = effects.length;
      },
    });
    // Without a token nothing is asked: straight home.
    if (!input.hasToken) expect(path.steps[0].state.value).toBe('unauthenticated');
  });
});

describe('auth guard timing', () => {
  it(`waits ${SESSION_FAILURE_LOGOUT_MS} ms after a failed check before signing out`, () => {
    expect(authGuardMachine.implementations.delays.SESSION_FAILURE_LOGOUT_MS).toBe(1000);
  });
});

afterAll(() => {
  console.log(coverage.summary('authGuard', stateCount(authGuardMachine)));
  expect(coverage.missed).toEqual([]);
});
