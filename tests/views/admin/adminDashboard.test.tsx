import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AdminProfilePage from '../../../src/views/admin/pages/AdminProfilePage';
import DashboardPage from '../../../src/views/admin/pages/DashboardPage';
import { admin } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { audit, dashboard } from '../../machines/admin/adminFixtures';
import { audited, clearAnnouncer, renderAdmin } from './adminHarness';

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

describe('admin dashboard', () => {
  it('shows every figure, each opening its page, and the latest moderation actions', async () => {
    const t = show('/admin', <DashboardPage />);
    expect(screen.getByRole('status', { name: 'Loading the dashboard' })).toBeTruthy();
    expect(await audited()).toEqual([]);
    await t.h.settle({ type: 'xstate.done.actor.fetchDashboard', output: dashboard() });
    const figures = screen.getByRole('list', { name: 'Figures' });
    const links = within(figures)
      .getAllByRole('link')
      .map((a) => `${a.textContent} -> ${a.getAttribute('href')}`);
    expect(links).toEqual([
      'Members1,234 -> /admin/user',
      'New members today5 -> /admin/Users',
      'Posts56,789 -> /admin/Posts',
      'Posts today42 -> /admin/Posts',
      '4 about members -> /admin/reportuser',
      '9 about posts -> /admin/reportpost',
      'Pending appeals2 -> /admin/appeal',
      'Banned members7 -> /admin/banuser',
      'Hidden posts3 -> /admin/hidepost',
    ]);
    // Open reports: profiles and posts together.
    expect(within(figures).getByText('Open reports').closest('li')!.textContent).toContain('13');
    const actions = within(screen.getByRole('list', { name: 'Latest moderation actions' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(actions[0]).toContain('root banned ben“Spam”');
    expect(actions[1]).toContain('root hid the post “Buy cheap watches”“Spam”');
    expect(await audited()).toEqual([]);
  });

  it('draws the last 12 months of sign-ups and posts as sparklines, each opening its chart page', async () => {
    const t = show('/admin', <DashboardPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchDashboard', output: dashboard() });
    const months = screen.getByRole('list', { name: 'Last 12 months' });
    const cards = within(months).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/admin/Users', '/admin/Posts']);
    // Said in words (the drawing is hidden): the year's total, this month, and the span.
    expect(cards[0].textContent).toBe('Sign-upsLast 12 months71members joined, 5 this monthApr 2024 – Mar 2025 (UTC)');
    expect(cards[1].textContent).toContain('741posts, 42 this month');
    const lines = within(months).getAllByTestId('sparkline');
    expect(lines).toHaveLength(2);
    expect(lines[0].getAttribute('aria-hidden')).toBe('true');
    // Twelve points, the highest month (12) at the top of the box.
    const d = lines[0].querySelectorAll('path')[1].getAttribute('d')!;
    expect(d.split(' ')).toHaveLength(12);
    expect(d.split(' ')[7]).toBe('L151.6,4.0');
    expect(await audited()).toEqual([]);
  });

  it('refreshes on request behind the figures, and says when a refresh failed', async () => {
    const t = show('/admin', <DashboardPage />);
    await t.h.settle({ type: 'xstate.done.actor.fetchDashboard', output: dashboard() });
    await t.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Figures' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.error.actor.fetchDashboard', error: refused('Too many requests', 429) });
    expect(screen.getByText('These figures may be out of date')).toBeTruthy();
    expect(screen.getByText('Too many requests')).toBeTruthy();
    await t.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await t.h.settle({ type: 'xstate.done.actor.fetchDashboard', output: dashboard({ recentActions: [] }) });
    expect(screen.queryByText('These figures may be out of date')).toBeNull();
    expect(screen.getByText(/No moderation actions yet/)).toBeTruthy();
  });

  it("says why it could not load, with the server's message, and tries again", async () => {
    const t = show('/admin', <DashboardPage />);
    await t.h.settle({ type: 'xstate.error.actor.fetchDashboard', error: refused('Only administrators can do that', 403) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the dashboard');
    expect(alert.textContent).toContain('Only administrators can do that');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await t.h.settle({
      type: 'xstate.done.actor.fetchDashboard',
      output: dashboard({ recentActions: [audit('e9', { action: 'appeal.reject', targetType: 'appeal', reason: 'No' })] }),
    });
    expect(screen.getByRole('list', { name: 'Latest moderation actions' }).textContent).toContain("root rejected ben's appeal“No”");
  });
});

describe('admin profile', () => {
  it("shows the admin's account and changes the password: the contract's messages, the server's refusal, then success with a fresh session", async () => {
    const t = show('/admin/profile', <AdminProfilePage />);
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account.textContent).toContain(admin.username);
    expect(account.textContent).toContain(admin.email);
    expect(within(account).getByText('Admin')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Change password' });
    await t.user.type(within(form).getByLabelText('Current password'), 'old-secret-1');
    await t.user.type(within(form).getByLabelText('New password'), 'new-secret-2');
    await t.user.type(within(form).getByLabelText('Confirm password'), 'new-secret-3');
    await t.user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(within(form).getByText('Passwords do not match')).toBeTruthy();

    await t.user.clear(within(form).getByLabelText('Confirm password'));
    await t.user.type(within(form).getByLabelText('Confirm password'), 'new-secret-2');
    await t.user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(within(form).getByRole('button', { name: 'Updating...' })).toBeTruthy();
    expect(t.input('changePassword')).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'new-secret-2',
      confirmPassword: 'new-secret-2',
    });
    await t.h.settle({ type: 'xstate.error.actor.changePassword', error: refused('Current password is incorrect', 400) });
    expect(within(form).getByRole('alert').textContent).toContain('Current password is incorrect');

    await t.user.click(within(form).getByRole('button', { name: 'Update password' }));
    await t.h.settle({
      type: 'xstate.done.actor.changePassword',
      output: { message: 'Password changed successfully', token: 'fresh-token', user: admin },
    });
    expect(within(form).getByRole('status').textContent).toContain('Password changed successfully');
    // The form empties and the session holds the fresh token.
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect((t.app.system.get('session')!.getSnapshot() as { context: { token: string } }).context.token).toBe('fresh-token'),
    );
    expect(await audited()).toEqual([]);
  });
});
