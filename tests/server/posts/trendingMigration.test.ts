import { describe, expect, it } from 'vitest';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { LEGACY_AT as at, legacyGroup, legacyId as uuid, legacyPost as post, legacyUser, useLegacyDatabases } from '../db/legacyDatabase';
import { dialects } from '../harness';

const tag = (source: number, postId: number) => ({ source_id: uuid(source), post_id: uuid(postId), tag: `t${source}`, created_at: at });

describe.each(dialects)('migration 0016_trending_tags on %s', (dialect) => {
  const databaseAt = useLegacyDatabases(dialect);

  /** A database as it stood before 0016_trending_tags, with tagged posts of every kind in it. */
  async function before() {
    const legacy = await databaseAt('0015_admins_index');
    const { db } = legacy;
    await db.insertInto('users').values(legacyUser(1)).execute();
    await db.insertInto('groups').values(legacyGroup(21)).execute();
    await db
      .insertInto('posts')
      .values([
        post(11),
        post(12, { privacy: 'Private' }),
        post(13, { privacy: 'Followers' }),
        post(14, { hidden: 1, hidden_reason: 'spam', hidden_at: at }),
        post(15, { group_id: uuid(21), group_status: 'accepted' }),
      ])
      .execute();
    // Each post's own tag, and a comment's tag on the public post.
    await db
      .insertInto('text_tags')
      .values([tag(11, 11), tag(12, 12), tag(13, 13), tag(14, 14), tag(15, 15), tag(31, 11)])
      .execute();
    return legacy;
  }

  it("marks the tags already stored that can trend: a Public post's own, outside groups, not hidden; and goes back down", async () => {
    const { config, handle, db, migrateTo } = await before();
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
    await migrateTo('0015_admins_index');
    expect(await db.selectFrom('text_tags').selectAll().where('source_id', '=', uuid(11)).execute()).toEqual([tag(11, 11)]);
  });
});
