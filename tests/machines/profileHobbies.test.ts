import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOBBIES_MAX } from '../../src/api/users';
import { profileHobbiesMachine, withDraft, type ProfileHobbiesContext } from '../../src/machines/profileHobbies.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { ownProfile } from './profileFixtures';

const saved = ownProfile({ hobbies: ['Chess', 'Climbing'] });
const TOO_LONG = 'x'.repeat(41);

const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as ProfileHobbiesContext;
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, hobbies: c.hobbies, draft: c.draft, draftError: c.draftError, error: c.error, output: snapshot.output ?? null });
};

const model = {
  serialize,
  events: [
    { type: 'hobbies.draft', value: 'Climbing' },
    { type: 'hobbies.draft', value: ' chess ' },
    { type: 'hobbies.draft', value: '   ' },
    { type: 'hobbies.draft', value: TOO_LONG },
    { type: 'hobbies.remove', hobby: 'Chess' },
    { type: 'xstate.done.actor.saveHobbies', output: { message: 'Hobbies updated', user: saved } },
    { type: 'xstate.error.actor.saveHobbies', error: refused('At most 20 hobbies', 400) },
  ] as ModelEvent[],
  // A draft is typed into an empty box and removing is tried on the list as it opened: bounded.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as ProfileHobbiesContext;
    if (event.type === 'hobbies.draft') return c.draft === '' && c.draftError === null;
    if (event.type === 'hobbies.remove') return c.hobbies.join() === 'Chess' && c.draft === '';
    return true;
  },
};

const coverage = new TransitionCoverage(profileHobbiesMachine);

describe('profileHobbies machine', () => {
  const input = { hobbies: ['Chess'] };
  const paths = coverPaths(profileHobbiesMachine, { ...model, input } as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const sent: string[][] = [];
    await replay(profileHobbiesMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ProfileHobbiesContext; output?: unknown; matches(v: string): boolean };
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
