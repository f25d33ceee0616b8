import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { AdminLayout } from '../../../src/views/layouts/AdminLayout';
import { OwnProfile } from '../../../src/views/people/profile/OwnProfile';
import { alice, auth } from '../../fixtures/auth';
import NotFoundPage from '../../../src/views/shell/NotFoundPage';
import { startTestApp, withApp } from '../appHarness';

function renderAt(path: string, node: React.ReactNode) {
  const { app } = startTestApp();
  const { ui, location } = withApp(app, path, node);
  render(ui);
  return { app, location };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('NotFoundPage', () => {
  it('says Oops! and Error 404: Page Not Found', () => {
    renderAt('/nowhere', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops!');
    expect(screen.getByText('Error 404: Page Not Found')).toBeTruthy();
  });

  it('Back Home goes back one page when there is history', () => {
    window.history.pushState({}, '', '/somewhere');
    expect(window.history.length).toBeGreaterThan(1);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { location } = renderAt('/nowhere', <NotFoundPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Back Home' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(location.history).toEqual(['/nowhere']);
  });

  it('Back Home goes to / when there is no history', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { location } = renderAt(
      '/app/social/nowhere',
      <Route path="/app/social" nest>
        <NotFoundPage />
      </Route>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back Home' }));
    expect(back).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/');
  });
});

describe('/app/social/profile', () => {
  it("opens the member's own profile (the Profile link's url), not a placeholder", () => {
    const { app } = startTestApp();
    app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
    const { ui, location } = withApp(
      app,
      '/app/social/profile',
      <Route path="/app/social" nest>
        <Route path="/profile" component={OwnProfile} />
      </Route>,
    );
    render(ui);
    expect(location.history.at(-1)).toBe(`/app/social/profile/alice?id=${alice._id}&uId=${alice.authId}`);
  });
});

describe('AdminLayout', () => {
  it('links every admin section, marks the current one and signs out to /admin/signin', () => {
    const { app, location } = renderAt(
      '/admin/Users',
      <Route path="/admin" nest>
        <AdminLayout>
          <p>admin body</p>
        </AdminLayout>
      </Route>,
    );
    const [nav] = screen.getAllByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/user',
      '/admin/reportuser',
      '/admin/banuser',
      '/admin/appeal',
      '/admin/reportpost',
      '/admin/hidepost',
      '/admin/audit',
      '/admin/deletions',
      '/admin/Posts',
      '/admin/Users',
      '/admin/profile',
    ]);
    expect(links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent)).toEqual(['Users chart']);
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(location.history.at(-1)).toBe('/admin/signin');
    void app;
  });
});
