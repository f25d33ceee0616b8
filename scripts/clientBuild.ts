/** Builds the client with Vite when dist/ is missing or older than its sources. */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './newestChange';

const root = join(import.meta.dirname, '..');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/webAppManifest.ts', 'package-lock.json'];

export function clientIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > builtAt);
}

export async function buildClientIfNeeded(log = console.log): Promise<void> {
  if (!clientIsStale()) return;
  log('Building the client (vite build)...');
  const { build } = await import('vite');
  // Vite takes React's development code for any NODE_ENV but production, and the test runner sets
  // it to `test`: a client built by the tests (the journeys) is the one `npm start` serves next, so
  // it is built exactly as members get it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
