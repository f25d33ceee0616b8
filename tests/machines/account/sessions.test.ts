import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createAccountSessionsApi } from '../../../src/api/account/client';
import type { ApiClient } from '../../../src/api/client';
import { accountSessionsLogic } from '../../../src/effects/account/sessions';
import {
  END_FAILED,
  END_OTHERS_FAILED,
  SESSIONS_FAILED,
  sessionsMachine,
  type SessionsContext,
} from '../../../src/machines/account/sessions.machine';
import {
  canEndOthers,
  haveSessionsFailed,
  isEndingOthers,
  isSessionsBusy,
  isSessionsLoading,
  selectEnding,
  selectSessions,
  selectSessionsError,
} from '../../../src/machines/account/sessions.connect';
import { refused } from '../../fixtures/streams';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { LIST, serialize, sessionsModel } from './sessions.model';

const coverage = new TransitionCoverage(sessionsMachine);

describe('sessions machine (where you are signed in)', () => {
  const paths = pathsOf(sessionsModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(sessionsMachine, path, {
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot();
        const c = snapshot.context as SessionsContext;
        const e = step.event as ModelEvent;
        const before = path.steps[path.steps.indexOf(step) - 1]!.state.context as SessionsContext;
        const ids = c.sessions.map((s) => s._id);
        // The current session is never ended from here.
        if (snapshot.matches('loaded')) expect(ids).toContain('s1');
        expect(isSessionsBusy(snapshot)).toBe(snapshot.matches({ loaded: 'ending' }) || snapshot.matches({ loaded: 'endingOthers' }));
        if (e.type === 'sessions.end' && (e.sessionId === 's1' || e.sessionId === 's9')) expect(c.ending).toBeNull();
        if (e.type === 'sessions.end' && snapshot.matches({ loaded: 'ending' })) expect(selectEnding(snapshot)).toBe(e.sessionId);
        switch (e.type) {
          case 'xstate.done.actor.endSession':
            expect(ids).not.toContain('s2');
            expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Session ended' });
            break;
          case 'xstate.error.actor.endSession':
            expect(c.ending).toBeNull();
            if ((e.error as { statusCode: number }).statusCode === 404) {
              // Already gone: its row goes, and the member is told.
              expect(ids).not.toContain(before.ending);
              expect(toasts.at(-1)).toEqual({ type: 'info', description: 'Session not found' });
            } else {
              expect(ids).toEqual(before.sessions.map((s) => s._id));
              expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Too many requests' });
            }
            break;
          case 'xstate.done.actor.endOtherSessions':
            expect(ids).toEqual(['s1']);
            expect(canEndOthers(snapshot)).toBe(false);
            expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Signed out of 2 other sessions' });
            break;
          case 'xstate.error.actor.endOtherSessions':
            expect(ids).toEqual(before.sessions.map((s) => s._id));
            expect(toasts.at(-1)).toEqual({ type: 'error', description: END_OTHERS_FAILED });
            break;
          case 'xstate.error.actor.fetchSessions':
            expect(haveSessionsFailed(snapshot)).toBe(true);
            expect(selectSessionsError(snapshot)).toBe('Too many requests');
            break;
          case 'xstate.done.actor.fetchSessions':
            expect(selectSessions(snapshot)).toEqual(LIST.sessions);
            expect(selectSessionsError(snapshot)).toBeNull();
            break;
        }
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('sessions', stateCount(sessionsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

/** The server as the typed client's HTTP function sees it: each call answers its recorded body, a refusal as ofetch throws it. */
function fakeServer(answers: Record<string, () => { status: number; body: unknown }>) {
  const calls: string[] = [];
  const http = vi.fn(async (path: string, options: { method?: string } = {}) => {
    const key = `${options.method ?? 'GET'} ${path}`;
    calls.push(key);
    const answer = answers[key]?.() ?? { status: 404, body: { message: 'Not found', statusCode: 404 } };
    if (answer.status >= 400) throw refused((answer.body as { message: string }).message, answer.status);
    return answer.body;
  });
  return { api: createAccountSessionsApi(http as never) as unknown as ApiClient, calls };
}

describe('sessions effects', () => {
  const app = { system: { get: () => undefined } };

  it('runs the real machine against the typed client: lists, ends one, then all the others', async () => {
    vi.useRealTimers();
    const { api, calls } = fakeServer({
      'GET /account/sessions': () => ({ status: 200, body: LIST }),
      'DELETE /account/sessions/s2': () => ({ status: 200, body: { message: 'Session ended', sessionId: 's2' } }),
      'DELETE /account/sessions/others': () => ({ status: 200, body: { message: 'Signed out of 1 other session', ended: 1 } }),
    });
    const shown: unknown[] = [];
    const logic = accountSessionsLogic(app as never, { api }).sessions.provide({
      actions: { showToast: (_: unknown, t: unknown) => void shown.push(t) },
    });
    const actor = createActor(logic).start();
    expect(isSessionsLoading(actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true));
    expect(canEndOthers(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'sessions.end', sessionId: 's2' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true));
    expect(selectSessions(actor.getSnapshot()).map((s) => s._id)).toEqual(['s1', 's3']);

    actor.send({ type: 'sessions.endOthers' });
    expect(isEndingOthers(actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true));
    expect(selectSessions(actor.getSnapshot()).map((s) => s._id)).toEqual(['s1']);
    expect(calls).toEqual(['GET /account/sessions', 'DELETE /account/sessions/s2', 'DELETE /account/sessions/others']);
    expect(shown).toEqual([
      { type: 'success', description: 'Session ended' },
      { type: 'success', description: 'Signed out of 1 other session' },
    ]);
    actor.stop();
  });

  it('says why the list could not be read, with a fallback when nothing answered', async () => {
    vi.useRealTimers();
    const { api } = fakeServer({ 'GET /account/sessions': () => ({ status: 500, body: { message: '', statusCode: 500 } }) });
    const actor = createActor(accountSessionsLogic(app as never, { api }).sessions).start();
    await vi.waitFor(() => expect(haveSessionsFailed(actor.getSnapshot())).toBe(true));
    expect(selectSessionsError(actor.getSnapshot())).toBe(SESSIONS_FAILED);
    expect(END_FAILED).toMatch(/Please try again/);
    actor.stop();
  });
});
