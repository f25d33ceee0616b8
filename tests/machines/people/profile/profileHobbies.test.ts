import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOBBIES_MAX } from '../../../../src/api/users';
import {
  profileHobbiesMachine,
  withDraft,
  type ProfileHobbiesContext,
} from '../../../../src/machines/people/profile/profileHobbies.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { input, profileHobbiesModel, saved, serialize } from './profileHobbies.model';

const coverage = new TransitionCoverage(profileHobbiesMachine);

describe('profileHobbies machine', () => {
  const paths = pathsOf(profileHobbiesModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sent: string[][] = [];
    await replay(profileHobbiesMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: ProfileHobbiesContext;
          output?: unknown;
          matches(v: string): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        if (snapshot.matches('saving')) sent.push(c.hobbies);
        if (e.type === 'hobbies.add' || e.type === 'hobbies.submit') {
          if (c.draftError) {
            expect(c.draftError).toBe(c.draft.trim() === '' ? 'A hobby must not be empty' : 'A hobby must not exceed 40 characters');
          } else {
            // Added once, whatever its case or spaces; the box empties.
            expect(c.draft).toBe('');
            expect(new Set(c.hobbies.map((h) => h.toLowerCase())).size).toBe(c.hobbies.length);
          }
        }
        if (e.type === 'hobbies.remove') expect(c.hobbies).not.toContain(e.hobby);
        if (e.type === 'xstate.error.actor.saveHobbies') expect(c.error).toBe('At most 20 hobbies');
        if (e.type === 'xstate.done.actor.saveHobbies') expect(snapshot.output).toEqual({ profile: saved });
        if (e.type === 'hobbies.cancel') expect(snapshot.output).toEqual({ profile: null });
      },
    });
    for (const list of sent) expect(list.every((hobby) => hobby === hobby.trim() && hobby.length > 0 && hobby.length <= 40)).toBe(true);
  });

  it('keeps to the contract: a blank draft is refused, a twenty-first hobby too', () => {
    expect(withDraft(['Chess'], '   ')).toEqual({ hobbies: ['Chess'] });
    expect(withDraft(['Chess'], 'CHESS')).toEqual({ hobbies: ['Chess'] });
    const full = Array.from({ length: HOBBIES_MAX }, (_, i) => `Hobby ${i}`);
    expect(withDraft(full, 'One more')).toEqual({ error: 'At most 20 hobbies' });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profileHobbies', stateCount(profileHobbiesMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
