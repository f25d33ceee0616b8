import { scheduledDeletionsMachine } from '../../../src/machines/account/scheduledDeletions.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const SCHEDULED = {
  userId: 'u1',
  username: 'dee',
  email: 'dee@example.org',
  requestedAt: '2026-11-29T10:00:00.000Z',
  deleteAfter: '2026-12-29T10:00:00.000Z',
};

export const scheduledDeletionsModel: MachineModel = {
  name: 'scheduledDeletions',
  machine: scheduledDeletionsMachine,
  covers: [
    {
      label: 'all transitions',
      options: {
        events: [
          { type: 'xstate.done.actor.fetchScheduled', output: { deletions: [SCHEDULED] } },
          { type: 'xstate.error.actor.fetchScheduled', error: refused('Only administrators can do that', 403) },
          { type: 'scheduledDeletions.retry' },
          { type: 'scheduledDeletions.refresh' },
        ] as ModelEvent[],
      } as never,
    },
  ],
};
