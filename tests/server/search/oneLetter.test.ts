import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZES,
  SEARCH_WINDOW,
  searchKindPageSchemas,
  searchOverviewSchema,
  type SearchOverview,
} from '../../../src/api/search';
import { letterPage } from '../../../server/modules/search/service';
import type { Hit } from '../../../server/modules/search/store';
import { createTestApp, dialects, signUp, type TestApp } from '../harness';
import { block, member, ok, type Member } from '../social';

/** One-letter queries: people and groups by the start of their name ("a" found nobody while "ad" did). */
describe.each(dialects)('one-letter search on %s', (dialect) => {
  let t: TestApp;
  let reader: Member;
  const named = async (username: string): Promise<Member> => {
    const signed = await signUp(t, { username });
    return { id: signed.user._id, token: signed.token, username, email: signed.body.email, isAdmin: false };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    reader = await named('reader');
  });
  afterAll(() => t.close());

  const search = async (text: string, who = reader): Promise<SearchOverview> =>
    searchOverviewSchema.parse(await ok(t, who, 'GET', `/search/${encodeURIComponent(text)}`));

  it('finds people whose name starts with the letter, in name order, in any case; not by a letter inside the name', async () => {
    const alan = await named('alan');
    const ada = await named('Ada');
    const bob = await named('bob');
    const people = async (text: string, who = reader) => (await search(text, who)).people.people.map((p) => p.username);
    expect(await people('a')).toEqual(['Ada', 'alan']);
    expect(await people('A')).toEqual(['Ada', 'alan']);
    expect((await search('a')).people).toMatchObject({ count: 2, countIsFloor: false, nextCursor: null });
    expect(await people('b')).toEqual(['bob']);
    expect(await people('d')).toEqual([]);
    // The people lists' rule holds: not the viewer, no block.
    expect(await people('r')).toEqual([]);
    await block(t, bob, alan);
    expect(await people('a', bob)).toEqual(['Ada']);
    expect(await people('b', ada)).toEqual(['bob']);
    // Two letters are words as before.
    expect(await people('ad')).toEqual(['Ada']);
  });

  it('finds groups whose name starts with the letter (accents folded), and posts keep whole words', async () => {
    const owner = await member(t);
    const base = { tags: ['x'], category: ['Travel'], description: 'a club' };
    const astro = (await ok(t, owner, 'POST', '/group/create', { ...base, name: 'Étoiles et astres' }, 201)).group;
    await ok(t, owner, 'POST', '/group/create', { ...base, name: 'Baking' }, 201);
    expect((await search('e')).groups.groups.map((g) => g._id)).toEqual([astro._id]);
    expect((await search('É')).groups.groups.map((g) => g._id)).toEqual([astro._id]);
    // "a" is in its name and description, but not at the start of the name.
    expect((await search('a')).groups.groups.map((g) => g.name)).toEqual([]);
    await ok(t, owner, 'POST', '/post', { post: 'a b c' }, 201);
    expect((await search('a')).posts.posts).toHaveLength(1);
  });

  it('pages the names of a letter, each once', async () => {
    const made: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZES.people + 5; i++) made.push((await named(`zed${String(i).padStart(2, '0')}`)).id);
    const first = (await search('z')).people;
    expect(first).toMatchObject({ count: made.length, countIsFloor: false });
    expect(first.people).toHaveLength(SEARCH_PAGE_SIZES.people);
    const second = searchKindPageSchemas.people.parse(await ok(t, reader, 'GET', `/search/people/z?cursor=${first.nextCursor}`));
    expect(second.nextCursor).toBeNull();
    expect([...first.people, ...second.people].map((p) => p._id)).toEqual(made);
  });

  it('starts the next window after the last name of the one before, by key (no offset, however deep)', async () => {
    for (const name of ['yak', 'yam', 'yew']) await named(name);
    const sidOf = async (username: string) =>
      (
        await t.database.db
          .selectFrom('user_search')
          .innerJoin('users', 'users.id', 'user_search.user_id')
          .select('user_search.id')
          .where('users.username_lower', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    const after = async (username: string) =>
      searchKindPageSchemas.people
        .parse(await ok(t, reader, 'GET', `/search/people/y?cursor=${await sidOf(username)}.0`))
        .people.map((p) => p.username);
    expect(await after('yak')).toEqual(['yam', 'yew']);
    expect(await after('yew')).toEqual([]);
    // Groups by (name, row): two groups of one name both come, in row order.
    const owner = await member(t);
    const base = { tags: ['x'], category: ['Travel'], description: 'a club' };
    const made: string[] = [];
    for (const name of ['Quilts', 'Quilts', 'Quince'])
      made.push((await ok(t, owner, 'POST', '/group/create', { ...base, name }, 201)).group._id);
    const rows = await t.database.db.selectFrom('group_search').select(['id', 'group_id']).where('group_id', 'in', made).execute();
    const firstSid = rows.find((row) => row.group_id === made[0])!.id;
    const rest = searchKindPageSchemas.groups.parse(await ok(t, reader, 'GET', `/search/groups/q?cursor=${firstSid}.0`));
    expect(rest.groups.map((g) => g._id)).toEqual([made[1], made[2]]);
  });

  it('goes on to the next window of names past SEARCH_WINDOW', () => {
    const hits: Hit[] = Array.from({ length: SEARCH_WINDOW + 1 }, (_, i) => ({ sid: i + 1, id: `u${i}`, createdAt: '', texts: [] }));
    const last = letterPage(hits, { before: null, offset: SEARCH_WINDOW - 20 }, 20);
    expect(last).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true, nextCursor: `${SEARCH_WINDOW}.0` });
    expect(letterPage(hits.slice(0, 3), { before: SEARCH_WINDOW, offset: 0 }, 20)).toMatchObject({
      nextCursor: null,
      ids: ['u0', 'u1', 'u2'],
    });
  });
});
