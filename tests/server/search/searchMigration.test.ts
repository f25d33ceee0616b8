import type { PostRow } from '../../../server/db/schema';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { imageSearchResultsSchema, searchOverviewSchema } from '../../../src/api/search';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations/index';
import type { Database } from '../../../server/db/schema';
import { buildApp } from '../../../server/http/app';
import type { Config } from '../../../server/config';
import { dataUrl, picturePng, resizedJpegCopy } from '../../fixtures/pictures';
import { bearer, dialects, dropTestSchema, newMember, testConfig } from '../harness';

/** A database as it stood before search (migrations up to 0011), with members, posts, a group and pictures in it. */
async function before(dialect: (typeof dialects)[number]) {
  const config = await testConfig(dialect);
  const handle = await openDatabase(config.database);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error } = await migrator.migrateTo('0011_notifications');
  if (error) throw error;
  return { config, handle };
}

const at = '2025-01-01T10:00:00.000Z';
const uuid = (n: number) => `01890000-0000-7000-8000-${String(n).padStart(12, '0')}`;

async function seedOldRows(db: Kysely<Database>, mediaRoot: string) {
  await db
    .insertInto('users')
    .values({
      id: uuid(1),
      auth_id: uuid(101),
      username: 'OldTimer_42',
      username_lower: 'oldtimer_42',
      email: 'old@example.org',
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
  const post = (n: number, text: string, image = '') =>
    ({
      id: uuid(n),
      kind: 'post' as const,
      user_id: uuid(1),
      group_id: null,
      group_status: null,
      post: text,
      bg_color: '#ffffff',
      privacy: 'Public' as const,
      feelings: '',
      gif_url: '',
      image_version: image ? '1700000000' : '',
      image_id: image,
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
      // Written at migration 0011, before posts had topics (0014_hashtags).
    }) as PostRow;
  // A picture on disk, and a post whose picture file went missing.
  await fs.mkdir(path.join(mediaRoot, 'image', 'v1700000000'), { recursive: true });
  await fs.writeFile(path.join(mediaRoot, 'image', 'v1700000000', `${uuid(901)}.png`), await picturePng(77));
  await db
    .insertInto('posts')
    .values([
      post(11, 'Un café gourmand, written before search'),
      post(12, 'with a picture', uuid(901)),
      post(13, 'lost picture', uuid(902)),
    ])
    .execute();
  await db
    .insertInto('groups')
    .values({
      id: uuid(21),
      name: 'Vintage Bikes',
      description: 'Old frames',
      privacy: 'public',
      profile_image: '',
      tags: '["restoration"]',
      categories: '["DIY & Crafts"]',
      created_by: uuid(1),
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe.each(dialects)('migration 0012_search on %s', (dialect) => {
  let cleanup: { config: Config; handle: DatabaseHandle } | undefined;
  afterEach(async () => {
    if (!cleanup) return;
    await cleanup.handle.destroy();
    await dropTestSchema(cleanup.config);
    await fs.rm(cleanup.config.dataDir, { recursive: true, force: true });
    cleanup = undefined;
  });

  it('indexes the posts, members and groups already stored and hashes their pictures, so search finds them', async () => {
    const { config, handle } = (cleanup = await before(dialect));
    const mediaRoot = mediaRootOf(config);
    await seedOldRows(handle.db, mediaRoot);
    await migrateToLatest(handle, { mediaRoot });

    const hashes = await handle.db.selectFrom('image_hashes').select(['post_id', 'image_id']).execute();
    expect(hashes).toEqual([{ post_id: uuid(12), image_id: uuid(901) }]);

    const app = await buildApp(config, { database: handle });
    try {
      const body = await newMember();
      const signed = (await app.inject({ method: 'POST', url: '/api/v1/signup', payload: body })).json();
      const get = async (url: string) => (await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(signed.token) })).json();
      const found = searchOverviewSchema.parse(await get('/search/cafe'));
      expect(found.posts.posts.map((p) => p._id)).toEqual([uuid(11)]);
      expect(searchOverviewSchema.parse(await get('/search/timer')).people.people.map((p) => p._id)).toEqual([uuid(1)]);
      expect(searchOverviewSchema.parse(await get('/search/restoration')).groups.groups.map((g) => g._id)).toEqual([uuid(21)]);
      const copy = await resizedJpegCopy(await picturePng(77));
      const byImage = imageSearchResultsSchema.parse(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/search/image',
            headers: bearer(signed.token),
            payload: { image: dataUrl(copy, 'image/jpeg') },
          })
        ).json(),
      );
      expect(byImage.posts.map((p) => p._id)).toEqual([uuid(12)]);
    } finally {
      await app.close();
    }
  });

  it('will not run without the media directory when there are pictures to hash', async () => {
    const { config, handle } = (cleanup = await before(dialect));
    await seedOldRows(handle.db, mediaRootOf(config));
    await expect(migrateToLatest(handle)).rejects.toThrow(/0012_search.*media directory/);
  });
});
