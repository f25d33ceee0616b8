import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import type { ChatMessage } from '../../../src/api/chat';
import { createChatApi } from '../../../src/api/chat/client';
import type { ApiClient } from '../../../src/api/client';
import type { Post } from '../../../src/api/posts';
import { chatAreaLogic } from '../../../src/effects/chat/area';
import type { ChatDeps } from '../../../src/effects/chat/chat';
import { createBus } from '../../../src/effects/shell/socket';
import { ChatLogicProvider } from '../../../src/views/chat/ChatLogic';
import { RichText } from '../../../src/views/ui/RichText';
import ChatPage from '../../../src/views/chat/ChatPage';
import { alice, apiFailure, auth } from '../../fixtures/auth';
import { post } from '../../fixtures/streams';
import { ben, groupMessage, team } from '../../machines/chat/groupChat/groupChatFixtures';
import { startTestApp, withApp } from '../appHarness';
import { renderStreamsPage } from '../streams/streamsPage';

const TEXT = '#physics @ada https://example.com/a/very/long/path?x=1 <b>bold</b>';
const LONG_URL = 'https://example.com/a/very/long/path?x=1';

/** What a member sees of TEXT wherever it is shown: three links, and the markup as written. */
function expectRichText(container: HTMLElement) {
  const hashtag = within(container).getByRole('link', { name: '#physics' });
  expect(hashtag.getAttribute('href')).toBe('/app/social/search?q=%23physics');
  expect(hashtag.getAttribute('target')).toBeNull();

  const mention = within(container).getByRole('link', { name: '@ada' });
  expect(mention.getAttribute('href')).toBe('/app/social/profile/ada');

  const url = within(container).getByRole('link', { name: 'example.com/a/very/long/path?…' });
  expect(url.getAttribute('href')).toBe(LONG_URL);
  expect(url.getAttribute('title')).toBe(LONG_URL);
  expect(url.getAttribute('target')).toBe('_blank');
  expect(url.getAttribute('rel')).toBe('noopener nofollow ugc');

  expect(container.querySelector('b')).toBeNull();
  expect(container.textContent).toContain(' <b>bold</b>');
}

const renderStreams = (posts: Post[]) => renderStreamsPage(posts);

const card = async (postId: string) => {
  await waitFor(() => expect(screen.getAllByRole('article').length).toBeGreaterThan(0));
  return screen.getAllByRole('article').find((article) => article.getAttribute('data-post-id') === postId)!;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('rich text in a post card', () => {
  it('links the hashtag to its search, the mention to the profile and the address to itself, shortened; markup stays text', async () => {
    renderStreams([post({ _id: 'p1', post: TEXT })]);
    expectRichText(await card('p1'));
  });

  it('opens the search for the tag and the profile of the mention in the app', async () => {
    const { location } = renderStreams([post({ _id: 'p1', post: `${TEXT} #Café` })]);
    const article = await card('p1');
    fireEvent.click(within(article).getByRole('link', { name: '#physics' }));
    fireEvent.click(within(article).getByRole('link', { name: '@ada' }));
    // The tag is searched in its normalised form.
    fireEvent.click(within(article).getByRole('link', { name: '#Café' }));
    expect(location.history).toEqual([
      '/streams',
      '/app/social/search?q=%23physics',
      '/app/social/profile/ada',
      `/app/social/search?q=${encodeURIComponent('#café')}`,
    ]);
  });

  it('keeps line breaks and spaces as written', async () => {
    renderStreams([post({ _id: 'p1', post: 'one  #two\n\nthree @ada\n' })]);
    const paragraph = within(await card('p1')).getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'one  #two\n\nthree @ada\n',
    );
    expect(paragraph.className).toContain('whitespace-pre-wrap');
  });

  it('on a coloured background, links take the ink the background chose, not the accent', async () => {
    renderStreams([post({ _id: 'p1', post: TEXT, bgColor: '#1e88e5' }), post({ _id: 'p2', post: TEXT })]);
    const coloured = within(await card('p1')).getByRole('link', { name: '#physics' });
    const plain = within(await card('p2')).getByRole('link', { name: '#physics' });
    expect(coloured.className).not.toContain('text-accent-ink');
    expect(coloured.className).toContain('[--focus-ring-color:currentColor]');
    expect(plain.className).toContain('text-accent-ink');
    expectRichText(await card('p1'));
  });
});

describe('rich text in chat bubbles', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
  });

  it('shows links in messages from others and in the member’s own, on the accent bubble in its ink', async () => {
    const me = { id: alice._id, username: alice.username };
    const group = JSON.parse(JSON.stringify(team()).replaceAll('"me"', `"${me.id}"`).replaceAll('"ada"', `"${me.username}"`));
    const messages: ChatMessage[] = [
      groupMessage(1, ben, {
        body: TEXT,
        reaction: [
          { userId: me.id, senderName: me.username, type: 'love' },
          { userId: 'u-ben', senderName: 'ben', type: 'wow' },
        ],
      }),
      groupMessage(2, me, { body: `mine: ${TEXT}` }),
    ];
    const routes: Record<string, () => unknown> = {
      'GET /chat/message/conversation-list': () => ({ list: [] }),
      [`GET /group-chat/user-group/${me.id}`]: () => ({ groups: [group] }),
      'GET /group-chat/invitations': () => ({ pendingGroups: [] }),
      'GET /chat/message/user/g1?isGroupChat=true': () => ({ messages, lastSeq: 2, hasMore: false }),
      'PUT /group-chat/read/g1': () => ({ groupId: 'g1', unreadCount: 0 }),
    };
    const http = vi.fn(async (path: string, opts?: { method?: string }) => {
      const handler = routes[`${opts?.method ?? 'GET'} ${path}`];
      if (!handler) throw apiFailure(`No route ${path}`, 404);
      return handler();
    });
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const deps: ChatDeps = {
      api: { http, ...createChatApi(http as never) } as unknown as ApiClient,
      bus: createBus(),
      emit: vi.fn(async () => ({ ok: true })) as never,
      navigate: vi.fn(),
    };
    const { ui } = withApp(
      app,
      '/chat/messages?username=Team&id=g1&isGroup=true',
      <ChatLogicProvider logic={chatAreaLogic(app, deps)}>
        <ChatPage />
      </ChatLogicProvider>,
    );
    render(ui);
    const log = await screen.findByRole('log', { name: 'Messages' });
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const [theirs, mine] = within(log).getAllByRole('listitem');
    expectRichText(theirs);
    expectRichText(mine);
    expect(within(theirs).getByRole('link', { name: '@ada' }).className).toContain('text-accent-ink');
    expect(within(mine).getByRole('link', { name: '@ada' }).className).not.toContain('text-accent-ink');
    // A message's reactions are the app's own images, as on posts (no emoji font needed).
    const reactions = within(theirs).getByLabelText(`Reactions: ${me.username} Love, ben Wow`);
    expect(reactions.querySelector('svg[data-reaction-image="love"]')).not.toBeNull();
    expect(reactions.querySelector('svg[data-reaction-image="wow"]')).not.toBeNull();
    expect(reactions.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('RichText', () => {
  it('a click on a link does not reach a clickable card around it; a click on its plain text does', () => {
    const onCard = vi.fn();
    const { ui } = withApp(
      startTestApp().app,
      '/streams',
      <div data-testid="card" onClick={onCard}>
        <RichText text={`look ${TEXT}`} />
      </div>,
    );
    render(ui);
    fireEvent.click(screen.getByRole('link', { name: '#physics' }));
    fireEvent.click(screen.getByRole('link', { name: '@ada' }));
    const external = screen.getByRole('link', { name: 'example.com/a/very/long/path?…' });
    // jsdom does not open tabs; the default is cancelled so the test stays on this page.
    external.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(external);
    expect(onCard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText((_, element) => element?.tagName === 'SPAN' && element.textContent?.startsWith('look ') === true));
    expect(onCard).toHaveBeenCalledTimes(1);
  });

  it('links from inside the member area (a nested router) to the same addresses', () => {
    const { ui, location } = withApp(
      startTestApp().app,
      '/app/social/chat/messages',
      <Route path="/app/social" nest>
        <RichText text={TEXT} />
      </Route>,
    );
    render(ui);
    expect(screen.getByRole('link', { name: '#physics' }).getAttribute('href')).toBe('/app/social/search?q=%23physics');
    fireEvent.click(screen.getByRole('link', { name: '@ada' }));
    expect(location.history.at(-1)).toBe('/app/social/profile/ada');
  });

  it('renders script and markup as the characters typed', () => {
    const attack = '<img src=x onerror=alert(1)> javascript:alert(1) <script>alert(1)</script>';
    const { container } = render(<RichText text={attack} />);
    expect(container.querySelector('img, script, a')).toBeNull();
    expect(container.textContent).toBe(attack);
  });
});
