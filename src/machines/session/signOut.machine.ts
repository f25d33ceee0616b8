import { assign, setup } from 'xstate';

export type SignOutEvent =
  /** The member pressed Sign out; `unsent`: how many items the outbox holds (waiting or refused). */
  | { type: 'signOut.request'; unsent: number }
  /** "Sign out anyway" in the dialog. */
  | { type: 'signOut.confirm' }
  /** Cancel (or Escape, or a click outside) in the dialog. */
  | { type: 'signOut.cancel' };

export interface SignOutContext {
  /** The unsent items the dialog counts; 0 while nothing is asked. */
  unsent: number;
}

/**
 * Sign-out, asked first when it would lose something: signing out wipes the member's outbox
 * (src/effects/session/session.ts), so while it holds items the member is told how many and
 * chooses (docs/client-offline.md, "Outbox"). With nothing unsent, sign-out is immediate.
 */
export const signOutMachine = setup({
  types: { context: {} as SignOutContext, events: {} as SignOutEvent },
  actions: {
    /** Effect: `session.logout` to the session actor. */
    logout: () => {},
    /** Effect: navigation to where the area sends a member who signed out. */
    leave: () => {},
    count: assign({ unsent: ({ event }) => (event.type === 'signOut.request' ? event.unsent : 0) }),
    forget: assign({ unsent: 0 }),
  },
  guards: {
    holdsUnsent: ({ event }) => event.type === 'signOut.request' && event.unsent > 0,
  },
}).createMachine({
  id: 'signOut',
  context: { unsent: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'signOut.request': [
          { guard: 'holdsUnsent', target: 'confirming', actions: 'count' },
          { target: 'idle', actions: ['logout', 'leave'] },
        ],
      },
    },
    /** "You have N unsent items. They will be deleted if you sign out." */
    confirming: {
      on: {
        'signOut.confirm': { target: 'idle', actions: ['forget', 'logout', 'leave'] },
        'signOut.cancel': { target: 'idle', actions: 'forget' },
      },
    },
  },
});
