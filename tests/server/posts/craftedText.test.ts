import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX, POST_TEXT_MAX } from '../../../src/api/constants';
import { paths } from '../../../src/api/paths';
import { tokenizerWork } from '../../../src/api/posts/richText';
import { PLAIN_TEXT, WORST_CASES } from '../../fixtures/richTextWorst';
import { createTestApp, dialects, type TestApp } from '../harness';
import { member, ok, post, type Member } from '../social';

/**
 * Texts crafted to cost a tokenizer the most are saved like any other: each save reads its text
 * once (tags, mentions and links from one tokenize), in work linear in its length, and the server
 * keeps answering others (its health) while ten of them are saved at once.
 */
describe.each(dialects)('crafted texts on %s', (dialect) => {
  let t: TestApp;
  let writer: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    writer = await member(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** What one save cost the tokenizer: texts tokenized and characters read. */
  async function workOf(save: () => Promise<unknown>) {
    const [texts, reads] = [tokenizerWork.texts, tokenizerWork.reads];
    await save();
    return { texts: tokenizerWork.texts - texts, reads: tokenizerWork.reads - reads };
  }

  it('a post, question, comment or answer is tokenized once per save, in work linear in its length', async () => {
    const reader = await member(t);
    const question = (await ok(t, writer, 'POST', paths.questions.create, { post: 'Which one?' }, 201)).post;
    const target = await post(t, writer, { post: 'Comment here' });
    for (const [name, make] of Object.entries(WORST_CASES)) {
      const text = make(POST_TEXT_MAX);
      const short = make(COMMENT_MAX);
      const saves: [string, number, () => Promise<unknown>][] = [
        ['post', text.length, () => post(t, writer, { post: text })],
        ['question', text.length, () => ok(t, writer, 'POST', paths.questions.create, { post: text }, 201)],
        ['comment', short.length, () => ok(t, reader, 'POST', '/post/comment', { postId: target._id, comment: short }, 201)],
        ['answer', text.length, () => ok(t, reader, 'POST', paths.questions.answer(question._id), { answer: text }, 201)],
      ];
      for (const [kind, length, save] of saves) {
        const work = await workOf(save);
        expect(work.texts, `${kind}: ${name}`).toBe(1);
        expect(work.reads, `${kind}: ${name}`).toBeLessThanOrEqual(12 * length);
      }
    }
    // An edit too: the new text once, for its topics, tags and mentions together.
    const edited = await post(t, writer, { post: 'first' });
    const edit = await workOf(() => ok(t, writer, 'PUT', paths.posts.one(edited._id), { post: PLAIN_TEXT(POST_TEXT_MAX) }));
    expect(edit.texts).toBe(1);
  });

  it('ten worst-case posts saved at once are all stored, and /health answers among them', async () => {
    const text = WORST_CASES['a link and closing brackets'](POST_TEXT_MAX);
    const answered: string[] = [];
    const saves = Array.from({ length: 10 }, (_, i) =>
      post(t, writer, { post: text }).then((saved) => {
        answered.push(`post ${i}`);
        return saved;
      }),
    );
    const health = t.api({ method: 'GET', url: paths.health }).then((response) => {
      answered.push('health');
      return response;
    });
    const [stored, healthAnswer] = await Promise.all([Promise.all(saves), health]);
    expect(healthAnswer.statusCode).toBe(200);
    for (const saved of stored) expect(saved.post).toBe(text);
    // Asked after the ten saves began, /health is answered before the last of them.
    expect(answered.indexOf('health')).toBeLessThan(answered.length - 1);
  });
});
