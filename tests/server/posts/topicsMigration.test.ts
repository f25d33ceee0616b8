import fs from 'node:fs/promises';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations/index';
import { dialects, dropTestSchema, testConfig } from '../harness';

const at = '2025-01-01T10:00:00.000Z';
const uuid = (n: number) => `01890000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** A database as it stood before 0021_post_topics, with posts carrying topics. */
async function before(dialect: (typeof dialects)[number]) {
  const config = await testConfig(dialect);
  const handle = await openDatabase(config.database);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error } = await migrator.migrateTo('0020_member_reports');
  if (error) throw error;
  const db = handle.db as unknown as Kysely<any>;
  await db
    .insertInto('users')
    .values({
      id: uuid(1),
      auth_id: uuid(101),
      username: 'Tagger',
      username_lower: 'tagger',
      email: 'tagger@example.org',
      password_hash: null,
      role: 'USER',
      avatar_color: '#f33e58',
      avatar_image: '',
      profile_picture: '',
      is_banned: 0,
      token_version: 0,
      allow_personalize: 1,
      google_sub: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const post = (n: number, fields: Record<string, unknown>) => ({
    id: uuid(n),
    kind: 'post',
    user_id: uuid(1),
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
    created_at: at,
    updated_at: at,
    edited_at: null,
    chosen_topics: '',
    topics: '',
    ...fields,
  });
  await db
    .insertInto('posts')
    .values([
      post(11, { topics: 'science,art', created_at: '2025-01-01T10:00:01.000Z' }),
      post(12, { topics: '' }),
      post(13, { topics: 'science', privacy: 'Private', created_at: '2025-01-01T10:00:02.000Z' }),
    ])
    .execute();
  return { config, handle, migrator, db };
}

describe.each(dialects)('migration 0021_post_topics on %s', (dialect) => {
  let cleanup: { config: Config; handle: DatabaseHandle } | undefined;
  afterEach(async () => {
    if (!cleanup) return;
    await cleanup.handle.destroy();
    await dropTestSchema(cleanup.config);
    await fs.rm(cleanup.config.dataDir, { recursive: true, force: true });
    cleanup = undefined;
  });

  it("fills post_topics from the posts' topics, and goes back down", async () => {
    const { config, handle, migrator, db } = (cleanup = await before(dialect));
    await migrateToLatest(handle, { mediaRoot: mediaRootOf(config) });
    const rows = await db.selectFrom('post_topics').selectAll().orderBy('topic').orderBy('post_id').execute();
    expect(rows).toEqual([
      { topic: 'art', post_id: uuid(11), created_at: '2025-01-01T10:00:01.000Z' },
      { topic: 'science', post_id: uuid(11), created_at: '2025-01-01T10:00:01.000Z' },
      { topic: 'science', post_id: uuid(13), created_at: '2025-01-01T10:00:02.000Z' },
    ]);
    const { error } = await migrator.migrateTo('0020_member_reports');
    if (error) throw error;
    await expect(db.selectFrom('post_topics').selectAll().execute()).rejects.toThrow();
  });
});
