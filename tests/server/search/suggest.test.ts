import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_COUNTS, searchSuggestionsSchema } from '../../../src/api/search';
import { createTestApp, dialects, signUp, type TestApp } from '../harness';
import { call, member, ok, type Member } from '../social';

/** GET /search/suggest/{query}: what the header's box offers as the member types. */
describe.each(dialects)('search suggestions on %s', (dialect) => {
  let t: TestApp;
  let reader: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    reader = await member(t);
  });
  afterAll(() => t.close());

  const suggest = async (text: string) =>
    searchSuggestionsSchema.parse(await ok(t, reader, 'GET', `/search/suggest/${encodeURIComponent(text)}`));

  it('suggests people and groups from the first letter, and the public hashtags that start with the word', async () => {
    for (const username of ['hana', 'hugo', 'zoe']) await signUp(t, { username });
    const author = await member(t);
    await ok(t, author, 'POST', '/group/create', { name: 'Hiking club', description: 'walks', tags: ['x'], category: ['Travel'] }, 201);
    await ok(t, author, 'POST', '/post', { post: 'Out today #hiking #hikes #history' }, 201);
    await ok(t, author, 'POST', '/post', { post: 'A secret #hidden', privacy: 'Private' }, 201);
    const h = await suggest('h');
    expect(h.people.map((p) => p.username)).toEqual(['hana', 'hugo']);
    expect(h.groups.map((g) => g.name)).toEqual(['Hiking club']);
    expect(h.hashtags).toEqual([{ tag: 'hikes' }, { tag: 'hiking' }, { tag: 'history' }]);
    expect((await suggest('#hik')).hashtags).toEqual([{ tag: 'hikes' }, { tag: 'hiking' }]);
    expect((await suggest('hug')).people.map((p) => p.username)).toEqual(['hugo']);
    expect((await suggest('two words')).hashtags).toEqual([]);
    for (let i = 0; i < SUGGESTION_COUNTS.people + 2; i++) await signUp(t, { username: `hx${i}` });
    expect((await suggest('h')).people).toHaveLength(SUGGESTION_COUNTS.people);
  });

  it('refuses an empty query with the search message', async () => {
    const response = await call(t, reader, 'GET', '/search/suggest/%20');
    expect([response.statusCode, response.json().message]).toEqual([400, 'Type something to search for']);
  });
});
