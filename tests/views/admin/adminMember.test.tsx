import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import MemberPage from '../../../src/views/admin/pages/MemberPage';
import { activeAdminItem } from '../../../src/views/layouts/AdminLayout';
import { refused } from '../../fixtures/streams';
import { adminMember, banned, ben, otherAdmin, profileReport, summary } from '../../machines/admin/adminFixtures';
import { audited, clearAnnouncer, renderAdmin, toasts } from './adminHarness';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  clearAnnouncer();
});

function renderMember(id = 'u2') {
  const t = renderAdmin(`/admin/members/${id}`, <Route path="/members/:id" component={MemberPage} />);
  restore = t.h.restore;
  return t;
}

describe("a member's admin page", () => {
  it('shows the account and ban, the reports about them, their posts and the audit log, inside the admin area', async () => {
    const t = renderMember();
    expect(screen.getByRole('status', { name: 'Loading the member' })).toBeTruthy();
    expect(t.input('fetchMember')).toEqual({ userId: 'u2' });
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: adminMember() });

    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('benBanned');
    expect(screen.getByText('ben@example.com')).toBeTruthy();
    expect(screen.getByText(/^Banned on/).textContent).toMatch(/^Banned on .* by root: Spamming the streams$/);
    // The public profile opens in a tab of its own, and says so; the way back to the list stays here.
    const profile = screen.getByRole('link', { name: 'Public profile (opens in a new tab)' });
    expect(profile.getAttribute('href')).toBe('/app/social/profile/ben?id=u2');
    expect(profile.getAttribute('target')).toBe('_blank');
    expect(profile.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/user');

    const reports = screen.getByRole('region', { name: 'Reports about them (1 open)' });
    const cards = within(reports).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Report by cleo', 'Report by dora']);
    expect(cards[0].textContent).toContain('Rude');
    expect(cards[0].textContent).toContain('in chat');
    expect(within(cards[1]).getByText('Resolved')).toBeTruthy();
    // A reporter's name opens their admin page too.
    expect(within(cards[0]).getByRole('link', { name: 'cleo' }).getAttribute('href')).toBe('/admin/members/u7');

    const posts = screen.getByRole('region', { name: `Posts (${ben.postsCount})` });
    expect(within(posts).getAllByRole('figure')).toHaveLength(2);
    expect(within(posts).getByText('Hidden')).toBeTruthy();
    // All of them are shown (no next page): no "Show more".
    expect(within(posts).queryByRole('button', { name: 'Show more posts' })).toBeNull();

    const log = screen.getByRole('region', { name: 'Audit log' });
    expect(within(log).getAllByRole('listitem')[0].textContent).toContain('root banned ben');
    expect(within(log).getByRole('link', { name: 'Open in the audit log' }).getAttribute('href')).toBe('/admin/audit?target=u2');
    expect(await audited()).toEqual([]);
  });

  it('shows more reports and posts a page at a time, appended, with the button gone at the end', async () => {
    const t = renderMember();
    const first = adminMember({ reportsNextCursor: 'c-reports', postsNextCursor: 'c-posts' });
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: first });
    const reports = screen.getByRole('region', { name: 'Reports about them (1 open)' });
    await t.user.click(within(reports).getByRole('button', { name: 'Show more reports' }));
    expect(t.input('fetchMoreReports')).toEqual({ userId: 'u2', cursor: 'c-reports' });
    await t.h.settle({
      type: 'xstate.done.actor.fetchMoreReports',
      output: { reports: [profileReport('pr0', first.user, { reason: 'Old', reporter: summary('u8', 'eve') })], nextCursor: null },
    });
    expect(
      within(reports)
        .getAllByRole('article')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Report by cleo', 'Report by dora', 'Report by eve']);
    expect(within(reports).queryByRole('button', { name: 'Show more reports' })).toBeNull();
    expect(await audited()).toEqual([]);

    const posts = screen.getByRole('region', { name: `Posts (${ben.postsCount})` });
    await t.user.click(within(posts).getByRole('button', { name: 'Show more posts' }));
    expect(t.input('fetchMorePosts')).toEqual({ userId: 'u2', cursor: 'c-posts' });
    await t.h.settle({ type: 'xstate.error.actor.fetchMorePosts', error: refused('Server unreachable', 503) });
    // A failure keeps the list and the button, and says so.
    expect(within(posts).getAllByRole('figure')).toHaveLength(2);
    expect(toasts()).toEqual([expect.stringContaining('Could not load more posts')]);
    expect(within(posts).getByRole('button', { name: 'Show more posts' })).toBeTruthy();
  });

  it('unbans after asking: the account changes at once, the admin is told, and the page is read again behind it', async () => {
    const t = renderMember();
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: adminMember() });
    expect(screen.queryByRole('button', { name: 'Ban ben' })).toBeNull();
    await t.user.click(screen.getByRole('button', { name: 'Unban ben' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Unban ben?' })).toBeTruthy();
    await t.user.click(within(dialog).getByRole('button', { name: 'Unban' }));
    expect(t.request()).toEqual({ action: { type: 'unban', userId: 'u2', username: 'ben' }, reason: '' });
    await t.h.settle({ type: 'xstate.done.actor.perform', output: { message: 'Member unbanned', changes: [{ type: 'user', user: ben }] } });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ben');
    expect(toasts()).toEqual([expect.stringContaining('Member unbanned')]);
    // Read again behind: the log has the unban.
    expect(t.input('fetchMember')).toEqual({ userId: 'u2' });
    const after = adminMember({ user: ben, bannedBy: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: after });
    expect(screen.getByRole('button', { name: 'Ban ben' })).toBeTruthy();
  });

  it('bans with a reason, and offers neither to an admin account', async () => {
    const t = renderMember();
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: adminMember({ user: ben, bannedBy: null }) });
    await t.user.click(screen.getByRole('button', { name: 'Ban ben' }));
    const dialog = screen.getByRole('alertdialog');
    await t.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam links');
    await t.user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(t.request()).toEqual({ action: { type: 'ban', userId: 'u2', username: 'ben' }, reason: 'Spam links' });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'Member banned', changes: [{ type: 'user', user: banned(ben, 'Spam links') }] },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('benBanned');
    cleanup();
    restore?.();
    const other = renderMember('a2');
    restore = other.h.restore;
    await other.h.settle({ type: 'xstate.done.actor.fetchMember', output: adminMember({ user: otherAdmin, bannedBy: null }) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('modAdmin');
    expect(screen.queryByRole('button', { name: /ban/i })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    const t = renderMember();
    await t.h.settle({
      type: 'xstate.done.actor.fetchMember',
      output: adminMember({
        user: { ...ben, postsCount: 0 },
        bannedBy: null,
        openReports: 0,
        reports: [],
        posts: [],
        history: [],
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ben');
    expect(screen.queryByText(/Banned on/)).toBeNull();
    expect(screen.getByText('Nobody has reported this member.')).toBeTruthy();
    expect(screen.getByText('No posts yet.')).toBeTruthy();
    expect(screen.getByText('No moderation action about this member yet.')).toBeTruthy();
  });

  it("says why it could not load, with the server's message, and tries again", async () => {
    const t = renderMember('missing');
    await t.h.settle({ type: 'xstate.error.actor.fetchMember', error: refused('User not found', 404) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load this member');
    expect(alert.textContent).toContain('User not found');
    await t.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status', { name: 'Loading the member' })).toBeTruthy();
    expect(t.input('fetchMember')).toEqual({ userId: 'missing' });
    await t.h.settle({ type: 'xstate.done.actor.fetchMember', output: adminMember() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('benBanned');
  });

  it('sits under Users in the admin navigation', () => {
    expect(activeAdminItem('/admin/members/u2')?.name).toBe('Users');
    expect(activeAdminItem('/admin/user')?.name).toBe('Users');
    expect(activeAdminItem('/admin/Users')?.name).toBe('Users chart');
  });
});
