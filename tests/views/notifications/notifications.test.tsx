import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { NotificationsPage as Page } from '../../../src/api/notifications';
import { serverEvents } from '../../../src/api/socket';
import { inboxLogic } from '../../../src/effects/notifications/inbox';
import { createBus } from '../../../src/effects/shell/socket';
import type { InboxContext } from '../../../src/machines/notifications/inbox.machine';
import { Toasts } from '../../../src/views/shell/Toasts';
import NotificationsPage from '../../../src/views/notifications/NotificationsPage';
import { notificationHref } from '../../../src/views/notifications/targets';
import { alice, auth } from '../../fixtures/auth';
import { ada, ben, entry } from '../../fixtures/notifications';
import { refused } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';
import { NotificationsLogicProvider } from '../../../src/views/notifications/NotificationsLogic';

const reaction = entry('n1', 30, { actors: [ben, ada], actorCount: 4 });
const follow = entry('n2', 20, { kind: 'follow', read: true, target: { type: 'profile', id: 'u2', label: 'ben' } });
const invite = entry('n3', 10, { kind: 'groupInvite', target: { type: 'group', id: 'g1', label: 'Night Owls' } });
const report = entry('n4', 5, {
  kind: 'reportResolved',
  actors: [],
  actorCount: 0,
  detail: 'profile',
  read: true,
  target: { type: 'report', id: 'r1', label: '' },
});
const FIRST: Page = { notifications: [reaction, follow, invite], nextCursor: `${invite.updatedAt}_n3`, unreadCount: 2 };

function renderInbox() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(['loadPage', 'readOne', 'deleteOne', 'readAll']);
  const bus = createBus();
  const logic = inboxLogic(app, { bus }).provide({ actors: h.actors as never });
  const { ui, location } = withApp(
    app,
    '/app/social/notifications',
    <>
      {/* In the app the page sits in the member layout's main landmark. */}
      <main>
        <NotificationsLogicProvider logic={logic}>
          <NotificationsPage />
        </NotificationsLogicProvider>
      </main>
      <Toasts />
    </>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  const context = () => h.actor().getSnapshot().context as InboxContext;
  const input = (id: string) => (h.actor().getSnapshot().children as Record<string, AnyActorRef>)[id]?.getSnapshot().input as unknown;
  const badge = () => app.system.get('unreadBadge')!.getSnapshot().context.unreadCount as number;
  return { app, h, bus, user, context, input, location, badge };
}

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

async function loaded(page = FIRST) {
  const t = renderInbox();
  restore = t.h.restore;
  await t.h.settle({ type: 'xstate.done.actor.loadPage', output: page });
  return t;
}

const rows = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('article');
const texts = () => rows().map((row) => row.querySelector('a, button')!.textContent);

describe('notifications page', () => {
  it('shows the notifications skeleton while loading, then the entries newest first, unread ones marked', async () => {
    const t = renderInbox();
    restore = t.h.restore;
    expect(screen.getByRole('status', { name: 'Loading notifications' })).toBeTruthy();
    expect(t.input('loadPage')).toEqual({ cursor: null });
    await t.h.settle({ type: 'xstate.done.actor.loadPage', output: FIRST });
    expect(screen.queryByRole('status', { name: 'Loading notifications' })).toBeNull();
    expect(texts()).toEqual([
      'Unread: ben and 3 others reacted to your post',
      'ben started following you',
      'Unread: ben invited you to join Night Owls',
    ]);
    expect(rows().map((row) => row.getAttribute('data-unread'))).toEqual(['true', null, 'true']);
    // Names in bold, the post's first words, the avatars of the newest actors.
    expect(within(rows()[0]!).getByText('ben and 3 others').tagName).toBe('STRONG');
    expect(within(rows()[0]!).getByTestId('notification-excerpt').textContent).toBe('Sunrise over the bay');
    expect(rows()[0]!.querySelectorAll('[aria-hidden="true"].rounded-full.size-8').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('2 unread')).toBeTruthy();
    // The page told the badge; opening it marked nothing read.
    expect(t.badge()).toBe(2);
    expect(
      t
        .context()
        .items.filter((n) => !n.read)
        .map((n) => n._id),
    ).toEqual(['n1', 'n3']);
  });

  it("clamps the post's words to two lines by the row's width, whole words only (each an unbreakable box)", async () => {
    const label = 'Morning walk along the pier, the light over the harbour #cats #sea and then the fog rolled in over the water…';
    await loaded({ ...FIRST, notifications: [{ ...reaction, target: { ...reaction.target, label } }] });
    const excerpt = within(rows()[0]!).getByTestId('notification-excerpt');
    // The whole text the server sent (cut at a word there), clamped by CSS rather than by a count of characters.
    expect(excerpt.textContent).toBe(label);
    expect(excerpt.className).toContain('line-clamp-2');
    // The browser's ellipsis cuts the last line's text where it runs out of room ("#c…"): in boxes, only whole words go.
    const boxes = [...excerpt.querySelectorAll('span.inline-block')].map((box) => box.textContent);
    expect(boxes).toEqual(label.split(' '));
    expect(boxes).toContain('#cats');
  });

  it('opens each target from its row and marks it read (put back if the server refuses)', async () => {
    const t = await loaded();
    const links = rows().map((row) => within(row).getAllByRole('link')[0]!.getAttribute('href'));
    expect(links).toEqual(['/app/social/post/p-n1', '/app/social/profile/ben?id=u2', '/app/social/group/g1']);
    await t.user.click(within(rows()[2]!).getByRole('link'));
    expect(t.location.history.at(-1)).toBe('/app/social/group/g1');
    expect(t.input('read.n3')).toEqual({ id: 'n3' });
    expect(rows()[2]!.getAttribute('data-unread')).toBeNull();
    await t.h.settle({ type: 'xstate.error.actor.read.n3', error: refused('Notification not found') });
    expect(rows()[2]!.getAttribute('data-unread')).toBe('true');
    expect(await screen.findByText('Notification not found')).toBeTruthy();
    // Read ones just open.
    await t.user.click(within(rows()[1]!).getByRole('link'));
    expect(t.location.history.at(-1)).toBe('/app/social/profile/ben?id=u2');
    expect(t.input('read.n2')).toBeUndefined();
    await t.user.click(within(rows()[0]!).getByRole('link'));
    await t.h.settle({
      type: 'xstate.done.actor.read.n1',
      output: { message: 'Notification marked as read', notification: { ...reaction, read: true }, unreadCount: 1 },
    });
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(t.badge()).toBe(1);
  });

  it('marks an entry without a page (a moderation outcome) read with its button', async () => {
    const t = await loaded({ notifications: [{ ...report, read: false }], nextCursor: null, unreadCount: 1 });
    const button = within(rows()[0]!).getByRole('button', {
      name: 'Unread: Your report about a profile was reviewed and action was taken',
    });
    await t.user.click(button);
    expect(t.input('read.n4')).toEqual({ id: 'n4' });
    expect(notificationHref(report)).toBeNull();
  });

  it('deletes one entry, marks all as read, and loads more a page at a time', async () => {
    const t = await loaded();
    await t.user.click(within(rows()[1]!).getByRole('button', { name: 'Delete notification' }));
    expect(t.input('delete.n2')).toEqual({ id: 'n2' });
    expect(within(rows()[1]!).getByRole('button', { name: 'Delete notification' }).hasAttribute('disabled')).toBe(true);
    await t.h.settle({
      type: 'xstate.done.actor.delete.n2',
      output: { message: 'Notification deleted', notificationId: 'n2', unreadCount: 2 },
    });
    expect(rows()).toHaveLength(2);

    await t.user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('button', { name: 'Marking...' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.error.actor.readAll', error: new TypeError('Failed to fetch') });
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();
    await t.user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await t.h.settle({ type: 'xstate.done.actor.readAll', output: { message: 'All notifications marked as read', unreadCount: 0 } });
    expect(rows().every((row) => row.getAttribute('data-unread') === null)).toBe(true);
    expect(screen.getByText('All caught up')).toBeTruthy();
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll.hasAttribute('disabled') || markAll.hasAttribute('data-disabled')).toBe(true);

    await t.user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(t.input('morePage')).toEqual({ cursor: FIRST.nextCursor });
    expect(screen.getByRole('status', { name: 'Loading more notifications' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.morePage', output: { notifications: [report], nextCursor: null, unreadCount: 0 } });
    expect(texts().at(-1)).toBe('Your report about a profile was reviewed and action was taken');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('puts live arrivals on top and applies changes made in other tabs', async () => {
    const t = await loaded();
    const comment = entry('n5', 45, { kind: 'comment', actors: [ada] });
    act(() => t.bus.publish({ event: serverEvents.notification, payload: { type: 'inbox', notification: comment, unreadCount: 3 } }));
    expect(texts()[0]).toBe('Unread: ada commented on your post');
    expect(screen.getByText('3 unread')).toBeTruthy();
    act(() => t.bus.publish({ event: serverEvents.notificationsChanged, payload: { unreadCount: 2, read: ['n5'], removed: ['n3'] } }));
    expect(texts()).toEqual(['ada commented on your post', 'Unread: ben and 3 others reacted to your post', 'ben started following you']);
    // A reconnect reloads the first page behind the list: no skeleton.
    act(() => t.bus.publish({ event: 'reconnected' }));
    expect(screen.queryByRole('status', { name: 'Loading notifications' })).toBeNull();
    expect(t.input('loadPage')).toEqual({ cursor: null });
  });

  it('has a friendly empty state, and a load failure with Try again', async () => {
    const t = renderInbox();
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.error.actor.loadPage', error: refused('Too many requests', 429) });
    expect(screen.getByText('Too many requests')).toBeTruthy();
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status', { name: 'Loading notifications' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.loadPage', output: { notifications: [], nextCursor: null, unreadCount: 0 } });
    expect(screen.getByRole('heading', { name: 'Nothing here yet' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
  });

  it("works from the keyboard: Tab reaches each row's link and Delete, Enter opens", async () => {
    const t = await loaded();
    await t.user.tab();
    await t.user.tab();
    expect(document.activeElement?.textContent).toBe('Unread: ben and 3 others reacted to your post');
    await t.user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete notification');
    await t.user.tab();
    await t.user.keyboard('{Enter}');
    expect(t.location.history.at(-1)).toBe('/app/social/profile/ben?id=u2');
  });

  it('has no axe violations once loaded', async () => {
    await loaded();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});
