import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { appMachine } from '../../../src/machines/shell/app.machine';
import type { AppActorRef } from '../../../src/effects/shell/app';
import { AppProvider } from '../../../src/views/AppContext';
import AuthPage from '../../../src/views/auth/AuthPage';

function renderAuthPage(storedToken: string | null) {
  const app = createActor(appMachine, { input: { storedTheme: null, storedToken } }).start() as unknown as AppActorRef;
  const location = memoryLocation({ path: '/', record: true });
  render(
    <AppProvider actor={app}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AuthPage />
      </Router>
    </AppProvider>,
  );
  return { app, location };
}

describe('the auth page at /', () => {
  afterEach(() => cleanup());

  it('greets with the brand and the tagline, and switches between Sign in and Sign up', async () => {
    renderAuthPage(null);
    const user = userEvent.setup({ delay: null });
    screen.getByRole('heading', { name: 'Welcome to Stoa' });
    expect(screen.getByRole('tab', { name: 'Sign in' }).getAttribute('aria-selected')).toBe('true');
    screen.getByLabelText('Email or username');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    screen.getByLabelText('Username');
    screen.getByText('Password must be at least 8 characters');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    screen.getByLabelText('Email or username');
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    screen.getByRole('button', { name: 'Create account' });
  });

  it('sends a visitor who arrives with a stored token on to the streams', () => {
    const { location } = renderAuthPage('stored');
    expect(location.history.at(-1)).toBe('/app/social/streams');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
