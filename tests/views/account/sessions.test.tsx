import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accountSessionsLogic } from '../../../src/effects/account/sessions';
import { SessionsLogicProvider } from '../../../src/views/account/sessions/SessionsLogic';
import { SessionsSection } from '../../../src/views/account/sessions/SessionsSection';
import { Toasts } from '../../../src/views/shell/Toasts';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { LIST } from '../../machines/account/sessions.model';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  document.querySelectorAll('[data-live-announcer] [role="log"]').forEach((log) => log.replaceChildren());
});

function renderSection() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(['fetchSessions', 'endSession', 'endOtherSessions']);
  restore = h.restore;
  // The real machine with the app's toasts; only the three HTTP calls are held by the test.
  const base = accountSessionsLogic(app);
  const logic = { sessions: base.sessions.provide({ actors: h.actors as never }) };
  const { ui } = withApp(
    app,
    `/setting/${alice.username}`,
    <SessionsLogicProvider logic={logic}>
      <main>
        <SessionsSection />
      </main>
      <Toasts />
    </SessionsLogicProvider>,
  );
  render(ui);
  return { h, user: userEvent.setup({ delay: null }) };
}

async function loaded() {
  const t = renderSection();
  await t.h.settle({ type: 'xstate.done.actor.fetchSessions', output: LIST });
  return t;
}

const section = () => screen.getByRole('region', { name: 'Where you are signed in' });
/** Each row as its device line and its button's name ('-' for the current one, which has none). */
const rows = () =>
  within(within(section()).getByRole('list', { name: 'Where you are signed in' }))
    .getAllByRole('listitem')
    .map((li) => `${li.querySelector('p')?.textContent}: ${within(li).queryByRole('button')?.getAttribute('aria-label') ?? '-'}`);
const toasts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
const audit = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.html).join()}`,
  );

describe('where you are signed in (settings)', () => {
  it('shows a skeleton, then every session with its device, the current one marked and not endable', async () => {
    const t = renderSection();
    expect(within(section()).getByRole('status', { name: 'Loading where you are signed in' })).toBeTruthy();
    expect(await audit()).toEqual([]);
    await t.h.settle({ type: 'xstate.done.actor.fetchSessions', output: LIST });
    expect(rows()).toEqual([
      'Chrome on LinuxThis device: -',
      'Safari on iOS: Sign out Safari on iOS',
      'Firefox on Windows: Sign out Firefox on Windows',
    ]);
    const [current, phone] = within(section()).getAllByRole('listitem');
    expect(current!.textContent).toContain('Active now');
    expect(phone!.textContent).toContain('Last active');
    expect(phone!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-29T09:00:00.000Z');
    expect(within(section()).getByRole('button', { name: 'Sign out all other sessions' })).toBeTruthy();
    expect(await audit()).toEqual([]);
  });

  it('signs out one session from the keyboard: it waits, the others wait, then it leaves with the server message', async () => {
    const t = await loaded();
    const button = within(section()).getByRole('button', { name: 'Sign out Safari on iOS' });
    act(() => button.focus());
    await t.user.keyboard('{Enter}');
    const waiting = within(section()).getByRole('button', { name: 'Signing out Safari on iOS' });
    expect(waiting.textContent).toBe('Signing out...');
    expect(document.activeElement).toBe(waiting);
    expect(within(section()).getByRole('button', { name: 'Sign out Firefox on Windows' }).hasAttribute('disabled')).toBe(true);
    expect(within(section()).getByRole('button', { name: 'Sign out all other sessions' }).hasAttribute('disabled')).toBe(true);
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    // Pressed again while it runs: nothing more is sent.
    await t.user.keyboard('{Enter}');
    await t.h.settle({ type: 'xstate.done.actor.endSession', output: { message: 'Session ended', sessionId: 's2' } });
    expect(rows()).toEqual(['Chrome on LinuxThis device: -', 'Firefox on Windows: Sign out Firefox on Windows']);
    expect(toasts()).toEqual([expect.stringContaining('Session ended')]);
    // The row left with the focus: the heading has it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where you are signed in' }));
    await expect(t.h.settle({ type: 'xstate.done.actor.endSession', output: {} })).rejects.toThrow('no pending actor');
  });

  it('keeps the row and says why when ending is refused; drops it when the session was already gone', async () => {
    const t = await loaded();
    await t.user.click(within(section()).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await t.h.settle({ type: 'xstate.error.actor.endSession', error: refused('Too many requests', 429) });
    expect(rows()).toHaveLength(3);
    await t.user.click(within(section()).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    await t.h.settle({ type: 'xstate.error.actor.endSession', error: refused('Session not found', 404) });
    expect(rows()).toEqual(['Chrome on LinuxThis device: -', 'Safari on iOS: Sign out Safari on iOS']);
    expect(toasts()).toEqual([expect.stringContaining('Too many requests'), expect.stringContaining('Session not found')]);
  });

  it('signs out every other session at once, then says there is none left', async () => {
    const t = await loaded();
    await t.user.click(within(section()).getByRole('button', { name: 'Sign out all other sessions' }));
    expect(within(section()).getByRole('button', { name: 'Signing out...' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.endOtherSessions', output: { message: 'Signed out of 2 other sessions', ended: 2 } });
    expect(rows()).toEqual(['Chrome on LinuxThis device: -']);
    expect(within(section()).getByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(within(section()).queryByRole('button')).toBeNull();
    expect(toasts()).toEqual([expect.stringContaining('Signed out of 2 other sessions')]);
    expect(await audit()).toEqual([]);
  });

  it('shows the server message with Try again when the list fails, and loads again', async () => {
    const t = renderSection();
    await t.h.settle({ type: 'xstate.error.actor.fetchSessions', error: refused('Too many requests', 429) });
    const failed = within(section()).getByRole('alert');
    expect(failed.textContent).toContain('Could not load where you are signed in');
    expect(failed.textContent).toContain('Too many requests');
    expect(await audit()).toEqual([]);
    await t.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await t.h.settle({ type: 'xstate.done.actor.fetchSessions', output: LIST });
    expect(rows()).toHaveLength(3);
  });
});
