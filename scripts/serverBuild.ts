/**
 * The server as `npm start` runs it: server/main.ts and the modules it imports bundled into one
 * plain JavaScript file (build/server.mjs), run by node itself. Running the TypeScript through
 * tsx's loader costs the process about 34 MB of RSS (its transform cache and source maps), a fifth
 * of what the server holds with 1,000 sockets; the bundle is made in about a second.
 * Packages stay in node_modules (`packages: 'external'`), so lazily loaded ones (pg, ioredis,
 * sharp: server/lazyModule.ts) still load only when used.
 */
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './newestChange';

const root = join(import.meta.dirname, '..');
/** One level below the repository, like scripts/: paths the bundle resolves from itself stay right. */
export const SERVER_BUNDLE = join(root, 'build', 'server.mjs');
const sources = ['server', 'src/api', 'package-lock.json', 'scripts/serverBuild.ts', 'scripts/newestChange.ts'];

export function serverIsStale(): boolean {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > builtAt);
}

/**
 * Bundles the server when its sources changed since the last bundle. Written to a temporary
 * file and renamed: several `npm start` at once (the e2e suite) never run a half-written bundle.
 */
export async function buildServerIfNeeded(): Promise<string> {
  if (!serverIsStale()) return SERVER_BUNDLE;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    outfile: SERVER_BUNDLE,
    logLevel: 'warning',
    // Stack traces name the source files: node reads the map with --enable-source-maps.
    sourcemap: 'linked',
    // The map without the sources' text: node parses the whole map into the heap of every process
    // at start (1.2 MB of TypeScript, about 4 MiB of RSS); a stack trace needs only the mappings,
    // and the source line node prints under an uncaught error it reads from the file named.
    sourcesContent: false,
  });
  mkdirSync(join(root, 'build'), { recursive: true });
  const temporary = `.${process.pid}.tmp`;
  // The map first: a bundle is never there without the map it links to.
  for (const file of [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1))) {
    writeFileSync(file.path + temporary, file.contents);
    renameSync(file.path + temporary, file.path);
  }
  return SERVER_BUNDLE;
}
