import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { journal } from '../../../src/effects/debug/journal';
import { parseJournal } from '../../../src/effects/debug/journalFile';
import { compareReplay, journalReport, reportRoute } from '../../../src/effects/debug/journalReport';
import { statecharts } from '../../../src/machines';
import { signInMachine } from '../../../src/machines/auth/signIn.machine';
import { SignInForm } from '../../../src/views/auth/forms/SignInForm';
import { AuthLogicProvider } from '../../../src/views/auth/AuthLogic';
import type { AuthLogic } from '../../../src/effects/auth/auth';
import { fakeLogic } from '../fakeLogic';
import { DebugPanel } from '../../../src/views/debug/DebugPanel';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  journal.clear();
});

/** What the browser would save: the blob handed to the download link, and the link's file name. */
function captureDownload() {
  const saved = { text: '', name: '' };
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    void (blob as Blob).text().then((text) => (saved.text = text));
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.name = this.download;
  });
  return saved;
}

describe('Report a problem', () => {
  it('saves the journal with version, route, screen, user agent and time, and no password typed in the sign-in form', async () => {
    const password = 'hunter2-never-leaves';
    window.history.pushState(null, '', '/?debug=1&tab=signin');
    Object.assign(window, { innerWidth: 390, innerHeight: 844, devicePixelRatio: 3 });
    const user = userEvent.setup();
    render(
      <>
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: signInMachine })}>
          <SignInForm />
        </AuthLogicProvider>
        <DebugPanel initiallyOpen />
      </>,
    );
    await user.type(screen.getByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), password);

    const saved = captureDownload();
    const before = Date.now();
    fireEvent.click(within(screen.getByRole('region', { name: 'Event journal' })).getByRole('button', { name: 'Report a problem' }));
    await vi.waitFor(() => expect(saved.text).not.toBe(''));

    expect(saved.text).not.toContain(password);
    expect(saved.text).not.toContain('hunter2');
    const report = parseJournal(saved.text);
    expect(saved.name).toMatch(/^stoa-report-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    expect(report.version).toBe(2);
    expect(report.environment).toEqual({
      // Vitest does not run vite's `define`: the build puts package.json's version here (the e2e test reads it).
      appVersion: 'unknown',
      route: '/?debug=1&tab=signin',
      screen: { width: 390, height: 844, pixelRatio: 3 },
      userAgent: navigator.userAgent,
      reportedAt: expect.any(String),
    });
    expect(Date.parse(report.environment!.reportedAt)).toBeGreaterThanOrEqual(before - 1);
    // The sign-in form's events are in it, each with the state the form reached; the password's keystrokes are redacted.
    const changes = report.entries.filter((e) => e.root === 'signIn' && e.type === 'signIn.change');
    expect(changes.length).toBe('ada'.length + password.length);
    expect(changes.filter((e) => e.event.field === 'password').every((e) => e.event.value === '[redacted]')).toBe(true);
    expect(changes.every((e) => e.state?.status === 'active')).toBe(true);
  });

  it('a form restarted by React (StrictMode reconnecting its effects) still replays to the recorded states', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <AuthLogicProvider logic={fakeLogic<AuthLogic>({ signIn: signInMachine })}>
          <SignInForm />
        </AuthLogicProvider>
      </StrictMode>,
    );
    await user.type(screen.getByLabelText('Email or username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const report = journalReport(journal);
    // @xstate/react stopped the actor and started it again from its snapshot: two starts, one system.
    expect(report.entries.filter((e) => e.root === 'signIn' && e.type === 'xstate.init')).toHaveLength(2);
    const verdict = compareReplay(parseJournal(JSON.stringify(report)), statecharts);
    expect(verdict).toMatchObject({ agrees: true, systems: [{ root: 'signIn', verdict: 'agrees' }] });
    expect(verdict.systems[0].compared).toBe(report.entries.filter((e) => e.root === 'signIn').length - 1);
  });

  it('redacts secret query parameters in the route (a reset link carries its token)', () => {
    expect(reportRoute('/reset-password', '?token=abc123&x=1')).toBe('/reset-password?token=%5Bredacted%5D&x=1');
    expect(reportRoute('/app/social/streams', '')).toBe('/app/social/streams');
    expect(reportRoute('/app/social/search', '?q=state%20charts')).toBe('/app/social/search?q=state%20charts');
  });
});
