import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import type { Post } from '../../src/api/posts';
import { createBus } from '../../src/effects/socket';
import { streamsLogic } from '../../src/effects/streams';
import { Toasts } from '../../src/views/components/Toasts';
import StreamsPage from '../../src/views/pages/member/StreamsPage';
import { ComposerProvider, type ComposerApi } from '../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../src/views/streams/StreamsLogic';
import { alice, auth } from '../fixtures/auth';
import { post, refused, zeroCounts } from '../fixtures/streams';
import { startTestApp, withApp } from './appHarness';

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const p1 = post({ _id: 'p1', post: 'First light over the harbour', createdAt: at(30), reactions: { ...zeroCounts(), like: 2 } });
const p2 = post({ _id: 'p2', post: 'Reading group tonight', createdAt: at(20) });

/** The API the streams effects call, with only what these paths need. */
function fakeApi(overrides: { react?: () => Promise<unknown>; since?: Post[] } = {}) {
  const all = vi.fn(async (_page: number, query?: { since?: string; cursor?: string }) =>
    query?.since ? { posts: overrides.since ?? [], nextCursor: null } : { posts: [p1, p2], totalPosts: 2, nextCursor: null },
  );
  const api = {
    posts: { all },
    reactions: {
      byUsername: vi.fn(async () => ({ reactions: [], count: 0 })),
      react: vi.fn(overrides.react ?? (async () => ({ message: 'ok', postId: 'p1', reactions: { ...zeroCounts(), like: 3 }, userReaction: 'like' }))),
      remove: vi.fn(),
    },
    saved: { page: vi.fn(async () => ({ posts: [], nextCursor: null })) },
  };
  return api as unknown as ApiClient & { posts: { all: typeof all } };
}

function renderStreams(api: ApiClient) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const bus = createBus();
  const logic = streamsLogic(app, { api, bus });
  const composer: ComposerApi = { openComposer: vi.fn() };
  const { ui } = withApp(
    app,
    '/streams',
    <StreamsLogicProvider logic={logic}>
      <ComposerProvider value={composer}>
        <StreamsPage />
      </ComposerProvider>
      <Toasts />
    </StreamsLogicProvider>,
  );
  render(ui);
  return { app, bus, composer };
}

const cards = () => screen.getAllByRole('article').map((a) => a.getAttribute('data-post-id'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('streams page', () => {
  it('shows skeletons, then the feed; the composer opens from "What\'s on your mind?"', async () => {
    const { composer } = renderStreams(fakeApi());
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    expect(screen.getByText('First light over the harbour')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "What's on your mind?" }));
    expect(composer.openComposer).toHaveBeenCalledWith({ type: 'createpost' }, expect.objectContaining({ onPublished: expect.any(Function) }));
  });

  it('puts a post that arrives by socket at the top, once, and applies live counts', async () => {
    const { bus } = renderStreams(fakeApi());
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const fresh = post({ _id: 'p9', post: 'Hello from Bob', createdAt: at(45) });
    act(() => bus.publish({ event: 'post added', payload: { post: fresh } }));
    act(() => bus.publish({ event: 'post added', payload: { post: fresh } }));
    expect(cards()).toEqual(['p9', 'p1', 'p2']);
    act(() => bus.publish({ event: 'post reactions', payload: { postId: 'p1', reactions: { ...zeroCounts(), love: 4, like: 1000 } } }));
    const card = screen.getAllByRole('article')[1];
    expect(within(card).getByTestId('reactions-total').textContent).toBe('1.0K');
    act(() => bus.publish({ event: 'post deleted', payload: { postId: 'p9' } }));
    expect(cards()).toEqual(['p1', 'p2']);
  });

  it('rolls a refused reaction back and shows the server message', async () => {
    let refuse!: (error: unknown) => void;
    renderStreams(fakeApi({ react: () => new Promise((_, reject) => (refuse = reject)) }));
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const card = screen.getAllByRole('article')[0];
    expect(within(card).getByTestId('reactions-total').textContent).toBe('2');
    fireEvent.click(within(card).getByRole('button', { name: 'Like' }));
    // Optimistic: counted and highlighted at once.
    expect(within(card).getByTestId('reactions-total').textContent).toBe('3');
    expect(within(card).getByRole('button', { name: /Your reaction: Like/ })).toBeTruthy();
    await act(async () => refuse(refused('Post not found')));
    expect(within(card).getByTestId('reactions-total').textContent).toBe('2');
    expect(within(card).getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(screen.getByText('Post not found')).toBeTruthy());
  });

  it('after a reconnect catches up behind a "new posts" pill, revealed on press', async () => {
    const missed = [post({ _id: 'p7', createdAt: at(40) }), post({ _id: 'p8', createdAt: at(41) })];
    const api = fakeApi({ since: missed });
    const { bus } = renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as never;
    act(() => bus.publish({ event: 'reconnected' }));
    const pill = await screen.findByRole('button', { name: '2 new posts' });
    expect(api.posts.all).toHaveBeenLastCalledWith(1, { since: `${p1.createdAt}_p1` });
    expect(cards()).toEqual(['p1', 'p2']);
    fireEvent.click(pill);
    expect(cards()).toEqual(['p8', 'p7', 'p1', 'p2']);
    expect(screen.queryByRole('button', { name: /new posts/ })).toBeNull();
    await waitFor(() => expect(scrollTo).toHaveBeenCalled());
  });

  it('reloads page 1 when the sidebar resets the streams', async () => {
    const api = fakeApi();
    const { bus } = renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    act(() => bus.publish({ event: 'reset', feed: 'streams' }));
    await waitFor(() => expect(api.posts.all).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
  });
});
