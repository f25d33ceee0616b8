import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { Post } from '../../../src/api/posts';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { Toasts } from '../../../src/views/shell/Toasts';
import StreamsPage from '../../../src/views/streams/pages/StreamsPage';
import { ComposerProvider, type ComposerApi } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth, user } from '../../fixtures/auth';
import { post, refused, zeroCounts } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const p1 = post({ _id: 'p1', post: 'First light over the harbour', createdAt: at(30), reactions: { ...zeroCounts(), like: 2 } });
const p2 = post({ _id: 'p2', post: 'Reading group tonight', createdAt: at(20) });
const p3 = post({
  _id: 'p3',
  post: 'Carol on statecharts',
  createdAt: at(10),
  userId: 'u3',
  username: 'carol',
  saved: true,
  userReaction: 'love',
});

/** The API the streams effects call, with only what these paths need (no reactions-by-name, no saved pages: posts say). */
function fakeApi(overrides: { react?: () => Promise<unknown>; follow?: () => Promise<unknown>; since?: Post[]; posts?: Post[] } = {}) {
  const all = vi.fn(async (_page: number, query?: { since?: string; cursor?: string }) =>
    query?.since
      ? { posts: overrides.since ?? [], nextCursor: null }
      : { posts: overrides.posts ?? [p1, p2], totalPosts: 2, nextCursor: null },
  );
  const forYou = vi.fn(async (_cursor?: string) => ({ posts: overrides.posts ?? [p1, p2], nextCursor: null }));
  const api = {
    posts: { all, forYou },
    reactions: {
      react: vi.fn(
        overrides.react ?? (async () => ({ message: 'ok', postId: 'p1', reactions: { ...zeroCounts(), like: 3 }, userReaction: 'like' })),
      ),
      remove: vi.fn(),
    },
    follows: {
      follow: vi.fn(overrides.follow ?? (async (userId: string) => ({ message: 'Followed successfully', userId, following: true }))),
      unfollow: vi.fn(async (userId: string) => ({ message: 'Unfollowed successfully', userId, following: false })),
      block: vi.fn(async (userId: string) => ({ message: 'Blocked successfully', userId, blocked: true })),
    },
  };
  return api as unknown as ApiClient & {
    posts: { all: typeof all; forYou: typeof forYou };
    follows: { follow: ReturnType<typeof vi.fn>; block: ReturnType<typeof vi.fn> };
  };
}

async function openAuthorMenu(card: HTMLElement, username: string) {
  fireEvent.click(within(card).getByRole('button', { name: `More options for ${username}` }));
  return screen.findByRole('menu');
}

function renderStreams(api: ApiClient, who = alice) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(who) });
  const bus = createBus();
  const logic = streamsLogic(app, { api, authorApi: api, bus });
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
  // These paths are about the date order ("Latest"); the ranked order has its own below.
  beforeEach(() => localStorage.setItem('stoa.streamsOrder', 'latest'));

  it('shows skeletons, then the feed; the composer opens from "What\'s on your mind?"', async () => {
    const { composer } = renderStreams(fakeApi());
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeTruthy();
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    expect(screen.getByText('First light over the harbour')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "What's on your mind?" }));
    expect(composer.openComposer).toHaveBeenCalledWith(
      { type: 'createpost' },
      expect.objectContaining({ onPublished: expect.any(Function) }),
    );
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

  it("marks the member's own reaction and saved posts from the posts themselves", async () => {
    renderStreams(fakeApi({ posts: [p1, p3] }));
    await waitFor(() => expect(cards()).toEqual(['p1', 'p3']));
    const [first, carol] = screen.getAllByRole('article');
    expect(within(carol).getByRole('button', { name: 'Remove from saved' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(carol).getByRole('button', { name: /Your reaction: Love/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Save post' }).getAttribute('aria-pressed')).toBe('false');
  });

  it("follows an author from the card menu at once, on every card of theirs, and rolls back a refusal with the server's message", async () => {
    let refuse!: (error: unknown) => void;
    const api = fakeApi({ follow: () => new Promise((_, reject) => (refuse = reject)) });
    renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const [first] = screen.getAllByRole('article');
    let menu = await openAuthorMenu(first, 'bob');
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Follow bob' })));
    expect(api.follows.follow).toHaveBeenCalledWith('u2');
    menu = await openAuthorMenu(first, 'bob');
    expect(within(menu).getByRole('menuitem', { name: 'Unfollow bob' })).toBeTruthy();
    await act(async () => refuse(refused('You cannot follow this member', 403)));
    await waitFor(() => expect(screen.getByText('You cannot follow this member')).toBeTruthy());
    fireEvent.keyDown(menu, { key: 'Escape' });
    menu = await openAuthorMenu(screen.getAllByRole('article')[0], 'bob');
    expect(within(menu).getByRole('menuitem', { name: 'Follow bob' })).toBeTruthy();
  });

  it('marks every card of the author as followed once the server agrees', async () => {
    const api = fakeApi();
    renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const menu = await openAuthorMenu(screen.getAllByRole('article')[0], 'bob');
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Follow bob' })));
    const other = await openAuthorMenu(screen.getAllByRole('article')[1], 'bob');
    expect(within(other).getByRole('menuitem', { name: 'Unfollow bob' })).toBeTruthy();
  });

  it('blocks an author after "Block bob?": their posts leave the list at once, nobody else\'s', async () => {
    const api = fakeApi({ posts: [p1, p2, p3] });
    renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2', 'p3']));
    const menu = await openAuthorMenu(screen.getAllByRole('article')[0], 'bob');
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Block bob' })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block bob?' });
    expect(dialog.textContent).toMatch(/will not see each other's posts/);
    expect(api.follows.block).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Block' })));
    expect(api.follows.block).toHaveBeenCalledWith('u2');
    await waitFor(() => expect(cards()).toEqual(['p3']));
  });

  it('reports a post from its menu: the reason and details reach POST /reportpost and the thanks show', async () => {
    const api = fakeApi({ posts: [p1, p2] });
    const reportPost = vi.fn(async () => ({ message: 'Report submitted', report: {} }));
    (api as unknown as { moderation: unknown }).moderation = { reportPost };
    renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    const menu = await openAuthorMenu(screen.getAllByRole('article')[0], 'bob');
    await act(async () => fireEvent.click(within(menu).getByRole('menuitem', { name: 'Report post' })));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'False information' })));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), { target: { value: 'The harbour photo is from 2009' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' })));
    expect(reportPost).toHaveBeenCalledWith({ postId: 'p1', reason: 'misinformation', details: 'The harbour photo is from 2009' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report post' })).toBeNull());
    expect(await screen.findByText("Thank you. Your report about bob's post was sent to the moderators.")).toBeTruthy();
  });

  it("marks the author's post hidden by moderators with the reason, and offers no edit", async () => {
    const hidden = post({ _id: 'p6', userId: alice._id, username: alice.username, hidden: true, hiddenReason: 'Spam links' });
    renderStreams(fakeApi({ posts: [hidden] }));
    await waitFor(() => expect(cards()).toEqual(['p6']));
    const card = screen.getByRole('article');
    const note = within(card).getByRole('note');
    expect(note.textContent).toContain('Hidden by moderators');
    expect(note.textContent).toContain('Reason: Spam links');
    expect(within(card).queryByRole('button', { name: 'Edit post' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete post' })).toBeTruthy();
  });

  it("has no author menu on the member's own posts", async () => {
    renderStreams(fakeApi({ posts: [post({ _id: 'p5', userId: alice._id, username: alice.username })] }));
    await waitFor(() => expect(cards()).toEqual(['p5']));
    expect(screen.queryByRole('button', { name: /More options/ })).toBeNull();
  });
});

describe('streams order and "Why am I seeing this?"', () => {
  beforeEach(() => localStorage.clear());
  const ranked = [
    {
      ...p3,
      reasons: [
        { kind: 'follow' as const, username: 'carol' },
        { kind: 'interest' as const, topic: 'science' as const },
      ],
    },
    { ...p1, reasons: [{ kind: 'recent' as const }] },
  ];

  it('opens "For you" while personalization is allowed; a new post waits behind the pill; "Latest" reloads by date and is remembered', async () => {
    const api = fakeApi({ posts: ranked });
    const { bus } = renderStreams(api);
    await waitFor(() => expect(cards()).toEqual(['p3', 'p1']));
    expect(api.posts.forYou).toHaveBeenCalledWith(undefined);
    expect(api.posts.all).not.toHaveBeenCalled();
    const group = screen.getByRole('radiogroup', { name: 'Order of the stream' });
    expect(within(group).getByRole('radio', { name: 'For you' }).getAttribute('aria-checked')).toBe('true');
    act(() => bus.publish({ event: 'post added', payload: { post: post({ _id: 'p9', post: 'Hello from Bob', createdAt: at(45) }) } }));
    expect(cards()).toEqual(['p3', 'p1']);
    fireEvent.click(await screen.findByRole('button', { name: /1 new post/ }));
    expect(cards()).toEqual(['p9', 'p3', 'p1']);

    fireEvent.click(within(group).getByRole('radio', { name: 'Latest' }));
    await waitFor(() => expect(api.posts.all).toHaveBeenCalledWith(1, undefined));
    expect(localStorage.getItem('stoa.streamsOrder')).toBe('latest');
  });

  it('names the reasons of a ranked post from its menu, and closes', async () => {
    renderStreams(fakeApi({ posts: ranked }));
    await waitFor(() => expect(cards()).toEqual(['p3', 'p1']));
    const menu = await openAuthorMenu(screen.getAllByRole('article')[0]!, 'carol');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Why am I seeing this?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why am I seeing this?' });
    expect(within(dialog).getByText('You follow carol')).toBeTruthy();
    expect(within(dialog).getByText('Matches your interest: Science')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows only "Latest", with no switch and no reasons item, while personalization is off', async () => {
    const api = fakeApi();
    renderStreams(api, user({ personalizeSettings: { allowPersonalize: false } }));
    await waitFor(() => expect(cards()).toEqual(['p1', 'p2']));
    expect(api.posts.forYou).not.toHaveBeenCalled();
    expect(screen.queryByRole('radiogroup', { name: 'Order of the stream' })).toBeNull();
    const menu = await openAuthorMenu(screen.getAllByRole('article')[0]!, p1.username);
    expect(within(menu).queryByRole('menuitem', { name: 'Why am I seeing this?' })).toBeNull();
  });
});
