import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsPageSchema, questionsPageSchema } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { follow, imageDataUrl, member, ok, post, type Member } from '../social';

describe.each(dialects)('keyset pages on %s', (dialect) => {
  let t: TestApp;
  let writer: Member;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [writer, reader] = [await member(t), await member(t)];
    await follow(t, reader, writer);
  });
  afterAll(() => t.close());

  /** Posts created with one frozen timestamp: only the id tells them apart. */
  async function sameInstant(count: number, prefix: string) {
    const frozen = t.clock.now();
    const real = t.clock.now;
    t.clock.now = () => new Date(frozen);
    try {
      for (let i = 0; i < count; i += 1) await post(t, writer, { post: `${prefix}${i}`, privacy: i % 2 ? 'Followers' : 'Public' });
    } finally {
      t.clock.now = real;
    }
  }

  it('gives every post exactly once while new posts arrive, and catches up with since', async () => {
    for (let i = 0; i < 13; i += 1) await post(t, writer, { post: `old${i}` });
    await sameInstant(12, 'tie');
    const existing = postsPageSchema.parse(await ok(t, reader, 'GET', '/post/all/1'));
    expect(existing.totalPosts).toBe(25);
    const newest = existing.posts[0];

    const seen: string[] = [];
    let page = existing;
    let arrivals = 0;
    for (;;) {
      seen.push(...page.posts.map((p) => p.post));
      // New posts keep arriving between page loads.
      for (let i = 0; i < 3; i += 1) await post(t, writer, { post: `new${arrivals++}` });
      if (!page.nextCursor) break;
      page = postsPageSchema.parse(await ok(t, reader, 'GET', `/post/all/1?cursor=${page.nextCursor}`));
      expect(page.totalPosts).toBeUndefined();
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.every((text) => text.startsWith('old') || text.startsWith('tie'))).toBe(true);

    // After a reconnect: everything newer than the newest post seen, oldest first, exactly once.
    const caughtUp: string[] = [];
    let since: string | null = `${newest.createdAt}_${newest._id}`;
    while (since) {
      const next = postsPageSchema.parse(await ok(t, reader, 'GET', `/post/all/1?since=${since}`));
      caughtUp.push(...next.posts.map((p) => p.post));
      since = next.nextCursor;
    }
    expect(caughtUp).toEqual(Array.from({ length: arrivals }, (_, i) => `new${i}`));
  });

  it('accepts a bare time as since, and refuses cursor and since together', async () => {
    const before = new Date(t.clock.now().getTime() - 1).toISOString();
    const p = await post(t, writer, { post: 'fresh' });
    const answer = await ok(t, reader, 'GET', `/post/all/1?since=${before}`);
    expect(answer.posts.map((x: { _id: string }) => x._id)).toEqual([p._id]);
    const both = await ok(t, reader, 'GET', `/post/all/1?since=${before}&cursor=${before}`, undefined, 400);
    expect(both.message).toBe('Send either cursor or since, not both');
  });

  it("walks questions, saved posts, photos and a member's posts the same way", async () => {
    const lister = await member(t);
    for (let i = 0; i < 12; i += 1) {
      const q = (await ok(t, lister, 'POST', '/question', { post: `q${i}?` }, 201)).post;
      await ok(t, reader, 'POST', '/favpost', { postId: q._id });
    }
    for (let i = 0; i < 11; i += 1) await ok(t, lister, 'POST', '/post/image/post', { post: `img${i}`, image: await imageDataUrl() }, 201);

    const walk = async (url: string, key: 'posts' | 'questions') => {
      const first = await ok(t, reader, 'GET', url);
      const items = [...first[key]];
      let cursor = first.nextCursor;
      while (cursor) {
        const next = await ok(t, reader, 'GET', `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
        items.push(...next[key]);
        cursor = next.nextCursor;
      }
      return items.map((item: { post: string }) => item.post);
    };
    const questions = await walk('/question/all/1', 'questions');
    expect(questions.filter((q: string) => /^q\d+\?$/.test(q))).toHaveLength(12);
    expect(questionsPageSchema.parse(await ok(t, reader, 'GET', '/question/all/2')).questions).toHaveLength(2);
    const saved = await walk('/favpost/1', 'posts');
    expect(saved).toEqual(Array.from({ length: 12 }, (_, i) => `q${11 - i}?`));
    const photos = await walk(`/post/images/1?userId=${lister.id}`, 'posts');
    expect(photos).toEqual(Array.from({ length: 11 }, (_, i) => `img${10 - i}`));
    const profile = await walk(`/user/profile/posts/${lister.id}/all/1`, 'posts');
    expect(profile).toHaveLength(23);

    // Un-saving removes it from the list.
    const firstSaved = (await ok(t, reader, 'GET', '/favpost/1')).posts[0];
    expect(await ok(t, reader, 'POST', '/favpost', { postId: firstSaved._id })).toEqual({
      message: 'Post removed from saved',
      postId: firstSaved._id,
      saved: false,
    });
    expect((await ok(t, reader, 'GET', '/favpost/1')).totalPosts).toBe(11);
  });
});
