/**
 * Sends that got no answer (docs/api.md, "Idempotent sends"). A request that failed on the
 * network may have been stored all the same (the answer was lost): the machines send it again
 * with the same client id, a few times with a growing pause (their `SEND_RETRY` delay), before
 * they show the error. An answer from the server, whatever its status, is final.
 */

/** ofetch's FetchError without a response: offline, the connection dropped, or a timeout. */
export function failedOnNetwork(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'FetchError') return false;
  return (error as { response?: unknown }).response === undefined;
}

/** The pauses before the 1st, 2nd and 3rd retry. */
export const SEND_RETRY_DELAYS_MS = [1_000, 3_000, 9_000] as const;
export const SEND_RETRIES = SEND_RETRY_DELAYS_MS.length;

/** The pause before the next retry, after `retries` were made. */
export const sendRetryDelay = (retries: number): number => SEND_RETRY_DELAYS_MS[Math.min(retries, SEND_RETRIES - 1)];

/** Whether a failed send goes out again: it got no answer and retries are left. */
export const retriesSend = (error: unknown, retries: number): boolean => failedOnNetwork(error) && retries < SEND_RETRIES;
