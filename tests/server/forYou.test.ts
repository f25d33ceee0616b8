import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOR_YOU_OFF, forYouPageSchema, trendingSchema } from '../../src/api/forYou';
import { notificationsPageSchema, type Notification } from '../../src/api/notifications';
import { paths } from '../../src/api/paths';
import type { Post } from '../../src/api/posts';
import { createForYou } from '../../server/modules/posts/forYou';
import { createSnapshotStore } from '../../server/modules/posts/snapshots';
import { createPostStore } from '../../server/modules/posts/store';
import { createTestApp, dialects, type TestApp } from './harness';
import { block, follow, member, ok, post, refused, type Member } from './social';

const HOUR = 60 * 60 * 1000;

/**
 * "For you" (issue 14): the ranking over what the viewer may see, its reasons, what clears it and
 * what turns it off; paging a snapshot while posts arrive; hashtags, mentions and topics stored from
 * posts, comments and answers; mention notifications that never widen an audience; trending tags.
 */
describe.each(dialects)('personalised streams on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every "For you" page from the first, as the client walks them (with `between` run after each page). */
  async function forYouAll(who: Member, between?: () => Promise<void>): Promise<Post[]> {
    const seen: Post[] = [];
    let cursor: string | null | undefined;
    for (let guard = 0; guard < 200; guard += 1) {
      const page = forYouPageSchema.parse(await ok(t, who, 'GET', paths.posts.forYou(cursor ?? undefined)));
      seen.push(...page.posts);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
      await between?.();
    }
    throw new Error('For you never ended');
  }
  async function latestAll(who: Member): Promise<Post[]> {
    const seen: Post[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 200; guard += 1) {
      const page: { posts: Post[]; nextCursor: string | null } = await ok(t, who, 'GET', `${paths.posts.all(1)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.posts);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('Latest never ended');
  }
  const positionIn = (list: Post[], id: string) => list.findIndex((p) => p._id === id);
  const interests = (who: Member, topics: string[]) => ok(t, who, 'PUT', paths.users.personalize, { interests: topics });
  const inbox = async (who: Member): Promise<Notification[]> => notificationsPageSchema.parse(await ok(t, who, 'GET', paths.notifications.page())).notifications;

  it('ranks a followed author and an interest-matching post above a newer stranger post, says why, and "Latest" stays chronological', async () => {
    const [reader, friend, stranger, scientist] = [await member(t), await member(t), await member(t), await member(t)];
    await follow(t, reader, friend);
    await interests(reader, ['science']);
    const oldStranger = await post(t, stranger, { post: 'An unrelated thought from earlier' });
    t.clock.advance(3 * HOUR);
    const fromFriend = await post(t, friend, { post: 'Hello from a friend' });
    const physics = await post(t, scientist, { post: 'Why is the sky blue? #Physics' });
    t.clock.advance(1 * HOUR);
    const newer = await post(t, stranger, { post: 'Something unrelated and newest' });

    const forYou = await forYouAll(reader);
    expect(positionIn(forYou, fromFriend._id)).toBeLessThan(positionIn(forYou, newer._id));
    expect(positionIn(forYou, physics._id)).toBeLessThan(positionIn(forYou, newer._id));
    expect(positionIn(forYou, newer._id)).toBeLessThan(positionIn(forYou, oldStranger._id));
    const byId = new Map(forYou.map((p) => [p._id, p]));
    expect(byId.get(fromFriend._id)?.reasons).toContainEqual({ kind: 'follow', username: friend.username });
    expect(byId.get(physics._id)?.reasons).toContainEqual({ kind: 'interest', topic: 'science' });
    expect(byId.get(physics._id)?.topics).toEqual(['science']);
    expect(byId.get(newer._id)?.reasons).toEqual([{ kind: 'recent' }]);

    const latest = await latestAll(reader);
    const order = [newer, physics, fromFriend, oldStranger].map((p) => positionIn(latest, p._id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const times = latest.map((p) => `${p.createdAt}_${p._id}`);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('clearing interests and clearing behaviour change the next load; turning personalization off stops recording and refuses "For you"', async () => {
    const [reader, often, stranger] = [await member(t), await member(t), await member(t)];
    await interests(reader, ['art']);
    const painting = await post(t, often, { post: 'My #painting of the harbour' });
    t.clock.advance(2 * HOUR);
    const newest = await post(t, stranger, { post: 'Plain news' });
    // Opening the author's post three times is behaviour the ranking learns from.
    for (let i = 0; i < 3; i += 1) await ok(t, reader, 'GET', paths.posts.one(painting._id));
    let forYou = await forYouAll(reader);
    expect(positionIn(forYou, painting._id)).toBeLessThan(positionIn(forYou, newest._id));
    expect(forYou.find((p) => p._id === painting._id)?.reasons).toEqual(
      expect.arrayContaining([{ kind: 'interacted', username: often.username }, { kind: 'interest', topic: 'art' }]),
    );

    await ok(t, reader, 'PUT', paths.users.clearPersonalize);
    forYou = await forYouAll(reader);
    expect(forYou.find((p) => p._id === painting._id)?.reasons).toEqual([{ kind: 'interacted', username: often.username }]);

    await ok(t, reader, 'PUT', paths.users.clearBehavior);
    forYou = await forYouAll(reader);
    expect(positionIn(forYou, newest._id)).toBeLessThan(positionIn(forYou, painting._id));
    expect(forYou.find((p) => p._id === painting._id)?.reasons).toEqual([{ kind: 'recent' }]);

    await ok(t, reader, 'PUT', paths.users.personalize, { allowPersonalize: false });
    await ok(t, reader, 'GET', paths.posts.one(painting._id));
    const recorded = await t.database.db.selectFrom('user_behaviors').select('id').where('user_id', '=', reader.id).execute();
    expect(recorded).toEqual([]);
    await refused(t, reader, 'GET', paths.posts.forYou(), undefined, 403, FOR_YOU_OFF);
  });

  it('paging "For you" while posts arrive neither repeats nor skips: the pages walk the snapshot page 1 ranked', async () => {
    const [reader, ...authors] = await Promise.all(Array.from({ length: 4 }, () => member(t)));
    await follow(t, reader, authors[0]!);
    for (let i = 0; i < 24; i += 1) {
      await post(t, authors[i % authors.length]!, { post: `Post number ${i} ${i % 5 === 0 ? '#science' : ''}` });
      t.clock.advance(60_000);
    }
    const before = new Set((await latestAll(reader)).map((p) => p._id));
    let arrivals = 0;
    const walked = await forYouAll(reader, async () => {
      await post(t, authors[arrivals % authors.length]!, { post: `Arrived while paging ${arrivals}` });
      arrivals += 1;
    });
    const ids = walked.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(before);
    expect(arrivals).toBeGreaterThanOrEqual(2);
  });

  it('page 1 again answers the last ranking while nothing it read changed; a new post, a follow or new behaviour ranks anew', async () => {
    const [reader, author] = [await member(t), await member(t)];
    for (let i = 0; i < 12; i += 1) await post(t, author, { post: `Reuse ${i}` });
    const snapshotOf = async () => {
      const page = forYouPageSchema.parse(await ok(t, reader, 'GET', paths.posts.forYou()));
      return { id: page.nextCursor!.split('.')[1], first: page.posts[0]?._id };
    };
    const first = await snapshotOf();
    expect((await snapshotOf()).id).toBe(first.id);
    const fresh = await post(t, author, { post: 'Arrived after page 1' });
    const afterPost = await snapshotOf();
    expect(afterPost.id).not.toBe(first.id);
    expect(afterPost.first).toBe(fresh._id);
    await ok(t, reader, 'GET', paths.posts.one(fresh._id));
    const afterBehaviour = await snapshotOf();
    expect(afterBehaviour.id).not.toBe(afterPost.id);
    await follow(t, reader, author);
    expect((await snapshotOf()).id).not.toBe(afterBehaviour.id);
    const settled = await snapshotOf();
    t.clock.advance(31_000);
    expect((await snapshotOf()).id).not.toBe(settled.id);
  });

  it('after the ranked list, the older posts follow in date order without the followed ones it already held', async () => {
    const forYou = createForYou({ database: t.database, store: createPostStore(t.database), snapshots: createSnapshotStore(), clock: t.clock, newest: 6, pageSize: 4 });
    const [reader, friend, other] = [await member(t), await member(t), await member(t)];
    await follow(t, reader, friend);
    const friendOld = await post(t, friend, { post: 'An older post by a friend' });
    t.clock.advance(60_000);
    for (let i = 0; i < 9; i += 1) {
      await post(t, other, { post: `Filler ${i}` });
      t.clock.advance(60_000);
    }
    const viewer = { id: reader.id, isAdmin: false };
    const seen: Post[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 500; guard += 1) {
      const page = await forYou.page(viewer, cursor);
      seen.push(...page.posts);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const ids = seen.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set((await latestAll(reader)).map((p) => p._id)));
    // The followed author's older post was pulled into the ranked part (the first six plus it).
    expect(ids.indexOf(friendOld._id)).toBeLessThan(7);
  });

  it('parses hashtags and mentions of posts, comments and answers, replaces them on edit, and maps tags and chosen topics', async () => {
    const [writer, named] = [await member(t), await member(t)];
    const text = `Notes on #Physics, #physics and #Café. #123 is no tag; write to someone@${named.username}.org or @${named.username.toUpperCase()}.`;
    const created = await post(t, writer, { post: text, topics: ['art'] });
    expect(created.topics).toEqual(['art', 'science']);
    expect(created.chosenTopics).toEqual(['art']);
    const tags = async (sourceId: string) =>
      (await t.database.db.selectFrom('text_tags').select('tag').where('source_id', '=', sourceId).orderBy('tag').execute()).map((r) => r.tag);
    const mentions = async (sourceId: string) =>
      (await t.database.db.selectFrom('text_mentions').select('user_id').where('source_id', '=', sourceId).execute()).map((r) => r.user_id);
    expect(await tags(created._id)).toEqual(['café', 'physics']);
    expect(await mentions(created._id)).toEqual([named.id]);

    const edited = (await ok(t, writer, 'PUT', paths.posts.one(created._id), { post: 'Now about #gardening only' })).post as Post;
    expect(await tags(created._id)).toEqual(['gardening']);
    expect(await mentions(created._id)).toEqual([]);
    expect(edited.topics).toEqual(['art', 'gardening']);

    const comment = (await ok(t, writer, 'POST', paths.comments.create, { postId: created._id, comment: `#Reply to @${named.username}` }, 201)).comment;
    expect(await tags(comment._id)).toEqual(['reply']);
    expect(await mentions(comment._id)).toEqual([named.id]);
    await ok(t, writer, 'DELETE', paths.comments.one(comment._id));
    expect(await tags(comment._id)).toEqual([]);

    const question = (await ok(t, writer, 'POST', '/question', { post: 'What is #entropy?' }, 201)).post as Post;
    const answer = (await ok(t, named, 'POST', paths.questions.answer(question._id), { answer: `@${writer.username} see #thermodynamics` }, 201)).answer;
    expect(await tags(answer._id)).toEqual(['thermodynamics']);
    expect(await mentions(answer._id)).toEqual([writer.id]);

    await refused(t, writer, 'POST', '/post', { post: 'x', topics: ['art', 'music', 'books', 'food'] }, 400, 'Choose at most 3 topics');
    await refused(t, writer, 'POST', '/post', { post: 'x', topics: ['astrology'] }, 400, /Topic must be one of/);
  });

  it('a mention notifies the member when they may see the post, and nobody when they may not or a block stands between', async () => {
    const [writer, reader, outsider, blocker] = [await member(t), await member(t), await member(t), await member(t)];
    await follow(t, reader, writer);
    await block(t, blocker, writer);
    await post(t, writer, { post: `For followers: @${reader.username} @${outsider.username} @${blocker.username}`, privacy: 'Followers' });
    const mentionsOf = async (who: Member) => (await inbox(who)).filter((n) => n.kind === 'mention');
    const [entry] = await mentionsOf(reader);
    expect(entry).toMatchObject({ kind: 'mention', target: { type: 'post' }, actors: [{ username: writer.username }] });
    expect(await mentionsOf(outsider)).toEqual([]);
    expect(await mentionsOf(blocker)).toEqual([]);
    const secret = await post(t, writer, { post: `Just for me @${reader.username}`, privacy: 'Private' });
    expect((await mentionsOf(reader)).some((n) => n.target.id === secret._id)).toBe(false);
    // The mention did not widen the audience: the outsider still cannot open the post.
    await refused(t, outsider, 'GET', paths.posts.one(secret._id), undefined, 404);
  });

  it('trending counts the last day\'s tags among posts the reader may see', async () => {
    const [a, b, reader] = [await member(t), await member(t), await member(t)];
    const tag = `trend${Date.now().toString(36)}`;
    await post(t, a, { post: `#${tag} one` });
    await post(t, b, { post: `#${tag} two` });
    await post(t, a, { post: `#${tag} secret`, privacy: 'Private' });
    const trending = trendingSchema.parse(await ok(t, reader, 'GET', paths.posts.trending));
    expect(trending.hashtags).toContainEqual({ tag, posts: 2 });
    const own = trendingSchema.parse(await ok(t, a, 'GET', paths.posts.trending));
    expect(own.hashtags).toContainEqual({ tag, posts: 3 });
    t.clock.advance(25 * HOUR);
    // A day on, sessions have lapsed: a member who signs in now.
    const later = trendingSchema.parse(await ok(t, await member(t), 'GET', paths.posts.trending));
    expect(later.hashtags.some((h) => h.tag === tag)).toBe(false);
  });
});
