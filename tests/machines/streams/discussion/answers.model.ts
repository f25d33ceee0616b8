import { answersMachine, type AnswersContext } from '../../../../src/machines/streams/discussion/answers.machine';
import { answer, CLIENT_SEED, noAnswer, post, refused } from '../../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../../cover';

export const me = { userId: 'u1', username: 'alice', avatarColor: '#f33e58', profilePicture: '' };
export const question = post({ _id: 'q1', kind: 'question', userId: 'u1', username: 'alice', answersCount: 2 });
export const mine = answer({ _id: 'a1', userId: 'u1' });
export const theirs = answer({ _id: 'a2', userId: 'u2', username: 'bob', answer: 'Read the docs', createdAt: '2025-01-01T12:00:00.000Z' });
const sent = answer({ _id: 'a3', userId: 'u1', answer: 'A good answer', createdAt: '2025-01-01T13:00:00.000Z' });
export const live = answer({ _id: 'a4', userId: 'u2', username: 'bob', createdAt: '2025-01-01T14:00:00.000Z' });
const notFound = refused('Question not found');

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as AnswersContext;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    ids: c.answers.map((x) => `${x._id}${x.accepted ? '*' : ''}`),
    count: c.question?.answersCount ?? null,
    accepted: c.question?.acceptedAnswerId ?? null,
    draft: c.draft,
    format: c.format,
    formError: c.formError,
    editing: c.editing,
    removing: c.removing?.answer._id ?? null,
    sending: c.sending,
    unsent: c.unsent,
    stale: c.stale,
    error: c.error,
  });
};

export const model = {
  input: { questionId: 'q1', me, clientSeed: CLIENT_SEED },
  serialize,
  events: [
    { type: 'answers.retry' },
    { type: 'answers.format.set', format: 'markdown' },
    { type: 'answers.format.set', format: 'plain' },
    { type: 'answers.preview.show' },
    { type: 'answers.preview.hide' },
    { type: 'answers.change', text: 'A good answer' },
    { type: 'answers.change', text: '   ' },
    { type: 'answers.submit' },
    { type: 'answers.startEdit', answerId: 'a1' },
    { type: 'answers.startEdit', answerId: 'a2' },
    { type: 'answers.changeEdit', text: 'Use two statecharts' },
    { type: 'answers.changeEdit', text: '' },
    { type: 'answers.cancelEdit' },
    { type: 'answers.edit.format.set', format: 'markdown' },
    { type: 'answers.edit.format.set', format: 'plain' },
    { type: 'answers.edit.preview.show' },
    { type: 'answers.edit.preview.hide' },
    { type: 'answers.saveEdit' },
    { type: 'answers.delete', answerId: 'a1' },
    { type: 'answers.delete', answerId: 'a2' },
    { type: 'answers.accept', answerId: 'a2' },
    { type: 'answers.unaccept' },
    { type: 'answers.changed', answersCount: 3, acceptedAnswerId: null },
    { type: 'answers.changed', answersCount: 3, acceptedAnswerId: 'a2' },
    // The outbox stored an answer written offline (its outbox.sent).
    { type: 'answers.added', answer: sent, answersCount: 3 },
    { type: 'xstate.done.actor.fetchQuestion', output: { question, answers: [mine, theirs] } },
    { type: 'xstate.error.actor.fetchQuestion', error: notFound },
    { type: 'xstate.done.actor.createAnswer', output: { message: 'ok', answer: sent, answersCount: 3 } },
    { type: 'xstate.error.actor.createAnswer', error: refused('Answer must not exceed 5000 characters', 400) },
    { type: 'xstate.error.actor.createAnswer', error: noAnswer() },
    {
      type: 'xstate.done.actor.updateAnswer',
      output: { message: 'ok', answer: { ...mine, answer: 'Use two statecharts', editedAt: 'x' }, answersCount: 2 },
    },
    { type: 'xstate.error.actor.updateAnswer', error: refused('You can only edit your own answers', 403) },
    { type: 'xstate.done.actor.removeAnswer', output: { message: 'ok', answersCount: 1 } },
    { type: 'xstate.error.actor.removeAnswer', error: notFound },
    { type: 'xstate.done.actor.acceptAnswer', output: { message: 'ok', post: { ...question, acceptedAnswerId: 'a2' } } },
    { type: 'xstate.error.actor.acceptAnswer', error: refused('Only the asker can accept an answer', 403) },
    { type: 'xstate.done.actor.unacceptAnswer', output: { message: 'ok', post: question } },
    { type: 'xstate.error.actor.unacceptAnswer', error: notFound },
    { type: 'xstate.done.actor.refetch', output: { question: { ...question, answersCount: 3 }, answers: [mine, theirs, live] } },
    { type: 'xstate.error.actor.refetch', error: new Error('offline') },
  ] as ModelEvent[],
  // One thing at a time from the loaded list: the graph stays small.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as AnswersContext;
    const pristine =
      c.answers
        .map((x) => x._id)
        .sort()
        .join() === 'a1,a2' && c.question?.answersCount === 2;
    const idle = snapshot.matches({ ready: 'idle' });
    const calm = pristine && idle && c.draft === '' && c.editing === null && c.formError === null;
    // A member's request over a background refresh (news, a reconnect) is taken, not lost.
    const refreshing =
      snapshot.matches({ ready: 'refreshing' }) &&
      c.answers
        .map((x) => x._id)
        .sort()
        .join() === 'a1,a2';
    const refreshingCalm = refreshing && c.draft === '' && c.editing === null && c.formError === null;
    // The Markdown option and the tabs: tried on the list as loaded, with nothing typed; the option also while loading.
    if (event.type === 'answers.format.set')
      return (calm && !(event.format === 'plain' && c.format === 'plain')) || (snapshot.matches('loading') && c.format === 'plain');
    if (event.type === 'answers.preview.show' || event.type === 'answers.preview.hide') return calm;
    if (c.format === 'markdown' && !calm && !snapshot.matches('loading')) return false;
    // No answer to a send (it goes to the outbox): only from the list as loaded, not while editing.
    if (event.type === 'xstate.error.actor.createAnswer' && (event as unknown as { error: unknown }).error instanceof Error)
      return pristine && c.editing === null && c.draft === 'A good answer';
    // Typing while an answer is sent: what was typed meanwhile must stay.
    if (event.type === 'answers.change')
      return (
        c.editing === null &&
        ((pristine && idle) ||
          (snapshot.matches({ ready: 'posting' }) && c.draft === 'A good answer') ||
          (refreshingCalm && c.question?.acceptedAnswerId === null))
      );
    if (event.type === 'answers.accept' || event.type === 'answers.unaccept' || event.type === 'answers.delete')
      return calm || refreshingCalm;
    if (event.type === 'answers.startEdit') return calm || (refreshingCalm && c.question?.acceptedAnswerId === null);
    if (event.type === 'answers.changed' || event.type === 'answers.added') return calm;
    const editable = idle || refreshing;
    // The edit's Markdown option and tabs: on the answer as it was opened, nothing else changed.
    if (event.type.startsWith('answers.edit.'))
      return idle && pristine && c.editing !== null && c.editing.error === null && c.editing.text === mine.answer && c.draft === '';
    if (event.type === 'answers.changeEdit')
      return editable && c.editing !== null && c.editing.error === null && c.editing.text === mine.answer;
    if (event.type === 'answers.saveEdit' || event.type === 'answers.cancelEdit') return editable && c.editing !== null;
    if (event.type === 'answers.submit') return editable && c.editing === null;
    return true;
  },
};

export const answersModel: MachineModel = {
  name: 'answers',
  machine: answersMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
