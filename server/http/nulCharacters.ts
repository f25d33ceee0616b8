import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './httpError';

const NUL = '\u0000';

/** The path of the first text under `value` that holds U+0000 ('' for the value itself), or null. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  // Bodies are JSON and nest a few levels; anything deeper is left to the schemas to refuse.
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulAt(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  // Uploads arrive as streams or buffers, which are not text (query and params objects have
  // prototypes of their own, so plainness is not asked).
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return here.replaceAll(NUL, '');
    const found = nulAt(item, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * No text the API accepts may hold U+0000: PostgreSQL cannot store it (a 500 there, stored on
 * SQLite), and no member types it. One check for every route, before its schema: path
 * parameters, query and body, answered 400 naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes here, and a promise each costs.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const field = nulAt(request[part], '');
      if (field !== null) return done(badRequest(`${field || part} must not contain a NUL character`));
    }
    done();
  });
}
