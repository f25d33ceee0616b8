import { socketMachine, type SocketContext } from '../../../src/machines/shell/socket.machine';
import { type MachineModel, type ModelEvent } from '../cover';

export const post = { _id: 'p1' };
const model = {
  events: [
    { type: 'socket.start', token: 'token-a' },
    { type: 'socket.start', token: 'token-b' },
    { type: 'socket.stop' },
    { type: 'socket.connected' },
    { type: 'socket.connectError', message: 'Session expired, please sign in again' },
    { type: 'socket.disconnected', reason: 'transport close' },
    { type: 'socket.sessionEnded' },
    { type: 'socket.replaced' },
    { type: 'socket.resume' },
    { type: 'socket.message', event: 'post added', payload: { post } },
  ] as ModelEvent[],
  // Bounded: a third failure in a row behaves as the second (only the delay grows).
  filter: (snapshot: { context: unknown }, event: ModelEvent) =>
    (event.type !== 'socket.connectError' && event.type !== 'socket.disconnected') || (snapshot.context as SocketContext).attempts < 2,
};

export const socketModel: MachineModel = {
  name: 'socket',
  machine: socketMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
