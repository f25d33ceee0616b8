import { presenceMachine } from '../../../src/machines/chat/presence.machine';
import { type MachineModel } from '../cover';

export const PEER = '0190a5f0-0000-7000-8000-0000000000b2';
export const OTHER = '0190a5f0-0000-7000-8000-0000000000c3';
export const input = { userIds: [PEER] };

const model = {
  input,
  events: [
    { type: 'xstate.done.actor.watchPresence', output: { userIds: [PEER] } },
    { type: 'xstate.done.actor.watchPresence', output: { userIds: [] } },
    { type: 'xstate.error.actor.watchPresence', error: new Error('Not connected') },
    { type: 'presence.changed', userId: PEER, online: true },
    { type: 'presence.changed', userId: PEER, online: false },
    // Someone not watched (another screen's watch, answered late): ignored.
    { type: 'presence.changed', userId: OTHER, online: true },
    { type: 'presence.reconnected' },
  ],
};

export const presenceModel: MachineModel = {
  name: 'presence',
  machine: presenceMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
