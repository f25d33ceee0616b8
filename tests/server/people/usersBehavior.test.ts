import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, member, ok, post, refused, type Member } from '../social';

const MISSING_POST = '0190a5f0-0000-7000-8000-0000000000ff';

describe.each(dialects)('recorded behaviour for personalization on %s', (dialect) => {
  let t: TestApp;
  let reader: Member;
  let author: Member;
  let other: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    reader = await member(t);
    author = await member(t);
    other = await member(t);
  });
  afterAll(() => t.close());

  const recorded = (who: Member) =>
    t.database.db
      .selectFrom('user_behaviors')
      .select(['action', 'subject_id'])
      .where('user_id', '=', who.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const clear = (who: Member) => ok(t, who, 'PUT', '/user/profile/personalize-settings/clear/user-behavior');
  const act = async (who: Member, postId: string) => {
    await ok(t, who, 'GET', `/post/${postId}`);
    await ok(t, who, 'POST', '/post/reaction', { postId, type: 'love' });
    await ok(t, who, 'POST', '/post/comment', { postId, comment: 'Lovely' }, 201);
  };

  it('records opening, reacting to and commenting on a post, with the post as subject', async () => {
    const p = await post(t, author, { post: 'Sourdough, day three' });
    await act(reader, p._id);
    expect(await recorded(reader)).toEqual([
      { action: 'view', subject_id: p._id },
      { action: 'react', subject_id: p._id },
      { action: 'comment', subject_id: p._id },
    ]);
    // Only the member who acted.
    expect(await recorded(author)).toEqual([]);
    expect(await clear(reader)).toEqual({ message: 'Recorded behaviour cleared', cleared: 3 });
  });

  it('records nothing for an act the server refused', async () => {
    await refused(t, reader, 'GET', `/post/${MISSING_POST}`, undefined, 404, 'Post not found');
    await refused(t, reader, 'POST', '/post/reaction', { postId: MISSING_POST, type: 'like' }, 404, 'Post not found');
    await refused(t, reader, 'POST', '/post/reaction', { postId: MISSING_POST, type: 'shrug' }, 400);
    await refused(t, reader, 'POST', '/post/comment', { postId: MISSING_POST, comment: 'Hello?' }, 404, 'Post not found');
    // A post hidden by a block is refused like a missing one.
    const hidden = await post(t, other, { post: 'Not for you' });
    await block(t, other, reader);
    await refused(t, reader, 'GET', `/post/${hidden._id}`, undefined, 404, 'Post not found');
    expect(await recorded(reader)).toEqual([]);
  });

  it('records nothing while personalization is off, and again once it is on', async () => {
    const p = await post(t, author, { post: 'Tomatoes on the balcony' });
    await ok(t, reader, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: false });
    await act(reader, p._id);
    expect(await recorded(reader)).toEqual([]);
    await ok(t, reader, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: true });
    await ok(t, reader, 'GET', `/post/${p._id}`);
    expect(await recorded(reader)).toEqual([{ action: 'view', subject_id: p._id }]);
  });

  it("clearing deletes the member's own records only", async () => {
    const p = await post(t, author, { post: 'Bread again' });
    await ok(t, author, 'GET', `/post/${p._id}`);
    const before = (await recorded(reader)).length;
    expect(before).toBeGreaterThan(0);
    expect(await clear(reader)).toEqual({ message: 'Recorded behaviour cleared', cleared: before });
    expect(await recorded(reader)).toEqual([]);
    expect(await recorded(author)).toEqual([{ action: 'view', subject_id: p._id }]);
    expect((await clear(reader)).cleared).toBe(0);
  });

  it('never fails the act when recording fails', async () => {
    const p = await post(t, author, { post: 'Still here' });
    // The behaviour table is out of reach for a moment (a failing disk, a lock): the reaction still counts.
    await sql`alter table user_behaviors rename to user_behaviors_away`.execute(t.database.db);
    try {
      const answer = await ok(t, reader, 'POST', '/post/reaction', { postId: p._id, type: 'like' });
      expect(answer).toMatchObject({ postId: p._id, userReaction: 'like' });
      expect(answer.reactions.like).toBe(1);
    } finally {
      await sql`alter table user_behaviors_away rename to user_behaviors`.execute(t.database.db);
    }
    expect(await recorded(reader)).toEqual([]);
  });
});
