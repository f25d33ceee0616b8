import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import type { UserSummary } from '../../../src/api/users/follows';
import { serverEvents } from '../../../src/api/socket';
import { peopleLogic } from '../../../src/effects/people/people';
import { createBus } from '../../../src/effects/shell/socket';
import { Toasts } from '../../../src/views/shell/Toasts';
import { PeopleLogicProvider } from '../../../src/views/people/PeopleLogic';
import SettingsPage from '../../../src/views/people/SettingsPage';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { ownProfile } from '../../machines/people/profile/profileFixtures';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

const member = (id: string, username: string, profilePicture = ''): UserSummary => ({
  _id: id,
  username,
  avatarColor: '#1e88e5',
  avatarImage: '',
  profilePicture,
});
const ben = member('u2', 'ben', '/media/image/upload/v1/ben');
const cy = member('u3', 'cy');
const LIST = { users: [ben, cy], count: 2 };
const unblocked = (userId: string) => ({ message: 'Unblocked successfully', userId, blocked: false });

/** The personalization half of the page answers at once; the blocked list is settled by each test. */
const personalizeApi = () =>
  ({
    users: { profile: vi.fn(async () => ({ user: ownProfile({ _id: alice._id, username: alice.username }) })) },
  }) as unknown as ApiClient;

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  // react-aria's live announcer lives outside React (cleanup() leaves it): a pending button's
  // announcement points at the button by id, which a later test's audit would find missing.
  document.querySelectorAll('[data-live-announcer] [role="log"]').forEach((log) => log.replaceChildren());
});

function renderSettings() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(['fetchBlocked', 'unblockMember']);
  restore = h.restore;
  const bus = createBus();
  const base = peopleLogic(app, { api: personalizeApi(), bus });
  // The real machine and its real bus subscription; only the two HTTP calls are held by the test.
  const logic = { ...base, blockedMembers: base.blockedMembers.provide({ actors: h.actors as never }) };
  const { ui } = withApp(
    app,
    `/setting/${alice.username}`,
    <PeopleLogicProvider logic={logic}>
      {/* The member layout's landmark. */}
      <main>
        <SettingsPage username={alice.username} />
      </main>
      <Toasts />
    </PeopleLogicProvider>,
  );
  render(ui);
  return { h, bus, user: userEvent.setup({ delay: null }) };
}

async function loaded(list = LIST) {
  const t = renderSettings();
  await t.h.settle({ type: 'xstate.done.actor.fetchBlocked', output: list });
  return t;
}

const section = () => screen.getByRole('region', { name: 'Blocked members' });
/** Each row as its visible name and its button's accessible name. */
const rows = () =>
  within(within(section()).getByRole('list', { name: 'Blocked members' }))
    .getAllByRole('listitem')
    .map(
      (li) =>
        `${li.querySelector('[aria-hidden="true"] ~ span')?.textContent}: ${within(li).getByRole('button').getAttribute('aria-label')}`,
    );
const toasts = () =>
  within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('blocked members on the settings page', () => {
  it('shows a skeleton while loading, then the members the viewer blocked', async () => {
    const t = renderSettings();
    expect(within(section()).getByRole('status', { name: 'Loading blocked members' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchBlocked', output: LIST });
    expect(within(section()).queryByRole('status', { name: 'Loading blocked members' })).toBeNull();
    expect(rows()).toEqual(['ben: Unblock ben', 'cy: Unblock cy']);
    // The picture when there is one, else the letter; the name is plain text (their profile is hidden).
    expect(section().querySelector('img')?.getAttribute('src')).toBe('/media/image/upload/v1/ben');
    expect(within(section()).queryByRole('link')).toBeNull();
    expect(within(section()).getByRole('button', { name: 'Unblock cy' })).toBeTruthy();
  });

  it('says so when nobody is blocked', async () => {
    await loaded({ users: [], count: 0 });
    expect(within(section()).getByText('You have not blocked anyone')).toBeTruthy();
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('unblocks from the keyboard: the row waits, leaves on success with the server message, focus stays in the section', async () => {
    const t = await loaded();
    const button = within(section()).getByRole('button', { name: 'Unblock ben' });
    act(() => button.focus());
    await t.user.keyboard('{Enter}');
    const waiting = within(section()).getByRole('button', { name: 'Unblocking ben' });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    expect(waiting.textContent).toBe('Unblocking...');
    // Pending, not disabled: the focus stays on it.
    expect(document.activeElement).toBe(waiting);
    // Another row can be unblocked meanwhile; pressing the waiting one again sends nothing.
    expect(within(section()).getByRole('button', { name: 'Unblock cy' }).getAttribute('aria-disabled')).toBeNull();
    await t.user.keyboard('{Enter}');

    await t.h.settle({ type: 'xstate.done.actor.unblock.u2', output: unblocked('u2') });
    expect(rows()).toEqual(['cy: Unblock cy']);
    expect(toasts()).toEqual([expect.stringContaining('Unblocked successfully')]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blocked members' }));
    // The second Enter started no second request.
    await expect(t.h.settle({ type: 'xstate.done.actor.unblock.u2', output: unblocked('u2') })).rejects.toThrow('no pending actor');
  });

  it('keeps the row and toasts the server message when an unblock is refused, or a clear fallback', async () => {
    const t = await loaded();
    await t.user.click(within(section()).getByRole('button', { name: 'Unblock ben' }));
    await t.user.click(within(section()).getByRole('button', { name: 'Unblock cy' }));
    expect(within(section()).getByRole('button', { name: 'Unblocking cy' })).toBeTruthy();

    await t.h.settle({ type: 'xstate.error.actor.unblock.u2', error: refused('Too many requests', 429) });
    await t.h.settle({ type: 'xstate.error.actor.unblock.u3', error: {} });
    expect(rows()).toEqual(['ben: Unblock ben', 'cy: Unblock cy']);
    expect(toasts()).toEqual([
      expect.stringContaining('Too many requests'),
      expect.stringContaining('Could not unblock cy. Please try again.'),
    ]);
    expect(within(section()).getByRole('button', { name: 'Unblock ben' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows the server message with Try again when the list fails to load, and loads again', async () => {
    const t = renderSettings();
    await t.h.settle({ type: 'xstate.error.actor.fetchBlocked', error: refused('Too many requests', 429) });
    const failed = within(section()).getByRole('alert');
    expect(failed.textContent).toContain('Could not load the members you blocked');
    expect(failed.textContent).toContain('Too many requests');
    await t.user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(within(section()).getByRole('status', { name: 'Loading blocked members' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchBlocked', output: LIST });
    expect(rows()).toEqual(['ben: Unblock ben', 'cy: Unblock cy']);
  });

  it('drops a row the member unblocked in another tab, moving the focus only if the row had it', async () => {
    const t = await loaded();
    act(() => t.bus.publish({ event: serverEvents.relationChanged, payload: { userId: 'u3', blocked: false } }));
    expect(rows()).toEqual(['ben: Unblock ben']);
    // A background change does not move the focus; only a row leaving with it does.
    expect(document.activeElement).toBe(document.body);
    const ben = within(section()).getByRole('button', { name: 'Unblock ben' });
    act(() => ben.focus());
    act(() => t.bus.publish({ event: serverEvents.relationChanged, payload: { userId: 'u2', blocked: false } }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Blocked members' }));
  });

  it('keeps the personalization next to it', async () => {
    await loaded();
    await screen.findByRole('group', { name: 'Interests' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
  });

  it('has no axe violations with the list shown', async () => {
    await loaded();
    await screen.findByRole('group', { name: 'Interests' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });

  it('has no axe violations while loading, failed or empty', async () => {
    const t = renderSettings();
    const audit = async () =>
      (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(await audit()).toEqual([]);
    await t.h.settle({ type: 'xstate.error.actor.fetchBlocked', error: refused('Too many requests', 429) });
    expect(await audit()).toEqual([]);
    await t.user.click(within(within(section()).getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await t.h.settle({ type: 'xstate.done.actor.fetchBlocked', output: { users: [], count: 0 } });
    await waitFor(() => expect(within(section()).getByText('You have not blocked anyone')).toBeTruthy());
    expect(await audit()).toEqual([]);
  });
});
