/** What the profile page says when something fails. */
export const PROFILE_FAILED = 'Could not load this profile. Please try again.';
export const LIST_FAILED = 'Could not load this list. Please try again.';
export const SAVE_FAILED = 'Could not save your changes. Please try again.';
export const FOLLOW_FAILED = 'Could not change whom you follow. Please try again.';
export const BLOCK_FAILED = 'Could not block this member. Please try again.';
export const UNBLOCK_FAILED = 'Could not unblock this member. Please try again.';
