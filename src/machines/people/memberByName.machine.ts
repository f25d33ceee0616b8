import { assign, setup } from 'xstate';
import { requiredPromise } from '../shared/required';
import { failureText } from '../shared/failure';

export type MemberByNameEvent = { type: 'memberByName.retry' };

export interface MemberByNameContext {
  username: string;
  /** The member's id once found. */
  userId: string | null;
  error: string | null;
}

export const MEMBER_LOOKUP_FAILED = 'Could not look this member up. Please try again.';

/**
 * A profile address that names a member only (`/profile/ada`, as an @mention links): finds the
 * member's id, which the profile needs, or learns that nobody the viewer may see has that name.
 */
export const memberByNameMachine = setup({
  types: { context: {} as MemberByNameContext, events: {} as MemberByNameEvent, input: {} as { username: string } },
  actors: {
    /** Effect: the member's id, or null when nobody the viewer may see has that name. */
    findMember: requiredPromise<string | null, { username: string }>('findMember'),
  },
  guards: {
    found: (_, output: string | null) => output !== null,
  },
}).createMachine({
  id: 'memberByName',
  context: ({ input }) => ({ username: input.username, userId: null, error: null }),
  initial: 'finding',
  states: {
    finding: {
      invoke: {
        id: 'findMember',
        src: 'findMember',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'found',
            actions: assign({ userId: ({ event }) => event.output, error: null }),
          },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, MEMBER_LOOKUP_FAILED) }) },
      },
    },
    found: { type: 'final' },
    notFound: { type: 'final' },
    failed: { on: { 'memberByName.retry': 'finding' } },
  },
});
