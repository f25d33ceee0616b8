import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostFilter } from '../../../server/modules/posts/store';
import { explainFeed } from '../../bench/plans';
import { createTestApp, type TestApp } from '../harness';
import { member, type Member } from '../social';

/**
 * SQLite's plan for the lists of posts read most (the feed, the Photos and Videos pages), page 1
 * and a page by cursor, from the server's own SQL, as the server leaves a database: it never runs
 * ANALYZE, so SQLite plans by fixed guesses whatever the rows, and a test database plans as a large
 * one does. Each list must be read from an index that holds its rows in its order: the Photos page
 * read every post outside groups and sorted them (1.2 to 1.9 s a request at 1M posts) until
 * 0030_media_pages. (With ANALYZE's samples of a large community, as the benchmarks' seed writes
 * them, plans can depend on the values bound: see docs/server.md.) PostgreSQL plans by its
 * statistics, which a test database does not have.
 */
describe('lists of posts on sqlite read by an index in their order', () => {
  let t: TestApp;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    reader = await member(t);
  });
  afterAll(() => t.close());

  const lists: [string, PostFilter, RegExp][] = [
    ['the feed', { kind: 'post' }, /SEARCH posts USING (COVERING )?INDEX posts_kind_created_idx/],
    ['Photos', { withImage: true }, /(SEARCH|SCAN) posts USING (COVERING )?INDEX posts_images_created_idx/],
    ['Videos', { withVideo: true }, /(SEARCH|SCAN) posts USING (COVERING )?INDEX posts_videos_created_idx/],
  ];

  it.each(lists)('%s: page 1 and by cursor, never every post sorted or every member walked', async (_, filter, index) => {
    if (t.config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    const viewer = { id: reader.id, isAdmin: false };
    const cursor = { createdAt: '2999-01-01T00:00:00.000Z', id: 'z' };
    for (const request of [{ page: 1 }, { page: 1, cursor }]) {
      const reports = await explainFeed(t.config.database.file, viewer, filter, request, 1);
      const page = reports.find((report) => /\bfrom "posts"/.test(report.sql) && !/count\(/i.test(report.sql));
      expect(page, reports.map((report) => report.sql).join('\n')).toBeDefined();
      expect(page!.plan).toMatch(index);
      expect(page!.plan).not.toMatch(/SCAN users/);
      expect(page!.plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    }
  });
});
