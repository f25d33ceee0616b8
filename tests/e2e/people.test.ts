/**
 * People and profiles against `npm start`: the people page (live presence, search), following
 * from a profile with counts on both sides, the owner's basic info, notification settings,
 * profile picture, social links and password change, reporting a profile, and unblocking from
 * the settings page a member blocked from their profile.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openContext } from './support/browser';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD, signUpMember, type Member } from './support/members';

useAppAndBrowser();

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
    // And going: the page watches whom it shows, both ways.
    await bob.page.goto('about:blank');
    await expect.poll(() => members.getByRole('img', { name: 'bob is offline' }).count(), { timeout: 15_000 }).toBe(1);
    await bob.page.goto('/app/social/streams');
    await expect.poll(() => members.getByRole('img', { name: 'bob is online' }).count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(amy.page, 'people page');
    await screenshot(amy.page, 'people-1280-light');

    // Search runs from one character.
    await amy.page.getByRole('searchbox', { name: 'Search people' }).fill('b');
    await expect
      .poll(() => amy.page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'bob', exact: true }).count())
      .toBe(1);
    await amy.page.getByRole('searchbox', { name: 'Search people' }).fill('');
    await expect.poll(() => members.count()).toBe(1);
  });

  it('follows from the people page and both profiles count it; the profile unfollows and follows again', async () => {
    const members = amy.page.getByRole('list', { name: 'Members' });
    await members.getByRole('button', { name: 'Follow bob' }).click();
    await expect.poll(() => members.getByRole('button', { name: 'Unfollow bob' }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await members.getByRole('link', { name: 'bob', exact: true }).click();
    await amy.page.waitForURL(`**${profileUrl(bob)}`);
    await expect.poll(() => count(amy.page, 'followers')).toBe('1');
    await amy.page.getByRole('button', { name: 'Unfollow', exact: true }).click();
    await expect.poll(() => count(amy.page, 'followers')).toBe('0');
    await amy.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect.poll(() => count(amy.page, 'followers')).toBe('1');
    await expect.poll(() => amy.page.getByRole('button', { name: 'Unfollow', exact: true }).isEnabled()).toBe(true);
    await auditAccessibility(amy.page, 'another member profile');
    await screenshot(amy.page, 'profile-other-1280-light');
    await amy.page.reload();
    await expect.poll(() => count(amy.page, 'followers')).toBe('1');

    await amy.page.getByRole('tab', { name: 'Followers' }).click();
    await expect
      .poll(() => amy.page.getByRole('list', { name: 'Followers' }).getByRole('link', { name: 'amy', exact: true }).count())
      .toBe(1);
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

  it('uploads a profile picture and keeps it after a reload', async () => {
    await amy.page.goto(profileUrl(amy));
    const picture = amy.page.getByRole('button', { name: 'Change profile picture' });
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    await picture
      .locator('xpath=following-sibling::input[@type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const dialog = amy.page.getByRole('dialog', { name: 'New profile picture' });
    await expect.poll(() => dialog.getByRole('img', { name: 'Preview of your profile picture' }).count()).toBe(1);
    await auditAccessibility(amy.page, 'profile picture preview');
    await screenshot(amy.page, 'profile-picture-preview-1280-light');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    const bannerPicture = () =>
      amy.page.getByRole('region', { name: 'Profile' }).locator('img[src*="/media/image/upload/"]').first().getAttribute('src');
    await expect.poll(bannerPicture).toMatch(/^\/media\/image\/upload\/v\d+\//);
    const src = await bannerPicture();
    await amy.page.reload();
    await expect.poll(bannerPicture).toBe(src);
    // The picture is served (re-encoded by the server), not only referenced.
    const served = await amy.page.request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);
  });

  it('edits social links and a visitor sees them after a reload', async () => {
    await amy.page.getByRole('button', { name: 'Edit social links' }).click();
    const form = amy.page.getByRole('form', { name: 'Social links' });
    await form.getByLabel('YouTube').fill('youtube.com/@amy');
    await form.getByRole('button', { name: 'Save links' }).click();
    await expect.poll(() => form.getByText('YouTube link must be an http(s) URL').count()).toBe(1);
    await form.getByLabel('YouTube').fill('https://youtube.com/@amy');
    await form.getByRole('button', { name: 'Save links' }).click();
    await expect.poll(() => amy.page.getByRole('link', { name: /YouTube/ }).getAttribute('href')).toBe('https://youtube.com/@amy');
    await amy.page.reload();
    await expect.poll(() => amy.page.getByRole('link', { name: /YouTube/ }).count()).toBe(1);

    await bob.page.goto(profileUrl(amy));
    await expect.poll(() => bob.page.getByRole('link', { name: /YouTube/ }).getAttribute('href')).toBe('https://youtube.com/@amy');
    expect(await bob.page.getByRole('button', { name: 'Edit social links' }).count()).toBe(0);
  });

  it("reports a profile with the post's dialog and reasons: a reason is chosen, a second report is refused", async () => {
    await bob.page.goto(profileUrl(amy));
    const openReport = async () => {
      await bob.page.getByRole('button', { name: 'More options for amy' }).click();
      await bob.page.getByRole('menuitem', { name: 'Report amy' }).click();
      return bob.page.getByRole('dialog', { name: 'Report amy' });
    };
    let dialog = await openReport();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByText('Choose a reason').count()).toBe(1);
    await dialog.getByText('Spam', { exact: true }).click();
    await dialog.getByLabel('Details (optional)').fill('The same advert every hour');
    await auditAccessibility(bob.page, 'report dialog');
    await screenshot(bob.page, 'profile-report-1280-light');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => bob.page.getByText('Thank you. Your report about amy was sent to the moderators.').count()).toBe(1);

    dialog = await openReport();
    await dialog.getByText('Pretending to be someone else', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('You have already reported this member');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('lays the profile out on a phone, in light and dark', async () => {
    const cyrus = await signUpMember(browser, app, 'cyrus', 375);
    await cyrus.page.goto(profileUrl(amy));
    await expect.poll(() => cyrus.page.getByRole('link', { name: /YouTube/ }).count()).toBe(1);
    const width = await cyrus.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await auditAccessibility(cyrus.page, 'another member profile, phone');
    await screenshot(cyrus.page, 'profile-other-375-light');
    await cyrus.page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => cyrus.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await cyrus.page.getByRole('button', { name: 'More options for amy' }).click();
    await cyrus.page.getByRole('menuitem', { name: 'Report amy' }).click();
    await expect.poll(() => cyrus.page.getByRole('dialog', { name: 'Report amy' }).count()).toBe(1);
    await auditAccessibility(cyrus.page, 'report dialog, phone, dark');
    await screenshot(cyrus.page, 'profile-report-375-dark');
    await cyrus.page.context().close();
  });

  it('changes the password and signs in with the new one', async () => {
    await amy.page.goto(profileUrl(amy));
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

    const context = await openContext(browser, app.url);
    const page = await context.newPage();
    await page.goto('/');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email or username').fill('amy');
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/app/social/streams');
    await context.close();
  });

  it('unblocks from the settings page a member blocked from their profile', async () => {
    // A phone in the dark theme: the list is also checked at 375 px and in dark.
    const dora = await signUpMember(browser, app, 'dora', 375);
    const evan = await signUpMember(browser, app, 'evan');
    await dora.page.goto(profileUrl(evan));
    await dora.page.getByRole('button', { name: 'More options for evan' }).click();
    await dora.page.getByRole('menuitem', { name: 'Block evan' }).click();
    await dora.page.getByRole('alertdialog', { name: 'Block evan?' }).getByRole('button', { name: 'Block', exact: true }).click();
    await expect.poll(() => dora.page.getByRole('heading', { name: 'You blocked evan' }).count()).toBe(1);

    // Once she leaves, his profile is hidden from her: the settings page is the way back.
    await dora.page.goto(profileUrl(evan));
    await expect
      .poll(() => dora.page.getByRole('alert').filter({ hasText: 'Could not load this profile' }).innerText())
      .toContain('User not found');
    await dora.page.goto('/app/social/setting/dora');
    const blocked = dora.page.getByRole('region', { name: 'Blocked members' });
    const rows = blocked.getByRole('list', { name: 'Blocked members' }).getByRole('listitem');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('evan')]);
    await dora.page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => dora.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await dora.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await auditAccessibility(dora.page, 'settings, blocked members, phone, dark');
    await dora.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(dora.page, 'settings-blocked-375-dark');

    // From the keyboard.
    await blocked.getByRole('button', { name: 'Unblock evan' }).press('Enter');
    await expect.poll(() => dora.page.getByText('Unblocked successfully').count()).toBe(1);
    await expect.poll(() => blocked.getByText('You have not blocked anyone').count()).toBe(1);

    await dora.page.goto(profileUrl(evan));
    await expect.poll(() => dora.page.getByRole('heading', { level: 1, name: 'evan' }).count()).toBe(1);
    expect(await dora.page.getByRole('button', { name: 'More options for evan' }).count()).toBe(1);
    await dora.page.context().close();
    await evan.page.context().close();
  });

  it('messages a member who never posted from their profile; the chat header says whether they are online', async () => {
    const fay = await signUpMember(browser, app, 'fay');
    const gus = await signUpMember(browser, app, 'gus');
    const cleo = await signUpMember(browser, app, 'cleo', 375);

    // The people page shows each member once, with Message beside Follow.
    await fay.page.goto('/app/social/people');
    const members = fay.page.getByRole('list', { name: 'Members' });
    await expect.poll(() => members.getByRole('link', { name: 'Message gus' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => fay.page.getByRole('link', { name: 'gus', exact: true }).count()).toBe(1);
    await screenshot(fay.page, 'people-message-1280-light');

    // Gus never posted: his profile is where Fay starts.
    await fay.page.goto(profileUrl(gus));
    await expect.poll(() => fay.page.getByRole('heading', { level: 1, name: 'gus' }).count()).toBe(1);
    expect(await count(fay.page, 'posts')).toBe('0');
    await auditAccessibility(fay.page, 'another member profile with Message');
    await screenshot(fay.page, 'profile-message-1280-light');
    await fay.page.getByRole('link', { name: 'Message gus' }).click();
    await fay.page.waitForURL(`**/app/social/chat/messages?username=gus&id=${gus.id}&isGroup=false`);
    const header = fay.page.getByRole('region', { name: 'Conversation with gus' }).locator('header');
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toContain('Online');
    const composer = fay.page.getByRole('textbox', { name: 'Message gus' });
    await composer.fill('Hello Gus, welcome aboard.');
    await composer.press('Enter');
    const sent = fay.page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Hello Gus, welcome aboard.' });
    await expect.poll(() => sent.innerText(), { timeout: 15_000 }).toMatch(/Sent|Read/);
    await auditAccessibility(fay.page, 'chat with presence');
    await screenshot(fay.page, 'chat-presence-1280-light');

    // It reaches Gus.
    await gus.page.goto('/app/social/chat/messages');
    const fayInList = gus.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^fay/ });
    await expect.poll(() => fayInList.innerText(), { timeout: 15_000 }).toContain('Hello Gus, welcome aboard.');
    await fayInList.click();
    await expect
      .poll(() => gus.page.getByRole('log', { name: 'Messages' }).getByText('Hello Gus, welcome aboard.').count(), { timeout: 15_000 })
      .toBe(1);

    // Gus leaves the app: Fay's header says so, live; he comes back, and it says that too.
    await gus.page.goto('about:blank');
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toContain('Offline');
    await gus.page.goto('/app/social/streams');
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toContain('Online');

    // A phone: Message on the profile fits beside Follow; the header shows presence above the thread.
    await cleo.page.goto(profileUrl(gus));
    await expect.poll(() => cleo.page.getByRole('link', { name: 'Message gus' }).count()).toBe(1);
    expect(await cleo.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(cleo.page, 'profile-message-375-light');
    await cleo.page.goto('/app/social/people');
    await expect
      .poll(() => cleo.page.getByRole('list', { name: 'Members' }).getByRole('link', { name: 'Message gus' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await cleo.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await auditAccessibility(cleo.page, 'people page, phone');
    await screenshot(cleo.page, 'people-message-375-light');
    await cleo.page.getByRole('list', { name: 'Members' }).getByRole('link', { name: 'Message gus' }).click();
    await expect
      .poll(() => cleo.page.getByRole('region', { name: 'Conversation with gus' }).locator('header').innerText(), { timeout: 15_000 })
      .toContain('Online');
    await screenshot(cleo.page, 'chat-presence-375-light');

    // Notification settings are under Settings too, in plain words.
    await cleo.page.goto('/app/social/setting/cleo');
    const settings = cleo.page.getByRole('region', { name: 'Notification settings' });
    await expect.poll(() => settings.getByText('New followers notifications.').count()).toBe(1);
    const follows = settings.getByRole('switch', { name: 'Follows' });
    await follows.locator('xpath=ancestor::label').click();
    await expect.poll(() => follows.isChecked()).toBe(false);
    await expect.poll(() => follows.isEnabled()).toBe(true);
    await cleo.page.reload();
    await expect
      .poll(() => cleo.page.getByRole('region', { name: 'Notification settings' }).getByRole('switch', { name: 'Follows' }).isChecked())
      .toBe(false);
    await settings.scrollIntoViewIfNeeded();
    await screenshot(cleo.page, 'settings-notifications-375-light');
    for (const who of [fay, gus, cleo]) await who.page.context().close();
  });
});
