import { profileLinksMachine, type ProfileLinksContext } from '../../../../src/machines/people/profile/profileLinks.machine';
import { refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';
import { ownProfile } from './profileFixtures';

export const empty = { facebook: '', instagram: '', twitter: '', youtube: '' };
export const saved = ownProfile({ social: { ...empty, youtube: 'https://youtube.com/@ben' } });

export const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as ProfileLinksContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    draft: c.draft,
    errors: c.errors,
    error: c.error,
    output: snapshot.output ?? null,
  });
};

const model = {
  serialize,
  events: [
    { type: 'links.change', network: 'youtube', value: 'https://youtube.com/@ben' },
    { type: 'links.change', network: 'youtube', value: 'youtube.com/@ben' },
    { type: 'links.change', network: 'facebook', value: 'javascript:alert(1)' },
    { type: 'xstate.done.actor.saveLinks', output: { message: 'Social links updated', user: saved } },
    { type: 'xstate.error.actor.saveLinks', error: refused('Too many requests, please try again later', 429) },
    { type: 'xstate.error.actor.saveLinks', error: new TypeError('Failed to fetch') },
  ] as ModelEvent[],
  // The facebook link is tried once, on the form as it opened, so the model stays small.
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    event.type !== 'links.change' || event.network !== 'facebook' || (snapshot.context as ProfileLinksContext).draft.youtube === '',
};

export const input = { links: empty };

export const profileLinksModel: MachineModel = {
  name: 'profileLinks',
  machine: profileLinksMachine,
  covers: [{ label: 'all transitions', options: { ...model, input } as never }],
};
