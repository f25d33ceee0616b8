import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACTION_TYPES } from '../../../src/api/constants';
import { reactionChangeSchema, reactionsListSchema } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { call, member, ok, post, refused, type Member } from '../social';

const zero = { like: 0, love: 0, angry: 0, happy: 0, sad: 0, wow: 0 };

describe.each(dialects)('reactions on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader] = [await member(t), await member(t)];
  });
  afterAll(() => t.close());

  it('keeps one reaction per member per post: another type changes it, DELETE removes it', async () => {
    const p = await post(t, author);
    const liked = reactionChangeSchema.parse(await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'like' }));
    expect(liked).toEqual({ message: 'Reaction saved', postId: p._id, reactions: { ...zero, like: 1 }, userReaction: 'like' });
    expect((await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'like' })).reactions).toEqual({ ...zero, like: 1 });
    const loved = await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'love' });
    expect(loved.reactions).toEqual({ ...zero, love: 1 });
    expect((await ok(t, author, 'POST', '/post/reaction', { postId: p._id, type: 'love' })).reactions).toEqual({ ...zero, love: 2 });
    expect((await ok(t, reader, 'GET', `/post/${p._id}`)).post.reactions).toEqual({ ...zero, love: 2 });

    const list = reactionsListSchema.parse(await ok(t, author, 'GET', `/post/reactions/${p._id}`));
    expect(list.count).toBe(2);
    expect(list.reactions.map((r) => [r.username, r.type]).sort()).toEqual(
      [
        [author.username, 'love'],
        [reader.username, 'love'],
      ].sort(),
    );
    expect(JSON.stringify(list)).not.toContain('@example.org');

    const single = await ok(t, author, 'GET', `/post/single/reaction/username/${reader.username.toUpperCase()}/${p._id}`);
    expect(single.reaction).toMatchObject({ postId: p._id, type: 'love', userId: reader.id, username: reader.username });
    const mine = await ok(t, reader, 'GET', `/post/reactions/username/${reader.username}`);
    expect(mine.reactions.map((r: { postId: string }) => r.postId)).toContain(p._id);

    const removed = await ok(t, reader, 'DELETE', `/post/reaction/${p._id}`);
    expect(removed).toEqual({ message: 'Reaction removed', postId: p._id, reactions: { ...zero, love: 1 }, userReaction: null });
    // Removing again is harmless.
    expect((await ok(t, reader, 'DELETE', `/post/reaction/${p._id}`)).reactions).toEqual({ ...zero, love: 1 });
    expect((await ok(t, author, 'GET', `/post/single/reaction/username/${reader.username}/${p._id}`)).reaction).toBeNull();
    expect((await ok(t, author, 'GET', '/post/reactions/username/nobody_by_that_name')).reactions).toEqual([]);
  });

  it("serves the spec's DELETE shape and ignores the counts the client sends", async () => {
    const p = await post(t, author);
    await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'sad' });
    const forged = encodeURIComponent(JSON.stringify({ like: 999, sad: -5 }));
    const answer = await ok(t, reader, 'DELETE', `/post/reaction/${p._id}/sad/${forged}`);
    expect(answer.reactions).toEqual(zero);
    // Another member's reaction cannot be removed this way: only one's own goes.
    await ok(t, author, 'POST', '/post/reaction', { postId: p._id, type: 'wow' });
    expect((await ok(t, reader, 'DELETE', `/post/reaction/${p._id}/wow/${forged}`)).reactions).toEqual({ ...zero, wow: 1 });
  });

  it.each([
    ['an unknown type', (id: string) => ({ postId: id, type: 'hate' }), `Reaction type must be one of ${REACTION_TYPES.join(', ')}`],
    ['no type', (id: string) => ({ postId: id }), `Reaction type must be one of ${REACTION_TYPES.join(', ')}`],
    ['a malformed post id', () => ({ postId: 'abc', type: 'like' }), 'Invalid post id'],
    ['no post id', () => ({ type: 'like' }), 'Post id is required'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const p = await post(t, author);
    await refused(t, reader, 'POST', '/post/reaction', body(p._id), 400, message);
    expect((await ok(t, reader, 'GET', `/post/${p._id}`)).post.reactions).toEqual(zero);
  });

  it('answers 404 for a post that does not exist', async () => {
    await refused(
      t,
      reader,
      'POST',
      '/post/reaction',
      { postId: '01890000-0000-7000-8000-000000000000', type: 'like' },
      404,
      'Post not found',
    );
    await refused(t, reader, 'GET', '/post/reactions/01890000-0000-7000-8000-000000000000', undefined, 404, 'Post not found');
    await refused(t, reader, 'GET', '/post/reactions/nope', undefined, 404, 'Post not found');
  });

  it('keeps the counts equal to the rows under concurrent changes', async () => {
    const p = await post(t, author);
    const members = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    // Every member changes their reaction several times, all at once.
    const rounds = ['like', 'love', 'wow', 'like', 'sad'] as const;
    const answers = await Promise.all(
      members.flatMap((m, index) => [
        ...rounds.map((type, round) =>
          call(t, m, 'POST', '/post/reaction', { postId: p._id, type: rounds[(index + round) % rounds.length] ?? type }),
        ),
        ...(index % 3 === 0 ? [call(t, m, 'DELETE', `/post/reaction/${p._id}`)] : []),
      ]),
    );
    expect(answers.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    const rows = await t.database.db.selectFrom('reactions').select('type').where('post_id', '=', p._id).execute();
    const fromRows = { ...zero };
    for (const row of rows) fromRows[row.type] += 1;
    expect(rows.length).toBeLessThanOrEqual(members.length);
    const shown = (await ok(t, author, 'GET', `/post/${p._id}`)).post.reactions;
    expect(shown).toEqual(fromRows);
    expect(Object.values(shown).every((n) => (n as number) >= 0)).toBe(true);

    // And after everyone removes theirs, all zero.
    await Promise.all(members.map((m) => call(t, m, 'DELETE', `/post/reaction/${p._id}`)));
    expect((await ok(t, author, 'GET', `/post/${p._id}`)).post.reactions).toEqual(zero);
  });
});
