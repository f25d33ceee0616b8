import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name source paths so a reader can go and look; a path that no longer exists sends
 * them nowhere. Every path the docs (and README) name under src/, server/, tests/, scripts/ or
 * docs/ must exist: braces list several ({a,b}.ts), `*` matches within one folder, and a name
 * without its extension finds .ts/.tsx/.md.
 */
const root = path.resolve(import.meta.dirname, '..');
const PATH = /\b(?:src|server|tests|scripts|docs)\/[A-Za-z0-9_./{}*,-]*[A-Za-z0-9_/}*]/g;

function docFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...docs];
}

/** 'a/{b,c}.ts' -> ['a/b.ts', 'a/c.ts'] (one level of braces, as the docs write them). */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1].split(',').flatMap((part) => expandBraces(text.slice(0, match.index) + part + text.slice(match.index + match[0].length)));
}

function exists(relative: string): boolean {
  const full = path.join(root, relative);
  if (relative.includes('*')) {
    const dir = path.dirname(full);
    const pattern = new RegExp(
      `^${path
        .basename(full)
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')}$`,
    );
    return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => pattern.test(name));
  }
  return ['', '.ts', '.tsx', '.md'].some((ext) => fs.existsSync(full + ext));
}

describe('the docs', () => {
  const named = docFiles().flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(PATH)].flatMap((m) =>
      expandBraces(m[0]).map((p) => [file, p.replace(/[.,]+$/, '')] as const),
    ),
  );

  it('name source paths (a sanity check of the scan itself)', () => {
    expect(named.length).toBeGreaterThan(100);
    expect(expandBraces('src/views/{a,b}.tsx')).toEqual(['src/views/a.tsx', 'src/views/b.tsx']);
  });

  it('name only paths that exist', () => {
    const missing = named.filter(([, p]) => !exists(p)).map(([file, p]) => `${file}: ${p}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
