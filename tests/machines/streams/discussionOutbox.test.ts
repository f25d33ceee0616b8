import { describe, expect, it } from 'vitest';
import { createActor, createMachine, emit, setup, type AnyEventObject } from 'xstate';
import { createBus } from '../../../src/effects/shell/socket';
import { answersSentOf, commentsSentOf, liveAnswersActor, liveCommentsActor } from '../../../src/effects/streams/discussion';
import type { OutboxEmitted } from '../../../src/machines/offline/outbox.machine';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import { answer, comment } from '../../fixtures/streams';

/**
 * A comment or answer that waited in the outbox, once stored (the outbox's `outbox.sent`), reaches
 * the open post or question as the socket's own event would: the list shows the real item once
 * (deduped by id with the socket's copy), and only the post or question it belongs to takes it.
 */
const item = (kind: 'comment' | 'answer', target: string): OutboxItem =>
  (kind === 'comment'
    ? { kind, clientId: 'c-1', payload: { postId: target, comment: 'hi', format: 'plain' }, order: 1, state: 'sending', error: null }
    : {
        kind,
        clientId: 'c-2',
        payload: { questionId: target, answer: 'yes', format: 'plain' },
        order: 2,
        state: 'sending',
        error: null,
      }) as OutboxItem;

/** The app's outbox as the live actors see it: an actor with systemId 'outbox' that emits `outbox.sent`. */
function appWithOutbox() {
  const outbox = setup({ types: { events: {} as { type: 'sent'; sent: OutboxEmitted }, emitted: {} as OutboxEmitted } }).createMachine({
    on: { sent: { actions: emit(({ event }) => event.sent) } },
  });
  const app = createActor(createMachine({ invoke: { id: 'outbox', systemId: 'outbox', src: outbox } })).start();
  const send = (sent: OutboxEmitted) => app.system.get('outbox')!.send({ type: 'sent', sent });
  return { app, send };
}

/** A parent that records what its live child sends back. */
function listen(logic: ReturnType<typeof liveCommentsActor> | ReturnType<typeof liveAnswersActor>, input: object) {
  const got: AnyEventObject[] = [];
  const parent = createActor(
    setup({ actors: { live: logic as never } }).createMachine({
      invoke: { src: 'live', input: input as never },
      on: { '*': { actions: ({ event }) => void got.push(event) } },
    }),
  ).start();
  return { got, stop: () => parent.stop() };
}

describe('the outbox stored a comment or an answer', () => {
  const stored = comment({ _id: 'real-1', postId: 'p1' });
  const storedAnswer = answer({ _id: 'real-2', questionId: 'q1' });

  it('the open post takes its stored comment as comments.added; other posts and kinds do not', () => {
    const { app, send } = appWithOutbox();
    const { got, stop } = listen(liveCommentsActor(createBus(), { show: () => {}, forget: () => {} }, app), { postId: 'p1' });
    send({ type: 'outbox.sent', item: item('comment', 'p2'), result: { comment: stored, commentsCount: 1 } });
    send({ type: 'outbox.sent', item: item('answer', 'p1'), result: { answer: storedAnswer, answersCount: 1 } });
    send({ type: 'outbox.sent', item: item('comment', 'p1'), result: { message: 'ok', comment: stored, commentsCount: 4 } });
    expect(got).toEqual([{ type: 'comments.added', comment: stored, commentsCount: 4 }]);
    // Closed, the panel listens no more.
    stop();
    send({ type: 'outbox.sent', item: item('comment', 'p1'), result: { comment: stored, commentsCount: 5 } });
    expect(got).toHaveLength(1);
  });

  it('the open question takes its stored answer as answers.added', () => {
    const { app, send } = appWithOutbox();
    const { got } = listen(liveAnswersActor(createBus(), { show: () => {}, forget: () => {} }, app), { questionId: 'q1' });
    send({ type: 'outbox.sent', item: item('answer', 'q2'), result: { answer: storedAnswer, answersCount: 1 } });
    send({ type: 'outbox.sent', item: item('answer', 'q1'), result: { message: 'ok', answer: storedAnswer, answersCount: 2 } });
    expect(got).toEqual([{ type: 'answers.added', answer: storedAnswer, answersCount: 2 }]);
  });

  it('with no outbox running (signed out, a test), the live actors only watch the socket', () => {
    expect(commentsSentOf(item('comment', 'p1'), { comment: stored, commentsCount: 1 }, 'p9')).toBeNull();
    expect(answersSentOf(item('comment', 'q1'), {}, 'q1')).toBeNull();
    const { got } = listen(liveCommentsActor(createBus(), { show: () => {}, forget: () => {} }), { postId: 'p1' });
    expect(got).toEqual([]);
  });
});
