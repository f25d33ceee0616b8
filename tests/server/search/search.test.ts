import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../src/api/posts';
import {
  IMAGE_MATCH_DISTANCE,
  SEARCH_PAGE_SIZES,
  SEARCH_WINDOW,
  imageSearchResultsSchema,
  searchKindPageSchemas,
  searchOverviewSchema,
  type SearchKind,
  type SearchOverview,
} from '../../../src/api/search';
import { croppedCopy, dataUrl, picturePng, resizedJpegCopy } from '../../fixtures/pictures';
import { createTestApp, dialects, signUp, type TestApp } from '../harness';
import { block, call, follow, imageDataUrl, member, ok, refused, textFileAsPng, type Member } from '../social';

const q = (text: string) => encodeURIComponent(text);

describe.each(dialects)('search on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;

  beforeAll(async () => {
    // A small image limit so "too large" is cheap to provoke (the pictures here are far smaller).
    t = await createTestApp(dialect, { env: { MAX_IMAGE_BYTES: String(400 * 1024) } });
    [author, reader] = [await member(t), await member(t)];
  });
  afterAll(() => t.close());

  const search = async (who: Member, text: string): Promise<SearchOverview> =>
    searchOverviewSchema.parse(await ok(t, who, 'GET', `/search/${q(text)}`));
  const postIds = async (who: Member, text: string) => (await search(who, text)).posts.posts.map((p) => p._id);
  const write = async (who: Member, text: string, body: Record<string, unknown> = {}): Promise<Post> =>
    (await ok(t, who, 'POST', '/post', { post: text, ...body }, 201)).post;

  describe('words', () => {
    it('finds words by their beginning ("prog" finds "programming"), in any case, never by their middle', async () => {
      const p = await write(author, 'I love Programming in the evening');
      for (const text of ['prog', 'PROGRAM', 'programming', 'love prog', 'evening programming'])
        expect(await postIds(reader, text), text).toContain(p._id);
      for (const text of ['rogram', 'programmingx', 'love hate']) expect(await postIds(reader, text), text).not.toContain(p._id);
    });

    it('folds accents both ways ("cafe" finds "café" and "café" finds "cafe"), and letters without one (ß, ø, ł)', async () => {
      const accented = await write(author, 'Un café crème à Łódź, naïve Straße, Søren');
      const plain = await write(author, 'plain cafe creme');
      expect(await postIds(reader, 'cafe')).toEqual(expect.arrayContaining([accented._id, plain._id]));
      expect(await postIds(reader, 'CAFÉ Crème')).toEqual(expect.arrayContaining([accented._id, plain._id]));
      for (const text of ['lodz', 'naive', 'strasse', 'soren', 'Łódź']) expect(await postIds(reader, text), text).toContain(accented._id);
    });

    it('finds words of any script: Cyrillic, Greek, Hebrew without its points, Devanagari, Arabic, and Japanese or Chinese inside a sentence', async () => {
      const cases: [string, string[]][] = [
        ['Привет, мир! Ёлка', ['привет', 'ПРИВ', 'елка']],
        ['Ο Οδυσσεύς ταξιδεύει', ['οδυσσευς', 'ΟΔΥΣΣΕΥΣ', 'ταξ']],
        ['שָׁלוֹם עֲלֵיכֶם', ['שלום']],
        ['नमस्ते दुनिया', ['नमस्ते', 'दुनिया']],
        ['مرحبا بالعالم', ['مرحبا']],
        ['日本語の本を読みます', ['日本', '日本語', '本', '読み']],
        ['我喜欢学习中文', ['中文', '学习']],
      ];
      for (const [text, queries] of cases) {
        const p = await write(author, text);
        for (const query of queries) expect(await postIds(reader, query), `${query} in ${text}`).toContain(p._id);
      }
      const japanese = await write(author, '東京タワー');
      expect(await postIds(reader, '京都')).not.toContain(japanese._id);
    });

    it('ranks by relevance, then recency', async () => {
      const word = `kiwi${Date.now()}`;
      const strong = await write(author, `${word} ${word} ${word}`);
      const older = await write(author, `${word} with a good many other words around it, said once in a longer sentence about fruit`);
      const newer = await write(author, `${word} with a good many other words around it, said once in a longer sentence about fruit`);
      expect(await postIds(reader, word)).toEqual([strong._id, newer._id, older._id]);
    });

    it('takes any text as a query and never fails on it: quotes, operators, column filters, NEAR, tsquery syntax', async () => {
      const p = await write(author, 'operators near columns');
      const queries = [
        '"',
        "'",
        '\\',
        '*',
        '^',
        '(',
        ')',
        'AND',
        'OR NOT',
        'NEAR(a b)',
        'kind:question',
        'search_text : x',
        '{kind}: post',
        'a:* & b | !c <-> d',
        'near(operators',
        '-operators',
        'operators"',
        '%',
        '_',
        '\u200b',
        '🙂',
        '"operators" near',
      ];
      for (const text of queries) {
        const response = await call(t, reader, 'GET', `/search/${q(text)}`);
        expect(response.statusCode, `${text}: ${response.body}`).toBe(200);
        searchOverviewSchema.parse(response.json());
      }
      // Except U+0000, refused everywhere (PostgreSQL cannot hold it): a 400 naming the field.
      const nul = await call(t, reader, 'GET', `/search/${q('\u0000x')}`);
      expect([nul.statusCode, nul.json().message]).toEqual([400, 'query must not contain a NUL character']);
      expect(await postIds(reader, '"operators" near')).toContain(p._id);
      expect(await postIds(reader, '"operators" OR "x"')).toEqual([]);
      // Operators are words like any other: NEAR is the word 'near', OR the word 'or'.
      expect(await postIds(reader, 'NEAR(operators')).toContain(p._id);
      expect((await search(reader, '*** ^^^')).posts).toMatchObject({ posts: [], count: 0, countIsFloor: false, nextCursor: null });
    });

    it('refuses an empty query, an over-long one and a bad kind or cursor with a 4xx, never a 5xx', async () => {
      await refused(t, reader, 'GET', `/search/${q('   ')}`, undefined, 400, 'Type something to search for');
      const empty = await call(t, reader, 'GET', '/search/');
      expect(empty.statusCode).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode).toBeLessThan(500);
      await refused(t, reader, 'GET', `/search/${'a'.repeat(201)}`, undefined, 400, 'Search must not exceed 200 characters');
      const huge = await call(t, reader, 'GET', `/search/${'word '.repeat(2000)}`);
      expect([400, 414]).toContain(huge.statusCode);
      expect(huge.json().statusCode).toBe(huge.statusCode);
      const hugeKind = await call(t, reader, 'GET', `/search/posts/${'x'.repeat(10_000)}`);
      expect([400, 414]).toContain(hugeKind.statusCode);
      await refused(
        t,
        reader,
        'GET',
        '/search/pictures/cat',
        undefined,
        400,
        'Search kind must be one of posts, questions, people, groups',
      );
      await refused(t, reader, 'GET', '/search/posts/cat?cursor=abc', undefined, 400, 'Invalid search cursor');
      await refused(t, reader, 'GET', '/search/posts/cat?cursor=1.2.3', undefined, 400, 'Invalid search cursor');
      await refused(t, null, 'GET', '/search/cat', undefined, 401);
    });
  });

  describe('kept in step with every write', () => {
    it('an edit re-indexes, a delete and a hide remove, all at once', async () => {
      const p = await write(author, 'walrus original');
      expect(await postIds(reader, 'walrus')).toContain(p._id);
      await ok(t, author, 'PUT', `/post/${p._id}`, { post: 'narwhal edited' });
      expect(await postIds(reader, 'walrus')).not.toContain(p._id);
      expect(await postIds(reader, 'narwhal')).toContain(p._id);
      await ok(t, author, 'PUT', `/post/${p._id}`, { privacy: 'Private' });
      expect(await postIds(reader, 'narwhal')).not.toContain(p._id);
      expect(await postIds(author, 'narwhal')).toContain(p._id);

      const hidden = await write(author, 'narwhal hidden soon');
      await t.app.services.posts.setHidden(hidden._id, true);
      expect(await postIds(reader, 'narwhal')).not.toContain(hidden._id);

      const gone = await write(author, 'narwhal deleted soon');
      await ok(t, author, 'DELETE', `/post/${gone._id}`);
      expect(await postIds(author, 'narwhal')).not.toContain(gone._id);
      const left = await t.database.db.selectFrom('post_search').select('post_id').where('post_id', '=', gone._id).execute();
      expect(left).toEqual([]);
      if (dialect === 'sqlite') {
        // The FTS5 index agrees with its content table after inserts, edits and cascaded deletes.
        const { sql } = await import('kysely');
        await sql`insert into post_search_fts(post_search_fts) values ('integrity-check')`.execute(t.database.db);
        await sql`insert into user_search_fts(user_search_fts) values ('integrity-check')`.execute(t.database.db);
        await sql`insert into group_search_fts(group_search_fts) values ('integrity-check')`.execute(t.database.db);
      }
    });

    it('finds an image description, and a question in the Questions tab only', async () => {
      const picture = await ok(
        t,
        author,
        'POST',
        '/post/image/post',
        { image: await imageDataUrl(), imageAlt: 'a capybara in the snow' },
        201,
      );
      const question = (await ok(t, author, 'POST', '/question', { post: 'Where do capybaras sleep?' }, 201)).post;
      const found = await search(reader, 'capybara');
      expect(found.posts.posts.map((p) => p._id)).toEqual([picture.post._id]);
      expect(found.questions.questions.map((p) => p._id)).toEqual([question._id]);
      expect(found.questions.questions[0].kind).toBe('question');
    });

    it('finds members by name and by its parts; a block, a ban and the viewer themself are left out', async () => {
      const stamp = Date.now().toString(36);
      const name = `Ada_Lovelace${stamp}`;
      const signed = await signUp(t, { username: name });
      const lovelace = { id: signed.user._id, token: signed.token, username: name } as Member;
      const people = async (who: Member, text: string) => (await search(who, text)).people.people.map((p) => p._id);
      for (const text of ['ada', 'lovelace', `ada_lovelace${stamp}`, `adalove`, name.toUpperCase()])
        expect(await people(reader, text), text).toContain(lovelace.id);
      expect((await search(reader, name)).people.people[0]).toMatchObject({
        _id: lovelace.id,
        username: name,
        isFollowing: false,
        followsYou: false,
      });
      expect(await people(lovelace, 'lovelace')).not.toContain(lovelace.id);

      const blocker = await member(t);
      await block(t, blocker, lovelace);
      expect(await people(blocker, 'lovelace')).not.toContain(lovelace.id);
      expect(await people(lovelace, blocker.username)).not.toContain(blocker.id);

      const admin = await member(t, { admin: true });
      await t.database.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', lovelace.id).execute();
      expect(await people(reader, 'lovelace')).not.toContain(lovelace.id);
      expect(await people(admin, 'lovelace')).toContain(lovelace.id);
    });

    it('finds groups by name, description and tags as they are edited; a private group by everyone (its card is public)', async () => {
      const stamp = Date.now().toString(36);
      const owner = await member(t);
      const invitee = await member(t);
      const admin = await member(t, { admin: true });
      const base = { tags: ['hiking'], category: ['Travel'] };
      const open = (
        await ok(t, owner, 'POST', '/group/create', { ...base, name: `Mountain Walkers ${stamp}`, description: 'Weekend trips' }, 201)
      ).group;
      const closed = (
        await ok(
          t,
          owner,
          'POST',
          '/group/create',
          { ...base, name: `Secret Walkers ${stamp}`, privacy: 'private', members: [invitee.id] },
          201,
        )
      ).group;
      const groups = async (who: Member, text: string) => (await search(who, text)).groups.groups.map((g) => g._id);
      expect(await groups(reader, `walkers ${stamp}`)).toEqual(expect.arrayContaining([open._id, closed._id]));
      expect(await groups(reader, `secret ${stamp}`)).toEqual([closed._id]);
      expect(await groups(reader, `weekend ${stamp}`)).toEqual([open._id]);
      expect(await groups(owner, `walkers ${stamp}`)).toEqual(expect.arrayContaining([open._id, closed._id]));
      expect(await groups(invitee, `secret ${stamp}`)).toEqual([closed._id]);
      expect(await groups(admin, `secret ${stamp}`)).toEqual([closed._id]);
      await ok(t, owner, 'PUT', `/group/${open._id}`, { name: `Valley Strollers ${stamp}`, tags: ['rambling'] });
      expect(await groups(reader, `mountain ${stamp}`)).toEqual([]);
      expect(await groups(reader, `strollers ${stamp}`)).toEqual([open._id]);
      expect(await groups(reader, `rambling ${stamp}`)).toEqual([open._id]);
      const card = (await search(reader, `strollers ${stamp}`)).groups.groups[0];
      expect(card).toMatchObject({ name: `Valley Strollers ${stamp}`, memberCount: 1, membership: null, privacy: 'public' });
      await ok(t, owner, 'DELETE', `/group/${open._id}`);
      expect(await groups(reader, `strollers ${stamp}`)).toEqual([]);
    });
  });

  describe('pages and counts', () => {
    it('pages each kind, counts exactly within a window and as a floor beyond it, and walks every match once', async () => {
      const word = `paging${Date.now().toString(36)}`;
      const made: string[] = [];
      const total = SEARCH_WINDOW + 15;
      for (let i = 0; i < total; i++) made.push((await write(author, `${word} number ${i}`))._id);
      const first = await search(reader, word);
      expect(first.posts).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true });
      expect(first.posts.posts).toHaveLength(SEARCH_PAGE_SIZES.posts);
      const seen = [...first.posts.posts.map((p) => p._id)];
      let cursor = first.posts.nextCursor;
      let pages = 1;
      while (cursor) {
        const page = searchKindPageSchemas.posts.parse(await ok(t, reader, 'GET', `/search/posts/${word}?cursor=${cursor}`));
        expect(page.count).toBeUndefined();
        seen.push(...page.posts.map((p) => p._id));
        cursor = page.nextCursor;
        pages += 1;
        // Something new meanwhile does not shift the pages.
        if (pages === 2) made.push((await write(author, `${word} written while paging`))._id);
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen)).toEqual(new Set(made.slice(0, total)));
      expect(pages).toBe(Math.ceil(SEARCH_WINDOW / SEARCH_PAGE_SIZES.posts) + Math.ceil(15 / SEARCH_PAGE_SIZES.posts));
      // The first page of a kind carries the counts; a small result is counted exactly.
      const few = searchKindPageSchemas.posts.parse(await ok(t, reader, 'GET', `/search/posts/${q(`${word} while paging`)}`));
      expect(few).toMatchObject({ count: 1, countIsFloor: false, nextCursor: null });
      expect((await ok(t, reader, 'GET', `/search/posts/${word}?cursor=5.999999`)).posts).toEqual([]);
    });

    it('finds every match of a word however common or rare among thousands of posts, newest first (PostgreSQL reads them in chunks, then through GIN)', async () => {
      const stamp = Date.now().toString(36);
      const total = 12_000;
      const word = (i: number) =>
        `filler${stamp} ${i % 40 === 1 ? `often${stamp}` : ''} ${i % 300 === 0 ? `medium${stamp}` : ''} ${i === 5 ? `ancient${stamp}` : ''}`;
      const id = (i: number) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`;
      const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();
      for (let from = 0; from < total; from += 500) {
        const batch = Array.from({ length: Math.min(500, total - from) }, (_, k) => from + k);
        await t.database.db
          .insertInto('posts')
          .values(
            batch.map((i) => ({
              id: id(i),
              kind: 'post' as const,
              format: 'plain' as const,
              user_id: author.id,
              group_id: null,
              group_status: null,
              post: word(i),
              bg_color: '#ffffff',
              privacy: 'Public' as const,
              feelings: '',
              gif_url: '',
              image_version: '',
              image_id: '',
              image_alt: '',
              video_version: '',
              video_id: '',
              video_poster_version: '',
              video_poster_id: '',
              comments_count: 0,
              answers_count: 0,
              accepted_answer_id: null,
              reactions_like: 0,
              reactions_love: 0,
              reactions_angry: 0,
              reactions_happy: 0,
              reactions_sad: 0,
              reactions_wow: 0,
              chosen_topics: '',
              topics: '',
              hidden: 0,
              hidden_reason: '',
              hidden_by: null,
              hidden_at: null,
              created_at: at(i),
              updated_at: at(i),
              edited_at: null,
            })),
          )
          .execute();
        const { indexText } = await import('../../../server/core/searchText');
        await t.database.db
          .insertInto('post_search')
          .values(batch.map((i) => ({ post_id: id(i), kind: 'post' as const, search_text: indexText(word(i)) })))
          .execute();
      }
      const walk = async (text: string) => {
        const first = await search(reader, text);
        const all: string[] = first.posts.posts.map((p) => p._id);
        let cursor = first.posts.nextCursor;
        while (cursor) {
          const page = searchKindPageSchemas.posts.parse(await ok(t, reader, 'GET', `/search/posts/${text}?cursor=${cursor}`));
          all.push(...page.posts.map((p) => p._id));
          cursor = page.nextCursor;
        }
        return { first: first.posts, all };
      };
      // Equal relevance (the same words): newest first, every match once, a window after the other.
      const medium = await walk(`medium${stamp}`);
      expect(medium.first).toMatchObject({ count: total / 300, countIsFloor: false });
      expect(medium.all).toEqual(Array.from({ length: total / 300 }, (_, k) => id(total - 300 - k * 300)));
      const often = await walk(`often${stamp}`);
      expect(often.first).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true });
      expect(often.all).toEqual(Array.from({ length: total / 40 }, (_, k) => id(total - 39 - k * 40)));
      expect((await search(reader, `ancient${stamp}`)).posts.posts.map((p) => p._id)).toEqual([id(5)]);
      expect((await search(reader, `filler${stamp}`)).posts).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true });
    });

    it('answers every kind with its page size', async () => {
      const word = `sizes${Date.now().toString(36)}`;
      for (const kind of ['posts', 'questions', 'people', 'groups'] as SearchKind[]) {
        const page = await ok(t, reader, 'GET', `/search/${kind}/${word}`);
        expect(searchKindPageSchemas[kind].parse(page)).toMatchObject({ [kind]: [], count: 0, countIsFloor: false, nextCursor: null });
      }
    });
  });

  describe('the privacy matrix', () => {
    type Variant = 'Public' | 'Followers' | 'Private' | 'hidden' | 'private group';
    type Role = 'author' | 'follower' | 'stranger' | 'blockedByAuthor' | 'blocksAuthor' | 'admin';
    const VARIANTS: Variant[] = ['Public', 'Followers', 'Private', 'hidden', 'private group'];
    const ROLES: Role[] = ['author', 'follower', 'stranger', 'blockedByAuthor', 'blocksAuthor', 'admin'];
    /** Who sees what (the follower is also a member of the private group). The author's hidden posts follow the streams' answer. */
    const EXPECTED: Record<Role, Variant[]> = {
      author: ['Public', 'Followers', 'Private', 'private group'],
      follower: ['Public', 'Followers', 'private group'],
      stranger: ['Public'],
      blockedByAuthor: [],
      blocksAuthor: [],
      admin: ['Public', 'Followers', 'Private', 'hidden', 'private group'],
    };
    const who = {} as Record<Role, Member>;
    const targets: { variant: Variant; kind: 'posts' | 'questions'; post: Post }[] = [];
    const word = `matrix${Date.now().toString(36)}`;

    beforeAll(async () => {
      for (const role of ROLES) who[role] = await member(t, { admin: role === 'admin' });
      await follow(t, who.follower, who.author);
      await block(t, who.author, who.blockedByAuthor);
      await block(t, who.blocksAuthor, who.author);
      const group = (
        await ok(
          t,
          who.author,
          'POST',
          '/group/create',
          { name: `Matrix ${word}`, privacy: 'private', tags: ['m'], category: ['Other'], members: [who.follower.id] },
          201,
        )
      ).group;
      await ok(t, who.follower, 'PUT', `/group/invitation/accept/${group._id}`);
      for (const variant of VARIANTS) {
        const privacy = variant === 'hidden' || variant === 'private group' ? 'Public' : variant;
        if (variant === 'private group') {
          const p = (await ok(t, who.author, 'POST', `/post/group/${group._id}`, { post: `${word} ${variant}` }, 201)).post;
          targets.push({ variant, kind: 'posts', post: p });
          continue;
        }
        const p = await write(who.author, `${word} ${variant}`, { privacy });
        const question = (await ok(t, who.author, 'POST', '/question', { post: `${word} ${variant}?`, privacy }, 201)).post;
        if (variant === 'hidden') for (const x of [p, question]) await t.app.services.posts.setHidden(x._id, true);
        targets.push({ variant, kind: 'posts', post: p }, { variant, kind: 'questions', post: question });
      }
    });

    it('shows each post and question to exactly who may see it, agreeing with the streams', async () => {
      const mismatches: string[] = [];
      for (const role of ROLES) {
        const found = await search(who[role], word);
        const shown = {
          posts: new Set(found.posts.posts.map((p) => p._id)),
          questions: new Set(found.questions.questions.map((p) => p._id)),
        };
        expect(found.posts.count + found.questions.count, role).toBe(shown.posts.size + shown.questions.size);
        for (const target of targets) {
          const seen = shown[target.kind].has(target.post._id);
          const streams =
            (await call(t, who[role], 'GET', `/${target.kind === 'posts' ? 'post' : 'question'}/${target.post._id}`)).statusCode === 200;
          if (seen !== streams)
            mismatches.push(
              `${role}: search ${seen ? 'shows' : 'hides'} the ${target.variant} ${target.kind} the streams ${streams ? 'show' : 'hide'}`,
            );
          if (role === 'author' && target.variant === 'hidden') continue;
          if (seen !== EXPECTED[role].includes(target.variant))
            mismatches.push(`${role} ${seen ? 'sees' : 'does not see'} the ${target.variant} ${target.kind}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it('finds the private group itself for everyone: its card is public, its posts are not', async () => {
      const groupsFound = async (role: Role) => (await search(who[role], `matrix ${word}`)).groups.groups.length;
      expect(await groupsFound('author')).toBe(1);
      expect(await groupsFound('follower')).toBe(1);
      expect(await groupsFound('admin')).toBe(1);
      expect(await groupsFound('stranger')).toBe(1);
    });
  });

  describe('by image', () => {
    let original: Buffer;
    let pictured: Post;
    const imageSearch = async (who: Member, bytes: Buffer, type = 'image/jpeg') =>
      imageSearchResultsSchema.parse(await ok(t, who, 'POST', '/search/image', { image: dataUrl(bytes, type) }));

    beforeAll(async () => {
      original = await picturePng(101);
      pictured = (await ok(t, author, 'POST', '/post/image/post', { post: 'my picture', image: dataUrl(original, 'image/png') }, 201)).post;
      // Other pictures around it, and a flat one.
      for (const seed of [202, 303])
        await ok(t, author, 'POST', '/post/image/post', { image: dataUrl(await picturePng(seed), 'image/png') }, 201);
    });

    it('finds the post whose picture a resized JPEG copy or a slightly cropped copy shows, nearest first', async () => {
      for (const copy of [await resizedJpegCopy(original), await croppedCopy(original, 0.02), original]) {
        const found = await imageSearch(reader, copy);
        expect(found.posts[0]?._id).toBe(pictured._id);
        expect(found.distances[pictured._id]).toBeLessThanOrEqual(IMAGE_MATCH_DISTANCE);
      }
      expect((await imageSearch(reader, original, 'image/png')).distances[pictured._id]).toBe(0);
    });

    it('does not find it for an unrelated picture', async () => {
      const found = await imageSearch(reader, await resizedJpegCopy(await picturePng(9999)));
      expect(found.posts.map((p) => p._id)).not.toContain(pictured._id);
    });

    it('only among the posts the viewer may see, and forgets a replaced or deleted picture', async () => {
      const own = await picturePng(4242);
      const secret = (await ok(t, author, 'POST', '/post/image/post', { image: dataUrl(own, 'image/png'), privacy: 'Private' }, 201)).post;
      expect((await imageSearch(reader, own)).posts.map((p) => p._id)).not.toContain(secret._id);
      expect((await imageSearch(author, own)).posts.map((p) => p._id)).toContain(secret._id);
      await ok(t, author, 'PUT', `/post/image/${secret._id}`, { image: dataUrl(await picturePng(5151), 'image/png') });
      expect((await imageSearch(author, own)).posts.map((p) => p._id)).not.toContain(secret._id);
      expect((await imageSearch(author, await picturePng(5151))).posts.map((p) => p._id)).toContain(secret._id);
      await ok(t, author, 'PUT', `/post/${secret._id}`, { post: 'no picture now', removeImage: true });
      expect((await imageSearch(author, await picturePng(5151))).posts.map((p) => p._id)).not.toContain(secret._id);
    });

    it('refuses what is not a picture (415), a picture over the limit (413) and a malformed upload (400), never a 5xx', async () => {
      await refused(
        t,
        reader,
        'POST',
        '/search/image',
        { image: textFileAsPng() },
        415,
        'Search by image takes a JPEG, PNG, GIF or WebP picture',
      );
      const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
      await refused(t, reader, 'POST', '/search/image', { image: dataUrl(broken, 'image/png') }, 400, 'The picture could not be read');
      await refused(t, reader, 'POST', '/search/image', { image: 'https://example.org/cat.png' }, 400, 'Image must be a base64 data URL');
      await refused(t, reader, 'POST', '/search/image', {}, 400, 'Image is required');
      const big = Buffer.concat([original, Buffer.alloc(500 * 1024, 7)]);
      await refused(
        t,
        reader,
        'POST',
        '/search/image',
        { image: dataUrl(big, 'image/png') },
        413,
        /Image is too large: the limit is 400 KB/,
      );
      const justOver = Buffer.concat([original, Buffer.alloc(400 * 1024 - original.length + 10, 7)]);
      await refused(
        t,
        reader,
        'POST',
        '/search/image',
        { image: dataUrl(justOver, 'image/png') },
        413,
        'Image is too large: the limit is 400 KB',
      );
      await refused(t, null, 'POST', '/search/image', { image: dataUrl(original, 'image/png') }, 401);
    });
  });
});
