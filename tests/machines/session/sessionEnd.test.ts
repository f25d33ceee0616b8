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
    let waiting = false;
    await replay(sessionEndMachine, path, {
      coverage,
      provide: {
        actions: {
          tellMember: () => void effects.push('tell'),
          clearSession: () => void effects.push('clear'),
        },
      },
      afterStep: (step, actor) => {
        const since = effects.slice(mark);
        mark = effects.length;
        const type = step.event.type;
        if (type === 'sessionEnd.ended') {
          // Told once, at once; nothing cleared yet (a second word while waiting changes nothing).
          expect(since).toEqual(waiting ? [] : ['tell']);
          waiting = true;
        } else if (type.startsWith('xstate.after.')) {
          expect(since).toEqual(['clear']);
          waiting = false;
        } else {
          expect(since).toEqual([]);
        }
        expect(actor.getSnapshot().value).toBe(waiting ? 'ending' : 'watching');
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('sessionEnd', stateCount(sessionEndMachine)));
  expect(coverage.missed).toEqual([]);
});
