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
