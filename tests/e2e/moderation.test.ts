/**
 * Moderation end to end in Chromium against `npm start`: a member reports a post, the admin hides
 * it from the queue and the stream loses it; the admin bans a member whose page is open, which
 * moves to /checkpoint with the reason; the member appeals, the admin approves, the member signs
 * in to the streams; the reporter is told; both charts render.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openContext } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, MEMBER_PASSWORD, signUpMember, type Member } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

const ADMIN_INVITE_CODE = 'stoa-e2e-moderation';
useAppAndBrowser({ ADMIN_INVITE_CODE });

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function adminPage(width = 1280): Promise<Page> {
  const context = await openContext(browser, app.url, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/admin/signup');
  const form = page.getByRole('form', { name: 'Admin sign up' });
  await form.getByLabel('Username').fill('mod_grace');
  await form.getByLabel('Email').fill('mod_grace@example.org');
  await form.getByLabel('Password', { exact: true }).fill('compiler-pioneer-1952');
  await form.getByLabel('Invite code').fill(ADMIN_INVITE_CODE);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
  return page;
}

describe('moderation', () => {
  let reporter: Member;
  let author: Member;
  let admin: Page;
  const SPAM = 'Buy followers now, cheap and fast!';

  beforeAll(async () => {
    reporter = await signUpMember(browser, app, 'rita');
    author = await signUpMember(browser, app, 'spammy', 375);
    admin = await adminPage();
  });

  it('a member reports a post; the admin hides it from the queue; the stream loses it and the reporter is told', async () => {
    await callApi(app, 'POST', '/post', author.token, { post: SPAM, privacy: 'Public' });
    await expect.poll(() => postCard(reporter.page, SPAM).count(), { timeout: 15_000 }).toBe(1);

    const card = postCard(reporter.page, SPAM);
    await card.getByRole('button', { name: 'More options for spammy' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByText('Choose a reason').isVisible()).toBe(true);
    await dialog.getByText('Spam', { exact: true }).click();
    await dialog.getByLabel('Details (optional)').fill('Posted in every group');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => reporter.page.getByText("Thank you. Your report about spammy's post was sent to the moderators.").count())
      .toBe(1);

    // A second report of the same post is refused in the dialog, in the server's words.
    await card.getByRole('button', { name: 'More options for spammy' }).click();
    await reporter.page.getByRole('menuitem', { name: 'Report post' }).click();
    await dialog.getByText('Harassment or hate').click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('You have already reported this post');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await admin.goto('/admin/reportpost');
    const item = admin.getByRole('article', { name: `Reports about “${SPAM}”` });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.innerText()).toContain('Posted in every group');
    await screenshot(admin, 'admin-reported-posts-1280-light');
    await auditAccessibility(admin, 'reported posts');
    await item.getByRole('button', { name: `Hide post “${SPAM}”` }).click();
    const hide = admin.getByRole('alertdialog', { name: 'Hide this post' });
    await hide.getByLabel('Reason').fill('Spam: paid followers');
    await hide.getByRole('button', { name: 'Hide post' }).click();
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(0);

    // Gone from the reporter's stream at once; the author sees it marked with the reason.
    await expect.poll(() => postCard(reporter.page, SPAM).count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => reporter.page.getByRole('link', { name: /^Notifications 1 unread/ }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await author.page.reload();
    const hidden = postCard(author.page, SPAM);
    await expect.poll(() => hidden.getByRole('note').innerText(), { timeout: 15_000 }).toContain('Reason: Spam: paid followers');
    expect(await hidden.getByRole('button', { name: 'Edit post' }).count()).toBe(0);

    await admin.goto('/admin/hidepost');
    await expect.poll(() => admin.getByText('Spam: paid followers').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('a ban moves the open page to /checkpoint with the reason; the member appeals, the admin approves, the member is back', async () => {
    await admin.goto('/admin/user');
    const row = admin.getByRole('article', { name: 'spammy' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('button', { name: 'Ban spammy' }).click();
    const ban = admin.getByRole('alertdialog', { name: 'Ban spammy' });
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect.poll(() => ban.getByText('Reason is required').count()).toBe(1);
    await ban.getByLabel('Reason').fill('Selling followers after a warning');
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await expect.poll(() => ban.count(), { timeout: 15_000 }).toBe(0);

    // The member's open page (a phone) moves by itself and says why.
    await author.page.waitForURL('**/checkpoint', { timeout: 15_000 });
    await expect.poll(() => author.page.getByText('Selling followers after a warning').count(), { timeout: 15_000 }).toBe(1);
    await screenshot(author.page, 'checkpoint-375-light');
    await auditAccessibility(author.page, 'checkpoint');

    await author.page.getByRole('button', { name: 'Appeal' }).click();
    await author.page.waitForURL('**/issua');
    await author.page
      .getByRole('textbox', { name: 'Your appeal' })
      .fill('It was a script I had left running. It is switched off for good now.');
    await author.page.getByRole('button', { name: 'Send appeal' }).click();
    await author.page.waitForURL('**/aarovel');
    await expect.poll(() => author.page.getByText('Waiting for a moderator').count(), { timeout: 15_000 }).toBe(1);

    await admin.goto('/admin/appeal');
    await admin.getByRole('button', { name: "Approve spammy's appeal" }).click();
    const approve = admin.getByRole('alertdialog', { name: "Approve spammy's appeal" });
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => approve.count(), { timeout: 15_000 }).toBe(0);

    // The open status page takes the decision live (the checkpoint socket), its icon with it.
    await expect.poll(() => author.page.getByText('Your appeal was approved').count(), { timeout: 15_000 }).toBe(1);
    expect(await author.page.locator('main h1').locator('xpath=..').locator('svg').getAttribute('class')).toContain('lucide-circle-check');
    await screenshot(author.page, 'appeal-approved-375-light');
    await author.page.getByRole('button', { name: 'Sign out' }).click();
    await author.page.waitForURL((url) => url.pathname === '/');
    const form = author.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email or username').fill('spammy');
    await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Sign in', exact: true }).click();
    await author.page.waitForURL('**/app/social/streams');
  });

  it('the dashboard counts it all, and both charts render with their table', async () => {
    await admin.goto('/admin');
    await expect.poll(() => admin.getByRole('heading', { name: 'Dashboard' }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The latest actions, newest first, in the admin's words.
    await expect.poll(() => admin.getByText("approved spammy's appeal").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const figures = admin.getByRole('list', { name: 'Figures' });
    expect(await figures.innerText()).toMatch(/Hidden posts\s*1/);
    await auditAccessibility(admin, 'dashboard');
    for (const [path, caption] of [
      ['/admin/Posts', 'Posts per month'],
      ['/admin/Users', 'Sign-ups per month'],
    ] as const) {
      await admin.goto(path);
      await expect.poll(() => admin.locator('svg.recharts-surface').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const table = admin.locator('table');
      expect(await table.locator('caption').innerText()).toContain(caption);
      await auditAccessibility(admin, path);
    }
    await admin.setViewportSize({ width: 375, height: 800 });
    await screenshot(admin, 'admin-users-chart-375-light');
  });

  it("the dashboard's sparklines, a member's admin page and a member turned away from /admin", async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/admin');
    const months = admin.getByRole('list', { name: 'Last 12 months' });
    await months.waitFor();
    expect(await months.getByRole('link').count()).toBe(2);
    // Members leave the admin account out: rita and spammy.
    expect(await admin.getByRole('list', { name: 'Figures' }).innerText()).toMatch(/Members\s*2/);
    await admin.getByRole('link', { name: /^Sign-ups/ }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/Users');

    // Users: "Open" stays in the admin area, on the member's own page.
    await admin.goto('/admin/user');
    await admin.getByRole('link', { name: "Open spammy's page: posts, reports, bans and audit log" }).click();
    await admin.waitForURL((url) => url.pathname === `/admin/members/${author.id}`);
    await admin.getByRole('heading', { level: 1, name: 'spammy' }).waitFor();
    const log = admin.getByRole('region', { name: 'Audit log' });
    await expect.poll(() => log.getByText('banned spammy').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await admin.getByRole('link', { name: 'Public profile (opens in a new tab)' }).getAttribute('target')).toBe('_blank');
    await auditAccessibility(admin, 'member page');

    for (const theme of ['light', 'dark'] as const) {
      await admin.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const width of [1280, 375]) {
        await admin.setViewportSize({ width, height: width < 1024 ? 800 : 900 });
        await admin.goto(`/admin/members/${author.id}`);
        await admin.getByRole('region', { name: 'Audit log' }).waitFor();
        await screenshot(admin, `admin-member-${width}-${theme}`);
        await admin.goto('/admin');
        await admin.getByRole('list', { name: 'Last 12 months' }).waitFor();
        await screenshot(admin, `admin-dashboard-${width}-${theme}`);
      }
      await auditAccessibility(admin, `dashboard (${theme})`);
    }
    await admin.evaluate(() => localStorage.setItem('theme', 'light'));

    // A member who opens /admin is told the area is for administrators, with the way back.
    await reporter.page.goto('/admin');
    await reporter.page.waitForURL((url) => url.pathname === '/admin/signin');
    const note = reporter.page.getByRole('note', { name: 'This area is for administrators.' });
    await note.waitFor();
    await auditAccessibility(reporter.page, 'admin sign-in for a member');
    for (const theme of ['light', 'dark'] as const) {
      await reporter.page.evaluate((t) => localStorage.setItem('theme', t), theme);
      for (const width of [1280, 375]) {
        await reporter.page.setViewportSize({ width, height: 800 });
        await reporter.page.goto('/admin');
        await reporter.page.getByRole('note').waitFor();
        await screenshot(reporter.page, `admin-signin-member-${width}-${theme}`);
      }
    }
    await reporter.page.evaluate(() => localStorage.setItem('theme', 'light'));
    await reporter.page.setViewportSize({ width: 1280, height: 900 });
    await reporter.page.getByRole('link', { name: 'Back to your streams' }).click();
    await reporter.page.waitForURL('**/app/social/streams');
  });
});
