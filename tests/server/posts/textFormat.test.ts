import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, commentResponseSchema, postResponseSchema, questionDetailSchema } from '../../../src/api/posts';
import { searchKindPageSchemas } from '../../../src/api/search';
import { createTestApp, dialects, type TestApp } from '../harness';
import { member, ok, refused, type Member } from '../social';

/** The format stored with each post, question, answer and comment (0022_text_format, docs/client-formatting.md). */
describe.each(dialects)('text formats on %s', (dialect) => {
  let t: TestApp;
  let author: Member;
  let reader: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [author, reader] = [await member(t), await member(t)];
  });
  afterAll(() => t.close());

  it('stores plain text unless Markdown is asked for, and returns the format with each item', async () => {
    const plain = postResponseSchema.parse(await ok(t, author, 'POST', '/post', { post: 'a *star* stays a star' }, 201)).post;
    expect(plain.format).toBe('plain');
    const marked = postResponseSchema.parse(await ok(t, author, 'POST', '/post', { post: 'a *star*', format: 'markdown' }, 201)).post;
    expect(marked.format).toBe('markdown');
    expect((await ok(t, reader, 'GET', `/post/${marked._id}`)).post.format).toBe('markdown');

    // An edit without a format keeps it; with one, changes it.
    expect((await ok(t, author, 'PUT', `/post/${marked._id}`, { post: 'a **bold** one' })).post.format).toBe('markdown');
    expect((await ok(t, author, 'PUT', `/post/${marked._id}`, { format: 'plain' })).post.format).toBe('plain');

    const question = postResponseSchema.parse(
      await ok(t, author, 'POST', '/question', { post: 'Why is $e^{i\\pi} = -1$?', format: 'markdown' }, 201),
    ).post;
    expect(question).toMatchObject({ kind: 'question', format: 'markdown' });

    const answer = answerResponseSchema.parse(
      await ok(t, reader, 'POST', `/question/${question._id}/answer`, { answer: '# Euler\n\n$$e^{ix}$$', format: 'markdown' }, 201),
    ).answer;
    expect(answer.format).toBe('markdown');
    const plainAnswer = answerResponseSchema.parse(
      await ok(t, reader, 'POST', `/question/${question._id}/answer`, { answer: 'No idea' }, 201),
    );
    expect(plainAnswer.answer.format).toBe('plain');
    expect((await ok(t, reader, 'PUT', `/question/answer/${answer._id}`, { answer: 'changed' })).answer.format).toBe('markdown');
    const detail = questionDetailSchema.parse(await ok(t, author, 'GET', `/question/${question._id}`));
    expect(detail.question.format).toBe('markdown');
    expect(detail.answers.map((a) => a.format).sort()).toEqual(['markdown', 'plain']);

    const comment = commentResponseSchema.parse(
      await ok(t, reader, 'POST', '/post/comment', { postId: plain._id, comment: '`code`', format: 'markdown' }, 201),
    ).comment;
    expect(comment.format).toBe('markdown');
    expect((await ok(t, reader, 'PUT', `/post/comment/${comment._id}`, { comment: 'now plain', format: 'plain' })).comment.format).toBe(
      'plain',
    );
    const listed = await ok(t, author, 'GET', `/post/comments/${plain._id}`);
    expect(listed.comments[0].format).toBe('plain');
  });

  it('refuses a format it does not know with a clear message', async () => {
    await refused(t, author, 'POST', '/post', { post: 'x', format: 'html' }, 400, 'Format must be plain or markdown');
    const p = (await ok(t, author, 'POST', '/post', { post: 'x' }, 201)).post;
    await refused(
      t,
      reader,
      'POST',
      '/post/comment',
      { postId: p._id, comment: 'y', format: 'rtf' },
      400,
      'Format must be plain or markdown',
    );
  });

  it('indexes a Markdown question by its plain text: a function name in its code and a symbol in its formula are found', async () => {
    const stamp = Date.now().toString(36);
    const text = `How do I plot this?\n\n\`\`\`python\nimport numpy\nxs = numpy.linspace${stamp}(0, 1)\n\`\`\`\n\nfor $f(x) = \\sin${stamp}(x)$`;
    const question = (await ok(t, author, 'POST', '/question', { post: text, format: 'markdown' }, 201)).post;
    const byCode = searchKindPageSchemas.questions.parse(await ok(t, reader, 'GET', `/search/questions/linspace${stamp}`));
    expect(byCode.questions.map((q) => q._id)).toEqual([question._id]);
    const byFormula = searchKindPageSchemas.questions.parse(await ok(t, reader, 'GET', `/search/questions/sin${stamp}`));
    expect(byFormula.questions.map((q) => q._id)).toEqual([question._id]);
  });

  describe('hashtags and mentions in code', () => {
    const tagsOf = async (sourceId: string) =>
      (await t.database.db.selectFrom('text_tags').select('tag').where('source_id', '=', sourceId).orderBy('tag').execute()).map(
        (r) => r.tag,
      );
    const mentionedIn = async (sourceId: string) =>
      (await t.database.db.selectFrom('text_mentions').select('user_id').where('source_id', '=', sourceId).execute()).map((r) => r.user_id);
    /** A text naming `coded` only in code and a formula, `named` outside it; tags alike. */
    const text = (coded: Member, named: Member) =>
      [
        `#real tag and @${named.username}, but \`#include\` and \`@${coded.username}\` are code`,
        '',
        '```c',
        `#define MAX 3 // @${coded.username} #pragma`,
        '```',
        '',
        `$\\#formula @${coded.username}$ and [#linktext](https://example.org/#anchor)`,
      ].join('\n');

    it('a Markdown post, question, answer and comment take no tag or mention from code, formulas or link texts', async () => {
      const [coded, named] = [await member(t), await member(t)];
      const body = text(coded, named);
      const p = (await ok(t, author, 'POST', '/post', { post: body, format: 'markdown' }, 201)).post;
      const question = (await ok(t, author, 'POST', '/question', { post: body, format: 'markdown' }, 201)).post;
      const answer = (await ok(t, reader, 'POST', `/question/${question._id}/answer`, { answer: body, format: 'markdown' }, 201)).answer;
      const comment = (await ok(t, reader, 'POST', '/post/comment', { postId: p._id, comment: body, format: 'markdown' }, 201)).comment;
      for (const id of [p._id, question._id, answer._id, comment._id]) {
        expect(await tagsOf(id), id).toEqual(['real']);
        expect(await mentionedIn(id), id).toEqual([named.id]);
      }
      // The member named only in code hears nothing; the one named in the text does.
      const inbox = async (who: Member) =>
        (await ok(t, who, 'GET', '/notifications')).notifications.filter((n: { kind: string }) => n.kind === 'mention');
      expect(await inbox(coded)).toEqual([]);
      expect((await inbox(named)).length).toBeGreaterThan(0);

      // An edit reads the new text the same way.
      await ok(t, reader, 'PUT', `/question/answer/${answer._id}`, { answer: `\`#still_code @${named.username}\` #now` });
      expect(await tagsOf(answer._id)).toEqual(['now']);
      expect(await mentionedIn(answer._id)).toEqual([]);
    });

    it('a plain item keeps taking every #word and @name, backticks or not', async () => {
      const [coded, named] = [await member(t), await member(t)];
      const p = (await ok(t, author, 'POST', '/post', { post: text(coded, named) }, 201)).post;
      expect(await tagsOf(p._id)).toEqual(expect.arrayContaining(['real', 'include', 'define', 'pragma', 'linktext']));
      expect((await mentionedIn(p._id)).sort()).toEqual([coded.id, named.id].sort());
    });
  });
});
