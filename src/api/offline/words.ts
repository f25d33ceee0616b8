/** The words of reading offline (docs/client-offline.md). */

/** Above a list shown from its kept copy; `time` is when the copy was saved. */
export const offlineNotice = (time: string) => `You are offline · showing what you saw at ${time}`;
