import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { imageSearchResultsSchema, searchOverviewSchema } from '../../../src/api/search';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { buildApp } from '../../../server/http/app';
import { dataUrl, picturePng, resizedJpegCopy } from '../../fixtures/pictures';
import { legacyGroup, legacyId as uuid, legacyPost as post, legacyUser, useLegacyDatabases } from '../db/legacyDatabase';
import { bearer, dialects, newMember } from '../harness';

/** Members, posts (one with its picture on disk, one whose picture went missing) and a group, written at 0011. */
async function seedOldRows(db: Kysely<any>, mediaRoot: string) {
  await db
    .insertInto('users')
    .values(legacyUser(1, { username: 'OldTimer_42', username_lower: 'oldtimer_42' }))
    .execute();
  const withPicture = (image: string) => ({ image_version: '1700000000', image_id: image });
  await fs.mkdir(path.join(mediaRoot, 'image', 'v1700000000'), { recursive: true });
  await fs.writeFile(path.join(mediaRoot, 'image', 'v1700000000', `${uuid(901)}.png`), await picturePng(77));
  await db
    .insertInto('posts')
    .values([
      post(11, { post: 'Un café gourmand, written before search' }),
      post(12, { post: 'with a picture', ...withPicture(uuid(901)) }),
      post(13, { post: 'lost picture', ...withPicture(uuid(902)) }),
    ])
    .execute();
  await db
    .insertInto('groups')
    .values(legacyGroup(21, { name: 'Vintage Bikes', description: 'Old frames', tags: '["restoration"]', categories: '["DIY & Crafts"]' }))
    .execute();
}

describe.each(dialects)('migration 0012_search on %s', (dialect) => {
  /** A database as it stood before search (migrations up to 0011). */
  const databaseAt = useLegacyDatabases(dialect);
  const before = () => databaseAt('0011_notifications');

  it('indexes the posts, members and groups already stored and hashes their pictures, so search finds them', async () => {
    const { config, handle, db } = await before();
    const mediaRoot = mediaRootOf(config);
    await seedOldRows(db, mediaRoot);
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
    const { config, handle, db } = await before();
    await seedOldRows(db, mediaRootOf(config));
    await expect(migrateToLatest(handle)).rejects.toThrow(/0012_search.*media directory/);
  });
});

describe.each(dialects)('migration 0027_answer_search on %s', (dialect) => {
  const databaseAt = useLegacyDatabases(dialect);

  it('indexes the answers already stored (Markdown by its plain text), numbered after the entries before them, so search finds their questions', async () => {
    const { config, handle, db } = await databaseAt('0026_one_export_at_a_time');
    await db.insertInto('users').values(legacyUser(1)).execute();
    await db
      .insertInto('posts')
      .values([post(31, { kind: 'question', post: 'How do I reverse a list?' }), post(32, { kind: 'question', post: 'And a string?' })])
      .execute();
    const answer = (n: number, questionId: string, text: string, format: string) => ({
      id: uuid(n),
      question_id: questionId,
      user_id: uuid(1),
      answer: text,
      created_at: '2024-01-01T00:00:00.000Z',
      updated_at: '2024-01-01T00:00:00.000Z',
      edited_at: null,
      format,
    });
    await db
      .insertInto('answers')
      .values([answer(41, uuid(31), '```python\nxs.reverse()\n```', 'markdown'), answer(42, uuid(32), 'use *slicing* [::-1]', 'plain')])
      .execute();
    await migrateToLatest(handle, { mediaRoot: mediaRootOf(config) });

    const entries = await handle.db.selectFrom('answer_search').select(['id', 'answer_id', 'search_text']).orderBy('id').execute();
    expect(entries.map((e) => [e.answer_id, e.search_text])).toEqual([
      [uuid(41), 'xs reverse'],
      [uuid(42), 'use slicing 1'],
    ]);
    const highestPost = await handle.db
      .selectFrom('post_search')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(Number(entries[0].id)).toBeGreaterThan(Number(highestPost.id));

    const app = await buildApp(config, { database: handle });
    try {
      const signed = (await app.inject({ method: 'POST', url: '/api/v1/signup', payload: await newMember() })).json();
      const get = async (url: string) => (await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(signed.token) })).json();
      expect(searchOverviewSchema.parse(await get('/search/reverse')).questions.questions.map((p) => p._id)).toEqual([uuid(31)]);
      expect(searchOverviewSchema.parse(await get('/search/slicing')).questions.questions.map((p) => p._id)).toEqual([uuid(32)]);
      // A question written after the migration is numbered after the answers it indexed.
      const asked = (
        await app.inject({ method: 'POST', url: '/api/v1/question', headers: bearer(signed.token), payload: { post: 'reverse again?' } })
      ).json();
      const newest = await handle.db.selectFrom('post_search').select('id').where('post_id', '=', asked.post._id).executeTakeFirstOrThrow();
      expect(Number(newest.id)).toBeGreaterThan(Number(entries[1].id));
    } finally {
      await app.close();
    }
  });
});
