import path from 'node:path';
import { Migrator, type MigrationProvider } from 'kysely';
import type { Config } from '../config';
import type { DatabaseHandle } from './database';
import { answerSearchText } from '../core/searchIndex';
import { migrationContext, type MigrationContext } from './migrationContext';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; safe to run from several processes at once (the migrator locks).
 * `context.mediaRoot` (DATA_DIR/media) lets migration 0012 hash the images already stored;
 * `answerSearchText` (the live one unless given) lets 0027 index the answers already stored.
 */
const migratorOf = (handle: DatabaseHandle) =>
  new Migrator({
    db: handle.db,
    provider,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });

/** Migration runs in progress in this process: the context's storage is turned off when none is. */
let running = 0;

export async function migrateToLatest(handle: DatabaseHandle, context: MigrationContext = {}): Promise<void> {
  const migrator = migratorOf(handle);
  running += 1;
  const { error, results } = await migrationContext
    .run({ answerSearchText, ...context }, () => migrator.migrateToLatest())
    .finally(() => {
      // An AsyncLocalStorage in use makes Node track every promise (its hooks): left on after the
      // migrations, it cost each request of the server's life a few per cent (a promise-heavy loop
      // ran 2.5x slower). disable() turns the tracking off once no run needs it.
      running -= 1;
      if (running === 0) migrationContext.disable();
    });
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${(error as Error).message ?? error}`);
  }
}

/** Where the media of a configured server live (DATA_DIR/media): what migrations are given as `mediaRoot`. */
export const mediaRootOf = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'media');

/** The names of this code's migrations the database has not run yet (GET /ready; backups name the last one run). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const known = await migratorOf(handle).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
