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

/** A database as it stood before 0016_trending_tags, with tagged posts of every kind in it. */
async function before(dialect: (typeof dialects)[number]) {
  const config = await testConfig(dialect);
  const handle = await openDatabase(config.database);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error } = await migrator.migrateTo('0015_admins_index');
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
  await db
    .insertInto('groups')
    .values({
      id: uuid(21),
      name: 'Open group',
      description: '',
      privacy: 'public',
      profile_image: '',
      tags: '[]',
      categories: '[]',
      created_by: uuid(1),
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
      post(11, {}),
      post(12, { privacy: 'Private' }),
      post(13, { privacy: 'Followers' }),
      post(14, { hidden: 1, hidden_reason: 'spam', hidden_at: at }),
      post(15, { group_id: uuid(21), group_status: 'accepted' }),
    ])
    .execute();
  const tag = (source: number, postId: number) => ({ source_id: uuid(source), post_id: uuid(postId), tag: `t${source}`, created_at: at });
  // Each post's own tag, and a comment's tag on the public post.
  await db
    .insertInto('text_tags')
    .values([tag(11, 11), tag(12, 12), tag(13, 13), tag(14, 14), tag(15, 15), tag(31, 11)])
    .execute();
  return { config, handle, migrator, db };
}

describe.each(dialects)('migration 0016_trending_tags on %s', (dialect) => {
  let cleanup: { config: Config; handle: DatabaseHandle } | undefined;
  afterEach(async () => {
    if (!cleanup) return;
    await cleanup.handle.destroy();
    await dropTestSchema(cleanup.config);
    await fs.rm(cleanup.config.dataDir, { recursive: true, force: true });
    cleanup = undefined;
  });

  it("marks the tags already stored that can trend: a Public post's own, outside groups, not hidden; and goes back down", async () => {
    const { config, handle, migrator, db } = (cleanup = await before(dialect));
    await migrateToLatest(handle, { mediaRoot: mediaRootOf(config) });
    const rows = await db.selectFrom('text_tags').select(['source_id', 'trends']).orderBy('source_id').execute();
    expect(rows.map((row) => [row.source_id, Number(row.trends)])).toEqual([
      [uuid(11), 1],
      [uuid(12), 0],
      [uuid(13), 0],
      [uuid(14), 0],
      [uuid(15), 0],
      [uuid(31), 0],
    ]);
    const { error } = await migrator.migrateTo('0015_admins_index');
    if (error) throw error;
    expect(await db.selectFrom('text_tags').selectAll().where('source_id', '=', uuid(11)).execute()).toEqual([tag11()]);
  });
});

const tag11 = () => ({ source_id: uuid(11), post_id: uuid(11), tag: 't11', created_at: at });
