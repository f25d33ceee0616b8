/**
 * Stoa as an installed app (docs/client-offline.md), in Debian's Chromium against `npm start`
 * serving a copy of the build (so a "new version" can be made by changing the copy's worker):
 * Chromium's installability criteria pass (the DevTools protocol's Page.getInstallabilityErrors),
 * a repeat visit loads no script over the network, a reload and a move to another route work
 * offline, the offline indicator shows, and a new build's worker brings "A new version of Stoa is
 * ready · Reload", which loads it. Run in a persistent (not incognito) profile: Chromium never
 * offers to install from an incognito window.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { MANIFEST_URL, WORKER_URL } from '../../src/api/offline/worker';
import { UPDATE_READY_TEXT } from '../../src/machines/offline/appUpdate.connect';
import { startApp, type RunningApp } from './support/app';
import { auditAccessibility, screenshot } from './support/look';
import { MEMBER_PASSWORD } from './support/members';
import { controlled, goOffline, goOnline, makeProfileDir, openProfile, removeProfileDir } from './support/profile';

const ROOT = join(import.meta.dirname, '..', '..');
/** What Chromium logs for a request made while offline: expected in the offline steps only. */
const OFFLINE_LOAD = /net::ERR_INTERNET_DISCONNECTED|Failed to load resource: net::/;

let app: RunningApp;
let clientDir: string;
let profileDir: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
let offline = false;
/** Where the profile opens the app (its own network to it). */
let origin: string;

beforeAll(async () => {
  await buildClientIfNeeded();
  clientDir = mkdtempSync(join(tmpdir(), 'stoa-client-'));
  cpSync(join(ROOT, 'dist'), clientDir, { recursive: true });
  app = await startApp({ CLIENT_DIR: clientDir });
  profileDir = makeProfileDir();
  // Under the app's real CSP: any console error (a CSP violation is one) or uncaught exception fails.
  ({ context, page, url: origin } = await openProfile(profileDir, app, { problems, ignore: (text) => offline && OFFLINE_LOAD.test(text) }));
});

afterEach(() => {
  expect(problems.splice(0), 'console errors or uncaught exceptions in the pages').toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  removeProfileDir(profileDir);
});

/** The streams page is drawn (its composer button is there, online or not). */
async function streamsShown(target: Page) {
  await expect.poll(() => target.title()).toMatch(/^Streams/);
  await target
    .getByRole('button', { name: /on your mind/i })
    .first()
    .waitFor();
}

/** The scripts of a page load that did not come from the service worker. */
function scriptsFromNetwork(target: Page) {
  const fromNetwork: string[] = [];
  target.on('response', (response) => {
    if (response.request().resourceType() === 'script' && !response.fromServiceWorker()) fromNetwork.push(response.url());
  });
  return fromNetwork;
}

describe('Stoa installed and offline', () => {
  it('meets Chromium’s installability criteria: manifest, icons, a worker that controls the page', async () => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Sign up' }).waitFor();
    await controlled(page);
    const manifest = await (await page.request.get(MANIFEST_URL)).json();
    expect(manifest).toMatchObject({ name: 'Stoa', short_name: 'Stoa', display: 'standalone', start_url: '/', id: '/', scope: '/' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
    expect(url).toBe(`${origin}${MANIFEST_URL}`);
    await cdp.detach();
  });

  it('a repeat visit of the streams loads no script over the network', async () => {
    // A member, signed up here: the streams' chunks (member area, socket) are precached already.
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Username').fill('offlineada');
    await form.getByLabel('Email').fill('offlineada@example.org');
    await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/app/social/streams');

    const fromNetwork = scriptsFromNetwork(page);
    await page.reload();
    await streamsShown(page);
    await page.waitForLoadState('networkidle');
    expect(fromNetwork).toEqual([]);
    // A navigation in a new tab too.
    const second = await context.newPage();
    const secondFromNetwork = scriptsFromNetwork(second);
    await second.goto('/app/social/streams');
    await streamsShown(second);
    await second.waitForLoadState('networkidle');
    expect(secondFromNetwork).toEqual([]);
    await second.close();
  });

  it('a new build’s worker shows “A new version of Stoa is ready · Reload”, and Reload brings it in', async () => {
    const before = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(before).toBe(`${origin}${WORKER_URL}`);
    // A new version on the server: a changed worker (the copies the server would send compressed go).
    appendFileSync(join(clientDir, 'sw.js'), '\n// a new build\n');
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(clientDir, copy), { force: true });
    // The browser checks on each navigation; the app also asks now and then. Here: a reload.
    await page.reload();
    const banner = page.getByRole('region', { name: 'App update' });
    await banner.getByText(UPDATE_READY_TEXT).waitFor({ timeout: 30_000 });
    await auditAccessibility(page, 'update banner (1280, light)');
    await screenshot(page, 'installable-update-1280');
    // On a phone, in the dark: above the bottom bar, covering none of its links.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    const bar = await page.getByRole('navigation', { name: 'Sections' }).boundingBox();
    const card = await banner.boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(bar!.y);
    await auditAccessibility(page, 'update banner (375, dark)');
    await screenshot(page, 'installable-update-375-dark');
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });
    // Keyboard reachable: the Reload button takes focus like any other.
    const reload = banner.getByRole('button', { name: 'Reload' });
    await reload.focus();
    const waitingBefore = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waitingBefore).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await streamsShown(page);
    await controlled(page);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
    await expect.poll(() => banner.count()).toBe(0);
  });

  it('the banner waits while the composer is open', async () => {
    appendFileSync(join(clientDir, 'sw.js'), '\n// another build\n');
    await page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill('Half a thought');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting), undefined, {
      timeout: 30_000,
    });
    // Workbox reports a waiting worker 200 ms after it installs; the banner must still not show.
    await page.waitForTimeout(1000);
    expect(await page.getByText(UPDATE_READY_TEXT).count()).toBe(0);
    await page.keyboard.press('Escape');
    // Closing a composer with text may ask to discard it.
    const discard = page.getByRole('button', { name: /Discard/i });
    if (await discard.count()) await discard.click();
    await page.getByText(UPDATE_READY_TEXT).waitFor({ timeout: 15_000 });
  });
  // Last: offline, the member stays signed in on the profile kept for this session
  // (src/machines/session/authGuard.machine.ts; what they read offline: tests/e2e/offline.test.ts).
  it('offline, a reload and moves to other routes still draw the app from the precache, with the offline indicator', async () => {
    offline = true;
    await goOffline(context);
    const indicator = page.getByText('You are offline');
    await indicator.waitFor();
    for (const path of [null, '/app/social/people', '/forgot-password', '/app/social/chat/messages']) {
      // Not Chromium's "No internet" page: the app's own document and code, answered by the worker.
      if (path) await page.goto(path);
      else await page.reload();
      await indicator.waitFor();
      await expect.poll(() => page.title()).toMatch(/· Stoa$/);
    }
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: /email/i }).waitFor();
    await screenshot(page, 'installable-offline-1280');
    await goOnline(context);
    offline = false;
    await indicator.waitFor({ state: 'detached' });
  });
});
