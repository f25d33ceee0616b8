/**
 * The light sign-in page (docs/client-shell.md, "Weight"): '/' opened with no stored session loads
 * the sign-in page without the app (none of the app's shell chunk), and hands over to the app when
 * someone signs up there (signed in, the live connection and the badges working, a reload stays
 * signed in), and when a link leaves '/' (the app draws the page, Back draws the sign-in page again).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContext } from './support/browser';
import { callApi, MEMBER_PASSWORD, signUpMember } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

/** The scripts a page fetched, by file name (the build's hashed chunks). */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname.split('/').pop() ?? '');
  });
  return scripts;
}

const APP_SHELL = /^(shell|member)-/;
const badgeName = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .evaluate((link) => (link.textContent ?? '').replace(/\s+/g, ' ').trim());

describe('the light sign-in page', () => {
  it('loads none of the app; a sign-up there hands over to the app: signed in, live, and a reload stays signed in', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => void sockets.push(socket.url()));

    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Stoa' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Stoa');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((name) => name.startsWith('auth-'))).toBe(true);
    expect(scripts.filter((name) => APP_SHELL.test(name))).toEqual([]);
    expect(sockets).toEqual([]);

    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill('lightada');
    await form.getByLabel('Email').fill('lightada@example.org');
    await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/app/social/streams');
    await page.getByRole('heading', { name: 'Streams' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Streams · Stoa$/);
    expect(scripts.some((name) => name.startsWith('shell-'))).toBe(true);

    // Signed in as the app knows it: the live connection opens, and the badge counts live.
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/')), { timeout: 15_000 }).toBe(true);
    const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
    const me = await callApi<{ user: { _id: string; username: string } }>(app, 'GET', '/currentuser', token);
    expect(me.user.username).toBe('lightada');
    expect(await badgeName(page)).toBe('Notifications');
    const bob = await signUpMember(browser, app, 'lightbob');
    await callApi(app, 'PUT', `/user/follow/${me.user._id}`, bob.token);
    await expect.poll(() => badgeName(page), { timeout: 15_000 }).toBe('Notifications 1 unread');

    // A reload boots the app itself (a stored session), still signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Streams' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/social/streams');
    await expect.poll(() => badgeName(page), { timeout: 15_000 }).toBe('Notifications 1 unread');
    await context.close();
  });

  it('a link that leaves the page hands over without a session, and Back shows the sign-in page again', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('textbox', { name: /email/i }).waitFor();
    await expect.poll(() => page.title()).toBe('Reset Password · Stoa');
    expect(scripts.some((name) => name.startsWith('shell-'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goBack();
    await page.getByRole('heading', { name: 'Welcome to Stoa' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Stoa');
    await context.close();
  });

  it('Ctrl+Alt+J opens the debug panel on the page itself, with the form as typed and the page’s events in the journal', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email or username').fill('someone');
    await page.keyboard.press('Control+Alt+KeyJ');
    const panel = page.getByRole('region', { name: 'Event journal' });
    await panel.waitFor();
    await expect.poll(() => panel.innerText()).toContain('signIn.change');
    // The page was not replaced by the app's: what was typed is still there. (The panel's own code
    // brings the machines' list, hence chunks the app uses too, on this demand only.)
    expect(await form.getByLabel('Email or username').inputValue()).toBe('someone');
    await context.close();
  });
});
