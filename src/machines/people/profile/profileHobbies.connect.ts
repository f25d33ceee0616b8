import type { ProfileHobbiesSnapshot } from './profileHobbies.machine';

/** What the owner's hobbies form shows, read from the profileHobbies machine's snapshot. */

/** The hobbies as edited so far. */
export const selectHobbies = (s: ProfileHobbiesSnapshot) => s.context.hobbies;
/** The hobby being typed, and why it was refused. */
export const selectHobbyDraft = (s: ProfileHobbiesSnapshot) => s.context.draft;
export const selectHobbyDraftError = (s: ProfileHobbiesSnapshot) => s.context.draftError;
/** The server's refusal of the list. */
export const selectHobbiesError = (s: ProfileHobbiesSnapshot) => s.context.error;
export const isSavingHobbies = (s: ProfileHobbiesSnapshot) => s.matches('saving');
