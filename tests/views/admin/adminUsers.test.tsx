import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SEARCH_DELAY_MS } from '../../../src/machines/admin/adminList.machine';
import UsersPage from '../../../src/views/admin/pages/UsersPage';
import { refused } from '../../fixtures/streams';
import { banned, ben, dora, otherAdmin, page } from '../../machines/admin/adminFixtures';
import { clearAnnouncer, renderAdmin, toasts } from './adminHarness';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  clearAnnouncer();
  vi.useRealTimers();
});

function renderUsers() {
  const t = renderAdmin('/admin/user', <UsersPage />);
  restore = t.h.restore;
  return t;
}

const FIRST = page([ben, banned(dora, 'Spam links'), otherAdmin], { hasMore: true, total: 45 });

async function loaded(answer = FIRST) {
  const t = renderUsers();
  await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: answer });
  return t;
}

const list = () => screen.getByRole('list', { name: 'Users' });
const names = () =>
  within(list())
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));
const card = (name: string) => within(list()).getByRole('article', { name });
const dialog = () => screen.getByRole('alertdialog');

describe('admin members page', () => {
  it('shows a skeleton, then every member with role, joined date, posts and ban state', async () => {
    const t = renderUsers();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    expect(t.input('fetchPage')).toEqual({ kind: 'users', page: 1, filter: null, search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: FIRST });
    expect(names()).toEqual(['ben', 'dora', 'mod']);
    expect(screen.getByText(/45 members\./)).toBeTruthy();
    expect(card('ben').textContent).toContain('ben@example.com');
    expect(card('ben').textContent).toMatch(/Member · Joined .*2025 · 3 posts/);
    expect(within(card('dora')).getByText('Banned')).toBeTruthy();
    expect(card('dora').textContent).toContain('Spam links');
    expect(within(card('mod')).getByText('Admin')).toBeTruthy();
    // Ban for members, Unban for the banned, nothing for admins.
    expect(within(card('ben')).getByRole('button', { name: 'Ban ben' })).toBeTruthy();
    expect(within(card('dora')).getByRole('button', { name: 'Unban dora' })).toBeTruthy();
    expect(within(card('mod')).queryByRole('button')).toBeNull();
    // "Open" stays in the admin area: the member's admin page (their public profile is one link from it).
    expect(
      within(card('ben')).getByRole('link', { name: "Open ben's page: posts, reports, bans and audit log" }).getAttribute('href'),
    ).toBe('/admin/members/u2');
    expect(within(card('ben')).getByRole('link', { name: 'ben' }).getAttribute('href')).toBe('/admin/members/u2');
  });

  it('pages with Previous and Next, saying where it is', async () => {
    const t = await loaded();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await t.user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    expect(t.input('fetchPage')).toEqual({ kind: 'users', page: 2, filter: null, search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([ben], { page: 2, hasMore: false, total: 45 }) });
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 2 of 3');
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' }))
        .getByRole('button', { name: 'Next' })
        .hasAttribute('disabled'),
    ).toBe(true);
    await t.user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Previous' }));
    expect(t.input('fetchPage')).toEqual({ kind: 'users', page: 1, filter: null, search: '', adminId: null });
  });

  it('searches by username or e-mail once the typing pauses, and says when nobody matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const t = await loaded();
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    expect(box.getAttribute('maxlength')).toBe('100');
    await t.user.type(box, 'be');
    // Nothing asked while typing.
    expect(screen.queryByRole('status', { name: 'Loading users' })).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS)));
    expect(t.input('fetchPage')).toEqual({ kind: 'users', page: 1, filter: null, search: 'be', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([], { total: 0 }) });
    expect(screen.getByText('No members found')).toBeTruthy();
    expect(screen.getByText(/No member's username or e-mail starts with “be”/)).toBeTruthy();
  });

  it('bans from a dialog: the reason is required, a refusal stays in it, success updates the row and tells the admin', async () => {
    const t = await loaded();
    await t.user.click(within(card('ben')).getByRole('button', { name: 'Ban ben' }));
    expect(within(dialog()).getByRole('heading', { name: 'Ban ben' })).toBeTruthy();
    expect(dialog().textContent).toContain('ben is signed out at once and can only file an appeal until unbanned.');
    const reason = within(dialog()).getByRole('textbox', { name: 'Reason' });
    // The reason field has the focus.
    expect(document.activeElement).toBe(reason);
    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    expect(within(dialog()).getByText('Reason is required')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await t.user.type(reason, '  Spam links everywhere ');
    expect(within(dialog()).queryByText('Reason is required')).toBeNull();
    expect(dialog().textContent).toContain('21/500');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    expect(t.request()).toEqual({ action: { type: 'ban', userId: 'u2', username: 'ben' }, reason: 'Spam links everywhere' });
    expect(within(dialog()).getByRole('button', { name: 'Banning...' }).hasAttribute('disabled')).toBe(true);
    // The row waits meanwhile (behind the modal, hidden from assistive technology).
    const row = screen.getByRole('article', { name: 'ben', hidden: true });
    expect(within(row).getByRole('button', { name: 'Ban ben', hidden: true }).getAttribute('aria-disabled')).toBe('true');

    await t.h.settle({ type: 'xstate.error.actor.perform', error: refused('ben is already banned', 409) });
    expect(within(dialog()).getByRole('alert').textContent).toContain('ben is already banned');
    expect(within(dialog()).getByRole('textbox', { name: 'Reason' })).toBeTruthy();

    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'ben was banned', changes: [{ type: 'user', user: banned(ben, 'Spam links everywhere') }] },
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(card('ben')).getByText('Banned')).toBeTruthy();
    expect(within(card('ben')).getByRole('button', { name: 'Unban ben' })).toBeTruthy();
    expect(toasts()).toEqual([expect.stringContaining('ben was banned')]);
    // The page is read again behind the rows.
    expect(t.input('fetchPage')).toEqual({ kind: 'users', page: 1, filter: null, search: '', adminId: null });
    expect(list().getAttribute('aria-busy')).toBe('true');
    await t.h.settle({
      type: 'xstate.done.actor.fetchPage',
      output: page([banned(ben), banned(dora), otherAdmin], { hasMore: true, total: 45 }),
    });
    expect(list().getAttribute('aria-busy')).toBeNull();
  });

  it('a refused admin ban (403) keeps the dialog with the server message; Cancel closes it and nothing changes', async () => {
    const t = await loaded(page([ben], { total: 1 }));
    await t.user.click(within(card('ben')).getByRole('button', { name: 'Ban ben' }));
    await t.user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Trolling');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    await t.h.settle({ type: 'xstate.error.actor.perform', error: refused('An admin cannot ban another admin', 403) });
    expect(within(dialog()).getByRole('alert').textContent).toContain('An admin cannot ban another admin');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(card('ben')).getByRole('button', { name: 'Ban ben' })).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it('unbans after asking', async () => {
    const t = await loaded();
    await t.user.click(within(card('dora')).getByRole('button', { name: 'Unban dora' }));
    expect(within(dialog()).getByRole('heading', { name: 'Unban dora?' })).toBeTruthy();
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Unban' }));
    expect(t.request()).toEqual({ action: { type: 'unban', userId: 'u3', username: 'dora' }, reason: '' });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'dora was unbanned', changes: [{ type: 'user', user: dora }] },
    });
    expect(within(card('dora')).queryByText('Banned')).toBeNull();
    expect(toasts()).toEqual([expect.stringContaining('dora was unbanned')]);
  });

  it("says why the list could not load, with the server's message, and loads again", async () => {
    const t = renderUsers();
    await t.h.settle({ type: 'xstate.error.actor.fetchPage', error: refused('Only administrators can do that', 403) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load users');
    expect(alert.textContent).toContain('Only administrators can do that');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([], { total: 0 }) });
    expect(screen.getByText('No members yet')).toBeTruthy();
  });

  it('has no axe violations loading, listed and in the ban dialog', async () => {
    const audit = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
      );
    const t = renderUsers();
    expect(await audit()).toEqual([]);
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: FIRST });
    expect(await audit()).toEqual([]);
    await t.user.click(within(card('ben')).getByRole('button', { name: 'Ban ben' }));
    expect(await audit()).toEqual([]);
  });
});
