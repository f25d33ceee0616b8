import { apiErrorOf, errorMessage } from '../../api/errorBody';
import { failedOnNetwork } from './sendRetry';

/**
 * What a failed call threw, read the same way by every auth machine. ofetch puts the server's
 * `{message, statusCode}` body on `error.data` and the HTTP status on `error.statusCode`.
 */
export function failureStatus(error: unknown): number | null {
  const body = apiErrorOf(error);
  if (body) return body.statusCode;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

/** The server's message, else the message of an Error thrown on this side, else the fallback (also when no answer came). */
export function failureText(error: unknown, fallback: string): string {
  if (failedOnNetwork(error)) return fallback;
  const fromServer = errorMessage(error, '');
  if (fromServer) return fromServer;
  if (error instanceof Error && error.message && !('data' in error)) return error.message;
  return fallback;
}

/**
 * The server's message for each of `fields` (its `issues`, first message per field), and what no
 * field shows: the first other issue's message, or, without issues, the failure's text.
 */
export function failureByField<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): { fieldErrors: Partial<Record<F, string>>; error: string | null } {
  const issues = failedOnNetwork(error) ? [] : (apiErrorOf(error)?.issues ?? []);
  const fieldErrors: Partial<Record<F, string>> = {};
  let unplaced: string | null = null;
  for (const { path, message } of issues) {
    const field = fields.find((name) => name === path);
    if (field) fieldErrors[field] ??= message;
    else unplaced ??= message;
  }
  if (Object.keys(fieldErrors).length === 0) return { fieldErrors, error: failureText(error, fallback) };
  return { fieldErrors, error: unplaced };
}
