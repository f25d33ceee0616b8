import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import type { ApiClient } from '../../../src/api/client';
import { createBus } from '../../../src/effects/shell/socket';
import { cameFromInsideApp, startInAppHistory } from '../../../src/effects/shell/inAppHistory';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { ProfileAbout } from '../../../src/views/people/profile/about/ProfileAbout';
import { DocumentTitle } from '../../../src/views/shell/DocumentTitle';
import NotFoundPage from '../../../src/views/shell/NotFoundPage';
import { BackLink } from '../../../src/views/shell/PageHeader';
import { documentTitle, pageName } from '../../../src/views/shell/pageTitles';
import { ComposerProvider, type ComposerApi } from '../../../src/views/streams/ComposerContext';
import PostPage from '../../../src/views/streams/pages/PostPage';
import QuestionPage from '../../../src/views/streams/pages/QuestionPage';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the tab title', () => {
  it.each([
    ['/', '', 'Sign in'],
    ['/app/social/streams', '', 'Streams'],
    ['/app/social/post/p1', '', 'Post'],
    ['/app/social/question/q1', '', 'Question'],
    ['/app/social/notifications', '', 'Notifications'],
    ['/app/social/chat/messages', '', 'Chat'],
    ['/app/social/chat/messages', '?username=ben&id=u2&isGroup=false', 'ben · Chat'],
    ['/app/social/search', '?q=owls', 'owls · Search'],
    ['/app/social/profile/ada%20lovelace', '?id=u1', 'ada lovelace'],
    ['/app/social/profile', '', 'Profile'],
    ['/app/social/group/g1', '', 'Group'],
    ['/app/social/streams/', '', 'Streams'],
    ['/admin/reportuser', '', 'Reported users · Admin'],
    ['/admin/posts', '', 'Posts chart · Admin'],
    ['/app/social/no-such-page', '', 'Page not found'],
    ['/nowhere', '', 'Page not found'],
  ])('%s%s is "%s"', (path, search, name) => {
    expect(pageName(path, search)).toBe(name);
  });

  it('puts the unread count first, and none when nothing is unread', () => {
    expect(documentTitle('/app/social/notifications', '', 3)).toBe('(3) Notifications · Stoa');
    expect(documentTitle('/app/social/notifications', '', 0)).toBe('Notifications · Stoa');
    expect(documentTitle('/app/social/streams', '', 250)).toBe('(99+) Streams · Stoa');
  });

  it('follows the route and both badges (notifications, chat) live', () => {
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const { ui, location } = withApp(app, '/app/social/notifications', <DocumentTitle />);
    render(ui);
    expect(document.title).toBe('Notifications · Stoa');
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 3 }));
    expect(document.title).toBe('(3) Notifications · Stoa');
    act(() => location.navigate('/app/social/post/p1'));
    expect(document.title).toBe('(3) Post · Stoa');
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 0 }));
    expect(document.title).toBe('Post · Stoa');
    // Conversations with something unread count too (the Chat badge's number).
    act(() => app.system.get('chatBadge')!.send({ type: 'badge.count', unreadCount: 2 }));
    expect(document.title).toBe('(2) Post · Stoa');
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 1 }));
    expect(document.title).toBe('(3) Post · Stoa');
  });
});

/** The page of one post or question whose post is still on its way (the header is there at once). */
function renderPostPage(path: string, page: React.ReactNode) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const pending = () => new Promise<never>(() => {});
  const api = { posts: { one: vi.fn(pending) }, questions: { one: vi.fn(pending) } } as unknown as ApiClient;
  const composer: ComposerApi = { openComposer: vi.fn() };
  const { ui, location } = withApp(
    app,
    path,
    <Route path="/app/social" nest>
      <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
        <ComposerProvider value={composer}>{page}</ComposerProvider>
      </StreamsLogicProvider>
    </Route>,
  );
  render(ui);
  return { location };
}

describe('the page of one post or question', () => {
  it('has a header with Back and the h1 Post; opened from outside, Back goes to the Streams', () => {
    const { location } = renderPostPage('/app/social/post/p1', <PostPage postId="p1" />);
    const header = screen.getByRole('heading', { level: 1, name: 'Post' }).closest('header')!;
    const back = within(header).getByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/app/social/streams');
    expect(cameFromInsideApp()).toBe(false);
    fireEvent.click(back);
    expect(location.history.at(-1)).toBe('/app/social/streams');
  });

  it('a question says Question, and Back goes to the Questions', () => {
    const { location } = renderPostPage('/app/social/question/q1', <QuestionPage questionId="q1" />);
    screen.getByRole('heading', { level: 1, name: 'Question' });
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(location.history.at(-1)).toBe('/app/social/questions');
  });
});

describe('Back after moving inside the app', () => {
  it('goes back in history when the entry before is the app’s own, and keeps depths through replaces and pops', async () => {
    window.history.replaceState(null, '', '/app/social/streams');
    startInAppHistory();
    expect(window.history.state).toMatchObject({ stoaDepth: 0 });
    expect(cameFromInsideApp()).toBe(false);
    render(
      <Router>
        <BackLink href="~/app/social/streams" />
      </Router>,
    );
    // The member opens a post from the list (wouter pushes), and a redirect replaces the entry.
    act(() => window.history.pushState(null, '', '/app/social/post/p1'));
    expect(cameFromInsideApp()).toBe(true);
    act(() => window.history.replaceState(null, '', '/app/social/post/p1?from=list'));
    expect(window.history.state).toMatchObject({ stoaDepth: 1 });
    const length = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app/social/streams'));
    // Back in history, not a new entry; and the first entry is again the outside edge.
    expect(window.history.length).toBe(length);
    expect(cameFromInsideApp()).toBe(false);
  });
});

describe('the 404 page', () => {
  it('is the main landmark at the top, and inside an area (with its own main) draws none of its own', () => {
    const { app } = startTestApp();
    render(withApp(app, '/nowhere', <NotFoundPage />).ui);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    cleanup();
    render(
      withApp(
        app,
        '/app/social/nowhere',
        <Route path="/app/social" nest>
          <main>
            <NotFoundPage />
          </main>
        </Route>,
      ).ui,
    );
    expect(screen.getAllByRole('main')).toHaveLength(1);
    screen.getByRole('heading', { level: 1, name: 'Oops!' });
  });
});

describe('the own profile on a phone', () => {
  it('folds the edit cards under an h2 (after the profile’s h1, headings in order)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
    render(
      <ProfileAbout isOwner>
        <p>cards</p>
      </ProfileAbout>,
    );
    expect(screen.getByRole('heading', { name: 'Edit profile' }).tagName).toBe('H2');
  });
});
