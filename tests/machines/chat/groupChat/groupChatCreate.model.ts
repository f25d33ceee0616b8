import { groupChatCreateMachine, type CreateGroupChatContext } from '../../../../src/machines/chat/groupChat/groupChatCreate.machine';
import { refused } from '../../../fixtures/streams';
import { ben, cleo, me, team } from './groupChatFixtures';
import { type MachineModel, type ModelEvent } from '../../cover';

const found = (who: { id: string; username: string }) => ({
  _id: who.id,
  username: who.username,
  avatarColor: '#1d4ed8',
  profilePicture: '',
});

/** The group name rules (src/api/chat/schemas.ts groupNameSchema), message by message. */
export const NAME_ERRORS: Record<string, string | null> = {
  '': 'Group name is required',
  ab: 'Group name must be at least 3 characters',
  ['x'.repeat(51)]: 'Group name must not exceed 50 characters',
  'Team!': 'Group name must contain only letters, numbers, and spaces',
  ' Team ': null,
};

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as CreateGroupChatContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    name: c.name,
    nameError: c.nameError,
    invitees: c.invitees.map((u) => u._id),
    error: c.error,
    group: c.group?._id ?? null,
  });
};

export const model = {
  serialize,
  input: { me },
  events: [
    ...Object.keys(NAME_ERRORS).map((value) => ({ type: 'create.name', value })),
    { type: 'create.toggle', user: found(ben) },
    { type: 'create.toggle', user: found(cleo) },
    { type: 'xstate.done.actor.createGroupChat', output: team() },
    { type: 'xstate.error.actor.createGroupChat', error: refused('You cannot invite this member', 403) },
    { type: 'xstate.error.actor.createGroupChat', error: { statusCode: 502 } },
  ] as ModelEvent[],
  // Names are typed on an empty invitation list; invitations are made once the name is valid.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as CreateGroupChatContext;
    if (event.type === 'create.name') return c.invitees.length === 0 && c.error === null && c.name !== ' Team ';
    if (event.type === 'create.toggle') return c.name === ' Team ' && c.error === null && c.invitees.length < 2;
    return true;
  },
};

export const groupChatCreateModel: MachineModel = {
  name: 'groupChatCreate',
  machine: groupChatCreateMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
