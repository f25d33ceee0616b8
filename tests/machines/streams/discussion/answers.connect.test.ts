import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { answersMachine } from '../../../../src/machines/streams/discussion/answers.machine';
import { canAccept, canChangeAnswer, isRequestRunning, shownAnswers } from '../../../../src/machines/streams/discussion/answers.connect';
import { answer, post } from '../../../fixtures/streams';

const alice = { userId: 'u1', username: 'alice', avatarColor: '#f33e58', profilePicture: '' };
const bob = { userId: 'u2', username: 'bob', avatarColor: '#f33e58', profilePicture: '' };
const question = post({ _id: 'q1', kind: 'question', userId: 'u1', username: 'alice', answersCount: 2 });
const fromAlice = answer({ _id: 'a1', userId: 'u1' });
const fromBob = answer({ _id: 'a2', userId: 'u2', username: 'bob' });

async function loadedFor(me: typeof alice) {
  const fetchQuestion = fromPromise(async () => ({ question, answers: [fromAlice, fromBob] }));
  const actor = createActor(answersMachine.provide({ actors: { fetchQuestion } as never }), { input: { questionId: 'q1', me } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return actor;
}

describe("a question's answers, as the panel shows them", () => {
  it('lets the asker accept an answer, as the machine does', async () => {
    const asker = (await loadedFor(alice)).getSnapshot();
    expect(canAccept(asker)).toBe(true);
    expect(asker.can({ type: 'answers.accept', answerId: 'a2' })).toBe(true);
    const other = (await loadedFor(bob)).getSnapshot();
    expect(canAccept(other)).toBe(false);
    expect(other.can({ type: 'answers.accept', answerId: 'a2' })).toBe(false);
  });

  it('lets a member change their own answers only, as the machine does', async () => {
    const s = (await loadedFor(bob)).getSnapshot();
    expect(isRequestRunning(s)).toBe(false);
    for (const a of shownAnswers(s)) expect(canChangeAnswer(bob, a)).toBe(s.can({ type: 'answers.startEdit', answerId: a._id }));
  });
});
