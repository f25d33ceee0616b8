import { memberByNameMachine } from '../../../src/machines/people/memberByName.machine';
import { noAnswer, refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const input = { username: 'Ada' };
const model = {
  input,
  events: [
    { type: 'memberByName.retry' },
    { type: 'xstate.done.actor.findMember', output: 'u7' },
    { type: 'xstate.done.actor.findMember', output: null },
    { type: 'xstate.error.actor.findMember', error: refused('Too many requests', 429) },
    { type: 'xstate.error.actor.findMember', error: noAnswer() },
  ] as ModelEvent[],
};

export const memberByNameModel: MachineModel = {
  name: 'memberByName',
  machine: memberByNameMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
