import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { serverEvents } from '../../../src/api/socket';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import PostPage from '../../../src/views/streams/pages/PostPage';
import QuestionPage from '../../../src/views/streams/pages/QuestionPage';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice } from '../../fixtures/auth';
import { answer, comment, post } from '../../fixtures/streams';
import { withApp } from '../appHarness';
import { appWithAnsweredOutbox } from './outboxApp';

afterEach(cleanup);

const item = (kind: 'comment' | 'answer', clientId: string, text: string, order: number, failed = false): OutboxItem =>
  ({
    kind,
    clientId,
    payload: kind === 'comment' ? { postId: 'p1', comment: text, format: 'plain' } : { questionId: 'q1', answer: text, format: 'plain' },
    order,
    state: failed ? 'failed' : 'waiting',
    error: failed ? 'Comment is too long' : null,
  }) as OutboxItem;

/** Alice's post (or question) page, her outbox sending through `send` (the test answers each send). */
function renderPage(path: string, page: React.ReactNode, api: Record<string, unknown>) {
  const { app, answers, sent } = appWithAnsweredOutbox();
  const bus = createBus();
  const { ui } = withApp(
    app,
    path,
    <StreamsLogicProvider logic={streamsLogic(app, { api: api as unknown as ApiClient, bus })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>{page}</ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
  return { outbox: app.system.get('outbox')!, answers, sent, bus };
}

const card = (id: string) => document.querySelector<HTMLElement>(`article[data-post-id="${id}"]`)!;

describe('a comment waiting in the outbox counts on its post', () => {
  it('while it waits (a refused one does not); sent, the server’s count replaces it, once, also when the socket’s copy comes first', async () => {
    const stored = comment({ _id: 'c9', postId: 'p1', userId: alice._id, username: alice.username, comment: 'Written on the train' });
    const { outbox, answers, sent, bus } = renderPage('/post/p1', <PostPage postId="p1" />, {
      posts: { one: vi.fn(async () => ({ post: post({ _id: 'p1', post: 'On the server', commentsCount: 2 }) })) },
      comments: { ofPost: vi.fn(async () => ({ comments: [], commentsCount: 2, nextCursor: null })) },
    });
    await screen.findByText('On the server');
    await screen.findByText('No comments yet. Start the conversation.');
    expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('2');

    outbox.send({
      type: 'outbox.loaded',
      items: [item('comment', 'k1', 'Written on the train', 1), item('comment', 'k2', 'Refused text', 2, true)],
    });
    await waitFor(() => expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('3'));
    expect(within(card('p1')).getByRole('button', { name: 'Comments: 3' })).toBeTruthy();
    const rows = screen.getAllByRole('listitem', { name: 'Comment by alice, not sent yet' });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Waiting to send'),
      expect.stringContaining('Not sent: Comment is too long'),
    ]);
    expect(within(rows[1]).getByRole('button', { name: 'Try again' })).toBeTruthy();

    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(sent.map((i) => i.clientId)).toEqual(['k1']));
    // The server tells the socket before it answers the send: the count already has the comment.
    bus.publish({ event: serverEvents.commentAdded, payload: { comment: stored, commentsCount: 3 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('3');
    expect(document.querySelector('[data-comment-id="c9"]')).toBeNull();

    answers[0]!({ message: 'ok', comment: stored, commentsCount: 3 });
    await waitFor(() => expect(document.querySelector('[data-comment-id="c9"]')).toBeTruthy());
    expect(screen.getAllByRole('listitem', { name: 'Comment by alice, not sent yet' })).toHaveLength(1);
    expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('3');

    // The refused one deleted: nothing changes in the count.
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Comment by alice, not sent yet' })).toBeNull());
    expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('3');
  });
});

describe('a comment waiting in the outbox counts on its card in a list (its comments not open)', () => {
  it('sent, the card takes the count of the server’s answer (others commented meanwhile)', async () => {
    const listed = post({ _id: 'p1', post: 'On the server', commentsCount: 0 });
    const { outbox, answers } = renderPage('/streams', <StreamsPage />, {
      posts: {
        all: vi.fn(async () => ({ posts: [listed], totalPosts: 1, nextCursor: null })),
        forYou: vi.fn(async () => ({ posts: [listed], nextCursor: null })),
      },
    });
    await screen.findByText('On the server');
    outbox.send({ type: 'outbox.loaded', items: [item('comment', 'k1', 'Written on the train', 1)] });
    await waitFor(() => expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('1'));

    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!({ message: 'ok', comment: comment({ _id: 'c9', userId: alice._id }), commentsCount: 5 });
    await waitFor(() => expect(outbox.getSnapshot().context.items).toEqual([]));
    expect(within(card('p1')).getByTestId('comments-count').textContent).toBe('5');
  });
});

describe('an answer waiting in the outbox counts on its question', () => {
  it('in the answers heading and on the card; sent, the server’s count replaces it, once', async () => {
    const question = post({ _id: 'q1', kind: 'question', post: 'Which line is slowest?', answersCount: 0 });
    const stored = answer({ _id: 'a9', questionId: 'q1', userId: alice._id, username: alice.username, answer: 'The 8:12' });
    // What the server holds: the question, then with the answer once it is stored.
    const server = { question, answers: [] as (typeof stored)[] };
    const { outbox, answers, sent, bus } = renderPage('/question/q1', <QuestionPage questionId="q1" />, {
      posts: { one: vi.fn(async () => ({ post: server.question })) },
      questions: { one: vi.fn(async () => ({ question: server.question, answers: server.answers })) },
      comments: { ofPost: vi.fn(async () => ({ comments: [], commentsCount: 0, nextCursor: null })) },
    });
    const heading = await screen.findByRole('heading', { name: /^Answers/ });
    await screen.findByText('No answers yet. Be the first to help.');
    expect(heading.textContent).toBe('Answers (0)');

    outbox.send({ type: 'outbox.loaded', items: [item('answer', 'k1', 'The 8:12', 1), item('answer', 'k2', 'Refused', 2, true)] });
    await waitFor(() => expect(heading.textContent).toBe('Answers (1)'));
    expect(within(card('q1')).getByRole('link', { name: '1 answer' })).toBeTruthy();
    expect(screen.getAllByRole('listitem', { name: 'Answer by alice, not sent yet' })).toHaveLength(2);

    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(sent.map((i) => i.clientId)).toEqual(['k1']));
    Object.assign(server, { question: { ...question, answersCount: 1 }, answers: [stored] });
    bus.publish({ event: serverEvents.questionAnswers, payload: { questionId: 'q1', answersCount: 1, acceptedAnswerId: null } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heading.textContent).toBe('Answers (1)');

    answers[0]!({ message: 'ok', answer: stored, answersCount: 1 });
    await waitFor(() => expect(document.querySelector('[data-answer-id="a9"]')).toBeTruthy());
    expect(screen.getAllByRole('listitem', { name: 'Answer by alice, not sent yet' })).toHaveLength(1);
    expect(heading.textContent).toBe('Answers (1)');
    expect(within(card('q1')).getByRole('link', { name: '1 answer' })).toBeTruthy();
  });
});
