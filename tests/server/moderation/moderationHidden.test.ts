import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HiddenPost } from '../../../src/api/moderation';
import type { Post } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { auditLog, MISSING } from '../moderation';
import { call, follow, imageDataUrl, member, ok, post, refused, videoDataUrl, type Member } from '../social';

/**
 * Hiding posts (the spec's "hirepost"). The privacy matrix (privacy.test.ts) walks every read path
 * with a hidden post (admins and the author see it, nobody else); here: the marking, the edit lock,
 * group posts, the reports it resolves, the admin list and the log. Socket payloads: moderationRealtime.test.ts.
 */
describe.each(dialects)('hidden posts on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let follower: Member;
  let stranger: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
    author = await member(t);
    follower = await member(t);
    stranger = await member(t);
    await follow(t, follower, author);
  });
  afterAll(() => t.close());

  const hide = (postId: string, reason = 'Misleading health claim') => ok(t, admin, 'POST', '/admin/hirepost', { postId, reason });
  const seen = async (who: Member, postId: string) => (await call(t, who, 'GET', `/post/${postId}`)).statusCode === 200;

  it('hides a post from everyone but admins and its author, who sees it marked with the reason', async () => {
    const target = await post(t, author, { post: 'Drinking bleach cures colds' });
    const answer = await hide(target._id);
    expect(answer.message).toBe('Post hidden');
    expect(answer.post).toMatchObject({ _id: target._id, hidden: true, hiddenReason: 'Misleading health claim' });
    expect(await seen(follower, target._id)).toBe(false);
    expect(await seen(stranger, target._id)).toBe(false);
    const forAuthor: Post = (await ok(t, author, 'GET', `/post/${target._id}`)).post;
    expect(forAuthor).toMatchObject({ hidden: true, hiddenReason: 'Misleading health claim' });
    expect((await ok(t, admin, 'GET', `/post/${target._id}`)).post.hiddenReason).toBe('Misleading health claim');
    // In the author's own lists too, marked.
    const own = (await ok(t, author, 'GET', `/user/profile/posts/${author.id}/posts/1`)).posts as Post[];
    expect(own.find((p) => p._id === target._id)).toMatchObject({ hidden: true, hiddenReason: 'Misleading health claim' });
    expect(((await ok(t, follower, 'GET', `/user/profile/posts/${author.id}/posts/1`)).posts as Post[]).map((p) => p._id)).not.toContain(
      target._id,
    );

    // The author may not edit it (any variant), but may delete it.
    for (const [url, body] of [
      [`/post/${target._id}`, { post: 'edited' }],
      [`/post/image/${target._id}`, { image: await imageDataUrl() }],
      [`/post/video/${target._id}`, { video: videoDataUrl() }],
    ] as const) {
      await refused(t, author, 'PUT', url, body, 403, 'This post was hidden by moderators and cannot be edited');
    }
    expect((await ok(t, admin, 'GET', `/post/${target._id}`)).post.post).toBe('Drinking bleach cures colds');
    await ok(t, author, 'DELETE', `/post/${target._id}`);
    expect(await seen(admin, target._id)).toBe(false);
  });

  it('carries hiddenReason only on hidden posts and only to the author and admins', async () => {
    const open = await post(t, author, { post: 'fine' });
    expect((await ok(t, author, 'GET', `/post/${open._id}`)).post).not.toHaveProperty('hiddenReason');
    expect((await ok(t, admin, 'GET', `/post/${open._id}`)).post).not.toHaveProperty('hiddenReason');
    const questionId = (await ok(t, author, 'POST', '/question', { post: 'Is this allowed?' }, 201)).post._id;
    await hide(questionId, 'Off topic');
    expect((await ok(t, author, 'GET', '/question/all/1')).questions.find((q: Post) => q._id === questionId)).toMatchObject({
      hiddenReason: 'Off topic',
    });
    expect((await ok(t, follower, 'GET', '/question/all/1')).questions.map((q: Post) => q._id)).not.toContain(questionId);
  });

  it('hides group posts from the group, and resolves the open reports of the post', async () => {
    const g = (
      await ok(
        t,
        author,
        'POST',
        '/group/create',
        { name: 'Study Group', description: '', tags: ['x'], category: ['Education'], members: [follower.id] },
        201,
      )
    ).group;
    await ok(t, follower, 'PUT', `/group/invitation/accept/${g._id}`);
    const target = (await ok(t, author, 'POST', `/post/group/${g._id}`, { post: 'group post' }, 201)).post;
    await ok(t, follower, 'POST', '/reportpost', { postId: target._id, reason: 'harassment' }, 201);
    await ok(t, stranger, 'POST', '/reportpost', { postId: target._id, reason: 'other' }, 201);
    await ok(t, admin, 'PUT', '/admin/reportpost/status', { postId: target._id, status: 'reviewing' });
    await hide(target._id, 'Harassment');
    expect((await ok(t, follower, 'GET', `/group/${g._id}/posts/1`)).posts).toEqual([]);
    expect((await ok(t, stranger, 'GET', `/group/${g._id}/posts/1`)).posts).toEqual([]);
    expect((await ok(t, author, 'GET', `/group/${g._id}/posts/1`)).posts.map((p: Post) => p._id)).toEqual([target._id]);
    const resolved = (await ok(t, admin, 'GET', '/reportpost?status=resolved')).items.find(
      (item: { post: Post }) => item.post._id === target._id,
    );
    expect(resolved.reports.map((r: { status: string }) => r.status)).toEqual(['resolved', 'resolved']);
    expect(resolved.history.map((h: { action: string }) => h.action)).toEqual(['hide', 'postReport.status']);
    expect((await ok(t, admin, 'GET', '/reportpost')).items.map((item: { post: Post }) => item.post._id)).not.toContain(target._id);
  });

  it('lists hidden posts for admins, newest first, with why, by whom and when; unhiding shows them again', async () => {
    const first = await post(t, author, { post: 'first to hide', privacy: 'Followers' });
    const second = await post(t, author, { post: 'second to hide' });
    await hide(first._id, 'One');
    await hide(second._id, 'Two');
    await refused(t, admin, 'POST', '/admin/hirepost', { postId: second._id, reason: 'again' }, 409, 'This post is already hidden');
    const page = await ok(t, admin, 'GET', '/admin/hirepost/1');
    const items: HiddenPost[] = page.items;
    expect(items.slice(0, 2).map((item) => [item.post._id, item.reason])).toEqual([
      [second._id, 'Two'],
      [first._id, 'One'],
    ]);
    expect(items[0]).toMatchObject({
      author: { _id: author.id, email: author.email },
      hiddenBy: { _id: admin.id },
      post: { hidden: true, hiddenReason: 'Two' },
    });
    expect(items[0].history.map((h) => h.action)).toEqual(['hide']);
    expect(page.total).toBe((await ok(t, admin, 'GET', '/admin/statistic/post')).hiddenPosts);

    const shown = await ok(t, admin, 'POST', '/admin/unhirepost', { postId: first._id });
    expect(shown.message).toBe('Post visible again');
    expect(shown.post).toMatchObject({ hidden: false });
    expect(shown.post).not.toHaveProperty('hiddenReason');
    expect(await seen(follower, first._id)).toBe(true);
    expect(await seen(stranger, first._id)).toBe(false); // Followers only, as before
    await refused(t, admin, 'POST', '/admin/unhirepost', { postId: first._id }, 409, 'This post is not hidden');
    expect((await ok(t, admin, 'GET', '/admin/hirepost/1')).items.map((item: HiddenPost) => item.post._id)).not.toContain(first._id);
    expect((await auditLog(t, admin)).slice(0, 3).map((entry) => [entry.action, entry.targetLabel, entry.reason])).toEqual([
      ['unhide', 'first to hide', ''],
      ['hide', 'second to hide', 'Two'],
      ['hide', 'first to hide', 'One'],
    ]);
  });

  it('refuses bad input with a message', async () => {
    const target = await post(t, author);
    await refused(t, admin, 'POST', '/admin/hirepost', { postId: target._id }, 400, 'Reason is required');
    await refused(
      t,
      admin,
      'POST',
      '/admin/hirepost',
      { postId: target._id, reason: 'x'.repeat(501) },
      400,
      'Reason must not exceed 500 characters',
    );
    await refused(t, admin, 'POST', '/admin/hirepost', { postId: 'x', reason: 'y' }, 400, 'Invalid post id');
    await refused(t, admin, 'POST', '/admin/hirepost', { postId: MISSING, reason: 'y' }, 404, 'Post not found');
    await refused(t, admin, 'POST', '/admin/unhirepost', {}, 400, 'Post id is required');
    await refused(t, admin, 'POST', '/admin/unhirepost', { postId: MISSING }, 404, 'Post not found');
    await refused(t, admin, 'GET', '/admin/hirepost/0', undefined, 400, 'Page must be a whole number from 1');
  });
});
