import { badRequest } from './httpError';

/** The file a route cannot do without (multipart part or data URL), or 400. */
export async function required<T>(file: Promise<T | null>, message: string): Promise<T> {
  const found = await file;
  if (!found) throw badRequest(message);
  return found;
}
