import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import axe from 'axe-core';
import { appMachine } from '../../../src/machines/shell/app.machine';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { AppProvider } from '../../../src/views/AppContext';
import AdminSignInPage from '../../../src/views/auth/AdminSignInPage';
import { alice, bannedAlice } from '../../fixtures/auth';

function renderAdminSignIn(signedIn: typeof alice | null) {
  const app = createActor(appMachine, { input: { storedTheme: null, storedToken: null } }).start() as unknown as AppActorRef;
  // As the admin guard leaves it after /admin refused a member: their session kept.
  if (signedIn) app.system.get('session').send({ type: 'session.login', token: 'member-token', user: signedIn });
  const location = memoryLocation({ path: '/admin/signin', record: true });
  const view = render(
    <AppProvider actor={app}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AdminSignInPage />
      </Router>
    </AppProvider>,
  );
  return { app, location, view };
}

describe('the admin sign-in', () => {
  afterEach(() => cleanup());

  it('tells a signed-in member that the area is for administrators and offers the way back to their streams', async () => {
    const { view } = renderAdminSignIn(alice);
    const note = screen.getByRole('note', { name: 'This area is for administrators.' });
    expect(note.textContent).toContain(`You are signed in as ${alice.username}, a member account.`);
    const back = screen.getByRole('link', { name: 'Back to your streams' });
    expect(back.getAttribute('href')).toBe('/app/social/streams');
    // The admin form stays, for an admin who shares the device.
    screen.getByRole('button', { name: 'Sign in' });
    const { violations } = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('sends a banned member back to the checkpoint instead', () => {
    renderAdminSignIn(bannedAlice);
    expect(screen.getByRole('link', { name: 'Back to the checkpoint' }).getAttribute('href')).toBe('/checkpoint');
  });

  it('shows a visitor the form alone', () => {
    renderAdminSignIn(null);
    expect(screen.queryByRole('note')).toBeNull();
    screen.getByRole('heading', { name: 'Admin sign in' });
  });
});
