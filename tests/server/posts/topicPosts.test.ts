import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostStore } from '../../../server/modules/posts/store';
import { postsPageSchema, type PostsPage } from '../../../src/api/posts';
import { PAGE_SIZE } from '../../../src/api/pages';
import { createTestApp, dialects, type TestApp } from '../harness';
import { explainRun } from '../plans';
import { follow, member, ok, post, refused, type Member } from '../social';

/**
 * GET /post/topic/{topic}/{page}: an interest topic's posts (the author's choice and the topics
 * its hashtags map to), newest first, paged like the other lists, each checked by the visibility
 * rule; kept by post_topics (0021_post_topics) through create, edit and delete.
 */
describe.each(dialects)("a topic's posts on %s", (dialect) => {
  let t: TestApp;
  let writer: Member;
  let stranger: Member;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [writer, stranger, reader] = [await member(t), await member(t), await member(t)];
    await follow(t, reader, writer);
  });
  afterAll(() => t.close());

  const page = async (who: Member, topic: string, query = ''): Promise<PostsPage> =>
    postsPageSchema.parse(await ok(t, who, 'GET', `/post/topic/${topic}/1${query}`));
  const texts = (answer: PostsPage) => answer.posts.map((p) => p.post);

  it('lists a post under the topic its hashtag maps to, and under the one its author chose, newest first', async () => {
    const physics = await post(t, writer, { post: 'Entropy always wins #physics' });
    const chosen = await post(t, writer, { post: 'A plain note', topics: ['science'] });
    await post(t, writer, { post: 'Nothing about it #jazz' });
    const question = (await ok(t, writer, 'POST', '/question', { post: 'Why is the sky blue? #astronomy' }, 201)).post;
    const science = await page(reader, 'science');
    expect(science.posts.map((p) => p._id)).toEqual([question._id, chosen._id, physics._id]);
    expect(science.totalPosts).toBe(3);
    expect(texts(await page(reader, 'music'))).toEqual(['Nothing about it #jazz']);
    // The word alone is not the topic: a post saying "science" without a tag or a choice is not listed.
    await post(t, writer, { post: 'science is fun' });
    expect((await page(reader, 'science')).posts).toHaveLength(3);
  });

  it('shows each member only what they may see', async () => {
    await post(t, writer, { post: 'Only mine #biology', privacy: 'Private' });
    await post(t, writer, { post: 'For followers #biology', privacy: 'Followers' });
    expect(texts(await page(stranger, 'science'))).not.toContain('For followers #biology');
    expect(texts(await page(stranger, 'science'))).not.toContain('Only mine #biology');
    expect(texts(await page(reader, 'science'))).toContain('For followers #biology');
    expect(texts(await page(reader, 'science'))).not.toContain('Only mine #biology');
    expect(texts(await page(writer, 'science'))).toContain('Only mine #biology');
  });

  it('follows an edit and a delete', async () => {
    const moving = await post(t, writer, { post: 'Trying #yoga' });
    expect(texts(await page(reader, 'fitness'))).toEqual(['Trying #yoga']);
    await ok(t, writer, 'PUT', `/post/${moving._id}`, { post: 'Trying #chess' });
    expect((await page(reader, 'fitness')).posts).toEqual([]);
    expect(texts(await page(reader, 'gaming'))).toEqual(['Trying #chess']);
    await ok(t, writer, 'DELETE', `/post/${moving._id}`);
    expect((await page(reader, 'gaming')).posts).toEqual([]);
  });

  it('pages by cursor, every post once, and catches up with since', async () => {
    const author = await member(t);
    const made: string[] = [];
    for (let i = 0; i < PAGE_SIZE + 3; i += 1) made.push((await post(t, author, { post: `bake ${i} #baking` }))._id);
    const first = await page(reader, 'food');
    expect(first.posts).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(reader, 'food', `?cursor=${first.nextCursor}`);
    expect(second.totalPosts).toBeUndefined();
    expect(second.nextCursor).toBeNull();
    expect([...first.posts, ...second.posts].map((p) => p._id)).toEqual([...made].reverse());

    const newest = first.posts[0];
    const fresh = await post(t, author, { post: 'one more #recipe' });
    const since = await page(reader, 'food', `?since=${newest.createdAt}_${newest._id}`);
    expect(since.posts.map((p) => p._id)).toEqual([fresh._id]);
  });

  // SQLite's plan (PostgreSQL plans by its statistics, which a test database of a few rows does not have).
  if (dialect === 'sqlite')
    it("reads by post_topics' index, never every post", async () => {
      if (t.config.database.kind !== 'sqlite') throw new Error('expected SQLite');
      const cursor = { createdAt: '2999-01-01T00:00:00.000Z', id: 'z' };
      const reports = await explainRun(
        t.config.database.file,
        (handle) => createPostStore(handle).topicPage({ id: reader.id, isAdmin: false }, 'science', { page: 1, cursor }),
        1,
      );
      expect(reports).toHaveLength(1);
      expect(reports[0]!.plan).toMatch(/SEARCH post_topics USING (COVERING )?INDEX post_topics_topic_idx/);
      expect(reports[0]!.plan).not.toMatch(/SCAN posts\b/);
      expect(reports[0]!.plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    });

  it('refuses a name that is no topic with 400', async () => {
    await refused(t, reader, 'GET', '/post/topic/astrology/1', undefined, 400, /Topic must be one of/);
    await refused(t, reader, 'GET', '/post/topic/science/0', undefined, 400);
    await refused(t, null, 'GET', '/post/topic/science/1', undefined, 401);
  });
});
