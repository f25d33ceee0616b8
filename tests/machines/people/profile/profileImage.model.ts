import { profileImageMachine, type ProfileImageContext } from '../../../../src/machines/people/profile/profileImage.machine';
import { refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';
import { ownProfile, PDF, PNG } from './profileFixtures';

export const uploaded = ownProfile({ profilePicture: '/media/image/upload/v1/p1' });
// A failure with no server body (a proxy's 502 page): the spec's own words show.
export const noMessage = { statusCode: 502 };

export const serialize = (snapshot: { value: unknown; status: string; context: unknown; output?: unknown }) => {
  const c = snapshot.context as ProfileImageContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    preview: c.preview,
    error: c.error,
    profile: c.profile?.profilePicture ?? null,
    output: snapshot.output ?? null,
  });
};

const model = {
  serialize,
  events: [
    { type: 'profileImage.choose', dataUrl: PNG },
    { type: 'profileImage.choose', dataUrl: PDF },
    { type: 'xstate.done.actor.uploadImage', output: { message: 'Profile images updated', user: uploaded } },
    { type: 'xstate.error.actor.uploadImage', error: refused('Image is too large: the limit is 10 MB', 413) },
    { type: 'xstate.error.actor.uploadImage', error: noMessage },
  ] as ModelEvent[],
};

export const profileImageModel: MachineModel = {
  name: 'profileImage',
  machine: profileImageMachine,
  covers: (
    [
      ['a picked image', { kind: 'profile' as const, dataUrl: PNG }],
      ['a picked PDF', { kind: 'background' as const, dataUrl: PDF }],
    ] as const
  ).map(([name, input]) => ({ label: `starting from ${name}`, options: { ...model, input } as never })),
};
