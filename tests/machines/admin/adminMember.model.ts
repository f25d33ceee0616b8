import { adminMemberMachine, type AdminMemberContext } from '../../../src/machines/admin/adminMember.machine';
import { refused } from '../../fixtures/streams';
import { adminMember } from './adminFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AdminMemberContext;
  return JSON.stringify({ value: snapshot.value, member: c.member?.user._id ?? null, error: c.error });
};

export const model = {
  serialize,
  input: { userId: 'u2' },
  events: [
    { type: 'member.retry' },
    { type: 'xstate.done.actor.fetchMember', output: adminMember() },
    { type: 'xstate.error.actor.fetchMember', error: refused('User not found', 404) },
  ] as ModelEvent[],
};

export const adminMemberModel: MachineModel = {
  name: 'adminMember',
  machine: adminMemberMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
