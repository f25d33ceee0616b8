/**
 * Reading offline (docs/client-offline.md), in Debian's Chromium against `npm start` with the
 * service worker active, in a persistent profile (IndexedDB and the worker as a member's browser
 * keeps them): a member reads the streams and opens a post, goes offline and reloads; the app
 * opens signed in and shows the kept posts with "You are offline · showing what you saw at …";
 * back online the streams are the server's again; sign-out wipes the kept data, and a second
 * member signing in on the same browser sees none of it. Under the app's real CSP, and a console
 * error fails it, offline too: the app asks nothing while the browser says it is offline.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { KEPT_DB_PREFIX } from '../../src/api/offline/kept';
import { ASIDE_OFFLINE } from '../../src/machines/people/memberAside.machine';
import { startApp, type RunningApp } from './support/app';
import { keptDatabases as keptDatabasesOf, keptKeys as keptKeysOf } from './support/kept';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpOn } from './support/members';
import { goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';

const NOTICE = /^You are offline · showing what you saw at \d{1,2}:\d{2}/;
const SHOTS = mkdtempSync(join(tmpdir(), 'stoa-offline-shots-'));

let app: RunningApp;
let profileDir: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  await buildClientIfNeeded();
  app = await startApp();
  profileDir = makeProfileDir();
  // Under the app's real CSP: any console error (a CSP violation, a failed request) or uncaught exception fails.
  ({ context, page } = await openProfile(profileDir, app, { problems }));
});

/**
 * While offline the browser logs each request it could not make (an image of a kept post, the
 * socket's tries, goOffline's probe): the network's, not the app's; anything else is a problem.
 */
afterEach(() => {
  expect(
    problems.splice(0).filter((p) => !OFFLINE_NOISE.test(p)),
    'console errors or uncaught exceptions in the pages',
  ).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  removeProfileDir(profileDir);
  console.log(`offline screenshots: ${SHOTS}`);
});

const signUp = (username: string) => signUpOn(page, app, username, 'forYou');

/** The names of the kept databases on this device. */
const keptDatabases = () => keptDatabasesOf(page);

/**
 * Nothing in flight: a request cut by going offline is logged by the browser whatever the app
 * does. (What the app would ask once offline it does not ask: that part is the test.)
 */
const settled = () => page.waitForLoadState('networkidle');

/** The keys of the copies kept for `userId` (the page writes them after each load, in the background). */
const keptKeys = (userId: string) => keptKeysOf(page, userId);

async function controlled() {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function look(name: string, width: number, dark: boolean) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await screenshot(page, `offline-${name}-${width}-${dark ? 'dark' : 'light'}`);
  await page.screenshot({ path: join(SHOTS, `${name}-${width}-${dark ? 'dark' : 'light'}.png`) });
}

let reader: { id: string; token: string };
let privatePost: { _id: string };
const KEPT_TEXT = 'Notes for the train: kept on this device';
const KEPT_COMMENT = 'And a comment to read in the tunnel';

describe('reading offline', () => {
  it('a member reads the streams and opens a post; offline, a reload opens signed in with the kept posts and the notice', async () => {
    reader = await signUp('trainreader');
    await controlled();
    // Only the reader may see it: a second member must never find it on this device.
    ({ post: privatePost } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', reader.token, {
      post: KEPT_TEXT,
      privacy: 'Private',
    }));
    await callApi(app, 'POST', '/post/comment', reader.token, { postId: privatePost._id, comment: KEPT_COMMENT });
    await page.reload();
    await page.getByText(KEPT_TEXT).first().waitFor();
    await page.goto(`/app/social/post/${privatePost._id}`);
    await page.getByText(KEPT_TEXT).first().waitFor();
    await page.getByText(KEPT_COMMENT).waitFor();
    await page.goto('/app/social/chat/messages');
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await page.goto('/app/social/streams');
    await page.getByText(KEPT_TEXT).first().waitFor();
    await expect.poll(keptDatabases).toEqual([`${KEPT_DB_PREFIX}${reader.id}`]);
    await expect
      .poll(() => keptKeys(reader.id))
      .toEqual(['chats:list', `comments:${privatePost._id}`, 'stream:forYou', `post:${privatePost._id}`, 'unread:count'].sort());

    await settled();
    await goOffline(context);
    await page.reload();
    // Signed in (not sent to sign-in), the kept page with the notice.
    await page.getByText(NOTICE).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/social/streams');
    await page.getByText(KEPT_TEXT).first().waitFor();
    await page.getByText('You are offline', { exact: true }).waitFor();
    // The side panels say quietly that they wait for the network: no error toast (docs/client-offline.md).
    await expect.poll(() => page.getByText(ASIDE_OFFLINE).count()).toBe(3);
    expect(await page.locator('[data-toast-type="error"]').count()).toBe(0);
    await auditAccessibility(page, 'kept streams (1280, light)');
    await look('streams', 1280, false);
    await look('streams', 375, true);
    await look('streams', 375, false);
    await look('streams', 1280, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // The post they opened, with its comments and the notice too.
    await page.goto(`/app/social/post/${privatePost._id}`);
    await page.getByText(NOTICE).waitFor();
    await page.getByText(KEPT_TEXT).first().waitFor();
    await page.getByText(KEPT_COMMENT).waitFor();
    await look('post', 375, true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // Their chat list, kept the same way.
    await page.goto('/app/social/chat/messages');
    await page.getByRole('heading', { name: 'Chats' }).waitFor();
    await page.getByText(NOTICE).waitFor();
    await look('chats', 375, false);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back online: the server's page again, without the notice; the session was never ended.
    await page.goto('/app/social/streams');
    await page.getByText(NOTICE).waitFor();
    await goOnline(context);
    await page.getByText(NOTICE).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText(KEPT_TEXT).first().waitFor();
    // The side panels load by themselves once the app is back online.
    await expect.poll(() => page.getByText(ASIDE_OFFLINE).count()).toBe(0);
    await page.getByRole('region', { name: 'Who to follow' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(reader.token);
  });

  it('sign-out wipes the kept data; a second member on the same browser sees none of it', async () => {
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(keptDatabases).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    const second = await signUp('secondreader');
    await page.getByRole('radio', { name: 'Latest' }).waitFor();
    await expect.poll(keptDatabases).toEqual([`${KEPT_DB_PREFIX}${second.id}`]);
    await expect.poll(() => keptKeys(second.id)).toEqual(['stream:forYou', 'unread:count']);
    await settled();
    await goOffline(context);
    await page.reload();
    await page.getByText(NOTICE).waitFor();
    expect(await page.getByText(KEPT_TEXT).count()).toBe(0);
    // The first member's post is not kept for the second: offline it cannot be opened.
    await page.goto(`/app/social/post/${privatePost._id}`);
    await page.getByText('Could not load this post').waitFor();
    expect(await page.getByText(KEPT_TEXT).count()).toBe(0);
    await goOnline(context);
  });

  it('with nothing kept for the session, offline the check has failed: after 1 s signed out, home', async () => {
    // The kept profile is gone (storage cleared by hand), the token stays.
    await page.goto('/app/social/streams');
    await page.getByRole('radio', { name: 'Latest' }).waitFor();
    await page.evaluate(async (prefix) => {
      for (const db of await indexedDB.databases()) if (db.name?.startsWith(prefix)) indexedDB.deleteDatabase(db.name);
    }, KEPT_DB_PREFIX);
    await expect.poll(keptDatabases).toEqual([]);
    await settled();
    await goOffline(context);
    await page.reload();
    // The spec's failed check (docs/client-auth.md): the spinner, then the session cleared and home.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Welcome to Stoa' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await look('signed-out-offline', 375, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await goOnline(context);
  });
});
