import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../importGraph';

/**
 * A migration runs once per database, maybe years after it was written: it must do then exactly
 * what it did the day it was first run. So it copies the rules it needs (folding, hashing, file
 * names) instead of importing them, and imports only what cannot change what it writes:
 */
const ALLOWED = new Set([
  'kysely',
  // The image decoder itself (its version is the lockfile's, like kysely's).
  'sharp',
  // Which options migrateToLatest passed (the media directory), not a rule.
  '../migrationContext',
  // Loads a package on first use (sharp), so the server does not hold it unless needed.
  '../../lazyModule',
]);

const dir = path.resolve(__dirname, '../../../server/db/migrations');
const migrationFiles = fs.readdirSync(dir).filter((name) => /^\d{4}_.*\.ts$/.test(name));

describe('migrations are frozen', () => {
  it('finds the migrations', () => {
    expect(migrationFiles.length).toBeGreaterThan(10);
  });

  for (const name of migrationFiles) {
    it(`${name} imports only kysely, node built-ins and the migration context`, () => {
      const outside = importsOf(path.join(dir, name)).filter((specifier) => !specifier.startsWith('node:') && !ALLOWED.has(specifier));
      expect(outside).toEqual([]);
    });
  }

  it('the list of migrations imports only the migrations', () => {
    const outside = importsOf(path.join(dir, 'index.ts')).filter(
      (specifier) => specifier !== 'kysely' && !/^\.\/\d{4}_[a-z0-9_]+$/.test(specifier),
    );
    expect(outside).toEqual([]);
  });
});
