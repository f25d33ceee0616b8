import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionDetailSchema, questionsPageSchema } from '../../../src/api/posts';
import { createTestApp, dialects, type TestApp } from '../harness';
import { member, ok, refused, type Member } from '../social';

describe.each(dialects)('questions and answers on %s', (dialect) => {
  let t: TestApp;
  let asker: Member;
  let helper: Member;
  let other: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [asker, helper, other] = [await member(t), await member(t), await member(t)];
  });
  afterAll(() => t.close());

  const ask = async (text = 'How do keyset pages work?') => (await ok(t, asker, 'POST', '/question', { post: text }, 201)).post;

  it('asks a question, lists questions apart from posts, and answers it', async () => {
    const q = await ask();
    expect(q).toMatchObject({
      kind: 'question',
      post: 'How do keyset pages work?',
      answersCount: 0,
      acceptedAnswerId: null,
      privacy: 'Public',
    });
    const page = questionsPageSchema.parse(await ok(t, other, 'GET', '/question/all/1'));
    expect(page.questions.map((x) => x._id)).toContain(q._id);
    expect(page.totalQuestions).toBeGreaterThanOrEqual(1);
    expect((await ok(t, other, 'GET', '/post/all/1')).posts.map((x: { _id: string }) => x._id)).not.toContain(q._id);

    const first = await ok(t, helper, 'POST', `/question/${q._id}/answer`, { answer: ' By the (createdAt, id) index. ' }, 201);
    expect(first).toMatchObject({
      message: 'Answer added successfully',
      answersCount: 1,
      answer: { questionId: q._id, userId: helper.id, answer: 'By the (createdAt, id) index.', accepted: false },
    });
    const second = await ok(t, other, 'POST', `/question/${q._id}/answer`, { answer: 'OFFSET' }, 201);

    await refused(t, helper, 'PUT', `/question/${q._id}/accept/${first.answer._id}`, undefined, 403, 'Only the asker can accept an answer');
    const accepted = await ok(t, asker, 'PUT', `/question/${q._id}/accept/${second.answer._id}`);
    expect(accepted.post.acceptedAnswerId).toBe(second.answer._id);
    await ok(t, asker, 'PUT', `/question/${q._id}/accept/${first.answer._id}`);
    const detail = questionDetailSchema.parse(await ok(t, other, 'GET', `/question/${q._id}`));
    expect(detail.question.answersCount).toBe(2);
    expect(detail.answers.map((a) => [a.answer, a.accepted])).toEqual([
      ['By the (createdAt, id) index.', true],
      ['OFFSET', false],
    ]);

    const mine = await ok(t, other, 'GET', `/user/profile/answers/${helper.id}/accepted/newest?page=1`);
    expect(mine.totalAnswers).toBe(1);
    expect(mine.answers[0]).toMatchObject({ _id: first.answer._id, question: { _id: q._id } });

    expect((await ok(t, asker, 'DELETE', `/question/${q._id}/accept`)).post.acceptedAnswerId).toBeNull();
  });

  it('lets members edit and delete only their own answers; deleting the accepted one clears it', async () => {
    const q = await ask('Which index?');
    const { answer } = await ok(t, helper, 'POST', `/question/${q._id}/answer`, { answer: 'that one' }, 201);
    await refused(t, other, 'PUT', `/question/answer/${answer._id}`, { answer: 'mine now' }, 403, 'You can only edit your own answers');
    await refused(t, asker, 'DELETE', `/question/answer/${answer._id}`, undefined, 403, 'You can only delete your own answers');
    const edited = await ok(t, helper, 'PUT', `/question/answer/${answer._id}`, { answer: 'this one' });
    expect(edited.answer).toMatchObject({ answer: 'this one' });
    expect(edited.answer.editedAt).not.toBeNull();
    await ok(t, asker, 'PUT', `/question/${q._id}/accept/${answer._id}`);
    expect(await ok(t, helper, 'DELETE', `/question/answer/${answer._id}`)).toEqual({
      message: 'Answer deleted successfully',
      answersCount: 0,
    });
    const detail = await ok(t, asker, 'GET', `/question/${q._id}`);
    expect(detail.question).toMatchObject({ answersCount: 0, acceptedAnswerId: null });
    expect(detail.answers).toEqual([]);
  });

  it('refuses bad input with clear messages', async () => {
    const q = await ask('Anything?');
    await refused(t, asker, 'POST', '/question', { post: '   ' }, 400, 'Question must not be empty');
    await refused(t, asker, 'POST', '/question', {}, 400, 'Question must not be empty');
    await refused(t, asker, 'PUT', `/post/${q._id}`, { post: '' }, 400, 'Question must not be empty');
    await refused(t, helper, 'POST', `/question/${q._id}/answer`, { answer: '' }, 400, 'Answer must not be empty');
    await refused(
      t,
      helper,
      'POST',
      `/question/${q._id}/answer`,
      { answer: 'x'.repeat(5001) },
      400,
      'Answer must not exceed 5000 characters',
    );
    await refused(t, helper, 'POST', '/question/zzz/answer', { answer: 'x' }, 404, 'Question not found');
    await refused(t, asker, 'PUT', `/question/${q._id}/accept/nope`, undefined, 404, 'Answer not found');
    await refused(t, asker, 'PUT', `/question/${q._id}/accept/01890000-0000-7000-8000-000000000000`, undefined, 404, 'Answer not found');
    const p = (await ok(t, asker, 'POST', '/post', { post: 'not a question' }, 201)).post;
    await refused(t, helper, 'POST', `/question/${p._id}/answer`, { answer: 'x' }, 404, 'Question not found');
    await refused(t, helper, 'GET', `/question/${p._id}`, undefined, 404, 'Question not found');
    const other = await ask('Other?');
    const { answer } = await ok(t, helper, 'POST', `/question/${other._id}/answer`, { answer: 'x' }, 201);
    await refused(t, asker, 'PUT', `/question/${q._id}/accept/${answer._id}`, undefined, 400, 'That answer belongs to another question');
    await refused(t, asker, 'GET', `/user/profile/answers/${helper.id}/best/newest`, undefined, 400, 'Filter must be all or accepted');
  });
});
