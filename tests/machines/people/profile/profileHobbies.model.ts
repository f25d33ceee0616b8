import { profileHobbiesMachine, type ProfileHobbiesContext } from '../../../../src/machines/people/profile/profileHobbies.machine';
import { refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';
import { ownProfile } from './profileFixtures';

export const saved = ownProfile({ hobbies: ['Chess', 'Climbing'] });
const TOO_LONG = 'x'.repeat(41);

export const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as ProfileHobbiesContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    hobbies: c.hobbies,
    draft: c.draft,
    draftError: c.draftError,
    error: c.error,
    output: snapshot.output ?? null,
  });
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

export const input = { hobbies: ['Chess'] };

export const profileHobbiesModel: MachineModel = {
  name: 'profileHobbies',
  machine: profileHobbiesMachine,
  covers: [{ label: 'all transitions', options: { ...model, input } as never }],
};
