import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, buildOrder } from '../../../server/modules/registry';
import type { AreaPlugin } from '../../../server/modules/areaPlugin';
import { importsOf } from '../importGraph';

/**
 * The shape of server/modules: each area owns its SQL (store.ts, profileStore.ts, ...); what
 * several areas need lives in server/core (rules) or server/db (database facts), not in one
 * area's store where a change for that area would quietly change the others.
 */

const modulesDir = path.resolve(__dirname, '../../../server/modules');

interface ImportEdge {
  /** The importing file, relative to server/modules. */
  from: string;
  /** The imported file, relative to server/modules (no extension). */
  to: string;
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every import between files of server/modules. */
function moduleImports(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of tsFiles(modulesDir)) {
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      edges.push({ from: path.relative(modulesDir, file), to: target });
    }
  }
  return edges;
}

/** The area of a file: its folder under server/modules (registry.ts and areaPlugin.ts, at the top, are their own). */
const areaOf = (relative: string) => relative.split(path.sep)[0].replace(/\.ts$/, '');
const isStore = (relative: string) => /(^|[a-z])[sS]tore$/.test(path.basename(relative));

/** Imports of another area's store (its code or only its type: either ties one area to the other's SQL). */
const crossStoreImports = (edges: readonly ImportEdge[]) =>
  edges.filter((edge) => isStore(edge.to) && areaOf(edge.from) !== areaOf(edge.to)).map((edge) => `${edge.from} -> ${edge.to}`);

const edges = moduleImports();

/**
 * The fields of `Services` (server/http/app.ts, what `build` is handed as `built`) that hold a
 * store object, with the area that owns it: `{ postStore: 'posts', ... }`.
 */
function storeServices(appSource: string): Map<string, string> {
  const typeHome = new Map<string, string>();
  for (const match of appSource.matchAll(/^import type \{ ([^}]+) \} from '\.\.\/modules\/([^']+)';$/gm)) {
    for (const name of match[1].split(',').map((part) => part.trim())) typeHome.set(name, match[2]);
  }
  const body = /export interface Services \{([\s\S]*?)\n\}/.exec(appSource)?.[1] ?? '';
  const fields = new Map<string, string>();
  for (const [, field, type] of body.matchAll(/^\s+(\w+): (\w+);$/gm)) {
    const home = typeHome.get(type);
    if (home && isStore(home)) fields.set(field, areaOf(home));
  }
  return fields;
}

/** The names a plugin.ts reads from `built`: `built.x`, `const { x } = built`, or the second parameter of `build` taken apart. */
function namesReadFromBuilt(pluginSource: string): string[] {
  const names = [...pluginSource.matchAll(/\bbuilt\.(\w+)/g)].map((match) => match[1]);
  const takenApart = [
    ...pluginSource.matchAll(/const \{([^}]*)\} = built\b/g),
    ...pluginSource.matchAll(/build: \(\s*(?:\{[^}]*\}|\w+)\s*,\s*\{([^}]*)\}\s*\)/g),
  ];
  for (const match of takenApart)
    names.push(
      ...match[1]
        .split(',')
        .map((part) => part.split(':')[0].trim())
        .filter(Boolean),
    );
  return names;
}

/** `area: field` for every store object of another area that an area's plugin.ts reads from `built`. */
function storesReadAcrossAreas(stores: Map<string, string>, plugins: readonly { area: string; source: string }[]): string[] {
  return plugins.flatMap(({ area, source }) =>
    [...new Set(namesReadFromBuilt(source))]
      .filter((name) => stores.has(name) && stores.get(name) !== area)
      .map((name) => `${area}: ${name}`),
  );
}

const storeFields = storeServices(fs.readFileSync(path.resolve(__dirname, '../../../server/http/app.ts'), 'utf8'));
const plugins = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(modulesDir, entry.name, 'plugin.ts')))
  .map((entry) => ({ area: entry.name, source: fs.readFileSync(path.join(modulesDir, entry.name, 'plugin.ts'), 'utf8') }));

/** Groups of areas that import each other round in a circle (Tarjan's strongly connected components, two areas or more). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (area: string) => {
    index.set(area, next);
    low.set(area, next);
    next += 1;
    stack.push(area);
    for (const other of graph.get(area) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(area, Math.min(low.get(area)!, low.get(other)!));
      } else if (stack.includes(other)) {
        low.set(area, Math.min(low.get(area)!, index.get(other)!));
      }
    }
    if (low.get(area) === index.get(area)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== area);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const area of graph.keys()) if (!index.has(area)) visit(area);
  return found;
}

describe('module boundaries', () => {
  it('sees the modules', () => {
    expect(edges.length).toBeGreaterThan(50);
  });

  it("no module imports another area's store, not even its type: it goes through that area's service or server/core", () => {
    expect(crossStoreImports(edges)).toEqual([]);
    // The check sees a store handed over by its type, and a helper taken from one.
    expect(
      crossStoreImports([
        { from: 'comments/store.ts', to: 'posts/store' },
        { from: 'posts/service.ts', to: 'posts/store' },
      ]),
    ).toEqual(['comments/store.ts -> posts/store']);
  });

  it("no area is handed another area's store object through the built services", () => {
    expect(storeFields.get('postStore')).toBe('posts');
    expect(storeFields.get('profileStore')).toBe('users');
    expect(storesReadAcrossAreas(storeFields, plugins)).toEqual([]);
    // The check sees each way a plugin reads from `built`, and lets an area read its own store.
    const handed = [
      { area: 'comments', source: 'build: ({ database }, built) => createCommentStore(database, built.postStore)' },
      { area: 'chat', source: 'build: ({ database }, built) => { const { profileStore: profiles } = built; }' },
      { area: 'search', source: 'build: ({ database }, { groups, postStore }) => ({})' },
      { area: 'posts', source: 'build: ({ database }, built) => built.postStore' },
    ];
    expect(storesReadAcrossAreas(storeFields, handed)).toEqual(['comments: postStore', 'chat: profileStore', 'search: postStore']);
  });

  it('no two areas import each other, directly or round a circle (type imports included)', () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of edges) {
      const [from, to] = [areaOf(edge.from), areaOf(edge.to)];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      if (!graph.has(to)) graph.set(to, new Set());
      graph.get(from)!.add(to);
    }
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('server/core, below every area, imports no area', () => {
    const coreDir = path.resolve(__dirname, '../../../server/core');
    const intoModules = tsFiles(coreDir).flatMap((file) =>
      importsOf(file)
        .filter(
          (specifier) =>
            specifier.startsWith('.') && !path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).startsWith('..'),
        )
        .map((specifier) => `${path.basename(file)} -> ${specifier}`),
    );
    expect(intoModules).toEqual([]);
  });

  it('every area folder is registered one way: a plugin.ts whose areas are in the registry', () => {
    const folders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !fs.existsSync(path.join(modulesDir, folder, 'plugin.ts')))).toEqual([]);
    const registered = new Set(AREAS.map((area) => area.name));
    expect(folders.filter((folder) => !registered.has(folder))).toEqual([]);
  });

  it('the registry builds every area after its dependencies, and refuses a circle or an unknown name', () => {
    const order = buildOrder(AREAS).map((area) => area.name);
    for (const area of AREAS)
      for (const dependency of area.dependencies) expect(order.indexOf(dependency)).toBeLessThan(order.indexOf(area.name));
    const area = (name: string, dependencies: string[]): AreaPlugin => ({ name, dependencies, build: () => ({ services: {} }) });
    expect(() => buildOrder([area('a', ['b']), area('b', ['a'])])).toThrow(/circle/);
    expect(() => buildOrder([area('a', ['nowhere'])])).toThrow(/unknown/);
  });
});
