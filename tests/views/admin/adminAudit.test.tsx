import { act, cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_SEARCH_DELAY_MS } from '../../../src/machines/admin/adminList.machine';
import AuditLogPage from '../../../src/views/admin/pages/AuditLogPage';
import { refused } from '../../fixtures/streams';
import { audit, page, root, summary } from '../../machines/admin/adminFixtures';
import { clearAnnouncer, renderAdmin } from './adminHarness';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  clearAnnouncer();
  vi.useRealTimers();
});

const second = summary('a2', 'second');
const ADMINS = [root, second];
const LOG = page(
  [
    audit('e4', {
      admin: second,
      action: 'appeal.reject',
      targetType: 'appeal',
      targetId: 'ap1',
      targetLabel: 'dora',
      reason: 'Not convinced',
    }),
    audit('e3', { action: 'profileReport.status', targetType: 'profileReport', targetId: 'r1', targetLabel: 'cleo', reason: 'dismissed' }),
    audit('e2', { action: 'hide', targetType: 'post', targetId: 'p5', targetLabel: 'Buy followers cheap', reason: 'Scam' }),
    audit('e1', { action: 'ban', targetType: 'user', targetId: 'u2', targetLabel: 'ben', reason: 'Spam' }),
  ],
  { hasMore: true, total: null, admins: ADMINS },
);

function renderAudit() {
  const t = renderAdmin('/admin/audit', <AuditLogPage />);
  restore = t.h.restore;
  return t;
}

async function loaded(answer = LOG) {
  const t = renderAudit();
  expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: null, search: '', adminId: null });
  await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: answer });
  return t;
}

const list = () => screen.getByRole('list', { name: 'Audit log' });
const entries = () => within(list()).getAllByRole('article');
const hrefOf = (name: string) => within(list()).getByRole('link', { name }).getAttribute('href');

describe('admin audit log page', () => {
  it('shows a skeleton, then every entry newest first, each linking to its item', async () => {
    const t = renderAudit();
    expect(screen.getByRole('status', { name: 'Loading audit log' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: LOG });
    expect(entries().map((a) => a.getAttribute('aria-label'))).toEqual([
      "second rejected dora's appeal",
      'root marked the report about cleo dismissed',
      'root hid the post “Buy followers cheap”',
      'root banned ben',
    ]);
    expect(entries()[0].textContent).toContain('“Not convinced”');
    // A member: their profile; a post: its page; a report about a member: the reports; an appeal: the appeals.
    expect(hrefOf("Open ben's page")).toBe('/admin/members/u2');
    expect(hrefOf('Open the post “Buy followers cheap”')).toBe('/app/social/post/p5');
    expect(hrefOf('Open the reports about members (cleo)')).toBe('/admin/reportuser');
    expect(hrefOf("Open the appeals (dora's appeal)")).toBe('/admin/appeal');
    // The pager: no total, so no "of n".
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('Page 1');
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).not.toContain(' of ');
    await t.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 2, filter: null, search: '', adminId: null });
  });

  it('filters by action, by admin and by target, each asking again from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const t = await loaded();
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(
      within(action)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All actions',
      'Ban',
      'Unban',
      'Hide post',
      'Unhide post',
      'Member report status',
      'Post report status',
      'Appeal approved',
      'Appeal rejected',
    ]);
    const admin = screen.getByRole('combobox', { name: 'Admin' });
    expect(
      within(admin)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any admin', 'root', 'second']);

    await t.user.selectOptions(action, 'ban');
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: 'ban', search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([LOG.items[3]], { total: null, admins: ADMINS }) });
    expect(entries()).toHaveLength(1);

    await t.user.selectOptions(screen.getByRole('combobox', { name: 'Admin' }), 'second');
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: 'ban', search: '', adminId: 'a2' });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([], { total: null, admins: ADMINS }) });
    expect(screen.getByText('No matching actions')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Admin' }) as HTMLSelectElement).value).toBe('a2');

    const target = screen.getByRole('searchbox', { name: 'Target' });
    await t.user.type(target, 'ben');
    await act(async () => void (await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS)));
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: 'ban', search: 'ben', adminId: 'a2' });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([], { total: null, admins: ADMINS }) });
    expect(screen.getByText(/No action matches these filters about “ben”/)).toBeTruthy();

    // Back to any admin and every action.
    await t.user.selectOptions(screen.getByRole('combobox', { name: 'Admin' }), 'Any admin');
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: 'ban', search: 'ben', adminId: null });
  });

  it("starts on the target in the address: a member's page links to the log about them", async () => {
    const t = renderAdmin('/admin/audit?target=u2', <AuditLogPage />);
    restore = t.h.restore;
    expect(t.input('fetchPage')).toEqual({ kind: 'audit', page: 1, filter: null, search: 'u2', adminId: null });
    expect((screen.getByRole('searchbox', { name: 'Target' }) as HTMLInputElement).value).toBe('u2');
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([LOG.items[3]], { admins: ADMINS, total: null }) });
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when the log is empty', async () => {
    await loaded(page([], { total: null, admins: [root] }));
    expect(screen.getByText('No moderation actions yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("says why the log could not load, with the server's message, and loads again", async () => {
    const t = renderAudit();
    await t.h.settle({ type: 'xstate.error.actor.fetchPage', error: refused('Only administrators can do that', 403) });
    expect(screen.getByText('Only administrators can do that')).toBeTruthy();
    await t.user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(screen.getByRole('status', { name: 'Loading audit log' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: LOG });
    expect(entries()).toHaveLength(4);
    const violations = (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(violations).toEqual([]);
  });
});
