import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ScheduledDeletion, ScheduledDeletions } from '../../api/account/data';
import { requiredPromise } from '../shared/required';
import { failureText } from '../shared/failure';

export type ScheduledDeletionsEvent = { type: 'scheduledDeletions.retry' } | { type: 'scheduledDeletions.refresh' };

export interface ScheduledDeletionsContext {
  deletions: ScheduledDeletion[];
  error: string | null;
}

export const SCHEDULED_FAILED = 'Could not load the scheduled deletions. Please try again.';

/** The admin area's list of accounts scheduled for deletion (GET /admin/deletions), soonest first. */
export const scheduledDeletionsMachine = setup({
  types: { context: {} as ScheduledDeletionsContext, events: {} as ScheduledDeletionsEvent },
  actors: {
    /** Effect: GET /admin/deletions. */
    fetchScheduled: requiredPromise<ScheduledDeletions, void>('fetchScheduled'),
  },
}).createMachine({
  id: 'scheduledDeletions',
  context: { deletions: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchScheduled',
        src: 'fetchScheduled',
        onDone: { target: 'shown', actions: assign({ deletions: ({ event }) => event.output.deletions, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, SCHEDULED_FAILED) }) },
      },
    },
    failed: { on: { 'scheduledDeletions.retry': 'loading' } },
    shown: { on: { 'scheduledDeletions.refresh': 'loading' } },
  },
});

export type ScheduledDeletionsActorRef = ActorRefFrom<typeof scheduledDeletionsMachine>;
export type ScheduledDeletionsSnapshot = SnapshotFrom<typeof scheduledDeletionsMachine>;

export const selectScheduled = (s: ScheduledDeletionsSnapshot) => s.context.deletions;
export const selectScheduledError = (s: ScheduledDeletionsSnapshot) => s.context.error;
export const isScheduledLoading = (s: ScheduledDeletionsSnapshot) => s.matches('loading');
export const hasScheduledFailed = (s: ScheduledDeletionsSnapshot) => s.matches('failed');
