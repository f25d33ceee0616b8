import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AppealsPage from '../../../src/views/admin/pages/AppealsPage';
import BannedUsersPage from '../../../src/views/admin/pages/BannedUsersPage';
import HiddenPostsPage from '../../../src/views/admin/pages/HiddenPostsPage';
import ReportedPostsPage from '../../../src/views/admin/pages/ReportedPostsPage';
import ReportedUsersPage from '../../../src/views/admin/pages/ReportedUsersPage';
import { post, refused } from '../../fixtures/streams';
import {
  appeal,
  audit,
  banEntry,
  banned,
  ben,
  cleo,
  dora,
  hiddenPost,
  otherAdmin,
  page,
  postCase,
  postReport,
  profileReport,
  root,
  summary,
} from '../../machines/admin/adminFixtures';
import { audited, clearAnnouncer, renderAdmin, toasts } from './adminHarness';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  clearAnnouncer();
});

function show(path: string, element: React.ReactNode) {
  const t = renderAdmin(path, element);
  restore = t.h.restore;
  return t;
}

const articles = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('article');
const labels = (list: string) => articles(list).map((a) => a.getAttribute('aria-label'));
const item = (list: string, name: string) => within(screen.getByRole('list', { name: list })).getByRole('article', { name });
const dialog = () => screen.getByRole('alertdialog');
const statusFilter = () => screen.getByRole('radiogroup', { name: 'Status' });
describe('reported members', () => {
  const r1 = profileReport('r1', ben, {
    history: [audit('h1', { action: 'profileReport.status', targetType: 'profileReport', targetLabel: 'ben', reason: 'reviewing' })],
  });
  const r2 = profileReport('r2', banned(dora), { status: 'reviewing', reason: 'Spam', details: '' });
  // A reason from the report dialog's list (its key, as the app sends it) or older free text.
  const r3 = profileReport('r3', otherAdmin, { reason: 'impersonation' });
  const OPEN = page([r1, r2, r3], { total: 3 });

  async function loaded() {
    const t = show('/admin/reportuser', <ReportedUsersPage />);
    expect(t.input('fetchPage')).toEqual({ kind: 'profileReports', page: 1, filter: null, search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: OPEN });
    return t;
  }

  it('lists the open reports with reason, details, reporter, status and history; actions follow the member', async () => {
    await loaded();
    expect(labels('Reported users')).toEqual(['Report about ben', 'Report about dora', 'Report about mod']);
    const first = item('Reported users', 'Report about ben');
    expect(first.textContent).toContain('Impersonation');
    expect(first.textContent).toContain('Pretends to be me');
    expect(item('Reported users', 'Report about mod').textContent).toContain('Pretending to be someone else');
    expect(item('Reported users', 'Report about dora').textContent).toContain('Spam');
    expect(within(first).getByRole('link', { name: 'cleo' }).getAttribute('href')).toBe('/admin/members/u7');
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByText('History (1)')).toBeTruthy();
    expect(within(first).getByRole('list', { name: 'Moderation history' }).textContent).toContain(
      'root marked the report about ben reviewing',
    );
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Start review of the report about ben', 'Ban member ben', 'Dismiss the report about ben']);
    // A banned member's report can be marked resolved; an admin cannot be banned from here.
    expect(
      within(item('Reported users', 'Report about dora'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark resolved', 'Dismiss']);
    expect(
      within(item('Reported users', 'Report about mod'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start review', 'Dismiss']);
    // The status filter: Open (pending and reviewing) first.
    expect(
      within(statusFilter())
        .getAllByRole('radio')
        .map((r) => `${r.textContent}${r.getAttribute('aria-checked') === 'true' ? '*' : ''}`),
    ).toEqual(['Open*', 'Pending', 'Reviewing', 'Resolved', 'Dismissed']);
  });

  it('filters by status, and says when a status has no reports', async () => {
    const t = await loaded();
    await t.user.click(within(statusFilter()).getByRole('radio', { name: 'Resolved' }));
    expect(t.input('fetchPage')).toEqual({ kind: 'profileReports', page: 1, filter: 'resolved', search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([]) });
    expect(screen.getByText('No resolved reports')).toBeTruthy();
    // A closed report has no actions.
    await t.user.click(within(statusFilter()).getByRole('radio', { name: 'Dismissed' }));
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([{ ...r1, status: 'dismissed' }]) });
    expect(within(item('Reported users', 'Report about ben')).queryByRole('button')).toBeNull();
    expect(within(item('Reported users', 'Report about ben')).getByText('Dismissed')).toBeTruthy();
  });

  it('takes a report into review at once: the row waits, then shows Reviewing', async () => {
    const t = await loaded();
    await t.user.click(
      within(item('Reported users', 'Report about ben')).getByRole('button', { name: 'Start review of the report about ben' }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.request()).toEqual({
      action: { type: 'profileReportStatus', reportId: 'r1', username: 'ben', status: 'reviewing' },
      reason: '',
    });
    expect(
      within(item('Reported users', 'Report about ben'))
        .getByRole('button', { name: 'Dismiss the report about ben' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'Report updated', changes: [{ type: 'profileReport', report: { ...r1, status: 'reviewing' } }] },
    });
    expect(within(item('Reported users', 'Report about ben')).getByText('Reviewing')).toBeTruthy();
    expect(toasts()).toEqual([expect.stringContaining('Report updated')]);
  });

  it('a refused review is told in a toast (there is no dialog)', async () => {
    const t = await loaded();
    await t.user.click(
      within(item('Reported users', 'Report about ben')).getByRole('button', { name: 'Start review of the report about ben' }),
    );
    await t.h.settle({ type: 'xstate.error.actor.perform', error: refused('Report not found', 404) });
    expect(toasts()).toEqual([expect.stringContaining('Report not found')]);
    expect(within(item('Reported users', 'Report about ben')).getByText('Pending')).toBeTruthy();
  });

  it('bans the member from the report, which resolves it: it leaves the open queue and the focus goes to the heading', async () => {
    const t = await loaded();
    await t.user.click(within(item('Reported users', 'Report about ben')).getByRole('button', { name: 'Ban member ben' }));
    expect(dialog().textContent).toContain('The report is marked resolved.');
    await t.user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Impersonating cleo');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    expect(t.request()).toEqual({ action: { type: 'ban', userId: 'u2', username: 'ben', reportId: 'r1' }, reason: 'Impersonating cleo' });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: {
        message: 'ben was banned',
        // The ban alone: the list knows a ban resolves the open reports about the member.
        changes: [{ type: 'user', user: banned(ben) }],
      },
    });
    expect(labels('Reported users')).toEqual(['Report about dora', 'Report about mod']);
    expect(screen.getByText(/2 reports\./)).toBeTruthy();
    expect(toasts()).toEqual([expect.stringContaining('ben was banned')]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Reported users' })));
  });

  it('dismisses after asking', async () => {
    const t = await loaded();
    await t.user.click(within(item('Reported users', 'Report about mod')).getByRole('button', { name: 'Dismiss the report about mod' }));
    expect(within(dialog()).getByRole('heading', { name: 'Dismiss this report?' })).toBeTruthy();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Dismiss' }));
    expect(t.request()).toEqual({
      action: { type: 'profileReportStatus', reportId: 'r3', username: 'mod', status: 'dismissed' },
      reason: '',
    });
  });

  it('has no axe violations', async () => {
    await loaded();
    expect(await audited()).toEqual([]);
  });
});

describe('reported posts', () => {
  const privatePost = post({
    _id: 'p1',
    post: 'Meet me behind the gym, you will regret it',
    privacy: 'Private',
    userId: 'u2',
    username: 'ben',
  });
  const c1 = postCase('p1', ben, {
    post: privatePost,
    reports: [
      postReport('pr1', 'p1', { reason: 'harassment', details: 'Threatening me' }),
      postReport('pr2', 'p1', { reporter: summary('u3', 'dora'), reason: 'violence' }),
    ],
  });
  const c2 = postCase('p2', banned(cleo), {
    post: { ...post({ _id: 'p2', post: 'Already hidden spam', userId: 'u7', username: 'cleo' }), hidden: true, hiddenReason: 'Spam' },
  });
  const OPEN = page([c1, c2], { total: 2 });

  async function loaded() {
    const t = show('/admin/reportpost', <ReportedPostsPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: OPEN });
    return t;
  }

  it('shows each post as it is (Private too) with its author, its reporters and their reasons', async () => {
    await loaded();
    const first = item('Reported posts', 'Reports about “Meet me behind the gym, you will regret it”');
    expect(first.textContent).toContain('Meet me behind the gym, you will regret it');
    expect(first.textContent).toContain('Visible to:Private');
    expect(first.textContent).toContain('2 reports');
    expect(within(first).getByRole('list', { name: 'Reports' }).textContent).toContain('Harassment or hate');
    expect(within(first).getByRole('list', { name: 'Reports' }).textContent).toContain('Threatening me');
    expect(within(first).getByRole('list', { name: 'Reports' }).textContent).toContain('Violence');
    expect(first.textContent).toContain('Author · ben@example.com');
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start review', 'Hide post', 'Dismiss', 'Ban author']);
    // Hidden already, author banned: resolve or dismiss.
    const second = item('Reported posts', 'Reports about “Already hidden spam”');
    expect(second.textContent).toContain('Hidden by moderators: Spam');
    expect(
      within(second)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start review', 'Mark resolved', 'Dismiss']);
  });

  it('hides the post with a reason: it leaves the open queue', async () => {
    const t = await loaded();
    await t.user.click(
      within(item('Reported posts', 'Reports about “Meet me behind the gym, you will regret it”')).getByRole('button', {
        name: 'Hide post “Meet me behind the gym, you will regret it”',
      }),
    );
    expect(within(dialog()).getByRole('heading', { name: 'Hide this post' })).toBeTruthy();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Hide post' }));
    expect(within(dialog()).getByText('Reason is required')).toBeTruthy();
    await t.user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Threats');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Hide post' }));
    expect(t.request()).toEqual({
      action: { type: 'hide', postId: 'p1', label: 'Meet me behind the gym, you will regret it' },
      reason: 'Threats',
    });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: {
        message: 'Post hidden',
        changes: [
          { type: 'post', post: { ...privatePost, hidden: true } },
          { type: 'postReports', postId: 'p1', status: 'resolved' },
        ],
      },
    });
    expect(labels('Reported posts')).toEqual(['Reports about “Already hidden spam”']);
    expect(toasts()).toEqual([expect.stringContaining('Post hidden')]);
  });

  it('bans the author; the case stays, marked', async () => {
    const t = await loaded();
    await t.user.click(
      within(item('Reported posts', 'Reports about “Meet me behind the gym, you will regret it”')).getByRole('button', {
        name: 'Ban author ben',
      }),
    );
    await t.user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Threats');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Ban' }));
    expect(t.request()).toEqual({ action: { type: 'ban', userId: 'u2', username: 'ben' }, reason: 'Threats' });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'ben was banned', changes: [{ type: 'user', user: banned(ben) }] },
    });
    const first = item('Reported posts', 'Reports about “Meet me behind the gym, you will regret it”');
    expect(within(first).getByText('Banned')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Ban author ben' })).toBeNull();
  });

  it('says when no post is reported', async () => {
    const t = show('/admin/reportpost', <ReportedPostsPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([]) });
    expect(screen.getByText('No open reports')).toBeTruthy();
  });

  it('has no axe violations', async () => {
    await loaded();
    expect(await audited()).toEqual([]);
  });
});

describe('banned members', () => {
  it('lists bans with reason, by whom and when, and unbans: the member leaves the list', async () => {
    const t = show('/admin/banuser', <BannedUsersPage />);
    expect(screen.getByRole('status', { name: 'Loading banned users' })).toBeTruthy();
    expect(t.input('fetchPage')).toEqual({ kind: 'bans', page: 1, filter: null, search: '', adminId: null });
    await t.h.settle({
      type: 'xstate.done.actor.fetchPage',
      output: page([banEntry(banned(ben, 'Spam links'), { history: [audit('h1')] }), banEntry(dora, { bannedBy: null })], { total: 2 }),
    });
    const benBan = item('Banned users', 'ben');
    expect(benBan.textContent).toContain('Reason: Spam links');
    expect(within(benBan).getByRole('link', { name: 'root' })).toBeTruthy();
    expect(benBan.textContent).toContain('History (1)');
    expect(item('Banned users', 'dora').textContent).toContain('Banned by a former admin');
    await t.user.click(within(benBan).getByRole('button', { name: 'Unban ben' }));
    await t.user.click(within(dialog()).getByRole('button', { name: 'Unban' }));
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'ben was unbanned', changes: [{ type: 'user', user: ben }] },
    });
    expect(labels('Banned users')).toEqual(['dora']);
    expect(screen.getByText(/1 banned member\./)).toBeTruthy();
  });

  it('says when nobody is banned', async () => {
    const t = show('/admin/banuser', <BannedUsersPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([]) });
    expect(screen.getByText('No banned members')).toBeTruthy();
  });
});

describe('appeals', () => {
  const a1 = appeal('ap1', summary('u2', 'ben'));
  const decided = appeal('ap2', summary('u3', 'dora'), {
    status: 'rejected',
    reply: 'The spam was yours',
    decidedAt: '2025-03-05T10:00:00.000Z',
    decidedBy: root,
  });

  it('lists pending appeals first; rejecting needs a reply; approving tells the admin and the appeal leaves the pending ones', async () => {
    const t = show('/admin/appeal', <AppealsPage />);
    expect(t.input('fetchPage')).toEqual({ kind: 'appeals', page: 1, filter: 'pending', search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([a1]) });
    const card = item('Appeals', 'Appeal from ben');
    expect(card.textContent).toContain('I was hacked, the spam was not me.');
    expect(card.textContent).toContain(': Spam');
    expect(within(card).getByText('Pending')).toBeTruthy();

    await t.user.click(within(card).getByRole('button', { name: "Reject ben's appeal" }));
    await t.user.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    expect(within(dialog()).getByText('A reply is required to reject an appeal')).toBeTruthy();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await t.user.click(within(item('Appeals', 'Appeal from ben')).getByRole('button', { name: "Approve ben's appeal" }));
    expect(within(dialog()).getByRole('textbox', { name: 'Reply (optional)' })).toBeTruthy();
    await t.user.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    expect(t.request()).toEqual({ action: { type: 'appealDecision', appealId: 'ap1', username: 'ben', status: 'approved' }, reason: '' });
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'Appeal approved', changes: [{ type: 'appeal', appeal: { ...a1, status: 'approved' } }] },
    });
    expect(screen.getByText('No pending appeals')).toBeTruthy();
    expect(toasts()).toEqual([expect.stringContaining('Appeal approved')]);
  });

  it('shows decided appeals with who decided, when, and the reply', async () => {
    const t = show('/admin/appeal', <AppealsPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([a1]) });
    await t.user.click(within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', { name: 'Rejected' }));
    expect(t.input('fetchPage')).toEqual({ kind: 'appeals', page: 1, filter: 'rejected', search: '', adminId: null });
    await t.h.settle({ type: 'xstate.done.actor.fetchPage', output: page([decided]) });
    const card = item('Appeals', 'Appeal from dora');
    expect(card.textContent).toContain('Rejected by root');
    expect(card.textContent).toContain('Reply: “The spam was yours”');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(await audited()).toEqual([]);
  });
});

describe('hidden posts', () => {
  it('lists hidden posts with reason, by whom and when, and unhides', async () => {
    const t = show('/admin/hidepost', <HiddenPostsPage />);
    await t.h.settle({
      type: 'xstate.done.actor.fetchPage',
      output: page([
        hiddenPost('p5', ben, {
          history: [audit('h1', { action: 'hide', targetType: 'post', targetLabel: 'Hidden words p5', reason: 'Hate speech' })],
        }),
      ]),
    });
    const card = item('Hidden posts', 'Hidden post “Hidden words p5”');
    expect(card.textContent).toContain('Reason: Hate speech');
    expect(card.textContent).toContain('Hidden by root');
    expect(within(card).getByRole('list', { name: 'Moderation history' }).textContent).toContain('root hid the post “Hidden words p5”');
    await t.user.click(within(card).getByRole('button', { name: 'Unhide “Hidden words p5”' }));
    await t.user.click(within(dialog()).getByRole('button', { name: 'Unhide' }));
    expect(t.request()).toEqual({ action: { type: 'unhide', postId: 'p5', label: 'Hidden words p5' }, reason: '' });
    await t.h.settle({ type: 'xstate.error.actor.perform', error: refused('Post not found', 404) });
    expect(within(dialog()).getByRole('alert').textContent).toContain('Post not found');
    await t.user.click(within(dialog()).getByRole('button', { name: 'Unhide' }));
    await t.h.settle({
      type: 'xstate.done.actor.perform',
      output: { message: 'Post unhidden', changes: [{ type: 'post', post: post({ _id: 'p5', hidden: false }) }] },
    });
    expect(screen.getByText('No hidden posts')).toBeTruthy();
  });
});
