/**
 * People and profiles against `npm start`: the people page (live presence, search), following
 * from a profile with counts on both sides, the owner's basic info, notification settings and
 * password change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD, signUpMember, type Member } from './support/members';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const count = (page: Page, label: 'posts' | 'followers' | 'following') => page.getByTestId(`count-${label}`).locator('dd').innerText();
const profileUrl = (m: Member) => `/app/social/profile/${m.username}?id=${m.id}`;

describe('people and profiles', () => {
  let amy: Member;
  let bob: Member;

  beforeAll(async () => {
    amy = await signUpMember(browser, app, 'amy');
    bob = await signUpMember(browser, app, 'bob');
  });

  it('shows a member coming online live on the people page', async () => {
    // Bob leaves the app: his socket closes.
    await bob.page.goto('about:blank');
    await amy.page.goto('/app/social/people');
    const members = amy.page.getByRole('list', { name: 'Members' });
    await expect.poll(() => members.getByRole('img', { name: 'bob is offline' }).count(), { timeout: 15_000 }).toBe(1);
    await bob.page.goto('/app/social/streams');
    await expect.poll(() => members.getByRole('img', { name: 'bob is online' }).count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(amy.page, 'people page');
    await screenshot(amy.page, 'people-1280-light');

    // Search runs from one character.
    await amy.page.getByRole('searchbox', { name: 'Search people' }).fill('b');
    await expect.poll(() => amy.page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'bob' }).count()).toBe(1);
    await amy.page.getByRole('searchbox', { name: 'Search people' }).fill('');
    await expect.poll(() => members.count()).toBe(1);
  });

  it('follows from the profile and both profiles count it', async () => {
    await amy.page.getByRole('list', { name: 'Members' }).getByRole('link', { name: 'bob' }).click();
    await amy.page.waitForURL(`**${profileUrl(bob)}`);
    await expect.poll(() => count(amy.page, 'followers')).toBe('0');
    await amy.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => count(amy.page, 'followers')).toBe('1');
    await expect.poll(() => amy.page.getByRole('button', { name: 'Unfollow', exact: true }).isEnabled()).toBe(true);
    await auditAccessibility(amy.page, 'another member profile');
    await screenshot(amy.page, 'profile-other-1280-light');
    await amy.page.reload();
    await expect.poll(() => count(amy.page, 'followers')).toBe('1');

    await amy.page.getByRole('tab', { name: 'Followers' }).click();
    await expect.poll(() => amy.page.getByRole('list', { name: 'Followers' }).getByRole('link', { name: 'amy' }).count()).toBe(1);
    // Owner-only tabs are not there on someone else's profile.
    await expect.poll(() => amy.page.getByRole('tab', { name: 'Change Password' }).count()).toBe(0);

    await bob.page.goto(profileUrl(bob));
    await expect.poll(() => count(bob.page, 'followers')).toBe('1');
    await amy.page.goto(profileUrl(amy));
    await expect.poll(() => count(amy.page, 'following')).toBe('1');
  });

  it('keeps the basic info the owner edits', async () => {
    await amy.page.goto(profileUrl(amy));
    await amy.page.getByRole('button', { name: 'Edit basic info' }).click();
    const form = amy.page.getByRole('form', { name: 'Basic info' });
    await form.getByLabel('Work').fill('Lighthouse keeper');
    await form.getByLabel('Location').fill('Lisbon');
    await form.getByRole('button', { name: 'Save' }).click();
    const info = amy.page.getByRole('region', { name: 'Basic info' });
    await expect.poll(() => info.innerText()).toContain('Lighthouse keeper');
    await amy.page.reload();
    await expect.poll(() => amy.page.getByRole('region', { name: 'Basic info' }).innerText()).toContain('Lisbon');
  });

  it('keeps a notification preference after a reload', async () => {
    await amy.page.getByRole('tab', { name: 'Notifications' }).click();
    const follows = amy.page.getByRole('switch', { name: 'Follows' });
    await expect.poll(() => amy.page.getByText('New followers notifications.').count()).toBe(1);
    const before = await follows.isChecked();
    await follows.locator('xpath=ancestor::label').click();
    await expect.poll(() => follows.isChecked()).toBe(!before);
    await expect.poll(() => follows.isEnabled()).toBe(true);
    await auditAccessibility(amy.page, 'own profile, notifications');
    await screenshot(amy.page, 'profile-notifications-1280-light');
    await amy.page.reload();
    await amy.page.getByRole('tab', { name: 'Notifications' }).click();
    await expect.poll(() => amy.page.getByRole('switch', { name: 'Follows' }).isChecked()).toBe(!before);
  });

  it('keeps interests chosen on the settings page', async () => {
    await bob.page.goto(profileUrl(bob));
    await bob.page.getByRole('link', { name: 'Settings' }).click();
    await bob.page.waitForURL('**/app/social/setting/bob');
    const music = bob.page.getByRole('button', { name: 'music' });
    await expect.poll(() => bob.page.getByRole('group', { name: 'Interests' }).getByRole('button').count()).toBe(22);
    await music.click();
    await expect.poll(() => music.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => music.isEnabled()).toBe(true);
    await auditAccessibility(bob.page, 'settings page');
    await screenshot(bob.page, 'settings-1280-light');
    await bob.page.reload();
    await expect.poll(() => bob.page.getByRole('button', { name: 'music' }).getAttribute('aria-pressed')).toBe('true');
    await bob.page.getByRole('button', { name: 'Clear interests' }).click();
    await expect.poll(() => bob.page.getByRole('button', { name: 'music' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('changes the password and signs in with the new one', async () => {
    const newPassword = 'a-brand-new-passphrase';
    await amy.page.getByRole('tab', { name: 'Change Password' }).click();
    const form = amy.page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill(MEMBER_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Update password' }).click();
    await expect.poll(() => form.getByRole('status').count(), { timeout: 15_000 }).toBe(1);
    expect(await form.getByRole('alert').count()).toBe(0);
    // The fresh token replaced the stored one: this tab stays signed in.
    await amy.page.reload();
    await expect.poll(() => count(amy.page, 'following')).toBe('1');

    const context = await browser.newContext({ baseURL: app.url });
    const page = await context.newPage();
    await page.goto('/');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email or username').fill('amy');
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/social/streams');
    await context.close();
  });
});
