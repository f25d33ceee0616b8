/**
 * Client weight: the gzip JavaScript a browser must load before the sign-in route (and the
 * member layout) can render, beside floors built in the same run from the same toolchain:
 * React alone, and React with the libraries every route needs (xstate, wouter, socket.io-client, ofetch).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const root = join(import.meta.dirname, '..', '..');

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string }>;

const gz = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file))).length;

/** The chunk and everything it statically imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

async function buildFloor(name: string, code: string): Promise<number> {
  // Inside the project so bare imports resolve from its node_modules.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules', '.cache', `stoa-floor-${name}-`));
  writeFileSync(join(dir, 'index.html'), '<div id="root"></div><script type="module" src="/main.tsx"></script>');
  writeFileSync(join(dir, 'main.tsx'), code);
  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), manifest: true },
    cacheDir: join(dir, '.vite'),
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const size = [...closure(manifest, entry)].reduce((sum, k) => sum + gz(join(dir, 'dist'), manifest[k].file), 0);
  rmSync(dir, { recursive: true, force: true });
  return size;
}

export async function measureBundle() {
  await build({ root, logLevel: 'silent' });
  const dist = join(root, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const initial = closure(manifest, entry);
  const sum = (keys: Iterable<string>) => [...keys].reduce((s, k) => s + gz(dist, manifest[k].file), 0);
  const memberKey = Object.keys(manifest).find((k) => k.endsWith('src/views/MemberArea.tsx'))!;
  const member = closure(manifest, memberKey, new Set(initial));

  const reactFloor = await buildFloor(
    'react',
    `import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<p>hello</p>);`,
  );
  const libsFloor = await buildFloor(
    'libs',
    [
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
  );
  return { signIn: sum(initial), member: sum(member), reactFloor, libsFloor };
}
