import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The static import closures of a few source files, read from the build's module graph once it is
 * complete (`buildEnd`, before the chunks are cut), for vite.config.ts's chunk groups: which
 * modules the light sign-in page and the app both load (docs/client-shell.md, "Weight").
 */
export function entryClosures(root: string, files: Record<string, string>) {
  const closures = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'stoa-entry-closures',
    apply: 'build',
    buildEnd() {
      for (const [name, file] of Object.entries(files)) {
        const seen = new Set<string>();
        const queue = [resolve(root, file)];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(name, seen);
      }
    },
  };
  /** Whether `id` is statically imported (transitively) by every one of the named files. */
  const inAll = (id: string, ...names: string[]) => names.every((name) => closures.get(name)?.has(id) === true);
  /** Whether `id` is statically imported (transitively) by the named file. */
  const inClosure = (id: string, name: string) => closures.get(name)?.has(id) === true;
  return { plugin, inAll, inClosure };
}
