import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a migration may need besides the database, for the run in progress (migrateToLatest sets
 * it). A migration that needs something absent must fail with a message, never guess.
 */
export interface MigrationContext {
  /** DATA_DIR/media: migration 0012 hashes the images already stored. */
  mediaRoot?: string;
}

export const migrationContext = new AsyncLocalStorage<MigrationContext>();
