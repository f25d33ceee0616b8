/**
 * Client weight: the gzip JavaScript a browser must load before the sign-in route (and the
 * member layout) can render, beside floors built in the same run from the same toolchain:
 * React alone, and React with the libraries every route needs (xstate, wouter, socket.io-client, ofetch).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { reactAriaLocales } from '../../scripts/reactAriaLocales';
import { syncExternalStoreWithoutShim } from '../../scripts/syncExternalStore';
import { focusWalkerApart } from '../../scripts/focusWalker';

const root = join(import.meta.dirname, '..', '..');

type Manifest = Record<
  string,
  { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string; css?: string[] }
>;

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file))).length;
/** As scripts/precompress.ts writes it (quality 11), so floors compare with what the server sends. */
const br = (dir: string, file: string) =>
  brotliCompressSync(readFileSync(join(dir, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export interface FloorSize {
  gzip: number;
  brotli: number;
  /** JavaScript files the floor's page loads. */
  files: number;
}

/** The chunk and everything it statically imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The manifest key of the chunk holding `src`: its own, or the codeSplitting group of vite.config.ts that took it in. */
function chunkOf(manifest: Manifest, src: string, group: string): string {
  const key = manifest[src] ? src : Object.keys(manifest).find((k) => manifest[k].name === group && !manifest[k].src);
  if (!key) throw new Error(`no chunk holds ${src} (nor a group named ${group})`);
  return key;
}

/**
 * The floors built in this process, by their code: the bundle and transfer benchmarks build the
 * same pages (React alone, the sign-in widgets), and a page's build does not change within a run.
 */
const builtFloors = new Map<string, Promise<FloorSize>>();

/** A page of `code` alone, built with the same toolchain (once per run): the JavaScript it loads, compressed. */
export function buildFloor(name: string, code: string): Promise<FloorSize> {
  const built = builtFloors.get(code) ?? buildFloorNow(name, code);
  builtFloors.set(code, built);
  return built;
}

async function buildFloorNow(name: string, code: string): Promise<FloorSize> {
  // Inside the project so bare imports resolve from its node_modules.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', `stoa-floor-${name}-`));
  writeFileSync(join(dir, 'index.html'), '<div id="root"></div><script type="module" src="/main.tsx"></script>');
  writeFileSync(join(dir, 'main.tsx'), code);
  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    // The app's toolchain: React, react-aria's strings in the app's one locale, React's own
    // useSyncExternalStore for @xstate/react and wouter, react-aria's focus walker apart.
    plugins: [react(), reactAriaLocales(), syncExternalStoreWithoutShim(), focusWalkerApart()],
    build: { outDir: join(dir, 'dist'), manifest: true },
    cacheDir: join(dir, '.vite'),
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const files = [...closure(manifest, entry)].map((k) => manifest[k].file);
  const size = {
    gzip: files.reduce((sum, file) => sum + gz(join(dir, 'dist'), file), 0),
    brotli: files.reduce((sum, file) => sum + br(join(dir, 'dist'), file), 0),
    files: files.length,
  };
  rmSync(dir, { recursive: true, force: true });
  return size;
}

/** The shell's libraries, used by a small app: `imports` added after them, `app` as App's JSX. */
function floorPage(imports: string[], app: string, ...components: string[]): string {
  return [
    `import { createRoot } from 'react-dom/client';`,
    `import { createActor, createMachine } from 'xstate';`,
    `import { useSelector } from '@xstate/react';`,
    `import { Route } from 'wouter';`,
    `import { ofetch } from 'ofetch';`,
    `import { produce } from 'immer';`,
    ...imports,
    `const a = createActor(createMachine({})).start();`,
    ...components,
    `function App() { const v = useSelector(a, (s) => s.value); return ${app}; }`,
    `createRoot(document.getElementById('root')!).render(<App />);`,
  ].join('\n');
}

/** Pages of libraries alone: what any client built on them loads before a line of Stoa. */
export const FLOORS = {
  react: `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<p>hello</p>);`,
  libs: [
    `import { createRoot } from 'react-dom/client';`,
    `import { createActor, createMachine } from 'xstate';`,
    `import { useSelector } from '@xstate/react';`,
    `import { Route } from 'wouter';`,
    `import { io } from 'socket.io-client';`,
    `import { ofetch } from 'ofetch';`,
    `const a = createActor(createMachine({})).start();`,
    `function App() { const v = useSelector(a, (s) => s.value); return <Route path="/">{String(v)}{String(io)}{String(ofetch)}</Route>; }`,
    `createRoot(document.getElementById('root')!).render(<App />);`,
  ].join('\n'),
  /** What every route's shell needs: React, the actor runtime, its React binding, the router, the HTTP client and immer. */
  shell: floorPage([], `<Route path="/">{String(v)}{String(ofetch)}{String(produce)}</Route>`),
  /**
   * The shell plus the react-aria widgets the sign-in page shows (tabs, text fields, a checkbox,
   * buttons) and the lucide icons it draws on '/' (the fields', the button's and the welcome's
   * three, which are in the page from its first paint and shown from 1024px): widgets of the
   * architecture's icon library, as react-aria's are (docs/benchmarks/transfer.md, "30 November 2026, session 25").
   */
  signInWidgets: floorPage(
    [
      `import { Button, Checkbox, FieldError, Input, Label, Tab, TabList, TabPanel, Tabs, Text, TextField } from 'react-aria-components';`,
      `import { AtSign, BookOpen, Eye, Lock, LogIn, MessagesSquare, UsersRound } from 'lucide-react';`,
    ],
    `<Route path="/"><Tabs><TabList><Tab id="a">{String(v)}</Tab></TabList><TabPanel id="a"><Form /><Checkbox>c</Checkbox><Button><LogIn />{String(ofetch)}{String(produce)}</Button><Icons /></TabPanel></Tabs></Route>`,
    `function Form() { return <TextField><Label>l</Label><AtSign /><Lock /><Input /><Eye /><Text slot="description">d</Text><FieldError>e</FieldError></TextField>; }`,
    `function Icons() { return <ul><li><MessagesSquare /></li><li><UsersRound /></li><li><BookOpen /></li></ul>; }`,
  ),
  /**
   * The shell plus what the streams page cannot draw without: the live connection
   * (socket.io-client), the virtual list of posts (@tanstack/react-virtual) and the react-aria
   * widgets it shows (buttons, the order's toggle buttons, and each card's '…' menu trigger, built
   * from react-aria's hooks as src/views/overlays/OverlayTrigger.tsx builds it).
   */
  streamsWidgets: floorPage(
    [
      `import { useRef } from 'react';`,
      `import { io } from 'socket.io-client';`,
      `import { useVirtualizer } from '@tanstack/react-virtual';`,
      `import { Button, ToggleButton, ToggleButtonGroup } from 'react-aria-components';`,
      `import { useMenuTrigger } from 'react-aria';`,
      `import { PressResponder } from 'react-aria/private/interactions/PressResponder';`,
      `import { useMenuTriggerState } from 'react-stately';`,
    ],
    `<Route path="/"><List /><ToggleButtonGroup><ToggleButton id="a">{String(v)}</ToggleButton></ToggleButtonGroup><More /><Button>{String(ofetch)}{String(produce)}{String(io)}</Button></Route>`,
    `function List() { const list = useVirtualizer({ count: 10, getScrollElement: () => document.body, estimateSize: () => 50 }); return <ul>{list.getVirtualItems().map((i) => <li key={i.key}>{i.index}</li>)}</ul>; }`,
    `function More() { const ref = useRef(null); const state = useMenuTriggerState({}); const { menuTriggerProps } = useMenuTrigger({}, state, ref); return <PressResponder {...menuTriggerProps} ref={ref}><Button>…</Button></PressResponder>; }`,
  ),
};

/**
 * Modules of the debug panel and the statechart explorer: only ?debug=1 or Ctrl+Alt+J
 * loads them. Not DebugPanelOnDemand, the few lines in the shell that listen for those and fetch the panel.
 */
export const DEBUG_MODULE = /(^|[\\/])src[\\/]views[\\/]debug[\\/]/;

type BuildOutput = { output: { type: string; fileName: string; moduleIds?: string[] }[] };

/**
 * The manifest keys of what the sign-in and streams routes load. The entry (src/main.tsx, a
 * bootstrap) with its static imports, then: for '/' without a session, the light sign-in page's
 * entry (src/signInEntry.tsx) with its static imports; for the streams, the app's entry
 * (src/appEntry.tsx, in the `shell` group) and the chunk holding the member layout, each with its
 * static imports (docs/client-shell.md, "Weight").
 */
function routeChunks(manifest: Manifest) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const initial = closure(manifest, entry);
  const app = closure(manifest, chunkOf(manifest, 'src/appEntry.tsx', 'shell'), new Set(initial));
  return {
    initial,
    signIn: closure(manifest, chunkOf(manifest, 'src/signInEntry.tsx', 'auth'), new Set(initial)),
    // The streams page is part of the member layout's chunk (vite.config.ts, the 'member' group).
    streams: closure(manifest, chunkOf(manifest, 'src/views/MemberArea.tsx', 'member'), new Set(app)),
  };
}

/**
 * From a build's own output (the module graph: which modules each chunk holds) and its manifest:
 * the files that hold debug modules, and which of them the sign-in and streams routes load
 * (both lists must stay empty).
 */
export function debugChunksLoaded(built: BuildOutput | BuildOutput[], manifest: Manifest) {
  const chunks = (Array.isArray(built) ? built : [built]).flatMap((b) => b.output).filter((o) => o.type === 'chunk');
  const debug = new Set(chunks.filter((c) => (c.moduleIds ?? []).some((id) => DEBUG_MODULE.test(id))).map((c) => c.fileName));
  const routes = routeChunks(manifest);
  const loaded = (keys: Set<string>) => [...keys].map((k) => manifest[k].file).filter((file) => debug.has(file));
  return { debugFiles: [...debug].sort(), signIn: loaded(routes.signIn), streams: loaded(routes.streams) };
}

/** The module ids the sign-in and streams routes load (entry and route chunks with their static imports), from the build's module graph. */
export function routeModules(built: BuildOutput | BuildOutput[], manifest: Manifest) {
  const chunks = new Map(
    (Array.isArray(built) ? built : [built])
      .flatMap((b) => b.output)
      .filter((o) => o.type === 'chunk')
      .map((c) => [c.fileName, c.moduleIds ?? []]),
  );
  const routes = routeChunks(manifest);
  const modules = (keys: Set<string>) => [...keys].flatMap((k) => chunks.get(manifest[k].file) ?? []);
  return { signIn: modules(routes.signIn), streams: modules(routes.streams) };
}

/** Every module the build put in some chunk, whichever route loads it. */
export const builtModules = (built: BuildOutput | BuildOutput[]): string[] =>
  (Array.isArray(built) ? built : [built])
    .flatMap((b) => b.output)
    .filter((o) => o.type === 'chunk')
    .flatMap((c) => c.moduleIds ?? []);

/** Libraries that load only when used (docs/client-formatting.md, "Weight"): none may be in a route's static imports. */
export const LAZY_LIBRARIES: Record<string, RegExp> = {
  KaTeX: /[\\/]node_modules[\\/]katex[\\/]/,
  'highlight.js': /[\\/]node_modules[\\/]highlight\.js[\\/]/,
  'markdown-it': /[\\/]node_modules[\\/]markdown-it[\\/]/,
};

/**
 * Per lazy library: whether the build holds it at all (else the check would pass for want of it)
 * and how many of its modules the streams route loads with its static imports (must be 0).
 */
export function lazyLibrariesLoaded(built: BuildOutput | BuildOutput[], manifest: Manifest) {
  const all = builtModules(built);
  const { streams } = routeModules(built, manifest);
  return Object.entries(LAZY_LIBRARIES).map(([name, pattern]) => ({
    name,
    built: all.some((id) => pattern.test(id)),
    inStreams: streams.filter((id) => pattern.test(id)).length,
  }));
}

export const readManifest = (dist: string) => JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

export async function measureBundle() {
  const built = (await build({ root, logLevel: 'silent' })) as BuildOutput | BuildOutput[];
  const dist = join(root, 'dist');
  const manifest = readManifest(dist);
  const sum = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gz(dist, manifest[k].file), 0);
  // Both routes are loaded on demand: the entry, then the chunk that holds the route's module.
  const { signIn, streams: member } = routeChunks(manifest);

  // The styles the sign-in route loads, from the same build: they count on both sides of its goal.
  const signInStyles = [...new Set([...signIn].flatMap((k) => manifest[k].css ?? []))].reduce((s, file) => s + gz(dist, file), 0);

  const reactFloor = (await buildFloor('react', FLOORS.react)).gzip;
  const libsFloor = (await buildFloor('libs', FLOORS.libs)).gzip;
  const signInWidgetsFloor = (await buildFloor('signin', FLOORS.signInWidgets)).gzip;
  // The streams route's script as the server sends it (brotli 11, docs/benchmarks/transfer.md), bodies only.
  const streamsBrotli = [...member].reduce((s, k) => s + br(dist, manifest[k].file), 0);
  return {
    signIn: sum(signIn),
    member: sum(member),
    reactFloor,
    libsFloor,
    signInWidgetsFloor,
    signInStyles,
    debug: debugChunksLoaded(built, manifest),
    streamsBrotli,
    lazy: lazyLibrariesLoaded(built, manifest),
  };
}
