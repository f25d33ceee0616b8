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
  typeOnly: boolean;
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
    const source = fs.readFileSync(file, 'utf8');
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      const typeOnly = new RegExp(`^\\s*(?:import|export) type \\{[^}]*\\} from ['"]${escaped}['"]`, 'm').test(source);
      edges.push({ from: path.relative(modulesDir, file), to: target, typeOnly });
    }
  }
  return edges;
}

/** The area of a file: its folder under server/modules (registry.ts and areaPlugin.ts, at the top, are their own). */
const areaOf = (relative: string) => relative.split(path.sep)[0].replace(/\.ts$/, '');
const isStore = (relative: string) => /(^|[a-z])[sS]tore$/.test(path.basename(relative));

const edges = moduleImports();
const crossStore = edges.filter((edge) => isStore(edge.to) && areaOf(edge.from) !== areaOf(edge.to) && areaOf(edge.from) !== 'registry');

/**
 * Areas still handed another area's store object as a dependency (typed by its interface): they
 * call its SQL directly instead of going through that area's service. Listed so the number only
 * goes down; none of them takes a helper from the store.
 */
const STORE_OBJECTS_HANDED_OVER = [
  'search/store.ts -> posts/store',
];

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

  it('no module takes code (a helper, a constant) from another module\'s store', () => {
    expect(crossStore.filter((edge) => !edge.typeOnly).map((edge) => `${edge.from} -> ${edge.to}`)).toEqual([]);
  });

  it('store objects handed to another module are only the known ones (the list only shrinks)', () => {
    const found = [...new Set(crossStore.map((edge) => `${edge.from} -> ${edge.to}`))].sort();
    expect(found).toEqual([...STORE_OBJECTS_HANDED_OVER].sort());
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
        .filter((specifier) => specifier.startsWith('.') && !path.relative(modulesDir, path.resolve(path.dirname(file), specifier)).startsWith('..'))
        .map((specifier) => `${path.basename(file)} -> ${specifier}`),
    );
    expect(intoModules).toEqual([]);
  });

  it('every area folder is registered one way: a plugin.ts whose areas are in the registry', () => {
    const folders = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !fs.existsSync(path.join(modulesDir, folder, 'plugin.ts')))).toEqual([]);
    const registered = new Set(AREAS.map((area) => area.name));
    expect(folders.filter((folder) => !registered.has(folder))).toEqual([]);
  });

  it('the registry builds every area after its dependencies, and refuses a circle or an unknown name', () => {
    const order = buildOrder(AREAS).map((area) => area.name);
    for (const area of AREAS) for (const dependency of area.dependencies) expect(order.indexOf(dependency)).toBeLessThan(order.indexOf(area.name));
    const area = (name: string, dependencies: string[]): AreaPlugin => ({ name, dependencies, build: () => ({ services: {} }) });
    expect(() => buildOrder([area('a', ['b']), area('b', ['a'])])).toThrow(/circle/);
    expect(() => buildOrder([area('a', ['nowhere'])])).toThrow(/unknown/);
  });
});
