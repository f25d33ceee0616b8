import { z } from 'zod';
export { accountSessionsPaths } from './paths';
export { SESSION_ENDED_MESSAGE, SESSION_NOT_FOUND, CURRENT_SESSION_NOT_ENDED, deviceWords } from './words';

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
