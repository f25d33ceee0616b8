import { postReportMachine } from '../../../../src/machines/streams/post/postReport.machine';
import type { MachineModel } from '../../cover';
// The dialog's view test replays the same events through the real dialog, so they stay there.
import { postReportModel as options } from './postReportModel';

export const input = { postId: '0190a5f0-0000-7000-8000-000000000007', username: 'ben' };

export const postReportModel: MachineModel = {
  name: 'postReport',
  machine: postReportMachine,
  covers: [{ label: 'all transitions', options: { ...options, input } as never }],
};
