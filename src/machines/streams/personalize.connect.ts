import type { SnapshotFrom } from 'xstate';
import type { personalizeMachine } from './personalize.machine';

/** The member's personalization settings as the settings page shows them, read from the personalize machine's snapshot. */

export type PersonalizeSnapshot = SnapshotFrom<typeof personalizeMachine>;

export const isPersonalizeLoading = (s: PersonalizeSnapshot) => s.matches('loading');
export const hasPersonalizeFailed = (s: PersonalizeSnapshot) => s.matches('failed');
/** A change is on its way (or the settings are not there yet): the switches wait. */
export const isPersonalizeBusy = (s: PersonalizeSnapshot) => !s.matches('idle');
/** The settings as the member set them (before the server confirms). */
export const selectPersonalizeSettings = (s: PersonalizeSnapshot) => s.context.settings;
export const selectPersonalizeError = (s: PersonalizeSnapshot) => s.context.error;
/** The confirmation of a clearing just done, or null. */
export const selectPersonalizeMessage = (s: PersonalizeSnapshot) => s.context.message;
