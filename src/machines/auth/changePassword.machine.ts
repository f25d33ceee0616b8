import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../shared/required';
import type { User } from '../../api/auth';
import { changePasswordBodySchema, type ChangePasswordBody, type ChangePasswordResponse } from '../../api/users';
import { failureText } from '../shared/failure';

export type PasswordField = keyof ChangePasswordBody;

export type ChangePasswordEvent =
  /** A keystroke in one of the three fields: its whole value as it now is. */
  { type: 'password.change'; field: PasswordField; value: string } | { type: 'password.submit' };

export const EMPTY_PASSWORDS: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface ChangePasswordContext {
  /** What the three fields hold. */
  draft: ChangePasswordBody;
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
 * Changing one's own password (PUT /user/profile/change-password), on the admin's profile page
 * and in the member profile's Change Password tab (profile.machine runs it there): the three
 * fields' draft, checked with the contract's rules on submit; the answer carries a fresh token
 * (the old ones stop working), which goes to the session (`loggedIn`), and empties the form.
 */
export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    /** Effect: PUT /user/profile/change-password. */
    changePassword: requiredPromise<ChangePasswordResponse, ChangePasswordBody>('changePassword'),
  },
  actions: {
    loggedIn: (_, _session: { token: string; user: User }) => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(passwordErrors(context.draft)).length === 0,
  },
}).createMachine({
  id: 'changePassword',
  context: { draft: EMPTY_PASSWORDS, errors: {}, message: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        // The errors stay as they are until the next submit checks the draft again.
        'password.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }) },
        'password.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, message: null }) },
          { actions: assign({ errors: ({ context }) => passwordErrors(context.draft), message: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.draft,
        onDone: {
          target: 'editing',
          actions: [
            assign({ message: ({ event }) => event.output.message, errors: {}, draft: EMPTY_PASSWORDS }),
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
