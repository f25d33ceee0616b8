import { describe, expect, it } from 'vitest';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { legacyId as uuid, legacyPost as post, legacyUser, useLegacyDatabases } from '../db/legacyDatabase';
import { dialects } from '../harness';

describe.each(dialects)('migration 0021_post_topics on %s', (dialect) => {
  const databaseAt = useLegacyDatabases(dialect);

  /** A database as it stood before 0021_post_topics, with posts carrying topics. */
  async function before() {
    const legacy = await databaseAt('0020_member_reports');
    await legacy.db.insertInto('users').values(legacyUser(1)).execute();
    await legacy.db
      .insertInto('posts')
      .values([
        post(11, { topics: 'science,art', created_at: '2025-01-01T10:00:01.000Z' }),
        post(12, { topics: '' }),
        post(13, { topics: 'science', privacy: 'Private', created_at: '2025-01-01T10:00:02.000Z' }),
      ])
      .execute();
    return legacy;
  }

  it("fills post_topics from the posts' topics, and goes back down", async () => {
    const { config, handle, db, migrateTo } = await before();
    await migrateToLatest(handle, { mediaRoot: mediaRootOf(config) });
    const rows = await db.selectFrom('post_topics').selectAll().orderBy('topic').orderBy('post_id').execute();
    expect(rows).toEqual([
      { topic: 'art', post_id: uuid(11), created_at: '2025-01-01T10:00:01.000Z' },
      { topic: 'science', post_id: uuid(11), created_at: '2025-01-01T10:00:01.000Z' },
      { topic: 'science', post_id: uuid(13), created_at: '2025-01-01T10:00:02.000Z' },
    ]);
    await migrateTo('0020_member_reports');
    await expect(db.selectFrom('post_topics').selectAll().execute()).rejects.toThrow();
  });
});
