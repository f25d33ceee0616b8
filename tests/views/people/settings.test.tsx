import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTEREST_TOPICS } from '../../../src/api/constants';
import type { ApiClient } from '../../../src/api/client';
import type { NotificationSettings, PersonalizeBody } from '../../../src/api/users';
import { peopleLogic } from '../../../src/effects/people/people';
import { createBus } from '../../../src/effects/shell/socket';
import { Toasts } from '../../../src/views/shell/Toasts';
import { PeopleLogicProvider } from '../../../src/views/people/PeopleLogic';
import SettingsPage from '../../../src/views/people/SettingsPage';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { ownProfile } from '../../machines/people/profile/profileFixtures';
import { startTestApp, withApp } from '../appHarness';

function fakeApi() {
  let settings = { allowPersonalize: true, interests: ['music'] as string[] };
  let notifications: NotificationSettings = { messages: true, follows: false, reactions: true, comments: true };
  const api = {
    users: {
      profile: vi.fn(async () => ({
        user: ownProfile({ _id: 'u1', username: 'alice', personalizeSettings: settings as never, notifications }),
      })),
      personalize: vi.fn(async (body: PersonalizeBody) => {
        settings = { ...settings, ...body } as typeof settings;
        return { message: 'Personalization settings updated', personalizeSettings: settings };
      }),
      clearInterests: vi.fn(async () => {
        settings = { ...settings, interests: [] };
        return { message: 'Interests cleared', personalizeSettings: settings };
      }),
      clearBehavior: vi.fn(async () => ({ message: 'Recorded behaviour cleared', cleared: 4 })),
      settings: vi.fn(async (body: Partial<NotificationSettings>) => {
        notifications = { ...notifications, ...body };
        return { message: 'Notification settings updated', user: ownProfile({ _id: 'u1', username: 'alice', notifications }) };
      }),
    },
    // The page's Blocked members section (its own tests: blockedMembers.test.tsx).
    follows: { blocked: vi.fn(async () => ({ users: [], count: 0 })) },
  };
  return api as typeof api & ApiClient;
}

function renderSettings(username = 'alice', api = fakeApi()) {
  const { app } = startTestAppSignedIn();
  const { ui } = withApp(
    app,
    `/setting/${username}`,
    <PeopleLogicProvider logic={peopleLogic(app, { api, bus: createBus() })}>
      <SettingsPage username={username} />
      <Toasts />
    </PeopleLogicProvider>,
  );
  render(ui);
  const session = () => (app.system.get('session')!.getSnapshot() as { context: { profile: typeof alice } }).context.profile;
  return { api, user: userEvent.setup({ delay: null }), session, app };
}

function startTestAppSignedIn() {
  const started = startTestApp();
  started.app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  return started;
}

const topic = (name: string) => screen.getByRole('button', { name });
const pressed = (name: string) => topic(name).getAttribute('aria-pressed');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('settings page', () => {
  it('offers "Match system theme", off by default; on follows the system, off keeps the theme shown', async () => {
    const { user, app } = renderSettings();
    const theme = () => app.system.get('theme')!.getSnapshot() as { value: string; context: { theme: string; matchSystem: boolean } };
    const matchSystem = (await screen.findByRole('switch', { name: 'Match system theme' })) as HTMLInputElement;
    expect(matchSystem.checked).toBe(false);
    expect(theme().context).toEqual({ theme: 'light', matchSystem: false });
    await user.click(matchSystem);
    expect(matchSystem.checked).toBe(true);
    expect(theme()).toMatchObject({ value: 'system', context: { matchSystem: true } });
    app.system.get('theme')!.send({ type: 'theme.systemChanged', theme: 'dark' });
    await user.click(matchSystem);
    expect(matchSystem.checked).toBe(false);
    expect(theme()).toMatchObject({ value: 'fixed', context: { theme: 'dark', matchSystem: false } });
  });

  it('shows the switch and the 22 interest topics, the chosen ones pressed', async () => {
    renderSettings();
    const interests = await screen.findByRole('group', { name: 'Interests' });
    expect(within(interests).getAllByRole('button')).toHaveLength(INTEREST_TOPICS.length);
    expect(pressed('music')).toBe('true');
    expect(pressed('art')).toBe('false');
    expect(within(interests).getByRole('button', { name: 'DIY' })).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Allow personalization' }) as HTMLInputElement).checked).toBe(true);
  });

  it('saves a topic at once and rolls it back with the server message when refused', async () => {
    const { api, user } = renderSettings();
    await screen.findByRole('group', { name: 'Interests' });
    await user.click(topic('art'));
    await waitFor(() => expect(api.users.personalize).toHaveBeenCalledWith({ allowPersonalize: true, interests: ['music', 'art'] }));
    await waitFor(() => expect(topic('art').hasAttribute('disabled')).toBe(false));
    expect(pressed('art')).toBe('true');

    api.users.personalize.mockRejectedValueOnce(refused('Too many requests, please try again later', 429));
    await user.click(topic('books'));
    await waitFor(() => expect(screen.getByText('Too many requests, please try again later')).toBeTruthy());
    expect(pressed('books')).toBe('false');
    expect(pressed('art')).toBe('true');
  });

  it('turns personalization off for the session too', async () => {
    const { api, user, session } = renderSettings();
    await user.click(await screen.findByRole('switch', { name: 'Allow personalization' }));
    await waitFor(() => expect(session().personalizeSettings.allowPersonalize).toBe(false));
    expect(api.users.personalize).toHaveBeenCalledWith({ allowPersonalize: false, interests: ['music'] });
  });

  it('clears the interests and the recorded behaviour, saying so', async () => {
    const { api, user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Clear interests' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Interests cleared'));
    expect(pressed('music')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Clear recorded behaviour' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Recorded behaviour cleared'));
    expect(api.users.clearBehavior).toHaveBeenCalledTimes(1);
  });

  it("has the notification settings too, in the spec's words, each saved as it is switched and put back when refused", async () => {
    const { api, user } = renderSettings();
    const section = await screen.findByRole('region', { name: 'Notification settings' });
    const follows = await within(section).findByRole('switch', { name: 'Follows' });
    // Exactly the spec's table (section 3), in its order.
    const rows = within(section)
      .getAllByRole('listitem')
      .map((row) => Array.from(row.querySelectorAll('p'), (p) => p.textContent));
    expect(rows).toEqual([
      ['Direct Messages', 'New direct messages notifications.'],
      ['Follows', 'New followers notifications.'],
      ['Post Reactions', 'New reactions for your posts notifications.'],
      ['Comments', 'New comments for your posts notifications.'],
    ]);
    expect((follows as HTMLInputElement).checked).toBe(false);
    expect((within(section).getByRole('switch', { name: 'Direct Messages' }) as HTMLInputElement).checked).toBe(true);
    await user.click(follows);
    await waitFor(() => expect(api.users.settings).toHaveBeenCalledWith({ follows: true }));
    await waitFor(() => expect((follows as HTMLInputElement).disabled).toBe(false));
    expect((follows as HTMLInputElement).checked).toBe(true);

    api.users.settings.mockRejectedValueOnce(refused('Too many requests, please try again later', 429));
    const comments = within(section).getByRole('switch', { name: 'Comments' }) as HTMLInputElement;
    await user.click(comments);
    await waitFor(() => expect(screen.getByText('Too many requests, please try again later')).toBeTruthy());
    await waitFor(() => expect(comments.disabled).toBe(false));
    expect(comments.checked).toBe(true);
  });

  it("refuses another member's settings without asking the server", async () => {
    const { api } = renderSettings('ben');
    expect(screen.getByRole('heading', { name: 'Not your settings' })).toBeTruthy();
    expect(api.users.profile).not.toHaveBeenCalled();
  });

  it('shows a failed load and tries again', async () => {
    const api = fakeApi();
    api.users.profile.mockRejectedValueOnce(refused('Too many requests', 429));
    const { user } = renderSettings('alice', api);
    const failed = (await screen.findByText('Could not load your settings')).closest('[role="alert"]') as HTMLElement;
    expect(failed.textContent).toContain('Too many requests');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('group', { name: 'Interests' });
  });
});
