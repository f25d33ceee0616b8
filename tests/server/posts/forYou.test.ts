import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOR_YOU_OFF, forYouPageSchema, trendingSchema } from '../../../src/api/posts/forYou';
import { notificationsPageSchema, type Notification } from '../../../src/api/notifications';
import { paths } from '../../../src/api/paths';
import type { Post } from '../../../src/api/posts';
import { createForYou, RANKING } from '../../../server/modules/posts/forYou';
import { createSnapshotStore } from '../../../server/modules/posts/snapshots';
import { createTrending } from '../../../server/modules/posts/trending';
import { createPostStore } from '../../../server/modules/posts/store';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, follow, member, ok, post, refused, type Member } from '../social';

const HOUR = 60 * 60 * 1000;

/**
 * "For you": the ranking over what the viewer may see, its reasons, what clears it and
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
      const page = forYouPageSchema.parse(await ok(t, who, 'GET', paths.posts.forYou({ cursor: cursor ?? undefined })));
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
      const page: { posts: Post[]; nextCursor: string | null } = await ok(
        t,
        who,
        'GET',
        `${paths.posts.all(1)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.posts);
      if (!page.nextCursor) return seen;
      cursor = page.nextCursor;
    }
    throw new Error('Latest never ended');
  }
  const positionIn = (list: Post[], id: string) => list.findIndex((p) => p._id === id);
  const interests = (who: Member, topics: string[]) => ok(t, who, 'PUT', paths.users.personalize, { interests: topics });
  const inbox = async (who: Member): Promise<Notification[]> =>
    notificationsPageSchema.parse(await ok(t, who, 'GET', paths.notifications.page())).notifications;

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
      expect.arrayContaining([
        { kind: 'interacted', username: often.username },
        { kind: 'interest', topic: 'art' },
      ]),
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

  /** The snapshot a page's cursor names (page 1's ranking). */
  const snapshotIdOf = (page: { nextCursor: string | null }) => page.nextCursor!.split('.')[1];
  const forYouPage = async (who: Member, cursor?: string) =>
    forYouPageSchema.parse(await ok(t, who, 'GET', paths.posts.forYou({ cursor })));
  const fullRankings = () => t.app.services.forYou.fullRankings();

  it("page 1 keeps the last ranking across other members' writes: a new post comes in front without a full ranking, in the order a full ranking gives", async () => {
    const [reader, author, other] = [await member(t), await member(t), await member(t)];
    await interests(reader, ['music']);
    for (let i = 0; i < 12; i += 1) await post(t, author, { post: `Kept ${i}${i % 4 === 0 ? ' #guitar' : ''}` });
    const first = await forYouPage(reader);
    const ranked = fullRankings();
    const again = await forYouPage(reader);
    expect(snapshotIdOf(again)).toBe(snapshotIdOf(first));

    t.clock.advance(60_000);
    const fresh = await post(t, other, { post: 'Arrived after page 1' });
    const own = await post(t, reader, { post: 'The reader writes too' });
    await ok(t, other, 'POST', paths.reactions.react, { postId: first.posts[0]!._id, type: 'like' });
    const merged = await forYouPage(reader);
    expect(fullRankings()).toBe(ranked);
    expect(snapshotIdOf(merged)).not.toBe(snapshotIdOf(first));
    expect(merged.posts[0]!._id).toBe(own._id);
    expect(merged.posts.map((p) => p._id)).toContain(fresh._id);
    expect(merged.posts.find((p) => p._id === own._id)?.reasons).toEqual([{ kind: 'own' }]);

    // What a full ranking of the same candidates answers (everything here is within the newest 500).
    const ranking = createForYou({
      database: t.database,
      store: createPostStore(t.database),
      snapshots: createSnapshotStore(),
      clock: t.clock,
      keep: false,
    });
    const full = await ranking.page({ id: reader.id, isAdmin: false });
    expect(merged.posts.map((p) => [p._id, p.reasons])).toEqual(full.posts.map((p) => [p._id, p.reasons]));
  });

  it("the viewer's own follow, block, interests or behaviour, and the window running out, rank anew", async () => {
    const [reader, author, other] = [await member(t), await member(t), await member(t)];
    for (let i = 0; i < 12; i += 1) await post(t, author, { post: `Standing ${i}` });
    const older = await post(t, author, { post: 'From the followed author' });
    t.clock.advance(HOUR);
    await post(t, other, { post: 'A stranger, newer' });
    await forYouPage(reader);
    let ranked = fullRankings();
    const ranksAnew = async (change: () => Promise<unknown>) => {
      await change();
      const page = await forYouPage(reader);
      expect(fullRankings()).toBe(ranked + 1);
      ranked = fullRankings();
      return page;
    };
    const followed = await ranksAnew(() => follow(t, reader, author));
    expect(followed.posts[0]!._id).toBe(older._id);
    expect(followed.posts[0]!.reasons).toContainEqual({ kind: 'follow', username: author.username });
    await ranksAnew(() => ok(t, reader, 'PUT', paths.follows.unfollow(author.id)));
    await ranksAnew(() => interests(reader, ['music']));
    await ranksAnew(() => ok(t, reader, 'GET', paths.posts.one(older._id)));
    await ranksAnew(() => block(t, reader, other));
    await ranksAnew(async () => t.clock.advance(RANKING.keepMs));
    await forYouPage(reader);
    expect(fullRankings()).toBe(ranked);
  });

  it('a post deleted, hidden or behind a block leaves page 1 at once, and page 1 stays full', async () => {
    const [reader, a, b, c] = [await member(t), await member(t), await member(t), await member(t)];
    const written = [];
    for (let i = 0; i < 4; i += 1) for (const who of [a, b, c]) written.push(await post(t, who, { post: `Leaving ${i}` }));
    const [deleted, hidden, blocked] = written.slice(-3).reverse(); // c's, b's and a's newest
    const first = await forYouPage(reader);
    expect(first.posts.map((p) => p._id)).toEqual(expect.arrayContaining([deleted!._id, hidden!._id, blocked!._id]));
    const ranked = fullRankings();

    await ok(t, c, 'DELETE', paths.posts.one(deleted!._id));
    await t.app.services.posts.setHidden(hidden!._id, true);
    let page = await forYouPage(reader);
    expect(fullRankings()).toBe(ranked);
    expect(page.posts.map((p) => p._id)).not.toContain(deleted!._id);
    expect(page.posts.map((p) => p._id)).not.toContain(hidden!._id);
    expect(page.posts).toHaveLength(first.posts.length);

    // Another member's block: their posts leave at once, whoever blocked whom.
    await block(t, a, reader);
    page = await forYouPage(reader);
    expect(page.posts.some((p) => p.userId === a.id || p._id === blocked!._id)).toBe(false);
    expect(page.posts).toHaveLength(first.posts.length);
  });

  it('later pages of a snapshot still walk it after page 1 merged new posts; the new snapshot walks everything once', async () => {
    const [reader, author, other] = [await member(t), await member(t), await member(t)];
    for (let i = 0; i < 25; i += 1) {
      await post(t, author, { post: `Walked ${i}` });
      t.clock.advance(1000);
    }
    const first = await forYouPage(reader);
    const secondBefore = await forYouPage(reader, first.nextCursor!);
    const ranked = fullRankings();
    const fresh = await post(t, other, { post: 'New while paging' });
    const merged = await forYouPage(reader);
    expect(fullRankings()).toBe(ranked);
    const position = (id: string) => merged.posts.findIndex((p) => p._id === id);
    expect(position(fresh._id)).toBeGreaterThanOrEqual(0);
    expect(position(fresh._id)).toBeLessThan(position(first.posts.find((p) => p.userId === author.id)!._id));
    // The old snapshot is unchanged: its page 2 is what it was.
    expect((await forYouPage(reader, first.nextCursor!)).posts.map((p) => p._id)).toEqual(secondBefore.posts.map((p) => p._id));
    const walked = [...merged.posts];
    let cursor = merged.nextCursor;
    for (let guard = 0; cursor && guard < 200; guard += 1) {
      const page = await forYouPage(reader, cursor);
      walked.push(...page.posts);
      cursor = page.nextCursor;
    }
    const ids = walked.map((p) => p._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set((await latestAll(reader)).map((p) => p._id)));
  });

  it('after the ranked list, the older posts follow in date order without the followed ones it already held', async () => {
    const forYou = createForYou({
      database: t.database,
      store: createPostStore(t.database),
      snapshots: createSnapshotStore(),
      clock: t.clock,
      newest: 6,
      pageSize: 4,
    });
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
      (await t.database.db.selectFrom('text_tags').select('tag').where('source_id', '=', sourceId).orderBy('tag').execute()).map(
        (r) => r.tag,
      );
    const mentions = async (sourceId: string) =>
      (await t.database.db.selectFrom('text_mentions').select('user_id').where('source_id', '=', sourceId).execute()).map((r) => r.user_id);
    expect(await tags(created._id)).toEqual(['café', 'physics']);
    expect(await mentions(created._id)).toEqual([named.id]);

    const edited = (await ok(t, writer, 'PUT', paths.posts.one(created._id), { post: 'Now about #gardening only' })).post as Post;
    expect(await tags(created._id)).toEqual(['gardening']);
    expect(await mentions(created._id)).toEqual([]);
    expect(edited.topics).toEqual(['art', 'gardening']);

    const comment = (
      await ok(t, writer, 'POST', paths.comments.create, { postId: created._id, comment: `#Reply to @${named.username}` }, 201)
    ).comment;
    expect(await tags(comment._id)).toEqual(['reply']);
    expect(await mentions(comment._id)).toEqual([named.id]);
    await ok(t, writer, 'DELETE', paths.comments.one(comment._id));
    expect(await tags(comment._id)).toEqual([]);

    const question = (await ok(t, writer, 'POST', '/question', { post: 'What is #entropy?' }, 201)).post as Post;
    const answer = (
      await ok(t, named, 'POST', paths.questions.answer(question._id), { answer: `@${writer.username} see #thermodynamics` }, 201)
    ).answer;
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

  it("trending counts the last day's tags among the posts everyone may read", async () => {
    const [a, b, reader] = [await member(t), await member(t), await member(t)];
    const tag = `trend${Date.now().toString(36)}`;
    await post(t, a, { post: `#${tag} one` });
    await post(t, b, { post: `#${tag} two` });
    await post(t, a, { post: `#${tag} secret`, privacy: 'Private' });
    await post(t, a, { post: `#${tag} for followers`, privacy: 'Followers' });
    const trending = trendingSchema.parse(await ok(t, reader, 'GET', paths.posts.trending));
    expect(trending.hashtags).toContainEqual({ tag, posts: 2 });
    // The author's own Private and Followers posts do not trend, not even for them.
    const own = trendingSchema.parse(await ok(t, a, 'GET', paths.posts.trending));
    expect(own.hashtags).toContainEqual({ tag, posts: 2 });
    t.clock.advance(25 * HOUR);
    // A day on, sessions have lapsed: a member who signs in now.
    const later = trendingSchema.parse(await ok(t, await member(t), 'GET', paths.posts.trending));
    expect(later.hashtags.some((h) => h.tag === tag)).toBe(false);
  });

  it('trending reads no more than its bound of the newest public tags', async () => {
    const [a, reader] = [await member(t), await member(t)];
    const run = Date.now().toString(36);
    const [older, newer, secret] = [`older${run}`, `newer${run}`, `secret${run}`];
    for (let i = 0; i < 3; i += 1) await post(t, a, { post: `#${older} ${i}` });
    t.clock.advance(1000);
    await post(t, a, { post: `#${newer} one` });
    t.clock.advance(1000);
    await post(t, a, { post: `#${secret} mine alone`, privacy: 'Private' });
    await post(t, a, { post: `#${newer} two` });
    const bounded = createTrending({ database: t.database, clock: t.clock, scanMax: 2 });
    // The two newest public tags: newer, newer. The older tag (three posts) is beyond the bound.
    expect((await bounded({ id: reader.id, isAdmin: false })).hashtags).toEqual([{ tag: newer, posts: 2 }]);
    expect((await bounded({ id: a.id, isAdmin: false })).hashtags).toEqual([{ tag: newer, posts: 2 }]);
    const unbounded = createTrending({ database: t.database, clock: t.clock });
    expect((await unbounded({ id: reader.id, isAdmin: false })).hashtags).toContainEqual({ tag: older, posts: 3 });
  });

  it('many Private and Followers posts with many tags do not push a public tag out of what trending reads', async () => {
    const [writer, flooder, reader] = [await member(t), await member(t), await member(t)];
    const run = Date.now().toString(36);
    const publicTag = `public${run}`;
    await post(t, writer, { post: `#${publicTag} for everyone` });
    t.clock.advance(1000);
    // Newer than the public post: 6 posts of 20 tags, 120 tag rows against a bound of 50.
    for (let i = 0; i < 6; i += 1) {
      const tags = Array.from({ length: 20 }, (_, n) => `#flood${run}x${i}x${n}`).join(' ');
      await post(t, flooder, { post: tags, privacy: i % 2 === 0 ? 'Private' : 'Followers' });
    }
    const bounded = createTrending({ database: t.database, clock: t.clock, scanMax: 50 });
    for (const viewer of [reader, flooder]) {
      const { hashtags } = await bounded({ id: viewer.id, isAdmin: false });
      expect(hashtags).toContainEqual({ tag: publicTag, posts: 1 });
      expect(hashtags.some((h) => h.tag.startsWith(`flood${run}`))).toBe(false);
    }
  });

  it("a post's tags leave trending when it becomes Private or is hidden, and come back when public again", async () => {
    const [writer, reader] = [await member(t), await member(t)];
    const tag = `turns${Date.now().toString(36)}`;
    const trendingFor = async () =>
      (await createTrending({ database: t.database, clock: t.clock })({ id: reader.id, isAdmin: false })).hashtags;
    const written = await post(t, writer, { post: `#${tag} at first for everyone` });
    expect(await trendingFor()).toContainEqual({ tag, posts: 1 });
    await ok(t, writer, 'PUT', paths.posts.one(written._id), { privacy: 'Private' });
    expect((await trendingFor()).some((h) => h.tag === tag)).toBe(false);
    await ok(t, writer, 'PUT', paths.posts.one(written._id), { privacy: 'Public' });
    expect(await trendingFor()).toContainEqual({ tag, posts: 1 });
    await t.app.services.posts.setHidden(written._id, true);
    expect((await trendingFor()).some((h) => h.tag === tag)).toBe(false);
    await t.app.services.posts.setHidden(written._id, false);
    expect(await trendingFor()).toContainEqual({ tag, posts: 1 });
    // A Private post made Public trends from then on.
    const secret = await post(t, writer, { post: `#${tag} later`, privacy: 'Private' });
    await ok(t, writer, 'PUT', paths.posts.one(secret._id), { privacy: 'Public' });
    expect(await trendingFor()).toContainEqual({ tag, posts: 2 });
  });
});
