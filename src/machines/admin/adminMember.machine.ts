import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { AdminMember } from '../../api/moderation';
import { failureText } from '../shared/failure';

export type AdminMemberEvent = { type: 'member.retry' };

export interface AdminMemberContext {
  userId: string;
  member: AdminMember | null;
  error: string | null;
}

export const MEMBER_FAILED = 'Could not load this member. Please try again.';

/**
 * One member's admin page (/admin/members/:id, GET /admin/member/{id}): the account and its ban,
 * the newest reports about them and posts by them, and the audit log about them, in one read;
 * a failure says why, with Try again.
 */
export const adminMemberMachine = setup({
  types: {
    context: {} as AdminMemberContext,
    events: {} as AdminMemberEvent,
    input: {} as { userId: string },
  },
  actors: {
    /** Effect: GET /admin/member/{id}. */
    fetchMember: requiredPromise<AdminMember, { userId: string }>('fetchMember'),
  },
}).createMachine({
  id: 'adminMember',
  context: ({ input }) => ({ userId: input.userId, member: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchMember',
        src: 'fetchMember',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: assign({ member: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, MEMBER_FAILED) }) },
      },
    },
    ready: {},
    failed: {
      on: { 'member.retry': 'loading' },
    },
  },
});

export type AdminMemberActorRef = ActorRefFrom<typeof adminMemberMachine>;
export type AdminMemberSnapshot = SnapshotFrom<typeof adminMemberMachine>;
