/**
 * A failure meant for the client: its message is shown to the member as is.
 * Anything else thrown in a handler becomes a logged 500 with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Which fields are at fault, each with its message (a form shows each at its field). */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
/** A conflict; with `issues` the fields in conflict (a taken username and email: both), `message` the first. */
export const conflict = (message: string, issues?: { path: string; message: string }[]) => new HttpError(409, message, {}, issues);
