import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOutMachine } from '../../../src/machines/session/signOut.machine';
import { signOutQuestion, unsentWarning } from '../../../src/machines/session/signOut.connect';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { signOutModel } from './signOut.model';

const coverage = new TransitionCoverage(signOutMachine);

describe('sign-out, asked first while the outbox holds items', () => {
  const paths = pathsOf(signOutModel, 'all transitions');
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const effects: string[] = [];
    let mark = 0;
    let asked = 0;
    await replay(signOutMachine, path, {
      coverage,
      provide: {
        actions: {
          logout: () => void effects.push('logout'),
          leave: () => void effects.push('leave'),
        },
      },
      afterStep: (step, actor) => {
        const event = step.event as { type: string; unsent?: number };
        const snapshot = actor.getSnapshot() as Parameters<typeof signOutQuestion>[0];
        const since = effects.slice(mark);
        mark = effects.length;
        if (event.type === 'signOut.request' && asked === 0) {
          // With nothing unsent the member is out at once; with items, nothing happens until they choose.
          expect(since).toEqual(event.unsent === 0 ? ['logout', 'leave'] : []);
          expect(signOutQuestion(snapshot)).toBe(event.unsent === 0 ? null : unsentWarning(event.unsent!));
          if (event.unsent) asked = event.unsent;
        } else if (event.type === 'signOut.confirm' && asked) {
          expect(since).toEqual(['logout', 'leave']);
          expect(signOutQuestion(snapshot)).toBeNull();
          asked = 0;
        } else if (event.type === 'signOut.cancel' && asked) {
          // Cancel keeps everything: signed in, the items kept.
          expect(since).toEqual([]);
          expect(signOutQuestion(snapshot)).toBeNull();
          asked = 0;
        } else {
          // An event the state does not take (a second request while asking) changes nothing.
          expect(since).toEqual([]);
        }
      },
    });
  });

  it('says how many items signing out would delete', () => {
    expect(unsentWarning(3)).toBe('You have 3 unsent items. They will be deleted if you sign out.');
    expect(unsentWarning(1)).toBe('You have 1 unsent item. It will be deleted if you sign out.');
  });
});

afterAll(() => {
  console.log(coverage.summary('signOut', stateCount(signOutMachine)));
  expect(coverage.missed).toEqual([]);
});
