import type { ApiErrorBody } from './errors';

const isIssue = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/**
 * The server's failure body (apiErrorSchema's shape) read from what a failed call threw (ofetch
 * puts the body on `error.data`), checked by hand: every form reads its errors with this, and
 * parsing with the schema would bring zod into the sign-in page's first load.
 * tests/errorBody.test.ts holds it to the schema.
 */
export function apiErrorOf(error: unknown): ApiErrorBody | null {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const { message, statusCode, issues } = data as Record<string, unknown>;
  if (typeof message !== 'string' || !Number.isInteger(statusCode)) return null;
  if (issues !== undefined && !(Array.isArray(issues) && issues.every(isIssue))) return null;
  return {
    message,
    statusCode: statusCode as number,
    ...(issues === undefined
      ? {}
      : { issues: (issues as ApiErrorBody['issues'])!.map(({ path, message: text }) => ({ path, message: text })) }),
  };
}

/** Reads the server's message out of anything a failed call threw, or falls back. */
export function errorMessage(error: unknown, fallback: string): string {
  return apiErrorOf(error)?.message || fallback;
}
