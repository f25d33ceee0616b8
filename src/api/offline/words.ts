/** The words of reading offline (docs/client-offline.md). */

/** The member area's guard found no server and nothing kept for this session. */
export const UNREACHABLE_TITLE = 'Stoa cannot be reached';
export const UNREACHABLE_TEXT = 'You are still signed in. Check your connection, then try again.';

/** Above a list shown from its kept copy; `time` is when the copy was saved. */
export const offlineNotice = (time: string) => `You are offline · showing what you saw at ${time}`;
