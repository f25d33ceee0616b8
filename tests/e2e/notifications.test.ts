/**
 * The notifications inbox against `npm start`: while amy's inbox is open, bob follows her and
 * reacts to her post; her badge counts up live and the inbox shows both, the reactions of bob and
 * cat grouped on their one post. Opening an entry marks it read; a comment elsewhere reaches the badge without a toast;
 * with Follows turned off, cat's follow leaves no entry. Looked at in 1280 and 375 px, light and dark.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const INBOX = '/app/social/notifications';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** What the Notifications item says: "Notifications", or with the unread count "Notifications 2 unread". */
const badgeName = (page: Page) =>
  sidebar(page)
    .getByRole('link', { name: /^Notifications/ })
    .evaluate((link) => (link.textContent ?? '').replace(/\s+/g, ' ').trim());
const rows = (page: Page) => page.getByRole('list', { name: 'Notifications' }).getByRole('article');
const rowTexts = (page: Page) => rows(page).evaluateAll((articles) => articles.map((a) => a.querySelector('a, button')?.textContent ?? ''));

describe('notifications inbox', () => {
  let amy: Member;
  let bob: Member;
  let cat: Member;
  let postId: string;

  beforeAll(async () => {
    amy = await signUpMember(browser, app, 'amy');
    bob = await signUpMember(browser, app, 'bob');
    cat = await signUpMember(browser, app, 'cat');
    postId = (
      await callApi<{ post: { _id: string } }>(app, 'POST', '/post', amy.token, { post: 'First light over the harbour', privacy: 'Public' })
    ).post._id;
  });

  it('counts up live while the inbox is open and shows the follow and the grouped reactions', async () => {
    await amy.page.goto(INBOX);
    await expect.poll(() => amy.page.getByRole('heading', { name: 'Nothing here yet' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await badgeName(amy.page)).toBe('Notifications');
    await auditAccessibility(amy.page, 'empty inbox');

    await callApi(app, 'PUT', `/user/follow/${amy.id}`, bob.token);
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications 1 unread');
    await callApi(app, 'POST', '/post/reaction', bob.token, { postId, type: 'love' });
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications 2 unread');
    await expect
      .poll(() => rowTexts(amy.page), { timeout: 15_000 })
      .toEqual(['Unread: bob reacted to your post', 'Unread: bob started following you']);

    // Another reaction to the same post joins its entry: still two unread, newest actor first.
    await callApi(app, 'POST', '/post/reaction', cat.token, { postId, type: 'like' });
    await expect
      .poll(() => rowTexts(amy.page), { timeout: 15_000 })
      .toEqual(['Unread: cat and bob reacted to your post', 'Unread: bob started following you']);
    expect(await badgeName(amy.page)).toBe('Notifications 2 unread');
    const reactions = rows(amy.page).first();
    await expect.poll(() => reactions.getByText('First light over the harbour').count()).toBe(1);
    await auditAccessibility(amy.page, 'inbox');
    await screenshot(amy.page, 'notifications-1280-light');
    // A reload shows the same: it is stored, and opening the page read nothing.
    await amy.page.reload();
    await expect
      .poll(() => rowTexts(amy.page), { timeout: 15_000 })
      .toEqual(['Unread: cat and bob reacted to your post', 'Unread: bob started following you']);
  });

  it("opens an entry's post and marks it read; elsewhere a comment reaches the badge, not a toast", async () => {
    await rows(amy.page).first().getByRole('link').click();
    await amy.page.waitForURL(`**/app/social/post/${postId}`);
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications 1 unread');
    await callApi(app, 'POST', '/post/comment', bob.token, { postId, comment: 'Beautiful colours' });
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications 2 unread');
    // Only what needs her now is toasted (follows, mentions, messages, moderation): docs/client-notifications.md.
    expect(await amy.page.getByText('bob commented on your post').count()).toBe(0);
    await sidebar(amy.page)
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await amy.page.waitForURL(`**${INBOX}`);
    await expect
      .poll(() => rowTexts(amy.page), { timeout: 15_000 })
      .toEqual(['Unread: bob commented on your post', 'cat and bob reacted to your post', 'Unread: bob started following you']);
  });

  it("with Follows off, cat's follow leaves no entry; the others still come; mark all and delete", async () => {
    await amy.page.goto(`/app/social/profile/amy?id=${amy.id}`);
    await amy.page.getByRole('tab', { name: 'Notifications' }).click();
    const follows = amy.page.getByRole('switch', { name: 'Follows' });
    await expect.poll(() => follows.isChecked(), { timeout: 15_000 }).toBe(true);
    await follows.locator('xpath=ancestor::label').click();
    await expect.poll(() => follows.isChecked()).toBe(false);
    await expect.poll(() => follows.isEnabled()).toBe(true);

    await amy.page.goto(INBOX);
    await expect.poll(() => rows(amy.page).count(), { timeout: 15_000 }).toBe(3);
    await callApi(app, 'PUT', `/user/follow/${amy.id}`, cat.token);
    // A reaction after it is still told: once it is there, the follow would have been too.
    const other = (await callApi<{ post: { _id: string } }>(app, 'POST', '/post', amy.token, { post: 'Second post', privacy: 'Public' }))
      .post._id;
    await callApi(app, 'POST', '/post/reaction', cat.token, { postId: other, type: 'wow' });
    await expect
      .poll(() => rowTexts(amy.page), { timeout: 15_000 })
      .toEqual([
        'Unread: cat reacted to your post',
        'Unread: bob commented on your post',
        'cat and bob reacted to your post',
        'Unread: bob started following you',
      ]);
    await amy.page.reload();
    await expect.poll(() => rowTexts(amy.page), { timeout: 15_000 }).toHaveLength(4);
    expect((await rowTexts(amy.page)).some((text) => text.includes('cat started following you'))).toBe(false);
    expect(await badgeName(amy.page)).toBe('Notifications 3 unread');

    await amy.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications');
    await expect.poll(() => amy.page.getByText('All caught up').count()).toBe(1);
    await rows(amy.page).nth(3).getByRole('button', { name: 'Delete notification' }).click();
    await expect.poll(() => rows(amy.page).count(), { timeout: 15_000 }).toBe(3);
    await amy.page.reload();
    await expect.poll(() => rows(amy.page).count(), { timeout: 15_000 }).toBe(3);
  });

  it('lays the inbox out at 1280 and 375 px, in light and dark', async () => {
    await callApi(app, 'POST', '/post/comment', cat.token, { postId, comment: 'Agreed!' });
    await expect.poll(() => badgeName(amy.page), { timeout: 15_000 }).toBe('Notifications 1 unread');
    await amy.page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => amy.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await auditAccessibility(amy.page, 'inbox, dark');
    await screenshot(amy.page, 'notifications-1280-dark');

    // Under the real CSP: auditAccessibility evaluates axe-core through the DevTools protocol (support/look.ts).
    const phone = await openContext(browser, app.url, { viewport: { width: 375, height: 812 } });
    await storeBeforeLoad(phone, { authToken: amy.token });
    const page = await phone.newPage();
    await page.goto(INBOX);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(3);
    const bar = page.getByRole('navigation', { name: 'Sections' });
    await expect.poll(() => bar.getByRole('link', { name: 'Notifications 1 unread' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await auditAccessibility(page, 'inbox, phone');
    await screenshot(page, 'notifications-375-light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await auditAccessibility(page, 'inbox, phone, dark');
    await screenshot(page, 'notifications-375-dark');
    await phone.close();
  });
});
