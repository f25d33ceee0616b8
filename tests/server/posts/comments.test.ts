import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentResponseSchema, commentsListSchema } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, member, ok, post, refused, type Member } from '../social';

describe.each(dialects)('comments on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  let other: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader, other] = [await member(t), await member(t), await member(t)];
  });
  afterAll(() => t.close());

  it('adds, lists oldest first, names the commenters and keeps commentsCount', async () => {
    const p = await post(t, author);
    const first = commentResponseSchema.parse(await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: '  first!  ' }, 201));
    expect(first).toMatchObject({
      message: 'Comment added successfully',
      commentsCount: 1,
      comment: { postId: p._id, userId: reader.id, username: reader.username, comment: 'first!', editedAt: null },
    });
    await ok(t, author, 'POST', '/post/comment', { postId: p._id, comment: 'thanks' }, 201);
    await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: 'again' }, 201);

    const list = commentsListSchema.parse(await ok(t, other, 'GET', `/post/comments/${p._id}`));
    expect(list.comments.map((c) => c.comment)).toEqual(['first!', 'thanks', 'again']);
    expect(list.commentsCount).toBe(3);
    expect(list.nextCursor).toBeNull();
    expect(JSON.stringify(list)).not.toContain('@example.org');
    expect(await ok(t, other, 'GET', `/post/commentsnames/${p._id}`)).toEqual({
      names: [author.username, reader.username].sort(),
      count: 2,
    });
    expect((await ok(t, other, 'GET', `/post/${p._id}`)).post.commentsCount).toBe(3);
  });

  it('pages long threads with a cursor', async () => {
    const p = await post(t, author);
    for (let i = 0; i < 55; i += 1) await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: `c${i}` }, 201);
    const first = await ok(t, other, 'GET', `/post/comments/${p._id}`);
    expect(first.comments).toHaveLength(50);
    const second = await ok(t, other, 'GET', `/post/comments/${p._id}?cursor=${first.nextCursor}`);
    expect(second.comments.map((c: { comment: string }) => c.comment)).toEqual(['c50', 'c51', 'c52', 'c53', 'c54']);
    expect(second.nextCursor).toBeNull();
  });

  it('lets members edit and delete only their own comments', async () => {
    const p = await post(t, author);
    const { comment } = await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: 'mine' }, 201);
    await refused(t, author, 'PUT', `/post/comment/${comment._id}`, { comment: 'changed' }, 403, 'You can only edit your own comments');
    await refused(t, other, 'DELETE', `/post/comment/${comment._id}`, undefined, 403, 'You can only delete your own comments');
    expect((await ok(t, other, 'GET', `/post/comments/${p._id}`)).comments[0]).toEqual(comment);

    t.clock.advance(1000);
    const edited = await ok(t, reader, 'PUT', `/post/comment/${comment._id}`, { comment: 'mine, edited' });
    expect(edited.comment).toMatchObject({ comment: 'mine, edited', createdAt: comment.createdAt });
    expect(edited.comment.editedAt).not.toBeNull();

    expect(await ok(t, reader, 'DELETE', `/post/comment/${comment._id}`)).toEqual({
      message: 'Comment deleted successfully',
      postId: p._id,
      commentsCount: 0,
    });
    await refused(t, reader, 'DELETE', `/post/comment/${comment._id}`, undefined, 404, 'Comment not found');
    expect((await ok(t, author, 'GET', `/post/${p._id}`)).post.commentsCount).toBe(0);
  });

  it.each([
    ['an empty comment', { comment: '' }, 'Comment must not be empty'],
    ['only spaces', { comment: '   ' }, 'Comment must not be empty'],
    ['no comment', {}, 'Comment must not be empty'],
    ['a comment over 2000 characters', { comment: 'x'.repeat(2001) }, 'Comment must not exceed 2000 characters'],
    ['a malformed post id', { postId: 'x', comment: 'hi' }, 'Invalid post id'],
  ])('refuses %s', async (_name, body, message) => {
    const p = await post(t, author);
    await refused(t, reader, 'POST', '/post/comment', { postId: p._id, ...body }, 400, message);
    await refused(t, reader, 'PUT', '/post/comment/x', { comment: 'x' }, 404, 'Comment not found');
    expect((await ok(t, reader, 'GET', `/post/${p._id}`)).post.commentsCount).toBe(0);
  });

  it('leaves out comments of members in a block with the viewer', async () => {
    const p = await post(t, author);
    const troll = await member(t);
    await ok(t, troll, 'POST', '/post/comment', { postId: p._id, comment: 'troll' }, 201);
    await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: 'kind' }, 201);
    await block(t, reader, troll);
    const seen = await ok(t, reader, 'GET', `/post/comments/${p._id}`);
    expect(seen.comments.map((c: { comment: string }) => c.comment)).toEqual(['kind']);
    expect((await ok(t, reader, 'GET', `/post/commentsnames/${p._id}`)).names).toEqual([reader.username]);
    expect((await ok(t, troll, 'GET', `/post/comments/${p._id}`)).comments.map((c: { comment: string }) => c.comment)).toEqual(['troll']);
    // Neither can touch the other's comment.
    const trollComment = (await ok(t, other, 'GET', `/post/comments/${p._id}`)).comments[0];
    await refused(t, reader, 'PUT', `/post/comment/${trollComment._id}`, { comment: 'x' }, 404, 'Comment not found');
    expect((await call(t, other, 'GET', `/post/comments/${p._id}`)).json().comments).toHaveLength(2);
  });

  it('keeps commentsCount right under concurrent comments and deletions', async () => {
    const p = await post(t, author);
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ok(t, i % 2 ? reader : other, 'POST', '/post/comment', { postId: p._id, comment: `c${i}` }, 201),
      ),
    );
    await Promise.all(
      added
        .filter((_, i) => i % 4 === 0)
        .map((a) => ok(t, a.comment.userId === reader.id ? reader : other, 'DELETE', `/post/comment/${a.comment._id}`)),
    );
    const rows = await t.database.db.selectFrom('comments').select('id').where('post_id', '=', p._id).execute();
    expect(rows).toHaveLength(15);
    expect((await ok(t, author, 'GET', `/post/${p._id}`)).post.commentsCount).toBe(15);
  });
});
