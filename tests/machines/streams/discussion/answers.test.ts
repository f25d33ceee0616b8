import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ANSWER_EMPTY, answersMachine, ordered, type AnswersContext } from '../../../../src/machines/streams/discussion/answers.machine';
import { clientIdOf } from '../../../../src/machines/shared/clientIds';
import { CLIENT_SEED } from '../../../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { answersModel, live, me, mine, model, question, serialize, theirs } from './answers.model';

const coverage = new TransitionCoverage(answersMachine);

describe('answers machine', () => {
  const paths = pathsOf(answersModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it('orders the accepted answer first, then oldest first', () => {
    expect(ordered([theirs, mine, live], 'a4').map((a) => `${a._id}${a.accepted ? '*' : ''}`)).toEqual(['a4*', 'a1', 'a2']);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { description: string }[] = [];
    const changed: { answersCount: number; acceptedAnswerId: string | null }[] = [];
    const outbox: unknown[] = [];
    /** The client id of the last send made (a Try again reuses the refused one's). */
    let lastSendingId: string | undefined;
    await replay(answersMachine, path, {
      input: model.input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          questionChanged: (_: unknown, p: { question: { answersCount: number; acceptedAnswerId: string | null } }) =>
            void changed.push(p.question),
          toOutbox: (_: unknown, handOff: unknown) => void outbox.push(handOff),
        },
      },
      afterStep: (step, actor) => {
        const s = actor.getSnapshot();
        const c = s.context as AnswersContext;
        const e = step.event as ModelEvent;
        if (e.type === 'answers.submit' && c.draft.trim() === '') expect(c.formError).toBe(ANSWER_EMPTY);
        const noReply = (e as unknown as { error?: unknown }).error instanceof Error;
        if (e.type === 'xstate.error.actor.createAnswer' && noReply) {
          // No answer: handed to the outbox with its client id, question, text and format; the form is free, no error.
          expect(outbox.at(-1)).toEqual({
            kind: 'answer',
            clientId: lastSendingId,
            payload: { questionId: 'q1', answer: 'A good answer', format: c.format },
          });
          expect([c.draft, c.formError, c.sending, c.unsent]).toEqual(['', null, null, null]);
        } else if (e.type === 'xstate.error.actor.createAnswer') {
          // Refused, the answer's text stays with the message, and its client id for Try again.
          expect(c.draft.trim()).not.toBe('');
          expect(c.formError).toBe('Answer must not exceed 5000 characters');
          expect(c.unsent?.clientId).toMatch(/^0190abcd-0000-4000-8000-0000000000[0-9a-f]{2}$/);
        }
        if (e.type === 'answers.added') {
          // Shown once (the socket's news may come too), counted, told to the page's card.
          expect(c.answers.filter((x) => x._id === 'a3')).toHaveLength(1);
          expect(changed.at(-1)?.answersCount).toBe(3);
        }
        const sending = s.children.createAnswer?.getSnapshot().input as { clientId: string; answer: string } | undefined;
        if (sending) {
          lastSendingId = sending.clientId;
          // A Try again of the same text carries the id the send got first.
          expect(sending.clientId).toBe(c.sendingId);
          if (c.unsent?.text === sending.answer) expect(sending.clientId).toBe(c.unsent.clientId);
          else expect(sending.clientId).toBe(clientIdOf(CLIENT_SEED, c.sent));
        }
        if (e.type === 'xstate.done.actor.createAnswer') {
          expect(c.answers.filter((x) => x._id === 'a3')).toHaveLength(1);
          expect(c.draft.trim()).not.toBe('A good answer');
          expect(changed.at(-1)?.answersCount).toBe(3);
        }
        if (e.type === 'xstate.error.actor.updateAnswer') {
          expect(c.editing).toMatchObject({ answerId: 'a1', error: 'You can only edit your own answers' });
          expect(c.answers.find((x) => x._id === 'a1')?.answer).toBe(mine.answer);
        }
        if (e.type === 'xstate.done.actor.updateAnswer') expect(c.answers.find((x) => x._id === 'a1')?.editedAt).toBe('x');
        if (e.type === 'answers.startEdit' && (e as unknown as { answerId: string }).answerId === 'a2') expect(c.editing).toBeNull();
        if (e.type === 'answers.delete' && (e as unknown as { answerId: string }).answerId === 'a2') {
          // Not one's own: refused without a request, the answer stays.
          expect(s.matches({ ready: 'deleting' })).toBe(false);
          expect(c.answers.some((x) => x._id === 'a2')).toBe(true);
        }
        if (e.type === 'xstate.error.actor.removeAnswer') {
          expect(c.answers.map((x) => x._id).sort()).toEqual(['a1', 'a2']);
          expect(toasts.at(-1)?.description).toBe('Question not found');
        }
        if (e.type === 'xstate.done.actor.acceptAnswer') {
          expect(c.answers[0]).toMatchObject({ _id: 'a2', accepted: true });
          expect(changed.at(-1)?.acceptedAnswerId).toBe('a2');
        }
        if (e.type === 'xstate.error.actor.acceptAnswer') expect(toasts.at(-1)?.description).toBe('Only the asker can accept an answer');
        if (e.type === 'xstate.done.actor.unacceptAnswer') expect(c.answers.every((x) => !x.accepted)).toBe(true);
        if (e.type === 'answers.changed') expect(s.matches({ ready: 'refreshing' })).toBe(true);
        // Taken over a refresh (only a refresh brings the count of 3 here): the list is read again after.
        const taken = s.matches({ ready: 'accepting' }) || s.matches({ ready: 'unaccepting' }) || s.matches({ ready: 'deleting' });
        if (['answers.accept', 'answers.unaccept', 'answers.delete'].includes(e.type) && taken && c.question?.answersCount === 3)
          expect(c.stale).toBe(true);
        if (e.type === 'xstate.done.actor.refetch') expect(c.answers.map((x) => x._id)).toEqual(['a1', 'a2', 'a4']);
        if (e.type === 'xstate.error.actor.fetchQuestion') expect(c.error).toBe('Question not found');
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('answers', stateCount(answersMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('answers over a background refresh', () => {
  it("takes the asker's accept, then reads the list again", async () => {
    const calls: string[] = [];
    let finishRefresh: (() => void) | null = null;
    const machine = answersMachine.provide({
      actors: {
        fetchQuestion: fromPromise(async () => {
          calls.push('fetch');
          if (calls.filter((c) => c === 'fetch').length === 2) await new Promise<void>((resolve) => (finishRefresh = resolve));
          return { question, answers: [mine, theirs] };
        }),
        acceptAnswer: fromPromise(async ({ input }: { input: { questionId: string; answerId: string | null } }) => {
          calls.push(`accept ${input.answerId}`);
          return { message: 'ok', post: { ...question, acceptedAnswerId: input.answerId } };
        }),
      },
    });
    const actor = createActor(machine, { input: { questionId: 'q1', me } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'answers.changed', answersCount: 3, acceptedAnswerId: null });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    actor.send({ type: 'answers.accept', answerId: 'a2' });
    await vi.waitFor(() => expect(calls).toEqual(['fetch', 'fetch', 'accept a2', 'fetch']));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    expect(finishRefresh).not.toBeNull();
    actor.stop();
  });
});
