import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { post } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';

const listed = post({ _id: 'p1', post: 'Already on the server' });
const waiting: OutboxItem = {
  kind: 'post',
  clientId: 'c1',
  payload: { body: { post: 'Written on the train', privacy: 'Followers', bgColor: '#2196f3' }, image: null },
  order: 1,
  state: 'waiting',
  error: null,
};
const refusedItem: OutboxItem = {
  kind: 'post',
  clientId: 'c2',
  payload: { body: { post: 'Refused by the server', privacy: 'Public' }, image: null },
  order: 2,
  state: 'failed',
  error: 'Post must not exceed 5000 characters',
};

afterEach(cleanup);

describe('the streams show the outbox’s posts as pending cards', () => {
  it('on top, newest written first, waiting or refused with Try again and Delete', async () => {
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const api = {
      posts: {
        all: vi.fn(async () => ({ posts: [listed], totalPosts: 1, nextCursor: null })),
        forYou: vi.fn(async () => ({ posts: [listed], nextCursor: null })),
      },
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
    await screen.findByText('Already on the server');
    const outbox = app.system.get('outbox')!;
    outbox.send({ type: 'outbox.changed', change: { put: waiting } });
    outbox.send({ type: 'outbox.changed', change: { put: refusedItem } });

    const pending = await screen.findByRole('list', { name: 'Not sent yet' });
    const cards = within(pending).getAllByRole('article');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Refused by the server'),
      expect.stringContaining('Written on the train'),
    ]);
    expect(cards[1].textContent).toContain('Waiting to send');
    expect(cards[1].textContent).toContain('Followers');
    expect(within(cards[1]).queryByRole('button')).toBeNull();
    expect(cards[0].textContent).toContain('Not sent: Post must not exceed 5000 characters');
    expect(within(cards[0]).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // Above the list's own posts.
    const order = [...document.querySelectorAll('article')].map((a) => a.textContent ?? '');
    expect(order.findIndex((t) => t.includes('Written on the train'))).toBeLessThan(
      order.findIndex((t) => t.includes('Already on the server')),
    );

    fireEvent.click(within(cards[0]).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Refused by the server')).toBeNull());
    expect(outbox.getSnapshot().context.items.map((i: OutboxItem) => i.clientId)).toEqual(['c1']);
  });
});

describe('an empty stream with a pending card', () => {
  it('shows the card without "No posts yet" beneath it; with the card gone the empty state is back', async () => {
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const api = {
      posts: {
        all: vi.fn(async () => ({ posts: [], totalPosts: 0, nextCursor: null })),
        forYou: vi.fn(async () => ({ posts: [], nextCursor: null })),
      },
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
    await screen.findByText('No posts yet');
    const outbox = app.system.get('outbox')!;
    outbox.send({ type: 'outbox.changed', change: { put: refusedItem } });

    await screen.findByText('Refused by the server');
    expect(screen.queryByText('No posts yet')).toBeNull();
    expect(screen.queryByText(/Share something/)).toBeNull();

    fireEvent.click(within(await screen.findByRole('list', { name: 'Not sent yet' })).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No posts yet');
  });
});
