import { connectivityMachine } from '../../../src/machines/offline/connectivity.machine';
import { type MachineModel, type ModelEvent } from '../cover';

const events = [
  { type: 'connectivity.online' },
  { type: 'connectivity.offline' },
  ...(['disconnected', 'connecting', 'connected', 'reconnecting', 'replaced'] as const).map((status) => ({
    type: 'connectivity.socket',
    status,
  })),
] as ModelEvent[];

export const connectivityModel: MachineModel = {
  name: 'connectivity',
  machine: connectivityMachine,
  covers: [true, false].map((online) => ({
    label: online ? 'starts online' : 'starts offline',
    options: { events, input: { online } } as never,
  })),
};
