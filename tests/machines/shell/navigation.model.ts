import { NAV_SECTIONS, navigationMachine } from '../../../src/machines/shell/navigation.machine';
import { type MachineModel } from '../cover';

const model = {
  events: NAV_SECTIONS.map((section) => ({ type: 'navigation.select', section })),
};

export const navigationModel: MachineModel = {
  name: 'navigation',
  machine: navigationMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
