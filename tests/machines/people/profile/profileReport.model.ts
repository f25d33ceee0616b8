import { profileReportMachine } from '../../../../src/machines/people/profile/profileReport.machine';
import type { MachineModel } from '../../cover';
// The dialog's view test replays the same events through the real dialog, so they stay there.
import { reportModel as options } from './profileReportModel';

export const input = { userId: '0190a5f0-0000-7000-8000-000000000002', username: 'ben' };

export const profileReportModel: MachineModel = {
  name: 'profileReport',
  machine: profileReportMachine,
  covers: [{ label: 'all transitions', options: { ...options, input } as never }],
};
