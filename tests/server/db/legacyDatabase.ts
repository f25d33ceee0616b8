import fs from 'node:fs/promises';
import { Migrator, type Kysely } from 'kysely';
import { afterEach } from 'vitest';
import type { Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrations } from '../../../server/db/migrations/index';
import { dropTestSchema, testConfig, type DialectName } from '../harness';

/**
 * What a migration test needs: a database stopped at an earlier migration, and rows written as
 * they stood then. Rows carry the columns of 0011_notifications (the oldest state a test starts
 * from); columns added later have defaults, and a test passes them when it needs other values.
 */
export const LEGACY_AT = '2025-01-01T10:00:00.000Z';
export const legacyId = (n: number) => `01890000-0000-7000-8000-${String(n).padStart(12, '0')}`;

export interface LegacyDatabase {
  config: Config;
  handle: DatabaseHandle;
  migrator: Migrator;
  /** Untyped: the schema of server/db/schema.ts is the latest one, not this database's. */
  db: Kysely<any>;
  /** Back down to `migration` (a test of a migration's `down`). */
  migrateTo(migration: string): Promise<void>;
}

/** A fresh database migrated up to and including `migration`, removed after the test (`useLegacyDatabases`). */
async function databaseAt(dialect: DialectName, migration: string): Promise<LegacyDatabase> {
  const config = await testConfig(dialect);
  const handle = await openDatabase(config.database);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  await migrateTo(migration);
  return { config, handle, migrator, db: handle.db as unknown as Kysely<any>, migrateTo };
}

/** `databaseAt` for a describe block: each database made is closed and dropped after its test. */
export function useLegacyDatabases(dialect: DialectName) {
  const made: LegacyDatabase[] = [];
  afterEach(async () => {
    for (const { handle, config } of made.splice(0)) {
      await handle.destroy();
      await dropTestSchema(config);
      await fs.rm(config.dataDir, { recursive: true, force: true });
    }
  });
  return async (migration: string) => {
    const legacy = await databaseAt(dialect, migration);
    made.push(legacy);
    return legacy;
  };
}

export const legacyUser = (n: number, fields: Record<string, unknown> = {}) => ({
  id: legacyId(n),
  auth_id: legacyId(100 + n),
  username: `Member${n}`,
  username_lower: `member${n}`,
  email: `member${n}@example.org`,
  password_hash: null,
  role: 'USER',
  avatar_color: '#f33e58',
  avatar_image: '',
  profile_picture: '',
  is_banned: 0,
  token_version: 0,
  allow_personalize: 1,
  google_sub: null,
  created_at: LEGACY_AT,
  updated_at: LEGACY_AT,
  ...fields,
});

/** A public stream post of member 1 (the text `#t{n}` unless given). */
export const legacyPost = (n: number, fields: Record<string, unknown> = {}) => ({
  id: legacyId(n),
  kind: 'post',
  user_id: legacyId(1),
  group_id: null,
  group_status: null,
  post: `#t${n}`,
  bg_color: '#ffffff',
  privacy: 'Public',
  feelings: '',
  gif_url: '',
  image_version: '',
  image_id: '',
  image_alt: '',
  video_version: '',
  video_id: '',
  comments_count: 0,
  answers_count: 0,
  accepted_answer_id: null,
  reactions_like: 0,
  reactions_love: 0,
  reactions_angry: 0,
  reactions_happy: 0,
  reactions_sad: 0,
  reactions_wow: 0,
  hidden: 0,
  hidden_reason: '',
  hidden_by: null,
  hidden_at: null,
  created_at: LEGACY_AT,
  updated_at: LEGACY_AT,
  edited_at: null,
  ...fields,
});

export const legacyGroup = (n: number, fields: Record<string, unknown> = {}) => ({
  id: legacyId(n),
  name: `Group ${n}`,
  description: '',
  privacy: 'public',
  profile_image: '',
  tags: '[]',
  categories: '[]',
  created_by: legacyId(1),
  created_at: LEGACY_AT,
  updated_at: LEGACY_AT,
  ...fields,
});
