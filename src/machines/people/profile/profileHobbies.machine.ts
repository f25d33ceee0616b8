import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import { hobbiesBodySchema, type Profile, type ProfileUpdateResponse } from '../../../api/users';
import { failureText } from '../../shared/failure';

export type ProfileHobbiesEvent =
  | { type: 'hobbies.draft'; value: string }
  /** Adds the draft to the list (the Add button or Enter). */
  | { type: 'hobbies.add' }
  | { type: 'hobbies.remove'; hobby: string }
  | { type: 'hobbies.submit' }
  | { type: 'hobbies.cancel' };

export interface ProfileHobbiesContext {
  hobbies: string[];
  draft: string;
  /** The contract's message for the list with the draft added. */
  draftError: string | null;
  /** The server's refusal. */
  error: string | null;
  profile: Profile | null;
}

export const HOBBIES_FAILED = 'Could not save your hobbies. Please try again.';

/**
 * The list as the contract reads it (trimmed, duplicates in any case dropped), with the draft
 * added when there is one, or the first rule it breaks.
 */
export function withDraft(hobbies: string[], draft: string): { hobbies: string[] } | { error: string } {
  const list = draft.trim() === '' ? hobbies : [...hobbies, draft];
  const parsed = hobbiesBodySchema.safeParse({ hobbies: list });
  return parsed.success ? { hobbies: parsed.data.hobbies } : { error: parsed.error.issues[0]?.message ?? HOBBIES_FAILED };
}

/** The contract's own message for an empty hobby. */
const blankHobby = () => hobbiesBodySchema.safeParse({ hobbies: [''] }).error?.issues[0]?.message ?? HOBBIES_FAILED;
const added = (c: ProfileHobbiesContext) => withDraft(c.hobbies, c.draft);

/**
 * The owner's personal hobbies: a draft added to the list (checked with the contract's rules:
 * not empty, at most 40 characters, at most 20 hobbies; a repeat is simply not added twice),
 * removing one, then saving the whole list (PUT /user/profile/personal-hobby). A draft still in
 * the box when the member saves is saved with the list. Ends with the updated profile, or none.
 */
export const profileHobbiesMachine = setup({
  types: {
    context: {} as ProfileHobbiesContext,
    events: {} as ProfileHobbiesEvent,
    input: {} as { hobbies: string[] },
    output: {} as { profile: Profile | null },
  },
  actors: {
    saveHobbies: requiredPromise<ProfileUpdateResponse, { hobbies: string[] }>('saveHobbies'),
  },
  guards: {
    draftFits: ({ context }) => context.draft.trim() !== '' && 'hobbies' in added(context),
    listFits: ({ context }) => 'hobbies' in added(context),
  },
  actions: {
    addDraft: assign(({ context }) => {
      const result = added(context);
      return 'hobbies' in result ? { hobbies: result.hobbies, draft: '', draftError: null } : {};
    }),
    refuseDraft: assign(({ context }) => {
      if (context.draft.trim() === '') return { draftError: blankHobby() };
      const result = added(context);
      return { draftError: 'error' in result ? result.error : null };
    }),
  },
}).createMachine({
  id: 'profileHobbies',
  context: ({ input }) => ({ hobbies: input.hobbies, draft: '', draftError: null, error: null, profile: null }),
  initial: 'editing',
  output: ({ context }) => ({ profile: context.profile }),
  states: {
    editing: {
      on: {
        'hobbies.draft': { actions: assign({ draft: ({ event }) => event.value, draftError: null }) },
        'hobbies.add': [{ guard: 'draftFits', actions: 'addDraft' }, { actions: 'refuseDraft' }],
        'hobbies.remove': {
          actions: assign({ hobbies: ({ context, event }) => context.hobbies.filter((hobby) => hobby !== event.hobby), draftError: null }),
        },
        'hobbies.submit': [
          { guard: 'listFits', target: 'saving', actions: ['addDraft', assign({ error: null })] },
          { actions: 'refuseDraft' },
        ],
        'hobbies.cancel': 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveHobbies',
        src: 'saveHobbies',
        input: ({ context }) => ({ hobbies: context.hobbies }),
        onDone: { target: 'saved', actions: assign({ profile: ({ event }) => event.output.user }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, HOBBIES_FAILED) }) },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ProfileHobbiesActorRef = ActorRefFrom<typeof profileHobbiesMachine>;
export type ProfileHobbiesSnapshot = SnapshotFrom<typeof profileHobbiesMachine>;
