import { reportMachine } from '../../../src/machines/moderation/report.machine';
import type { MachineModel } from '../cover';
// The dialog's view test replays the same events through the real dialog, so they stay there.
import { reportModelOf } from './reportModel';

export const reportModel: MachineModel = {
  name: 'report',
  machine: reportMachine,
  covers: [
    { label: 'a post', options: reportModelOf('post') as never },
    { label: 'a member', options: reportModelOf('profile') as never },
  ],
};
