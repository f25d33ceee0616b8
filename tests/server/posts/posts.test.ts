import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST_BG_COLORS } from '../../../src/api/posts/choices';
import { postResponseSchema, postSchema, postsPageSchema } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { call, imageDataUrl, member, ok, post, refused, videoDataUrl, type Member } from '../social';

const MISSING = '01890000-0000-7000-8000-000000000000';

describe.each(dialects)('posts on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let other: Member;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, other, admin] = [await member(t), await member(t), await member(t, { admin: true })];
  });
  afterAll(() => t.close());

  it('creates a post with the server deciding who wrote it, and shows it by id', async () => {
    const created = await ok(
      t,
      author,
      'POST',
      '/post',
      {
        post: '  Hello, Stoa  ',
        bgColor: POST_BG_COLORS[3].toUpperCase(),
        privacy: 'Followers',
        feelings: 'happy',
        gifUrl: 'https://media.example.org/cat.gif',
        username: 'someone_else',
        userId: other.id,
        email: 'forged@example.org',
      },
      201,
    );
    const { post: p } = postResponseSchema.parse(created);
    expect(p).toMatchObject({
      kind: 'post',
      post: 'Hello, Stoa',
      bgColor: POST_BG_COLORS[3],
      privacy: 'Followers',
      feelings: 'happy',
      gifUrl: 'https://media.example.org/cat.gif',
      userId: author.id,
      username: author.username,
      email: author.email,
      commentsCount: 0,
      reactions: { like: 0, love: 0, angry: 0, happy: 0, sad: 0, wow: 0 },
      editedAt: null,
      hidden: false,
      image: '',
      video: '',
      imageAlt: '',
      groupId: null,
    });
    expect(p.createdAt).toBe(p.updatedAt);
    const single = await ok(t, author, 'GET', `/post/${p._id}`);
    expect(postSchema.parse(single.post)).toEqual(p);
  });

  it('shows the e-mail only to the author and to admins', async () => {
    const p = await post(t, author, { privacy: 'Public' });
    expect((await ok(t, author, 'GET', `/post/${p._id}`)).post.email).toBe(author.email);
    expect((await ok(t, admin, 'GET', `/post/${p._id}`)).post.email).toBe(author.email);
    const seen = await ok(t, other, 'GET', `/post/${p._id}`);
    expect(seen.post).not.toHaveProperty('email');
    expect(JSON.stringify(seen)).not.toContain(author.email);
    const feed = await ok(t, other, 'GET', '/post/all/1');
    expect(JSON.stringify(feed)).not.toContain('@example.org');
    expect((await ok(t, author, 'GET', '/post/all/1')).posts.find((x: { _id: string }) => x._id === p._id).email).toBe(author.email);
  });

  it.each([
    ['an empty post', {}, 400, 'Post must not be empty'],
    ['only spaces', { post: '   \n ' }, 400, 'Post must not be empty'],
    ['only a colour and a feeling', { post: '', bgColor: POST_BG_COLORS[1], feelings: 'loved' }, 400, 'Post must not be empty'],
    ['text over 5000 characters', { post: 'x'.repeat(5001) }, 400, 'Post must not exceed 5000 characters'],
    ['an http gif', { gifUrl: 'http://media.example.org/cat.gif' }, 400, 'GIF URL must be an https URL'],
    ['a javascript gif', { gifUrl: 'javascript:alert(1)' }, 400, 'GIF URL must be an https URL'],
    ['a gif that is not a URL', { gifUrl: 'cat.gif' }, 400, 'GIF URL must be an https URL'],
    ['an unknown colour', { post: 'x', bgColor: '#123456' }, 400, 'Background colour must be one of the post colours'],
    ['an unknown privacy', { post: 'x', privacy: 'Friends' }, 400, 'Privacy must be Public, Followers or Private'],
    ['an unknown feeling', { post: 'x', feelings: 'angry' }, 400, 'Feeling must be one of happy, excited, blessed, loved'],
    ['text that is a number', { post: 42 }, 400, 'Post text must be text'],
  ])('refuses %s', async (_name, body, status, message) => {
    await refused(t, author, 'POST', '/post', body, status, message);
  });

  it('accepts exactly 5000 characters and a gif alone', async () => {
    await ok(t, author, 'POST', '/post', { post: 'x'.repeat(5000) }, 201);
    await ok(t, author, 'POST', '/post', { gifUrl: 'https://media.example.org/a.gif' }, 201);
  });

  it('refuses anonymous callers and malformed bodies and ids with clear 4xx', async () => {
    await refused(t, null, 'POST', '/post', { post: 'x' }, 401, 'Please sign in to continue');
    await refused(t, null, 'GET', '/post/all/1', undefined, 401);
    await refused(t, author, 'GET', '/post/not-an-id', undefined, 404, 'Post not found');
    await refused(t, author, 'GET', `/post/${MISSING}`, undefined, 404, 'Post not found');
    await refused(t, author, 'PUT', '/post/12', { post: 'x' }, 404, 'Post not found');
    await refused(t, author, 'DELETE', "/post/1'%20or%201=1", undefined, 404, 'Post not found');
    await refused(t, author, 'GET', '/post/all/0', undefined, 400, 'Page must be a whole number from 1');
    await refused(t, author, 'GET', '/post/all/abc', undefined, 400, 'Page must be a whole number from 1');
    await refused(t, author, 'GET', '/post/all/1?cursor=yesterday', undefined, 400, /^Cursor must look like/);
    await refused(t, author, 'GET', `/post/user/nobody/1`, undefined, 404, 'User not found');
    await refused(t, author, 'GET', `/post/user/${MISSING}/1`, undefined, 404, 'User not found');
    await refused(t, author, 'GET', `/user/profile/posts/${author.id}/stories/1`, undefined, 400, 'Kind must be posts, questions or all');
    const raw = await t.api({
      method: 'POST',
      url: '/post',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      payload: '{"post":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toBe('Malformed JSON body');
    const array = await call(t, author, 'POST', '/post', ['x']);
    expect(array.statusCode).toBe(400);
  });

  it('lets only the author edit, marks the edit, and keeps the post non-empty', async () => {
    const p = await post(t, author, { post: 'first' });
    const before = await ok(t, author, 'GET', `/post/${p._id}`);
    await refused(t, other, 'PUT', `/post/${p._id}`, { post: 'hijacked' }, 403, 'You can only edit your own posts');
    await refused(t, admin, 'PUT', `/post/${p._id}`, { post: 'hijacked' }, 403, 'You can only edit your own posts');
    expect(await ok(t, author, 'GET', `/post/${p._id}`)).toEqual(before);

    t.clock.advance(5000);
    const edited = (await ok(t, author, 'PUT', `/post/${p._id}`, { post: 'second', privacy: 'Private', feelings: 'blessed' })).post;
    expect(edited).toMatchObject({ post: 'second', privacy: 'Private', feelings: 'blessed', createdAt: p.createdAt });
    expect(edited.editedAt).not.toBeNull();
    expect(edited.editedAt > p.createdAt).toBe(true);
    await refused(t, author, 'PUT', `/post/${p._id}`, { post: ' ' }, 400, 'Post must not be empty');
    await refused(t, author, 'PUT', `/post/${p._id}`, { gifUrl: 'ftp://x.org/a.gif' }, 400, 'GIF URL must be an https URL');
    expect((await ok(t, author, 'GET', `/post/${p._id}`)).post.post).toBe('second');
    await refused(t, author, 'PUT', `/post/${MISSING}`, { post: 'x' }, 404, 'Post not found');
  });

  it('lets only the author delete, and deleting removes reactions, comments, saved entries and media', async () => {
    const p = (
      await ok(t, author, 'POST', '/post/image/post', { post: 'pic', image: await imageDataUrl(), imageAlt: 'a blue square' }, 201)
    ).post;
    const v = (await ok(t, author, 'POST', '/post/video/post', { post: 'clip', video: videoDataUrl() }, 201)).post;
    const file = path.join(t.dataDir, 'media', 'image', `v${p.imgVersion}`, `${p.imgId}.png`);
    const videoFile = path.join(t.dataDir, 'media', 'video', `v${v.videoVersion}`, v.videoId);
    await fs.access(file);
    await fs.access(videoFile);
    await ok(t, other, 'POST', '/post/reaction', { postId: p._id, type: 'love' });
    await ok(t, other, 'POST', '/post/comment', { postId: p._id, comment: 'nice' }, 201);
    await ok(t, other, 'POST', '/favpost', { postId: p._id });

    await refused(t, other, 'DELETE', `/post/${p._id}`, undefined, 403, 'You can only delete your own posts');
    await refused(t, admin, 'DELETE', `/post/${p._id}`, undefined, 403, 'You can only delete your own posts');
    expect((await ok(t, other, 'GET', `/post/${p._id}`)).post.commentsCount).toBe(1);

    expect(await ok(t, author, 'DELETE', `/post/${p._id}`)).toEqual({ message: 'Post deleted successfully', postId: p._id });
    await ok(t, author, 'DELETE', `/post/${v._id}`);
    await refused(t, author, 'GET', `/post/${p._id}`, undefined, 404, 'Post not found');
    const db = t.database.db;
    for (const table of ['reactions', 'comments', 'saved_posts'] as const) {
      const rows = await db.selectFrom(table).select('post_id').where('post_id', '=', p._id).execute();
      expect(rows, table).toHaveLength(0);
    }
    await expect(fs.access(file)).rejects.toThrow();
    await expect(fs.access(videoFile)).rejects.toThrow();
    expect((await t.inject({ method: 'GET', url: p.image })).statusCode).toBe(404);
    await refused(t, author, 'DELETE', `/post/${p._id}`, undefined, 404, 'Post not found');
  });

  it("pages the feed ten at a time with a total, and a member's own posts", async () => {
    const writer = await member(t);
    for (let i = 0; i < 12; i += 1) await post(t, writer, { post: `n${i}` });
    const first = postsPageSchema.parse(await ok(t, other, 'GET', `/post/user/${writer.id}/1`));
    expect(first.posts.map((p) => p.post)).toEqual(['n11', 'n10', 'n9', 'n8', 'n7', 'n6', 'n5', 'n4', 'n3', 'n2']);
    expect(first.totalPosts).toBe(12);
    expect(first.nextCursor).toBe(`${first.posts[9].createdAt}_${first.posts[9]._id}`);
    const second = await ok(t, other, 'GET', `/post/user/${writer.id}/2`);
    expect(second.posts.map((p: { post: string }) => p.post)).toEqual(['n1', 'n0']);
    expect(second.nextCursor).toBeNull();
    const profile = await ok(t, other, 'GET', `/user/profile/posts/${writer.id}/posts/1`);
    expect(profile.totalPosts).toBe(12);
    expect((await ok(t, other, 'GET', `/user/profile/posts/${writer.id}/questions/1`)).totalPosts).toBe(0);
    const all = await ok(t, other, 'GET', '/post/all/1');
    expect(all.posts).toHaveLength(10);
    expect(all.totalPosts).toBeGreaterThanOrEqual(12);
  });

  it('answers the group post paths with 404 for a missing group or a post outside any group', async () => {
    const p = await post(t, author);
    await refused(t, author, 'POST', `/post/group/${MISSING}`, { post: 'x' }, 404, 'Group not found');
    await refused(t, author, 'GET', `/group/${MISSING}/posts/1`, undefined, 404, 'Group not found');
    await refused(t, author, 'GET', `/group/${MISSING}/postspending/1`, undefined, 404, 'Group not found');
    await refused(t, author, 'PUT', `/group/post/${p._id}/accept`, undefined, 404, 'Post not found');
    await refused(t, author, 'PUT', `/group/post/${p._id}/decline`, undefined, 404, 'Post not found');
    await refused(t, null, 'GET', `/group/${MISSING}/posts/1`, undefined, 401);
  });
});

describe.each(dialects)('what a post is to its reader on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  let stranger: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader, stranger] = [await member(t), await member(t), await member(t)];
  });
  afterAll(() => t.close());

  type Listed = { _id: string; userReaction: string | null; saved: boolean; followingAuthor: boolean };
  const find = (list: Listed[], id: string) => list.find((p) => p._id === id)!;
  const fieldsOf = (p: Listed) => ({ userReaction: p.userReaction, saved: p.saved, followingAuthor: p.followingAuthor });

  it("carries the reader's reaction, saved and following on every list and single answer, and nobody else's", async () => {
    const p = await post(t, author, { post: 'plain' });
    const photo = (await ok(t, author, 'POST', '/post/image/post', { post: 'photo', image: await imageDataUrl() }, 201)).post;
    const question = (await ok(t, author, 'POST', '/question', { post: 'why?' }, 201)).post;
    for (const id of [p._id, photo._id, question._id]) {
      await ok(t, reader, 'POST', '/post/reaction', { postId: id, type: 'wow' });
      await ok(t, reader, 'POST', '/favpost', { postId: id });
    }
    await ok(t, reader, 'PUT', `/user/follow/${author.id}`);
    const mine = { userReaction: 'wow', saved: true, followingAuthor: true };
    const none = { userReaction: null, saved: false, followingAuthor: false };

    const answers: [string, (body: any) => Listed[], string][] = [
      ['/post/all/1', (b) => b.posts, p._id],
      [`/post/all/1?cursor=2999-01-01T00:00:00.000Z_${MISSING}`, (b) => b.posts, p._id],
      [`/post/all/1?since=2000-01-01T00:00:00.000Z`, (b) => b.posts, p._id],
      [`/post/${p._id}`, (b) => [b.post], p._id],
      [`/post/user/${author.id}/1`, (b) => b.posts, p._id],
      [`/user/profile/posts/${author.id}/all/1`, (b) => b.posts, question._id],
      ['/post/images/1', (b) => b.posts, photo._id],
      ['/favpost/1', (b) => b.posts, photo._id],
      ['/question/all/1', (b) => b.questions, question._id],
      [`/question/${question._id}`, (b) => [b.question], question._id],
    ];
    for (const [url, listOf, id] of answers) {
      const forReader = find(listOf(await ok(t, reader, 'GET', url)), id);
      expect(fieldsOf(forReader), `${url} for the reader`).toEqual(mine);
      if (url === '/favpost/1') continue; // the stranger saved nothing
      const forStranger = find(listOf(await ok(t, stranger, 'GET', url)), id);
      expect(fieldsOf(forStranger), `${url} for a stranger`).toEqual(none);
    }
    // The author: their own post, never "following" themselves.
    expect(fieldsOf((await ok(t, author, 'GET', `/post/${p._id}`)).post)).toEqual(none);
  });

  it("reads them in the page's own statement: as many queries for ten posts as for one (no query per post)", async () => {
    const writer = await member(t);
    const lonely = await member(t);
    const executor = t.database.db.getExecutor();
    const count = async (who: Member, url: string) => {
      const spy = vi.spyOn(executor, 'executeQuery');
      try {
        await ok(t, who, 'GET', url);
        return spy.mock.calls.length;
      } finally {
        spy.mockRestore();
      }
    };
    const first = await post(t, writer, { privacy: 'Private' });
    await ok(t, writer, 'POST', '/favpost', { postId: first._id });
    const urls = [`/post/user/${writer.id}/1`, '/favpost/1', `/user/profile/posts/${writer.id}/all/1`];
    const withOne = [];
    for (const url of urls) withOne.push(await count(writer, url));
    for (let i = 0; i < 11; i += 1) {
      const p = await post(t, writer, { privacy: 'Private', post: `p${i}` });
      await ok(t, writer, 'POST', '/favpost', { postId: p._id });
      await ok(t, writer, 'POST', '/post/reaction', { postId: p._id, type: 'like' });
    }
    const withTen = [];
    for (const url of urls) withTen.push(await count(writer, url));
    expect(withTen).toEqual(withOne);
    expect(
      (await ok(t, writer, 'GET', '/favpost/1')).posts.every((p: Listed) => (p.saved && p.userReaction === 'like') || p._id === first._id),
    ).toBe(true);
    // Both asked once first: what is cached (their session, their total) is then cached for both alike.
    await ok(t, lonely, 'GET', '/post/all/1');
    await ok(t, writer, 'GET', '/post/all/1');
    expect(await count(lonely, '/post/all/1')).toBe(await count(writer, '/post/all/1'));
  });

  it('follows changes: another reaction, un-saving, unfollowing', async () => {
    const p = await post(t, author);
    await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'like' });
    await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'sad' });
    await ok(t, reader, 'POST', '/favpost', { postId: p._id });
    await ok(t, reader, 'POST', '/favpost', { postId: p._id });
    await ok(t, reader, 'PUT', `/user/unfollow/${author.id}`);
    const single = postSchema.parse((await ok(t, reader, 'GET', `/post/${p._id}`)).post);
    expect(fieldsOf(single)).toEqual({ userReaction: 'sad', saved: false, followingAuthor: false });
    const created = postResponseSchema.parse(await ok(t, reader, 'POST', '/post', { post: 'mine' }, 201)).post;
    expect(fieldsOf(created)).toEqual({ userReaction: null, saved: false, followingAuthor: false });
    const listed = postsPageSchema.parse(await ok(t, reader, 'GET', '/post/all/1'));
    expect(listed.posts.every((x) => typeof x.saved === 'boolean' && typeof x.followingAuthor === 'boolean')).toBe(true);
  });
});
