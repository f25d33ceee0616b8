import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, follow, imageDataUrl, member, ok, videoDataUrl, type Member } from '../social';

type Variant = 'Public' | 'Followers' | 'Private' | 'hidden';
type Role = 'author' | 'follower' | 'stranger' | 'blockedByAuthor' | 'blocksAuthor' | 'admin';
const VARIANTS: Variant[] = ['Public', 'Followers', 'Private', 'hidden'];
const ROLES: Role[] = ['author', 'follower', 'stranger', 'blockedByAuthor', 'blocksAuthor', 'admin'];

/** The rule, written out as a table: who sees which post. */
const EXPECTED: Record<Role, Variant[]> = {
  author: ['Public', 'Followers', 'Private', 'hidden'],
  follower: ['Public', 'Followers'],
  stranger: ['Public'],
  blockedByAuthor: [],
  blocksAuthor: [],
  admin: ['Public', 'Followers', 'Private', 'hidden'],
};

interface Target {
  variant: Variant;
  kind: 'image' | 'video' | 'question';
  post: Post;
}

describe.each(dialects)('the privacy matrix on %s', (dialect) => {
  let t: TestApp;
  const who = {} as Record<Role, Member>;
  const targets: Target[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const role of ROLES) who[role] = await member(t, { admin: role === 'admin' });
    await follow(t, who.follower, who.author);
    // Both followed first: a block must end those follows.
    await follow(t, who.blockedByAuthor, who.author);
    await follow(t, who.blocksAuthor, who.author);
    await block(t, who.author, who.blockedByAuthor);
    await block(t, who.blocksAuthor, who.author);

    const author = who.author;
    for (const variant of VARIANTS) {
      const privacy = variant === 'hidden' ? 'Public' : variant;
      const image = (
        await ok(t, author, 'POST', '/post/image/post', { post: `${variant} image`, privacy, image: await imageDataUrl() }, 201)
      ).post;
      const video = (await ok(t, author, 'POST', '/post/video/post', { post: `${variant} video`, privacy, video: videoDataUrl() }, 201))
        .post;
      const question = (await ok(t, author, 'POST', '/question', { post: `${variant} question?`, privacy }, 201)).post;
      for (const p of [image, video, question]) {
        await ok(t, author, 'POST', '/post/reaction', { postId: p._id, type: 'like' });
        await ok(t, author, 'POST', '/post/comment', { postId: p._id, comment: `comment on ${p.post}` }, 201);
      }
      await ok(t, author, 'POST', `/question/${question._id}/answer`, { answer: 'my own answer' }, 201);
      if (variant === 'hidden') for (const p of [image, video, question]) await t.app.services.posts.setHidden(p._id, true);
      targets.push(
        { variant, kind: 'image', post: image },
        { variant, kind: 'video', post: video },
        { variant, kind: 'question', post: question },
      );
    }
    // Saved entries written straight into the table: the saved list must filter by itself.
    const now = new Date().toISOString();
    for (const role of ROLES) {
      await t.database.db
        .insertInto('saved_posts')
        .values(targets.map((target) => ({ user_id: who[role].id, post_id: target.post._id, created_at: now })))
        .execute();
    }
  });
  afterAll(() => t.close());

  const get = (role: Role, url: string) => call(t, who[role], 'GET', url);
  const ids = (posts: { _id: string }[]) => new Set(posts.map((p) => p._id));
  /** Every post of a list, following nextCursor. */
  async function walk(role: Role, url: string, key = 'posts'): Promise<Set<string>> {
    const seen = new Set<string>();
    let next: string | null = `${url}${url.includes('?') ? '&' : '?'}cursor=9999-12-31T23:59:59.999Z`;
    while (next) {
      const response = await get(role, next);
      if (response.statusCode === 404) return seen;
      expect(response.statusCode, `${next}: ${response.body}`).toBe(200);
      const body = response.json();
      for (const id of ids(body[key])) seen.add(id);
      next = body.nextCursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${body.nextCursor}` : null;
    }
    return seen;
  }

  /** Each read path: does this viewer see this post through it? (undefined: the path does not show this kind) */
  const paths: Record<string, (role: Role, target: Target) => Promise<boolean | undefined>> = {
    'GET /post/{id}': async (role, target) => (await get(role, `/post/${target.post._id}`)).statusCode === 200,
    'GET /post/all/{page}': async (role, target) =>
      target.kind === 'question' ? undefined : ids((await get(role, '/post/all/1')).json().posts).has(target.post._id),
    'GET /post/all/{page}?cursor': async (role, target) =>
      target.kind === 'question' ? undefined : (await walk(role, '/post/all/1')).has(target.post._id),
    'GET /post/user/{userId}/{page}': async (role, target) =>
      target.kind === 'question' ? undefined : (await walk(role, `/post/user/${who.author.id}/1`)).has(target.post._id),
    'GET /user/profile/posts/{userId}/all/{page}': async (role, target) =>
      (await walk(role, `/user/profile/posts/${who.author.id}/all/1`)).has(target.post._id),
    'GET /post/images/{page}': async (role, target) =>
      target.kind === 'image' ? (await walk(role, '/post/images/1')).has(target.post._id) : undefined,
    'GET /post/videos/{page}': async (role, target) =>
      target.kind === 'video' ? (await walk(role, '/post/videos/1')).has(target.post._id) : undefined,
    'GET /post/images/{page}?userId': async (role, target) =>
      target.kind === 'image' ? (await walk(role, `/post/images/1?userId=${who.author.id}`)).has(target.post._id) : undefined,
    'GET /question/all/{page}': async (role, target) =>
      target.kind === 'question' ? ids((await get(role, '/question/all/1')).json().questions).has(target.post._id) : undefined,
    'GET /question/{id}': async (role, target) => {
      if (target.kind !== 'question') return undefined;
      const response = await get(role, `/question/${target.post._id}`);
      if (response.statusCode === 200) expect(response.json().answers).toHaveLength(1);
      return response.statusCode === 200;
    },
    'GET /user/profile/answers/{userId}/all/newest': async (role, target) => {
      if (target.kind !== 'question') return undefined;
      const response = await get(role, `/user/profile/answers/${who.author.id}/all/newest?page=1`);
      return response.statusCode === 200 && response.json().answers.some((a: { questionId: string }) => a.questionId === target.post._id);
    },
    'GET /post/reactions/{postId}': async (role, target) => {
      const response = await get(role, `/post/reactions/${target.post._id}`);
      if (response.statusCode === 200) expect(response.json().count).toBe(1);
      return response.statusCode === 200;
    },
    'GET /post/reactions/username/{name}': async (role, target) =>
      (await get(role, `/post/reactions/username/${who.author.username}`))
        .json()
        .reactions.some((r: { postId: string }) => r.postId === target.post._id),
    'GET /post/single/reaction/username/{name}/{postId}': async (role, target) => {
      const response = await get(role, `/post/single/reaction/username/${who.author.username}/${target.post._id}`);
      return response.statusCode === 200 && response.json().reaction !== null;
    },
    'GET /post/comments/{postId}': async (role, target) => {
      const response = await get(role, `/post/comments/${target.post._id}`);
      if (response.statusCode === 200) expect(response.json().comments).toHaveLength(1);
      return response.statusCode === 200;
    },
    'GET /post/commentsnames/{postId}': async (role, target) => {
      const response = await get(role, `/post/commentsnames/${target.post._id}`);
      return response.statusCode === 200 && response.json().names.includes(who.author.username);
    },
    'GET /favpost/{page}': async (role, target) => (await walk(role, '/favpost/1')).has(target.post._id),
  };

  it.each(Object.keys(paths))('%s shows each post to exactly who may see it', async (name) => {
    const mismatches: string[] = [];
    for (const role of ROLES) {
      for (const target of targets) {
        const seen = await paths[name](role, target);
        if (seen === undefined) continue;
        const expected = EXPECTED[role].includes(target.variant);
        if (seen !== expected) mismatches.push(`${role} ${seen ? 'sees' : 'does not see'} the ${target.variant} ${target.kind}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('counts only what the viewer may see', async () => {
    for (const role of ROLES) {
      const posts = (await get(role, '/post/all/1')).json();
      const visible = targets.filter((target) => target.kind !== 'question' && EXPECTED[role].includes(target.variant));
      expect(posts.totalPosts, role).toBe(visible.length);
      const questions = (await get(role, '/question/all/1')).json();
      expect(questions.totalQuestions, role).toBe(
        targets.filter((target) => target.kind === 'question' && EXPECTED[role].includes(target.variant)).length,
      );
      const saved = (await get(role, '/favpost/1')).json();
      expect(saved.totalPosts, role).toBe(targets.filter((target) => EXPECTED[role].includes(target.variant)).length);
    }
  });

  it('refuses reactions, comments, saves and answers on posts the member may not see, changing nothing', async () => {
    for (const role of ROLES) {
      for (const target of targets) {
        if (EXPECTED[role].includes(target.variant)) continue;
        const id = target.post._id;
        const attempts = [
          await call(t, who[role], 'POST', '/post/reaction', { postId: id, type: 'wow' }),
          await call(t, who[role], 'DELETE', `/post/reaction/${id}`),
          await call(t, who[role], 'POST', '/post/comment', { postId: id, comment: 'sneaky' }),
          await call(t, who[role], 'POST', '/favpost', { postId: id }),
          ...(target.kind === 'question' ? [await call(t, who[role], 'POST', `/question/${id}/answer`, { answer: 'sneaky' })] : []),
        ];
        for (const attempt of attempts)
          expect(attempt.statusCode, `${role} on ${target.variant} ${target.kind}: ${attempt.body}`).toBe(404);
      }
    }
    const row = await t.database.db
      .selectFrom('posts')
      .select(['comments_count', 'reactions_wow', 'answers_count'])
      .where('id', '=', targets[8].post._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ comments_count: 1, reactions_wow: 0, answers_count: 1 });
  });

  it('ended the follows of both blocks, and hides blocked members from people lists', async () => {
    const followers = (await get('admin', `/user/followers/${who.author.id}`)).json();
    expect(followers.users.map((u: { _id: string }) => u._id)).toEqual([who.follower.id]);
    expect((await get('blockedByAuthor', `/user/followers/${who.author.id}`)).statusCode).toBe(404);
    expect((await get('blocksAuthor', `/user/following/${who.author.id}`)).statusCode).toBe(404);
    expect((await get('blocksAuthor', `/images/${who.author.id}`)).statusCode).toBe(404);
    expect((await get('stranger', `/user/followers/${who.author.id}`)).json().count).toBe(1);
  });

  it('a follower who unfollows loses the Followers posts at once, saved ones included', async () => {
    const reader = await member(t);
    await follow(t, reader, who.author);
    const followersPost = targets.find((target) => target.variant === 'Followers' && target.kind === 'image')!.post;
    await ok(t, reader, 'POST', '/favpost', { postId: followersPost._id });
    expect(ids((await ok(t, reader, 'GET', '/favpost/1')).posts).has(followersPost._id)).toBe(true);
    await ok(t, reader, 'PUT', `/user/unfollow/${who.author.id}`);
    expect((await call(t, reader, 'GET', `/post/${followersPost._id}`)).statusCode).toBe(404);
    expect(ids((await ok(t, reader, 'GET', '/favpost/1')).posts).has(followersPost._id)).toBe(false);
  });
});
