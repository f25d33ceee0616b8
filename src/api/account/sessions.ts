import type { $Fetch } from 'ofetch';
import { z } from 'zod';
import { path } from '../path';

/**
 * Where you are signed in (Settings): the member's sessions, each with the device it was opened
 * on, and ending them. This area's part of the one path table (src/api/paths.ts), its schemas and
 * its typed client.
 */
export const accountSessionsPaths = {
  accountSessions: {
    /** GET: the member's live sessions, the current one first. DELETE /others ends every other one. */
    list: '/account/sessions',
    endOthers: '/account/sessions/others',
    /** DELETE: ends one session of the member's (not the current one: that is sign-out). */
    end: path('/account/sessions/:sessionId'),
  },
} as const;

/** A request made with a session ended from another device answers 401 with this message. */
export const SESSION_ENDED_MESSAGE = 'This session was ended from another device. Please sign in again.';
export const SESSION_NOT_FOUND = 'Session not found';
export const CURRENT_SESSION_NOT_ENDED = 'This is the session you are using: sign out to end it';

/** The device in words, e.g. "Firefox on Windows"; either part may be unknown (''). */
export function deviceWords(browser: string, system: string): string {
  return `${browser || 'Unknown browser'} on ${system || 'unknown system'}`;
}

export const accountSessionSchema = z.object({
  _id: z.string(),
  /** From the user agent at sign-in, e.g. "Chrome"; '' when unknown. */
  browser: z.string(),
  /** e.g. "Android", "macOS"; '' when unknown. */
  system: z.string(),
  /** deviceWords(browser, system). */
  device: z.string(),
  /** When the member signed in (ISO). */
  firstSeenAt: z.string(),
  /** The last request or socket of the session, to within a few minutes (ISO). */
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });

export const endSessionResponseSchema = z.object({ message: z.string(), sessionId: z.string() });
export type EndSessionResponse = z.infer<typeof endSessionResponseSchema>;

export const endOtherSessionsResponseSchema = z.object({ message: z.string(), ended: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

/** The sessions part of the typed client. */
export function createAccountSessionsApi(http: $Fetch) {
  const { list, end, endOthers } = accountSessionsPaths.accountSessions;
  return {
    accountSessions: {
      list: () => http<AccountSessionsResponse>(list),
      end: (sessionId: string) => http<EndSessionResponse>(end(sessionId), { method: 'DELETE' }),
      endOthers: () => http<EndOtherSessionsResponse>(endOthers, { method: 'DELETE' }),
    },
  };
}
