import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { ReactionChange } from '../../../src/api/posts';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { reactionClientId, type OutboxItem } from '../../../src/machines/offline/outbox.types';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { noAnswer, post, refused, zeroCounts } from '../../fixtures/streams';
import { withApp } from '../appHarness';
import { appWithAnsweredOutbox } from './outboxApp';

const listed = post({ _id: 'p1', post: 'On the server', userReaction: null, reactions: zeroCounts() });
const wish = (reaction: 'love' | null): OutboxItem => ({
  kind: 'reaction',
  clientId: reactionClientId('p1'),
  payload: { postId: 'p1', reaction },
  order: 1,
  state: 'waiting',
  error: null,
});

afterEach(cleanup);

/** The streams page of alice with p1, her outbox sending through `send` (the store is silent: the test loads it). */
function renderPage(react: () => Promise<ReactionChange>, shown = listed, onServer = listed) {
  const { app, answers, sent } = appWithAnsweredOutbox();
  const api = {
    posts: {
      all: vi.fn(async () => ({ posts: [shown], totalPosts: 1, nextCursor: null })),
      forYou: vi.fn(async () => ({ posts: [shown], nextCursor: null })),
      one: vi.fn(async () => ({ post: onServer })),
    },
    reactions: { react: vi.fn(react), remove: vi.fn(react) },
  } as unknown as ApiClient;
  const { ui } = withApp(
    app,
    '/streams',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>
        <StreamsPage />
      </ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
  return { app, outbox: app.system.get('outbox')!, answers, sent, api };
}

const card = async () => {
  await screen.findByText('On the server');
  return document.querySelector<HTMLElement>('article[data-post-id="p1"]')!;
};
const total = (article: HTMLElement) => within(article).queryByTestId('reactions-total')?.textContent ?? '0';

describe('a reaction made without a server waits in the outbox, shown on its card', () => {
  it('keeps the member’s choice with "Waiting to send", no toast; sent, the card takes the server’s counts', async () => {
    const { outbox, answers, sent, app } = renderPage(() => Promise.reject(noAnswer()));
    const article = await card();
    outbox.send({ type: 'outbox.loaded', items: [] });
    fireEvent.click(within(article).getByRole('button', { name: 'Like' }));

    await waitFor(() => expect(within(article).getByRole('button', { name: 'Your reaction: Like. Remove it' })).toBeTruthy());
    await waitFor(() => expect(within(article).getByTestId('reaction-outbox').textContent).toBe('Waiting to send'));
    expect(total(article)).toBe('1');
    expect(outbox.getSnapshot().context.items.map((i: OutboxItem) => [i.clientId, i.payload])).toEqual([
      ['reaction:p1', { postId: 'p1', reaction: 'like' }],
    ]);
    expect(app.system.get('toasts')!.getSnapshot().context).toMatchObject({ toasts: [] });

    // The member takes it back while it waits: the same item now wishes none.
    fireEvent.click(within(article).getByRole('button', { name: 'Your reaction: Like. Remove it' }));
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Like' })).toBeTruthy());
    expect(outbox.getSnapshot().context.items.map((i: OutboxItem) => i.payload)).toEqual([{ postId: 'p1', reaction: null }]);
    expect(total(article)).toBe('0');

    // Back online: the outbox sends the latest wish, once; the card shows the server's answer.
    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(sent.map((i) => i.payload)).toEqual([{ postId: 'p1', reaction: null }]));
    answers[0]!({ message: 'ok', postId: 'p1', reactions: zeroCounts(), userReaction: null } satisfies ReactionChange);
    await waitFor(() => expect(within(article).queryByTestId('reaction-outbox')).toBeNull());
    expect(within(article).getByRole('button', { name: 'Like' })).toBeTruthy();
    expect(total(article)).toBe('0');
  });

  it('after a reload, the kept wish wins over the server’s reaction; its answer brings the counts', async () => {
    const { outbox, answers } = renderPage(() => Promise.reject(noAnswer()));
    const article = await card();
    expect(within(article).getByRole('button', { name: 'Like' })).toBeTruthy();
    // The kept items are read after the cards are up.
    outbox.send({ type: 'outbox.loaded', items: [wish('love')] });
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Your reaction: Love. Remove it' })).toBeTruthy());
    expect(within(article).getByTestId('reaction-outbox').textContent).toBe('Waiting to send');
    expect(total(article)).toBe('1');

    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(answers.length).toBe(1));
    answers[0]!({ message: 'ok', postId: 'p1', reactions: { ...zeroCounts(), love: 2 }, userReaction: 'love' } satisfies ReactionChange);
    await waitFor(() => expect(within(article).queryByTestId('reaction-outbox')).toBeNull());
    // The server's counts (another member loves it too), not the card's own guess on top of them.
    expect(total(article)).toBe('2');
    expect(within(article).getByRole('button', { name: 'Your reaction: Love. Remove it' })).toBeTruthy();
  });

  it('a removal the server answers 404 (none left, no counts told): the card reads the post’s counts again', async () => {
    // The page was read while alice's like stood; since, it went (its answer lost) and others liked the post.
    const liked = post({ _id: 'p1', post: 'On the server', userReaction: 'like', reactions: { ...zeroCounts(), like: 3 } });
    const now = post({ _id: 'p1', post: 'On the server', userReaction: null, reactions: { ...zeroCounts(), like: 5 } });
    const { outbox, answers, api } = renderPage(() => Promise.reject(noAnswer()), liked, now);
    const article = await card();
    outbox.send({ type: 'outbox.loaded', items: [wish(null)] });
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Like' })).toBeTruthy());
    expect(total(article)).toBe('2');

    outbox.send({ type: 'outbox.lead' });
    await waitFor(() => expect(answers.length).toBe(1));
    answers[0]!(null);
    await waitFor(() => expect(total(article)).toBe('5'));
    expect(api.posts.one).toHaveBeenCalledWith('p1');
    expect(within(article).queryByTestId('reaction-outbox')).toBeNull();
    // The card counts from the server's now: a like adds one to its five.
    fireEvent.click(within(article).getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(total(article)).toBe('6'));
  });

  it('a refusal (4xx) still puts the reaction back with the server’s message, and nothing waits', async () => {
    const { outbox, app } = renderPage(() => Promise.reject(refused('Post not found', 404)));
    const article = await card();
    outbox.send({ type: 'outbox.loaded', items: [] });
    fireEvent.click(within(article).getByRole('button', { name: 'Like' }));
    const toasts = () =>
      (app.system.get('toasts')!.getSnapshot().context as { toasts: { notification: { description: string } }[] }).toasts.map(
        (t) => t.notification.description,
      );
    await waitFor(() => expect(toasts()).toEqual(['Post not found']));
    expect(within(article).getByRole('button', { name: 'Like' })).toBeTruthy();
    expect(outbox.getSnapshot().context.items).toEqual([]);
  });
});
