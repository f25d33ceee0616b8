import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a migration may need besides the database, for the run in progress (migrateToLatest sets
 * it). A migration that needs something absent must fail with a message, never guess.
 */
export interface MigrationContext {
  /** DATA_DIR/media: migration 0012 hashes the images already stored. */
  mediaRoot?: string;
  /**
   * An answer's folded search words, for migration 0027 to index the answers already stored. The
   * live function (server/core/searchIndex.ts), given here rather than imported: a Markdown parser
   * cannot be frozen into a migration file, and what a migration imports must not move under it.
   */
  answerSearchText?: (answer: string, format: string) => string;
}

export const migrationContext = new AsyncLocalStorage<MigrationContext>();
