/**
 * A member's first day, in real Chromium against `npm start` (SQLite in a fresh DATA_DIR, mail
 * to a local SMTP receiver): sign up, sign out, sign in both ways, a wrong password, the guard,
 * a forgotten password recovered through the real e-mail, the theme, and the 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openContext } from './support/browser';
import { startMailbox, type Mailbox } from './support/mailbox';
import { auditAccessibility, screenshot } from './support/look';
import { app, browser, useAppAndBrowser } from './support/world';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { BANNED_MESSAGE } from '../../src/api/constants';

let mailbox: Mailbox;

const ADMIN_INVITE_CODE = 'stoa-e2e-invite';

function banInDatabase(username: string) {
  const db = new Database(join(app.dataDir, 'stoa.db'));
  try {
    const changed = db.prepare('UPDATE users SET is_banned = 1 WHERE username_lower = ?').run(username.toLowerCase()).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

const member = { username: 'ada_lovelace', email: 'Ada@Example.org', password: 'analytical-engine-1843' };

// The mailbox starts before the app (its URL is the app's SMTP_URL) and closes after it: hooks run
// in order, after-hooks in reverse.
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox?.close();
});
useAppAndBrowser(() => ({
  SMTP_URL: mailbox.url,
  MAIL_FROM: 'Stoa <no-reply@stoa.test>',
  ADMIN_INVITE_CODE,
  SUPPORT_EMAIL: 'help@stoa.test',
}));

async function newPage(width = 1280): Promise<Page> {
  const context = await openContext(browser, app.url, { viewport: { width, height: 900 } });
  return context.newPage();
}

async function signIn(page: Page, usernameOrEmail: string, password: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email or username').fill(usernameOrEmail);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  // Wide screens show it in the sidebar; narrow ones inside the menu drawer.
  await page
    .getByRole('button', { name: /^(Sign out|Open menu)$/ })
    .filter({ visible: true })
    .first()
    .waitFor();
  const visible = page.getByRole('button', { name: 'Sign out' }).filter({ visible: true });
  if ((await visible.count()) === 0) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('a member signs up, signs out and in, and recovers a password', () => {
  it('signs up and lands in the streams inside the member layout', async () => {
    const page = await newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Stoa' }).isVisible()).toBe(true);
    // Text is drawn as typed: Inter's contextual alternates (which turn "5x0" into "5×0") are off.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFeatureSettings)).toBe('"calt" 0');
    await auditAccessibility(page, 'sign-in page');
    await screenshot(page, 'auth-1280-light');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill(member.username);
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password', { exact: true }).fill(member.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/app/social/streams');
    const nav = page.getByRole('navigation', { name: /main/i });
    await expect
      .poll(() => nav.getByRole('link').allInnerTexts())
      .toEqual(['Streams', 'Questions', 'Chat', 'Group', 'People', 'Profile', 'Save', 'Photos', 'Videos', 'Notifications']);
    await auditAccessibility(page, 'member layout');
    await screenshot(page, 'streams-1280-light');
    // A second sign-up with the same name (other case) and e-mail is refused: each of the server's
    // messages at its own field, which is marked invalid and described by it; no banner.
    const other = await newPage(375);
    await other.goto('/');
    await other.getByRole('tab', { name: 'Sign up' }).click();
    const again = other.getByRole('form', { name: 'Sign up' });
    await again.getByLabel('Username').fill(member.username.toUpperCase());
    await again.getByLabel('Email').fill(member.email);
    await again.getByLabel('Password', { exact: true }).fill('another-password-1');
    await again.getByRole('button', { name: 'Create account' }).click();
    for (const [label, message] of [
      ['Username', 'Username is already taken'],
      ['Email', 'Email is already registered'],
    ] as const) {
      const field = again.getByLabel(label);
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      const described = await field.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
      );
      expect(described).toContain(message);
    }
    expect(await again.getByRole('alert').count()).toBe(0);
    await auditAccessibility(other, 'sign-up with field errors');
    await screenshot(other, 'signup-field-errors-375-light');
    await other.context().close();

    expect((await page.context().cookies()).map((c) => c.name)).toContain('stoaBrowserSession');
    await signOut(page);
    // Sign-out also drops the browser-session marker.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('stoaBrowserSession');
    // The guard now sends a visitor back to '/'.
    await page.goto('/app/social/streams');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('frames only the focused field of the sign-in card, never the card', async () => {
    const page = await newPage();
    await page.goto('/');
    // By keyboard, as a ring is drawn for keyboard focus: from the tab list into the first field.
    await page.getByRole('tab', { name: 'Sign in' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada');
    const field = page.getByLabel('Email or username');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    // Nothing around the field draws an outline: not the tabs box, not the card, not the form.
    const ringed = await field.evaluate((input) => {
      const found: string[] = [];
      for (let box = input.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') found.push(box.outerHTML.slice(0, 80));
        if (box.hasAttribute('tabindex')) found.push(`tabindex on ${box.outerHTML.slice(0, 80)}`);
      }
      return found;
    });
    expect(ringed).toEqual([]);
    // The field's own frame shows the focus (accent border), once its colour transition has ended.
    await expect
      .poll(() => field.evaluate((input) => getComputedStyle(input.parentElement!).borderColor), { timeout: 5_000 })
      .toBe('rgb(243, 62, 88)');
    await page.context().close();
  });

  it('signs in by e-mail and by username; a wrong password shows the server message', async () => {
    const page = await newPage();
    await signIn(page, member.email.toLowerCase(), 'not-the-password');
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Invalid credentials');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).resolves.toBe(true);

    await signIn(page, member.email, member.password);
    await page.waitForURL('**/app/social/streams');
    await signOut(page);

    await signIn(page, member.username, member.password);
    await page.waitForURL('**/app/social/streams');
    // The session survives a reload (the token is stored).
    await page.reload();
    await expect.poll(() => page.getByRole('navigation', { name: /main/i }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('without Remember me the session ends with the browser (new tabs stay signed in); with it, it lasts', async () => {
    for (const remember of [false, true]) {
      const page = await newPage();
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email or username').fill(member.username);
      await form.getByLabel('Password', { exact: true }).fill(member.password);
      if (remember) await form.getByText('Remember me').click();
      await form.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/app/social/streams');
      // A reload is the same browser session: still signed in either way.
      await page.reload();
      await expect.poll(() => page.getByRole('navigation', { name: /main/i }).isVisible()).toBe(true);
      // A tab opened by hand: same browser session (cookies shared), empty session storage.
      // It stays signed in, and so does the first tab.
      const tab = await page.context().newPage();
      await tab.goto('/app/social/streams');
      await expect.poll(() => tab.getByRole('navigation', { name: /main/i }).isVisible()).toBe(true);
      expect(await tab.evaluate(() => sessionStorage.getItem('pageReload'))).toBe('true');
      expect(tab.url()).toContain('/app/social/streams');
      await tab.close();
      await page.reload();
      await expect.poll(() => page.getByRole('navigation', { name: /main/i }).isVisible()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();
      // The browser is closed and opened again: local storage survives; session storage and
      // session cookies do not.
      const kept = await page.context().storageState();
      await page.context().close();
      const reopened = await (
        await openContext(browser, app.url, {
          viewport: { width: 1280, height: 900 },
          storageState: { cookies: [], origins: kept.origins },
        })
      ).newPage();
      await reopened.goto('/app/social/streams');
      if (remember) {
        await expect.poll(() => reopened.getByRole('navigation', { name: /main/i }).isVisible()).toBe(true);
        expect(reopened.url()).toContain('/app/social/streams');
      } else {
        await reopened.waitForURL((url) => url.pathname === '/');
        await expect.poll(() => reopened.getByRole('form', { name: 'Sign in' }).isVisible()).toBe(true);
        expect(await reopened.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
      }
      await reopened.context().close();
    }
  });

  it('recovers a forgotten password through the real e-mail link, once', async () => {
    const page = await newPage(375);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    const since = mailbox.messages.length;
    await page.getByLabel('Email Address').fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByRole('status').or(page.getByRole('alert')).first().innerText()).toMatch(/sent|registered/i);

    const mail = await mailbox.waitFor(member.email.toLowerCase(), since);
    const link = /https?:\/\/\S+reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    const resetUrl = new URL(link!);
    expect(resetUrl.origin).toBe(app.url);

    const newPassword = 'difference-engine-1822';
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain('Password reset successfully!');
    // The token is spent: the form gives way to 'Sign in', which leads to the sign-in form.
    expect(await page.getByLabel('New Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'reset-375-light');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();

    // The same link a second time is refused.
    await page.goto(resetUrl.pathname + resetUrl.search);
    await page.getByLabel('New Password', { exact: true }).fill('yet-another-password');
    await page.getByLabel('Confirm Password', { exact: true }).fill('yet-another-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toMatch(/invalid or has expired/i);

    // The old password no longer works; the new one does.
    await signIn(page, member.username, member.password);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Invalid credentials');
    await signIn(page, member.username, newPassword);
    await page.waitForURL('**/app/social/streams');
    // At 375 px the sections sit in a bottom bar.
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await auditAccessibility(page, 'member layout at 375 px');
    await screenshot(page, 'streams-375-light');
    member.password = newPassword;
    await page.context().close();
  });
});

describe('theme and not-found', () => {
  it('keeps the dark theme across a reload', async () => {
    const page = await newPage();
    await signIn(page, member.username, member.password);
    await page.waitForURL('**/app/social/streams');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await expect.poll(isDark).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await auditAccessibility(page, 'member layout, dark');
    await screenshot(page, 'streams-1280-dark');
    await page.goto('/');
    await page.context().close();
  });

  it('is light on a dark system until the member chooses; "Match system theme" in settings follows it live', async () => {
    const context = await openContext(browser, app.url, { colorScheme: 'dark' });
    const page = await context.newPage();
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.goto('/');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(await isDark()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await signIn(page, member.username, member.password);
    await page.waitForURL('**/app/social/streams');
    expect(await isDark()).toBe(false);
    await page.goto(`/app/social/setting/${member.username}`);
    const matchSystem = page.getByRole('switch', { name: 'Match system theme' });
    await expect.poll(() => matchSystem.isChecked()).toBe(false);
    await matchSystem.locator('xpath=ancestor::label').click();
    await expect.poll(isDark).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(isDark).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await page.reload();
    await expect.poll(isDark).toBe(true);
    // A theme chosen again is kept, and the system no longer moves it.
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(isDark).toBe(false);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect.poll(isDark).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });

  it('shows the 404 page and Back Home goes back one page', async () => {
    const page = await newPage();
    await page.goto('/forgot-password');
    await page.goto('/no/such/place');
    await expect.poll(() => page.getByText('Error 404: Page Not Found').isVisible()).toBe(true);
    await expect(page.getByText('Oops!').isVisible()).resolves.toBe(true);
    await auditAccessibility(page, '404 page');
    await page.getByRole('button', { name: 'Back Home' }).click();
    await page.waitForURL('**/forgot-password');
    await page.context().close();
  });
});

describe('admins and banned members', () => {
  it('an admin signs up with the invite code and signs in to the guarded admin area; a member cannot enter it', async () => {
    const page = await newPage();
    await page.goto('/admin/signup');
    const form = page.getByRole('form', { name: 'Admin sign up' });
    await form.getByLabel('Username').fill('grace_admin');
    await form.getByLabel('Email').fill('grace@example.org');
    await form.getByLabel('Password', { exact: true }).fill('compiler-pioneer-1952');
    await form.getByLabel('Invite code').fill('wrong-code');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Invalid invite code');
    await form.getByLabel('Invite code').fill(ADMIN_INVITE_CODE);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await auditAccessibility(page, 'admin layout');
    await screenshot(page, 'admin-1280-light');
    await page.context().close();

    // The member's session does not open the admin area.
    const memberPage = await newPage();
    await signIn(memberPage, member.username, member.password);
    await memberPage.waitForURL('**/app/social/streams');
    await memberPage.goto('/admin');
    await memberPage.waitForURL('**/admin/signin');
    await memberPage.context().close();

    // Admin sign-in.
    const again = await newPage();
    await again.goto('/admin/signin');
    const signInForm = again.getByRole('form', { name: 'Admin sign in' });
    await signInForm.getByLabel('Email or username').fill('grace_admin');
    await signInForm.getByLabel('Password', { exact: true }).fill('compiler-pioneer-1952');
    await signInForm.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.includes('signin'));
    await again.context().close();
  });

  it('a banned member who signs in lands on the checkpoint, and is sent back there from the member area', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill('mallory');
    await form.getByLabel('Email').fill('mallory@example.org');
    await form.getByLabel('Password', { exact: true }).fill('mischief-managed-1');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/app/social/streams');
    await page.context().close();

    // Moderation screens come later; an admin's ban is the same row change.
    banInDatabase('mallory');

    const banned = await newPage();
    await signIn(banned, 'mallory', 'mischief-managed-1');
    await banned.waitForURL('**/checkpoint');
    // What the member can do, and whom to write to (SUPPORT_EMAIL).
    await expect.poll(() => banned.getByRole('button', { name: 'Appeal' }).count()).toBe(1);
    expect(await banned.getByRole('link', { name: 'help@stoa.test' }).getAttribute('href')).toBe('mailto:help@stoa.test');
    await auditAccessibility(banned, 'checkpoint');
    await screenshot(banned, 'checkpoint-1280-light');
    await banned.goto('/app/social/streams');
    await expect.poll(() => banned.getByText(BANNED_MESSAGE).first().isVisible()).toBe(true);
    await banned.waitForURL((url) => url.pathname === '/checkpoint');
    await banned.context().close();
  });
});
