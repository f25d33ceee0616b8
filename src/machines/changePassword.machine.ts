import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { User } from '../api/auth';
import { changePasswordBodySchema, type ChangePasswordBody, type ChangePasswordResponse } from '../api/users';
import { failureText } from './failure';

export type ChangePasswordEvent = { type: 'password.submit'; body: ChangePasswordBody };

export interface ChangePasswordContext {
  /** The contract's messages by field; `form` for the server's refusal. */
  errors: Partial<Record<keyof ChangePasswordBody | 'form', string>>;
  /** The server's confirmation. */
  message: string | null;
}

export const PASSWORD_FAILED = 'Could not change your password. Please try again.';

/** The contract's messages for a change-password body, by field (empty when it may be sent). */
export function passwordErrors(body: ChangePasswordBody): ChangePasswordContext['errors'] {
  const errors: ChangePasswordContext['errors'] = {};
  for (const issue of changePasswordBodySchema.safeParse(body).error?.issues ?? []) {
    const key = (issue.path[0] ?? 'form') as keyof ChangePasswordContext['errors'];
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Changing one's own password (PUT /user/profile/change-password), as the admin's profile page
 * does it: checked with the contract's rules first; the answer carries a fresh token (the old
 * ones stop working), which goes to the session (`loggedIn`). The member profile's Change
 * Password tab follows the same rules inside profile.machine.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    /** Effect: PUT /user/profile/change-password. */
    changePassword: fromPromise<ChangePasswordResponse, ChangePasswordBody>(async () => {
      throw new Error('changePassword actor not provided');
    }),
  },
  actions: {
    loggedIn: (_, _session: { token: string; user: User }) => {},
  },
  guards: {
    valid: ({ event }) => Object.keys(passwordErrors(event.body)).length === 0,
  },
}).createMachine({
  id: 'changePassword',
  context: { errors: {}, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, message: null }) },
          { actions: assign({ errors: ({ event }) => passwordErrors(event.body), message: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => (event as ChangePasswordEvent).body,
        onDone: {
          target: 'editing',
          actions: [
            assign({ message: ({ event }) => event.output.message, errors: {} }),
            { type: 'loggedIn', params: ({ event }) => ({ token: event.output.token, user: event.output.user }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => ({ form: failureText(event.error, PASSWORD_FAILED) }) }) },
      },
    },
  },
});

export type ChangePasswordActorRef = ActorRefFrom<typeof changePasswordMachine>;
export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;
