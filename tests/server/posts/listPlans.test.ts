import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../server/clock';
import { createForYou } from '../../../server/modules/posts/forYou';
import { createSnapshotStore } from '../../../server/modules/posts/snapshots';
import { createPostStore, type PostFilter } from '../../../server/modules/posts/store';
import { explainFeed, explainRun } from '../plans';
import { createTestApp, type TestApp } from '../harness';
import { follow, member, post, type Member } from '../social';

/**
 * SQLite's plan for the lists of posts read most (the feed, the Photos and Videos pages, page 1
 * and a page by cursor; For you's first load), from the server's own SQL, as the server leaves a
 * database: it never runs ANALYZE, so SQLite plans by fixed guesses whatever the rows, and a test
 * database plans as a large one does. Each list must be read from an index that holds its rows in
 * its order: the Photos page read every post outside groups and sorted them (1.2 to 1.9 s a request
 * at 1M posts) until 0030_media_pages, and For you read every post of its window to find the
 * followed members' (45 ms). (With ANALYZE's samples of a large community, as the benchmarks' seed
 * wrote them until session 28, plans can depend on the values bound: see docs/server.md.)
 * PostgreSQL plans by its statistics, which a test database does not have.
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

  it("For you's first load: the followed members' posts walked from the viewer's follows, each by its author's index", async () => {
    if (t.config.database.kind !== 'sqlite') throw new Error('expected SQLite');
    const author = await member(t);
    await follow(t, reader, author);
    for (let i = 0; i < 3; i++) await post(t, author);
    const viewer = { id: reader.id, isAdmin: false };
    // Two newest candidates: the third post is older than them, so the followed members' are read.
    const reports = await explainRun(t.config.database.file, (handle) =>
      createForYou({
        database: handle,
        store: createPostStore(handle),
        snapshots: createSnapshotStore(),
        clock: systemClock,
        keep: false,
        shared: false,
        newest: 2,
      }).page(viewer),
    );
    const followed = reports.find((report) => /\bfrom "follows" (cross|inner) join "posts"/.test(report.sql));
    expect(followed, reports.map((report) => report.sql).join('\n')).toBeDefined();
    // As an inner join SQLite read every post of the window by posts_kind_created_idx (45 ms at 1M posts).
    expect(followed!.plan.split('\n')[0]).toMatch(/^SEARCH follows USING (COVERING )?INDEX/);
    expect(followed!.plan).toMatch(/SEARCH posts USING INDEX posts_user_created_idx \(user_id=\?/);
  });
});
