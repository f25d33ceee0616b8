/**
 * Where you are signed in (Settings): the same member in two browsers; from one, the other is
 * signed out. Its socket closes at once and it lands on sign-in, told why. Looked at in 1280 and
 * 375 px, light and dark.
 */
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_MESSAGE } from '../../src/api/account/sessions';
import { SOCKET_PATH } from '../../src/api/socket';
import { openContext } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD, signUpMember } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

/** The page's app socket (socket.io over websocket), resolved when the page opens it. */
function appSocketOf(page: Page): Promise<WebSocket> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (ws.url().includes(SOCKET_PATH)) resolve(ws);
    });
  });
}

/** A second browser of the member, signed in through the form, its app socket watched from the start. */
async function signInElsewhere(username: string, width: number) {
  const context = await openContext(browser, app.url, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  const socket = appSocketOf(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email or username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/app/social/streams');
  return { page, socket: await socket };
}

const closed = (ws: WebSocket) => new Promise<void>((resolve) => (ws.isClosed() ? resolve() : ws.on('close', () => resolve())));

async function openSettings(page: Page, username: string) {
  await page.goto(`/app/social/setting/${username}`);
  const section = page.getByRole('region', { name: 'Where you are signed in' });
  await section.getByRole('list', { name: 'Where you are signed in' }).waitFor();
  return section;
}

async function darkTheme(page: Page) {
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
}

/** The other browser is on the sign-in form, told why, with no token left. */
async function expectSignedOutHere(page: Page) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('form', { name: 'Sign in' }).waitFor();
  await page.getByText(SESSION_ENDED_MESSAGE).first().waitFor();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
}

describe('where you are signed in', () => {
  it('ends the other session from the settings: its socket closes and it lands on sign-in (1280 px, light and dark)', async () => {
    const ada = await signUpMember(browser, app, 'ada_sessions');
    const other = await signInElsewhere('ada_sessions', 1280);

    const section = await openSettings(ada.page, 'ada_sessions');
    const rows = section.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await section.getByText('This device').waitFor();
    // Both browsers are the same Chromium on the same system: the device says so, in words.
    const device = (await rows.nth(1).locator('p').first().textContent())!;
    expect(device).toMatch(/^Chrome on Linux$/);
    await auditAccessibility(ada.page, 'settings, where you are signed in');
    await section.scrollIntoViewIfNeeded();
    await screenshot(ada.page, 'sessions-1280-light');
    await darkTheme(ada.page);
    await auditAccessibility(ada.page, 'settings, where you are signed in, dark');
    await section.scrollIntoViewIfNeeded();
    await screenshot(ada.page, 'sessions-1280-dark');

    const socketClosed = closed(other.socket);
    expect(other.socket.isClosed()).toBe(false);
    await section.getByRole('button', { name: `Sign out ${device}` }).click();
    await ada.page.getByText('Session ended').first().waitFor();
    await socketClosed;
    await expectSignedOutHere(other.page);
    // Here, only this device is left.
    await section.getByText('You are not signed in anywhere else.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await other.page.context().close();
    await ada.page.context().close();
  });

  it('signs out every other session from a phone (375 px, light and dark)', async () => {
    const bea = await signUpMember(browser, app, 'bea_sessions');
    const bigSocketClosed = new Promise<void>((resolve) => {
      // bea's first browser opened its socket at sign-up: watch it from now on (a new one after a reload would be caught too).
      bea.page.on('websocket', (ws) => ws.on('close', () => resolve()));
    });
    await bea.page.reload();
    await bea.page.getByRole('main').waitFor();
    const phone = await signInElsewhere('bea_sessions', 375);

    const section = await openSettings(phone.page, 'bea_sessions');
    await expect.poll(() => section.getByRole('listitem').count()).toBe(2);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await auditAccessibility(phone.page, 'settings, where you are signed in, phone');
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'sessions-375-light');
    await darkTheme(phone.page);
    await auditAccessibility(phone.page, 'settings, where you are signed in, phone, dark');
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'sessions-375-dark');

    await section.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await phone.page.getByText('Signed out of 1 other session').first().waitFor();
    await bigSocketClosed;
    await expectSignedOutHere(bea.page);
    await section.getByText('You are not signed in anywhere else.').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await auditAccessibility(phone.page, 'settings, signed in nowhere else, phone, dark');
    // The phone's own session goes on.
    expect(phone.socket.isClosed()).toBe(false);
    await bea.page.context().close();
    await phone.page.context().close();
  });
});
