import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer, Post } from '../../../src/api/posts';
import { searchKindPageSchemas, searchOverviewSchema, type SearchOverview } from '../../../src/api/search';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, follow, member, ok, type Member } from '../social';

const q = (text: string) => encodeURIComponent(text);
/** A word no other test writes. */
const unique = (stem: string) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

describe.each(dialects)('answers in search on %s', (dialect) => {
  let t: TestApp;
  let asker: Member;
  let helper: Member;
  let reader: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [asker, helper, reader] = [await member(t), await member(t), await member(t)];
  });
  afterAll(() => t.close());

  const search = async (who: Member, text: string): Promise<SearchOverview> =>
    searchOverviewSchema.parse(await ok(t, who, 'GET', `/search/${q(text)}`));
  const questionIds = async (who: Member, text: string) => (await search(who, text)).questions.questions.map((p) => p._id);
  const ask = async (who: Member, text: string, body: Record<string, unknown> = {}): Promise<Post> =>
    (await ok(t, who, 'POST', '/question', { post: text, ...body }, 201)).post;
  const answer = async (who: Member, questionId: string, text: string, format: 'plain' | 'markdown' = 'markdown'): Promise<Answer> =>
    (await ok(t, who, 'POST', `/question/${questionId}/answer`, { answer: text, format }, 201)).answer;
  const ftsAgrees = async () => {
    if (dialect === 'sqlite') await sql`insert into answer_search_fts(answer_search_fts) values ('integrity-check')`.execute(t.database.db);
  };

  it("finds a question by a word of an answer's fenced code, inline code or formula (not its posts), as written without the marks", async () => {
    const fn = unique('reduceright');
    const inline = unique('foldl');
    const symbol = unique('lambda');
    const question = await ask(asker, 'How do I sum an array from the end?');
    await answer(
      helper,
      question._id,
      `Use it:\n\n\`\`\`js\nconst total = xs.${fn}((a, b) => a + b);\n\`\`\`\n\nor \`${inline}\` and $\\${symbol} x$`,
    );
    for (const word of [fn, inline, symbol]) {
      const found = await search(reader, word);
      expect(
        found.questions.questions.map((p) => p._id),
        word,
      ).toEqual([question._id]);
      expect(found.questions.count, word).toBe(1);
      expect(found.posts.posts, word).toEqual([]);
    }
    // A plain answer is indexed as written too.
    const plainWord = unique('plainword');
    await answer(reader, question._id, `*${plainWord}* as typed`, 'plain');
    expect(await questionIds(asker, plainWord)).toEqual([question._id]);
    await ftsAgrees();
  });

  it('shows a question found by its own words and by several answers once, counted once', async () => {
    const word = unique('once');
    const question = await ask(asker, `${word} in the question`);
    await answer(helper, question._id, `${word} in one answer`);
    await answer(reader, question._id, `\`${word}\` in another`);
    const found = await search(reader, word);
    expect(found.questions.questions.map((p) => p._id)).toEqual([question._id]);
    expect(found.questions.count).toBe(1);
    const page = searchKindPageSchemas.questions.parse(await ok(t, reader, 'GET', `/search/questions/${q(word)}`));
    expect(page.questions.map((p) => p._id)).toEqual([question._id]);
  });

  it('an edit re-indexes the answer, its delete and its question’s delete remove it, all at once', async () => {
    const before = unique('before');
    const after = unique('after');
    const question = await ask(asker, 'Which loop?');
    const written = await answer(helper, question._id, `\`${before}\``);
    expect(await questionIds(reader, before)).toEqual([question._id]);
    await ok(t, helper, 'PUT', `/question/answer/${written._id}`, { answer: `\`${after}\`` });
    expect(await questionIds(reader, before)).toEqual([]);
    expect(await questionIds(reader, after)).toEqual([question._id]);
    await ok(t, helper, 'DELETE', `/question/answer/${written._id}`);
    expect(await questionIds(reader, after)).toEqual([]);
    expect(await t.database.db.selectFrom('answer_search').select('id').where('answer_id', '=', written._id).execute()).toEqual([]);

    const gone = await ask(asker, 'Soon deleted?');
    const orphan = unique('orphan');
    const kept = await answer(helper, gone._id, orphan);
    await ok(t, asker, 'DELETE', `/post/${gone._id}`);
    expect(await questionIds(helper, orphan)).toEqual([]);
    expect(await t.database.db.selectFrom('answer_search').select('id').where('answer_id', '=', kept._id).execute()).toEqual([]);
    await ftsAgrees();
  });

  it('numbers question and answer entries in one order of writing (one cursor pages through both)', async () => {
    const word = unique('order');
    const first = await ask(asker, `${word} first`);
    const written = await answer(helper, first._id, word);
    const second = await ask(asker, `${word} second`);
    const id = async (table: 'post_search' | 'answer_search', column: 'post_id' | 'answer_id', value: string) =>
      Number(
        (
          await t.database.db
            .selectFrom(table as 'post_search')
            .select('id')
            .where(column as 'post_id', '=', value)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [a, b, c] = [
      await id('post_search', 'post_id', first._id),
      await id('answer_search', 'answer_id', written._id),
      await id('post_search', 'post_id', second._id),
    ];
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('pages past a window of 100 entries through questions and answers alike, reaching every question', async () => {
    const word = unique('window');
    const questions: Post[] = [];
    for (let i = 0; i < 60; i++) {
      const question = await ask(asker, i % 2 === 0 ? `${word} asked` : 'Nothing to see');
      await answer(helper, question._id, `\`${word}\` ${i}`);
      questions.push(question);
    }
    // 90 entries: 30 questions by their words and 60 answers; then 15 more questions by answers only.
    for (let i = 0; i < 15; i++) {
      const question = await ask(asker, 'Late question');
      await answer(helper, question._id, `\`${word}\``);
      await answer(reader, question._id, `\`${word}\` again`);
      questions.push(question);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let first = true;
    do {
      const url: string = `/search/questions/${q(word)}${cursor ? `?cursor=${cursor}` : ''}`;
      const page = searchKindPageSchemas.questions.parse(await ok(t, reader, 'GET', url));
      if (first) expect(page.countIsFloor).toBe(true);
      first = false;
      seen.push(...page.questions.map((p) => p._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen)).toEqual(new Set(questions.map((p) => p._id)));
  });

  describe('who finds a question by an answer', () => {
    it('never someone who may not see the question (private, followers, hidden) or the answer (a block either way)', async () => {
      const [author, follower, answerer, blocked, blocker, admin] = [
        await member(t),
        await member(t),
        await member(t),
        await member(t),
        await member(t),
        await member(t, { admin: true }),
      ];
      await follow(t, follower, author);
      await follow(t, answerer, author);
      await block(t, answerer, blocked);
      await block(t, blocker, answerer);
      const word = unique('secret');
      const open = await ask(author, 'Open question');
      const followers = await ask(author, 'For followers', { privacy: 'Followers' });
      const own = await ask(author, 'Only mine', { privacy: 'Private' });
      const hidden = await ask(author, 'Hidden soon');
      for (const question of [open, followers, hidden]) await answer(answerer, question._id, `\`${word}\``);
      await answer(author, own._id, `\`${word}\``);
      await t.app.services.posts.setHidden(hidden._id, true);

      const expected: [Member, Post[]][] = [
        [reader, [open]],
        [follower, [open, followers]],
        // The author still opens their own hidden question (the streams' rule), so finds it too.
        [author, [open, followers, own, hidden]],
        [blocked, []],
        [blocker, []],
        [admin, [open, followers, own, hidden]],
      ];
      for (const [who, questions] of expected) {
        const found = await questionIds(who, word);
        expect(new Set(found)).toEqual(new Set(questions.map((p) => p._id)));
        // Each question found is one the viewer may open, with that answer shown to them.
        for (const id of found) {
          const detail = await call(t, who, 'GET', `/question/${id}`);
          expect(detail.statusCode).toBe(200);
          expect((detail.json() as { answers: Answer[] }).answers.some((a) => a.answer.includes(word))).toBe(true);
        }
      }
      // The blocked ones still find the open question by its own words: only the answer is out of their sight.
      expect(await questionIds(blocked, 'Open question')).toContain(open._id);
    });
  });
});
