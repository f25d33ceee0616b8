import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_WINDOW, searchKindPageSchemas, type SearchKind } from '../../../src/api/search';
import { indexText } from '../../../server/core/searchText';
import { createTestApp, dialects, type TestApp } from '../harness';
import { member, ok, type Member } from '../social';

/**
 * A word's newest matches may all be of the other kind: SQLite checks the kind on a chunk of the
 * word's newest matches (2,000), then asks the index for the kind below it; PostgreSQL reads
 * chunks of the kind's rows, then GIN. Either way a tab finds every match of its kind.
 */
describe.each(dialects)('search by kind on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  const stamp = Date.now().toString(36);
  const id = (i: number) => `01900000-0000-7000-9000-${String(i).padStart(12, '0')}`;
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString();

  /** Posts i in [from, to) of `kind` holding `text`, written straight to the tables (thousands of them). */
  async function write(from: number, to: number, kind: 'post' | 'question', text: string) {
    for (let start = from; start < to; start += 500) {
      const batch = Array.from({ length: Math.min(500, to - start) }, (_, k) => start + k);
      await t.database.db
        .insertInto('posts')
        .values(
          batch.map((i) => ({
            id: id(i),
            kind,
            format: 'plain' as const,
            user_id: author.id,
            group_id: null,
            group_status: null,
            post: text,
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
      await t.database.db
        .insertInto('post_search')
        .values(batch.map((i) => ({ post_id: id(i), kind, search_text: indexText(text) })))
        .execute();
    }
  }

  /** Every id a tab pages through for `word`, in page order. */
  async function walk(kind: Extract<SearchKind, 'posts' | 'questions'>, word: string) {
    const all: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { nextCursor: string | null; posts?: { _id: string }[]; questions?: { _id: string }[] } = searchKindPageSchemas[
        kind
      ].parse(await ok(t, reader, 'GET', `/search/${kind}/${word}${cursor ? `?cursor=${cursor}` : ''}`));
      all.push(...(page[kind] ?? []).map((p) => p._id));
      cursor = page.nextCursor;
    }
    return all;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader] = [await member(t), await member(t)];
    // "mixed": 3 old posts under 2,500 newer questions; "other": 3 old questions under 2,500 newer posts.
    await write(0, 3, 'post', `mixed${stamp}`);
    await write(3, 2503, 'question', `mixed${stamp}`);
    await write(3000, 3003, 'question', `other${stamp}`);
    await write(3003, 5503, 'post', `other${stamp}`);
  }, 120_000);
  afterAll(() => t.close());

  it("finds a kind's old matches under thousands of newer matches of the other kind", async () => {
    expect(await walk('posts', `mixed${stamp}`)).toEqual([id(2), id(1), id(0)]);
    expect(await walk('questions', `other${stamp}`)).toEqual([id(3002), id(3001), id(3000)]);
  });

  it('and the common kind newest first, counted as a floor', async () => {
    const page = searchKindPageSchemas.questions.parse(await ok(t, reader, 'GET', `/search/questions/mixed${stamp}`));
    expect(page).toMatchObject({ count: SEARCH_WINDOW, countIsFloor: true });
    expect(page.questions.map((p) => p._id)).toEqual(Array.from({ length: page.questions.length }, (_, k) => id(2502 - k)));
  });
});
