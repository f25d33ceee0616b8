import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded the first time it is used, not when the server starts. For what only some
 * configurations or some requests need (PostgreSQL, Redis, SMTP, S3, image processing, password
 * hashing, two-factor QR codes, pretty logs): a process that never uses one does not hold its code
 * and heap (together about 30 MB of RSS).
 * Synchronous (the packages are CommonJS), so callers stay as they were.
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
