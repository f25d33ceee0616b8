import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { activeNavItem, NAV_ITEMS, profileHref } from '../../../src/views/shell/MainNav';
import { SIGN_OUT_ANYWAY, SIGN_OUT_TITLE } from '../../../src/machines/session/signOut.connect';
import { MemberLayout } from '../../../src/views/layouts/MemberLayout';
import { alice, user } from '../../fixtures/auth';
import { startTestApp, withApp } from '../appHarness';

function renderLayout(path: string, { signedIn = true } = {}) {
  const { app, hooks } = startTestApp();
  if (signedIn) app.system.get('session')!.send({ type: 'session.login', token: 'jwt', user: alice });
  const { ui, location } = withApp(
    app,
    path,
    <Route path="/app/social" nest>
      <MemberLayout>
        <p>section body</p>
      </MemberLayout>
    </Route>,
  );
  render(ui);
  const sidebar = () => screen.getAllByRole('navigation', { name: 'Main' })[0];
  return { app, hooks, location, sidebar };
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page');

describe('active item rule', () => {
  it.each([
    ['/app/social/streams', 'Streams'],
    ['/app/social/questions', 'Questions'],
    ['/app/social/question/42', 'Questions'],
    ['/app/social/post/chat-tips', 'Streams'],
    ['/app/social/chat/messages?username=bob&id=1&isGroup=false', 'Chat'],
    ['/app/social/groups', 'Group'],
    ['/app/social/group/7', 'Group'],
    ['/app/social/create-group', 'Group'],
    ['/app/social/people', 'People'],
    ['/app/social/profile/streamsfan', 'Profile'],
    ['/app/social/profile/StreamsFan?id=u9', 'Profile'],
    ['/app/social/profile/someone-else', undefined],
    ['/app/social/profile', 'Profile'],
    ['/app/social/save', 'Save'],
    ['/app/social/photos', 'Photos'],
    ['/app/social/videos', 'Videos'],
    ['/app/social/notifications', 'Notifications'],
  ])('%s → %s (signed in as streamsfan)', (path, name) => {
    expect(activeNavItem(path, 'streamsfan')?.name).toBe(name);
  });

  it('lights Profile on a member profile only when it is one’s own (unknown while the session restores)', () => {
    expect(activeNavItem('/app/social/profile/ada%20lovelace', 'ada lovelace')?.name).toBe('Profile');
    expect(activeNavItem('/app/social/profile/bob', 'ada')).toBeUndefined();
    expect(activeNavItem('/app/social/profile/bob', null)).toBeUndefined();
    expect(activeNavItem('/app/social/profile/%E0%A4%A', 'ada')).toBeUndefined();
  });

  it('builds the profile link from the username, id and uId', () => {
    expect(profileHref(user({ _id: 'u 1', authId: 'a&1', username: 'ada lovelace' }))).toBe(
      '/app/social/profile/ada%20lovelace?id=u+1&uId=a%261',
    );
    expect(profileHref(null)).toBe('/app/social/profile');
  });
});

describe('MemberLayout', () => {
  afterEach(() => cleanup());

  it('lists the main navigation in the spec order, then Photos, Videos and Notifications, and marks the current section', () => {
    const { sidebar } = renderLayout('/app/social/groups');
    expect(linkNames(sidebar())).toEqual([
      'Streams',
      'Questions',
      'Chat',
      'Group',
      'People',
      'Profile',
      'Save',
      'Photos',
      'Videos',
      'Notifications',
    ]);
    expect(NAV_ITEMS.map((i) => i.url)).toEqual([
      '/app/social/streams',
      '/app/social/questions',
      '/app/social/chat/messages',
      '/app/social/groups',
      '/app/social/people',
      '/app/social/profile',
      '/app/social/save',
      '/app/social/photos',
      '/app/social/videos',
      '/app/social/notifications',
    ]);
    expect(current(sidebar()).map((a) => a.textContent)).toEqual(['Group']);
    expect(screen.getByText('section body')).toBeTruthy();
  });

  it('marks the area of one post (Streams) and of another member’s profile nothing, in the sidebar and the bottom bar', () => {
    const { sidebar } = renderLayout('/app/social/post/p1');
    const bar = () => screen.getByRole('navigation', { name: 'Sections' });
    expect(current(sidebar()).map((a) => a.textContent)).toEqual(['Streams']);
    expect(current(bar()).map((a) => a.textContent)).toEqual(['Streams']);
    cleanup();
    renderLayout('/app/social/profile/bob?id=u2');
    expect(current(screen.getAllByRole('navigation', { name: 'Main' })[0])).toEqual([]);
    expect(within(bar()).getByRole('button', { name: 'More' }).textContent).toBe('More');
    cleanup();
    renderLayout('/app/social/profile/alice?id=u1&uId=a1');
    expect(current(screen.getAllByRole('navigation', { name: 'Main' })[0]).map((a) => a.textContent)).toEqual(['Profile']);
    expect(within(bar()).getByRole('button', { name: /^More/ }).textContent).toContain('current: Profile');
  });

  it('links Profile to the member: username, then id and uId', () => {
    const { sidebar } = renderLayout('/app/social/streams');
    const profile = within(sidebar()).getByRole('link', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/app/social/profile/alice?id=u1&uId=a1');
    const streams = within(sidebar()).getByRole('link', { name: 'Streams' });
    expect(streams.getAttribute('href')).toBe('/app/social/streams');
  });

  it('shows the unread count on Notifications in the sidebar and the bottom bar, shortened, live from the badge', () => {
    const { app, sidebar } = renderLayout('/app/social/streams');
    const bar = () => screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sidebar()).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 3 }));
    expect(within(sidebar()).getByRole('link', { name: 'Notifications 3 unread' }).textContent).toBe('Notifications 3 unread');
    expect(within(bar()).getByRole('link', { name: 'Notifications 3 unread' })).toBeTruthy();
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 1234 }));
    expect(within(sidebar()).getByRole('link', { name: 'Notifications 1.2K unread' })).toBeTruthy();
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 0 }));
    expect(within(bar()).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    // Signing out empties it.
    act(() => app.system.get('unreadBadge')!.send({ type: 'badge.count', unreadCount: 2 }));
    act(() => app.system.get('session')!.send({ type: 'session.logout' }));
    expect(within(sidebar()).getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows how many conversations are unread on Chat in the sidebar, the bottom bar and the drawer, live from the chat badge', async () => {
    const { app, sidebar } = renderLayout('/app/social/streams');
    const bar = () => screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sidebar()).getByRole('link', { name: 'Chat' })).toBeTruthy();
    act(() => app.system.get('chatBadge')!.send({ type: 'badge.count', unreadCount: 3 }));
    expect(within(sidebar()).getByRole('link', { name: 'Chat 3 unread' }).textContent).toBe('Chat 3 unread');
    expect(within(bar()).getByRole('link', { name: 'Chat 3 unread' })).toBeTruthy();
    // Notifications keeps its own count.
    expect(within(sidebar()).getByRole('link', { name: 'Notifications' })).toBeTruthy();
    fireEvent.click(within(bar()).getByRole('button', { name: 'More' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Chat 3 unread' })).toBeTruthy();
    act(() => app.system.get('navigation')!.send({ type: 'sidebar.close' }));
    act(() => app.system.get('chatBadge')!.send({ type: 'badge.count', unreadCount: 0 }));
    expect(within(bar()).getByRole('link', { name: 'Chat' })).toBeTruthy();
    act(() => app.system.get('chatBadge')!.send({ type: 'badge.count', unreadCount: 2 }));
    act(() => app.system.get('session')!.send({ type: 'session.logout' }));
    expect(within(sidebar()).getByRole('link', { name: 'Chat' })).toBeTruthy();
  });

  it('does not crash without a session profile (Profile falls back to the bare url)', () => {
    const { sidebar } = renderLayout('/app/social/people', { signedIn: false });
    expect(within(sidebar()).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/app/social/profile');
  });

  it('fires the hooks before navigating: reset for Streams/Questions, private chat cleanup for all but Chat', () => {
    const { hooks, location, sidebar } = renderLayout('/app/social/people');
    const click = (name: string) => fireEvent.click(within(sidebar()).getByRole('link', { name }));
    click('Streams');
    expect(location.history.at(-1)).toBe('/app/social/streams');
    expect(hooks).toEqual({ resetFeed: ['streams'], clearPrivateChat: 1 });
    click('Chat');
    expect(location.history.at(-1)).toBe('/app/social/chat/messages');
    expect(hooks).toEqual({ resetFeed: ['streams'], clearPrivateChat: 1 });
    click('Questions');
    expect(hooks).toEqual({ resetFeed: ['streams', 'questions'], clearPrivateChat: 2 });
    click('Profile');
    expect(location.history.at(-1)).toBe('/app/social/profile/alice?id=u1&uId=a1');
    expect(hooks).toEqual({ resetFeed: ['streams', 'questions'], clearPrivateChat: 3 });
    expect(current(sidebar()).map((a) => a.textContent)).toEqual(['Profile']);
  });

  it('toggles the search bar and the theme through their actors', async () => {
    const { app } = renderLayout('/app/social/streams');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The bar's code comes on its first open.
    expect(await screen.findByRole('combobox', { name: 'Search Stoa' })).toBeTruthy();
    expect(app.system.get('navigation')!.getSnapshot().value).toMatchObject({ searchBar: 'open' });
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('combobox', { name: 'Search Stoa' })).toBeNull();

    expect(app.system.get('theme')!.getSnapshot().context.theme).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(app.system.get('theme')!.getSnapshot().context.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });

  it('gives phones a bottom bar of five labelled places; More opens the drawer with the rest', async () => {
    const { app } = renderLayout('/app/social/streams');
    const bar = screen.getByRole('navigation', { name: 'Sections' });
    const places = within(bar).getAllByRole('listitem');
    expect(places).toHaveLength(5);
    // Visible names, not only names for screen readers.
    expect(places.map((li) => li.textContent)).toEqual(['Streams', 'Questions', 'Chat', 'Notifications', 'More']);
    expect(bar.querySelectorAll('.sr-only')).toHaveLength(0);
    expect(current(bar).map((a) => a.textContent)).toEqual(['Streams']);
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // A native button: Enter and Space press it from the keyboard.
    expect(more.tagName).toBe('BUTTON');
    fireEvent.click(more);
    expect(app.system.get('navigation')!.getSnapshot().value).toMatchObject({ sidebar: 'open' });
    // The drawer's code is fetched on its first open.
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(linkNames(drawer)).toEqual([
      'Streams',
      'Questions',
      'Chat',
      'Group',
      'People',
      'Profile',
      'Save',
      'Photos',
      'Videos',
      'Notifications',
    ]);
    fireEvent.click(within(drawer).getByRole('link', { name: 'Photos' }));
    expect(app.system.get('navigation')!.getSnapshot().value).toMatchObject({ sidebar: 'closed' });
  });

  it('lights More when the section on screen lives in the drawer', () => {
    renderLayout('/app/social/videos');
    const bar = screen.getByRole('navigation', { name: 'Sections' });
    expect(current(bar)).toEqual([]);
    expect(within(bar).getByRole('button', { name: /^More,? current: Videos$/ })).toBeTruthy();
  });

  it('opens the mobile drawer from the navigation machine and closes it on a choice', async () => {
    const { app } = renderLayout('/app/social/streams');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(app.system.get('navigation')!.getSnapshot().value).toMatchObject({ sidebar: 'open' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'People' }));
    expect(app.system.get('navigation')!.getSnapshot().value).toMatchObject({ sidebar: 'closed' });
  });

  it('has a settings menu with the one item My Profile', async () => {
    const { location } = renderLayout('/app/social/streams');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain('My Profile');
    expect(items[0].textContent).toContain('View personal profile.');
    await act(async () => {
      fireEvent.click(items[0]);
    });
    expect(location.history.at(-1)).toBe('/app/social/profile/alice?id=u1&uId=a1');
  });

  it('with unsent items, asks first: Cancel keeps the member in with the items, Sign out anyway signs out and goes home', async () => {
    const { app, location } = renderLayout('/app/social/streams');
    const outbox = app.system.get('outbox')!;
    for (const clientId of ['c1', 'c2']) {
      outbox.send({ type: 'outbox.add', entry: { kind: 'post', clientId, payload: { body: { post: clientId }, image: null } }, at: 1 });
    }
    const press = (name: string) =>
      act(async () => {
        fireEvent.click(screen.getAllByRole('button', { name })[0]);
      });
    await press('Sign out');
    const dialog = await screen.findByRole('alertdialog', { name: SIGN_OUT_TITLE });
    expect(dialog.textContent).toContain('You have 2 unsent items. They will be deleted if you sign out.');
    // Focus moves into the dialog, on Cancel, and stays there (react-aria's modal).
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.system.get('session')!.getSnapshot().value).toBe('signedIn');
    expect(outbox.getSnapshot().context.items).toHaveLength(2);
    expect(location.history.at(-1)).toBe('/app/social/streams');

    // Escape is a Cancel too.
    await press('Sign out');
    const opened = await screen.findByRole('alertdialog');
    await waitFor(() => expect(opened.contains(document.activeElement)).toBe(true));
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(app.system.get('session')!.getSnapshot().value).toBe('signedIn');

    await press('Sign out');
    const again = await screen.findByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: SIGN_OUT_ANYWAY }));
    });
    expect(app.system.get('session')!.getSnapshot().value).not.toBe('signedIn');
    expect(location.history.at(-1)).toBe('/');
  });

  it('signs out through the session and goes home', () => {
    const { app, location, sidebar } = renderLayout('/app/social/streams');
    void sidebar;
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign out' })[0]);
    expect(app.system.get('session')!.getSnapshot().value).not.toBe('signedIn');
    expect(location.history.at(-1)).toBe('/');
  });
});
