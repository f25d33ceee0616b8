import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_FAILURE_LOGOUT_MS } from '../../../src/api/constants';
import { sessionEndMachine } from '../../../src/machines/session/sessionEnd.machine';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { sessionEndModel } from './sessionEnd.model';

const coverage = new TransitionCoverage(sessionEndMachine);

describe('this session ended from another device: told at once, cleared after the spec’s second', () => {
  const paths = pathsOf(sessionEndModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('waits SESSION_FAILURE_LOGOUT_MS (1 s, the spec’s session-failure logout delay)', () => {
    expect(SESSION_FAILURE_LOGOUT_MS).toBe(1000);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const effects: string[] = [];
    let mark = 0;
    let waiting: string | null = null;
    await replay(sessionEndMachine, path, {
      coverage,
      provide: {
        actions: {
          tellMember: () => void effects.push('tell'),
          clearSession: (_, params: { token: string | null }) => void effects.push(`clear ${params.token}`),
        },
      },
      afterStep: (step, actor) => {
        const since = effects.slice(mark);
        mark = effects.length;
        const type = step.event.type;
        if (step.event.type === 'sessionEnd.ended') {
          // Told once, at once; nothing cleared yet (a second word while waiting changes nothing).
          expect(since).toEqual(waiting ? [] : ['tell']);
          waiting ??= step.event.token;
        } else if (type.startsWith('xstate.after.')) {
          // Only the session whose end was told is cleared.
          expect(since).toEqual([`clear ${waiting}`]);
          waiting = null;
        } else {
          expect(since).toEqual([]);
        }
        expect(actor.getSnapshot().value).toBe(waiting ? 'ending' : 'watching');
        expect(actor.getSnapshot().context.ended).toBe(waiting);
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('sessionEnd', stateCount(sessionEndMachine)));
  expect(coverage.missed).toEqual([]);
});
