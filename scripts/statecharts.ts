/**
 * Writes docs/statecharts/<name>.md for every machine in src/machines/index.ts.
 * `--check` writes nothing and exits 1 listing stale or missing diagrams.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { statecharts } from '../src/machines/index';
import { statechartMarkdown } from './toMermaid';

export const STATECHART_DIR = join(import.meta.dirname, '..', 'docs', 'statecharts');

export function expectedDiagrams(): Map<string, string> {
  return new Map(Object.entries(statecharts).map(([name, machine]) => [`${name}.md`, statechartMarkdown(name, machine)]));
}

export function staleDiagrams(dir = STATECHART_DIR): string[] {
  const expected = expectedDiagrams();
  const stale: string[] = [];
  for (const [file, text] of expected) {
    const path = join(dir, file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) stale.push(file);
  }
  const extra = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md' && !expected.has(f)) : [];
  return [...stale, ...extra.map((f) => `${f} (no such machine)`)];
}

function main() {
  const check = process.argv.includes('--check');
  if (check) {
    const stale = staleDiagrams();
    if (stale.length) {
      console.error(`stale statecharts (run npm run statecharts):\n${stale.map((s) => `  ${s}`).join('\n')}`);
      process.exit(1);
    }
    console.log(`statecharts up to date (${expectedDiagrams().size})`);
    return;
  }
  mkdirSync(STATECHART_DIR, { recursive: true });
  const expected = expectedDiagrams();
  for (const f of readdirSync(STATECHART_DIR)) {
    if (f.endsWith('.md') && f !== 'README.md' && !expected.has(f)) rmSync(join(STATECHART_DIR, f));
  }
  for (const [file, text] of expected) writeFileSync(join(STATECHART_DIR, file), text);
  console.log(`wrote ${expected.size} statecharts to docs/statecharts`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
