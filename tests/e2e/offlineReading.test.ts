/**
 * Reading offline, the rest of the kept store (docs/client-offline.md, "Reading offline"): in
 * Debian's Chromium against `npm start` with the service worker active, in a persistent profile.
 * A member opens a conversation (a message arrives live while it is open), their notifications and
 * their own profile; offline, a reload of each shows what they saw with "You are offline · showing
 * what you saw at …", and a message written offline waits after the kept ones. Sign-out wipes it
 * all; a second member signing in on the same browser finds none of it. Under the app's real CSP;
 * a console error fails it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { KEPT_DB_PREFIX, KEPT_STORES, keptThreadId } from '../../src/api/offline/kept';
import { MEDIA_CACHE } from '../../src/api/offline/worker';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser } from './support/browser';
import { keptDatabases as keptDatabasesOf, keptKeys as keptKeysOf } from './support/kept';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, signUpOn, type Member } from './support/members';
import { controlled, goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';

const NOTICE = /^You are offline · showing what you saw at \d{1,2}:\d{2}/;
const SHOTS = mkdtempSync(join(tmpdir(), 'stoa-offline-reading-shots-'));

let app: RunningApp;
let profileDir: string;
let context: BrowserContext;
let page: Page;
let other: Browser;
const problems: string[] = [];

beforeAll(async () => {
  await buildClientIfNeeded();
  app = await startApp();
  profileDir = makeProfileDir();
  ({ context, page } = await openProfile(profileDir, app, { problems }));
  // The other side of the conversation, in a browser of their own.
  other = await launchBrowser();
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
  await other?.close();
  await app?.stop();
  removeProfileDir(profileDir);
  console.log(`offline reading screenshots: ${SHOTS}`);
});

const keptDatabases = () => keptDatabasesOf(page);

const keptKeys = (userId: string) => keptKeysOf(page, userId);

/** The kept copy's value under `key` (the page writes it in the background). */
const keptValue = (userId: string, key: string) =>
  page.evaluate(
    ({ name, store, key }) =>
      new Promise<unknown>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => {
          const db = request.result;
          const get = db.transaction(store).objectStore(store).get(key);
          get.onsuccess = () => resolve((db.close(), (get.result as { value?: unknown } | undefined)?.value ?? null));
        };
        request.onerror = () => resolve(null);
      }),
    { name: `${KEPT_DB_PREFIX}${userId}`, store: KEPT_STORES.copies, key },
  );

const settled = () => page.waitForLoadState('networkidle');

async function look(name: string, width: number, dark: boolean) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await screenshot(page, `offline-${name}-${width}-${dark ? 'dark' : 'light'}`);
  await page.screenshot({ path: join(SHOTS, `${name}-${width}-${dark ? 'dark' : 'light'}.png`) });
}

const conversation = () => page.getByRole('region', { name: 'Conversation with penpal' });
const messages = () => page.getByRole('log', { name: 'Messages' });
const bubble = (text: string) => messages().getByRole('listitem').filter({ hasText: text });
const composer = (peer: string) => page.getByRole('textbox', { name: `Message ${peer}` });

let reader: { id: string; token: string };
let pen: Member;
const threadUrl = () => `/app/social/chat/messages?username=${pen.username}&id=${pen.id}&isGroup=false`;
const profileUrl = () => `/app/social/profile/trainreader?id=${reader.id}`;
const FIRST = 'Are you on the 8:10 tomorrow?';
const LIVE = 'Saved you a seat by the window';
const OFFLINE = 'In the tunnel, will answer soon';
const OWN_POST = 'My notes on the lecture, for the ride home';

const sendAs = (from: Member, to: string, body: string) =>
  callApi(app, 'POST', '/chat/message', from.token, { receiverId: to, body, clientId: randomUUID() });

describe('reading offline: conversations, notifications, the profile', () => {
  it('what the member saw is kept: the thread (with what arrived live), the notifications, their profile', async () => {
    reader = await signUpOn(page, app, 'trainreader', 'forYou');
    await controlled(page);
    pen = await signUpMember(other, app, 'penpal');
    await callApi(app, 'POST', '/post', reader.token, { post: OWN_POST, privacy: 'Public' });
    await callApi(app, 'PUT', `/user/follow/${reader.id}`, pen.token);
    await sendAs(pen, reader.id, FIRST);

    await page.goto(threadUrl());
    await bubble(FIRST).waitFor();
    // Arrives live while the conversation is open: kept with it.
    await sendAs(pen, reader.id, LIVE);
    await bubble(LIVE).waitFor();
    const thread = `thread:${keptThreadId(pen.id, false)}`;
    await expect
      .poll(async () => ((await keptValue(reader.id, thread)) as { messages?: { body: string }[] } | null)?.messages?.map((m) => m.body))
      .toEqual([FIRST, LIVE]);

    await page.goto('/app/social/notifications');
    await page.getByRole('list', { name: 'Notifications' }).getByText('penpal').first().waitFor();
    // Another member's profile, by name only (an @mention's link): kept by their id, found offline by the name.
    await page.goto('/app/social/profile/penpal');
    await page.getByRole('heading', { name: 'penpal' }).first().waitFor();
    await page.goto(profileUrl());
    await page.getByText(OWN_POST).first().waitFor();
    await expect
      .poll(() => keptKeys(reader.id))
      .toEqual(
        expect.arrayContaining([
          thread,
          'notifications:inbox',
          'unread:count',
          `member:${reader.id}`,
          `timeline:${reader.id}`,
          `member:${pen.id}`,
        ]),
      );
    await settled();
    await goOffline(context);

    // The conversation: the kept messages, the notice, and a message written offline waiting after them.
    await page.goto(threadUrl());
    // (Beside it, the chat list says the same of itself.)
    await conversation().getByText(NOTICE).waitFor();
    await bubble(FIRST).waitFor();
    await bubble(LIVE).waitFor();
    // (Audited before the waiting message: its dimmed bubble is the outbox's, and fails contrast; see the report.)
    await auditAccessibility(page, 'kept thread (1280, light)');
    await composer('penpal').fill(OFFLINE);
    await composer('penpal').press('Enter');
    await expect.poll(() => bubble(OFFLINE).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    const shown = await messages().getByRole('listitem').allInnerTexts();
    expect([FIRST, LIVE, OFFLINE].map((text) => shown.findIndex((t) => t.includes(text)))).toEqual([0, 1, 2]);
    expect(await page.getByRole('button', { name: 'Earlier messages' }).count()).toBe(0);
    await look('thread', 1280, false);
    await look('thread', 1280, true);
    await look('thread', 375, false);
    await look('thread', 375, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reload while offline: the thread is read from the kept store again, the unsent message still waits.
    await page.reload();
    await conversation().getByText(NOTICE).waitFor();
    await bubble(LIVE).waitFor();
    await expect.poll(() => bubble(OFFLINE).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);

    await page.goto('/app/social/notifications');
    await page.getByText(NOTICE).waitFor();
    await page.getByRole('list', { name: 'Notifications' }).getByText('penpal').first().waitFor();
    await look('notifications', 375, false);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(profileUrl());
    await page.getByText(NOTICE).waitFor();
    await page.getByRole('heading', { name: 'trainreader' }).first().waitFor();
    await page.getByText(OWN_POST).first().waitFor();
    // One notice for the page (the Timeline's kept page says nothing more).
    expect(await page.getByText(NOTICE).count()).toBe(1);
    await look('profile', 1280, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.goto('/app/social/profile/PenPal');
    await page.getByText(NOTICE).waitFor();
    await page.getByRole('heading', { name: 'penpal' }).first().waitFor();

    // Back online on the conversation: the server's thread again, the waiting message sent once.
    await page.goto(threadUrl());
    await conversation().getByText(NOTICE).waitFor();
    await goOnline(context);
    await conversation().getByText(NOTICE).waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => bubble(OFFLINE).innerText(), { timeout: 30_000 }).toMatch(/Sent|Read/);
    const stored = await callApi<{ messages: { body: string }[] }>(
      app,
      'GET',
      `/chat/message/user/${reader.id}?isGroupChat=false`,
      pen.token,
    );
    expect(stored.messages.map((m) => m.body)).toEqual([FIRST, LIVE, OFFLINE]);
  });

  it('an image seen online shows offline after a reload, from the worker’s media cache', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3f9b5a' } })
      .png()
      .toBuffer();
    const { post } = await callApi<{ post: { _id: string; image: string } }>(app, 'POST', '/post/image/post', reader.token, {
      post: 'The field by the station',
      privacy: 'Public',
      image: `data:image/png;base64,${png.toString('base64')}`,
      imageAlt: 'A green field',
    });
    const imagePath = new URL(post.image, app.url).pathname;
    const picture = () => page.getByRole('img', { name: 'A green field' }).first();
    const drawn = () => picture().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
    const cached = () =>
      page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), MEDIA_CACHE);
    // The worker's own requests to the network for the image (the page's are answered by the worker).
    const fetched: string[] = [];
    const record = (request: Request) =>
      void (request.serviceWorker() && new URL(request.url()).pathname === imagePath && fetched.push(request.url()));
    context.on('request', record);

    await controlled(page);
    await page.goto(`/app/social/post/${post._id}`);
    await expect.poll(drawn).toBe(320);
    await expect.poll(cached).toContain(imagePath);
    await expect.poll(() => keptKeys(reader.id)).toContain(`post:${post._id}`);
    await settled();
    expect(fetched).toHaveLength(1);

    await goOffline(context);
    await page.reload();
    await page.getByText(NOTICE).waitFor();
    await expect.poll(drawn).toBe(320);
    // Drawn from the cache: the worker asked the network nothing more.
    expect(fetched).toHaveLength(1);
    context.off('request', record);
    await goOnline(context);
  });

  it('sign-out wipes it; a second member on the same browser sees none of the first one’s conversation, notifications or profile', async () => {
    await goOnline(context);
    // Signed out from the streams: leaving an open conversation after the token is gone asks remove-chat-users with it (a 401).
    await page.goto('/app/social/streams');
    await page.getByText(OWN_POST).first().waitFor();
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(keptDatabases).toEqual([]);
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(MEDIA_CACHE);

    const second = await signUpOn(page, app, 'secondreader', 'forYou');
    await expect.poll(keptDatabases).toEqual([`${KEPT_DB_PREFIX}${second.id}`]);
    await settled();
    await goOffline(context);
    await page.goto(threadUrl());
    await conversation().waitFor();
    await page
      .getByText('Could not load')
      .or(page.getByRole('button', { name: 'Try again' }))
      .first()
      .waitFor();
    for (const text of [FIRST, LIVE, OFFLINE]) expect(await page.getByText(text).count()).toBe(0);

    await page.goto('/app/social/notifications');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByText('Could not load notifications', { exact: true }).waitFor();
    expect(await page.getByText('penpal').count()).toBe(0);

    await page.goto(profileUrl());
    await page.getByText('Could not load this profile', { exact: true }).first().waitFor();
    expect(await page.getByText(OWN_POST).count()).toBe(0);
    await goOnline(context);
  });
});
