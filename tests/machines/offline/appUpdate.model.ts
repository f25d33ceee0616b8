import { appUpdateMachine } from '../../../src/machines/offline/appUpdate.machine';
import { type MachineModel, type ModelEvent } from '../cover';

const model = {
  events: [
    { type: 'update.waiting' },
    { type: 'update.activated' },
    { type: 'update.drafts', open: true },
    { type: 'update.drafts', open: false },
    { type: 'update.reload' },
    { type: 'update.dismiss' },
  ] as ModelEvent[],
};

export const appUpdateModel: MachineModel = {
  name: 'appUpdate',
  machine: appUpdateMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
