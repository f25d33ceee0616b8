/**
 * New posts and questions through the outbox (docs/client-offline.md, "Outbox"), in Debian's
 * Chromium against `npm start` with the service worker active, Ada in a persistent profile (her
 * IndexedDB and worker kept as a member's browser keeps them): offline, she writes a post, a post
 * with an image and a question; each waits as a pending card ("Waiting to send") on top of the list
 * it will land in; a reload offline, and closing and reopening the browser, keep them; back online
 * each is stored exactly once, in the order written, the pending cards turn into the real items,
 * and Ben sees them live. A post the server refuses (4xx: an "image" that is not one) shows the
 * server's reason with Try again and Delete. Under the app's real CSP; a console error fails it.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { queuedText } from '../../src/machines/composer/composer.copy';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser, takePageProblems } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, signUpOn, type Member } from './support/members';
import { pendingCard, pendingCards as cards, postCard as realCard, writePost as writeInComposer } from './support/outbox';
import {
  controlled as controlledPage,
  goOffline,
  goOnline,
  makeProfileDir,
  OFFLINE_NOISE as NETWORK,
  openProfile,
  removeProfileDir,
} from './support/profile';

let app: RunningApp;
let profileDir: string;
let context: BrowserContext;
let page: Page;
let other: Browser;
const problems: string[] = [];

/** The refused upload of the last test: a 4xx the page expected. */
const EXPECTED_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;

async function openAda() {
  ({ context, page } = await openProfile(profileDir, app, {
    problems,
    ignore: (text) => NETWORK.test(text) || EXPECTED_4XX.test(text),
  }));
}

beforeAll(async () => {
  await buildClientIfNeeded();
  app = await startApp();
  profileDir = makeProfileDir();
  await openAda();
  other = await launchBrowser();
});

afterEach(() => {
  expect(problems.splice(0), 'console errors or uncaught exceptions in Ada’s pages').toEqual([]);
  expect(
    takePageProblems().filter((p) => !NETWORK.test(p)),
    'console errors or uncaught exceptions in Ben’s pages',
  ).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await other?.close();
  await app?.stop();
  removeProfileDir(profileDir);
});

const FIRST = 'Written in the tunnel, first.';
const WITH_IMAGE = 'Second: the view from the window.';
const QUESTION = 'Third: does a statechart dream of electric transitions?';
const ALT = 'A green square seen offline';

const controlled = () => controlledPage(page);

async function writePost(text: string, image?: Buffer) {
  await writeInComposer(
    page,
    text,
    image &&
      (async () => {
        await page.getByRole('form', { name: 'Post' }).getByRole('button', { name: 'Image' }).click();
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Choose an image' }).click();
        await (await chooser).setFiles({ name: 'square.png', mimeType: 'image/png', buffer: image });
        await page.getByLabel('Alt text').fill(ALT);
      }),
  );
}

async function ask(text: string) {
  await page.getByRole('button', { name: 'Ask a question' }).click();
  const form = page.getByRole('form', { name: 'Question' });
  await form.getByRole('textbox', { name: "What's your question?" }).fill(text);
  await form.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
}

/** Everything Ada stored, oldest first (posts and questions). */
async function storedBy(member: { id: string; token: string }): Promise<string[]> {
  const answer = await callApi<{ posts: { post: string; createdAt: string }[] }>(
    app,
    'GET',
    `/user/profile/posts/${member.id}/all/1`,
    member.token,
  );
  return [...answer.posts].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((p) => p.post);
}

async function look(name: string, width: number, dark: boolean) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await page.waitForTimeout(300);
  await screenshot(page, `outbox-${name}-${width}-${dark ? 'dark' : 'light'}`);
}

describe('posts and questions written offline', () => {
  let ada: { id: string; token: string };
  let ben: Member;

  it('wait as pending cards through a reload and a browser restart, then go once each, in order; Ben sees them live', async () => {
    ada = await signUpOn(page, app, 'adaoffline');
    await controlled();
    ben = await signUpMember(other, app, 'benonline');
    const benQuestions = await ben.page.context().newPage();
    await benQuestions.goto('/app/social/questions');
    await benQuestions.getByRole('button', { name: 'Ask a question' }).waitFor();
    // Ada's questions page loaded once (its route is precached by the worker anyway).
    await page.goto('/app/social/questions');
    await page.getByRole('button', { name: 'Ask a question' }).waitFor();
    await page.goto('/app/social/streams');
    await page.getByRole('radio', { name: 'Latest', checked: true }).waitFor();
    await page.waitForLoadState('networkidle');

    await goOffline(context);
    await writePost(FIRST);
    await page.getByText(queuedText('post')).first().waitFor();
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3fa66b' } })
      .png()
      .toBuffer();
    await writePost(WITH_IMAGE, png);
    // On top of the stream, newest written first (where the sent posts will be), each waiting.
    await expect.poll(() => cards(page).allInnerTexts()).toEqual([expect.stringContaining(WITH_IMAGE), expect.stringContaining(FIRST)]);
    for (const text of [FIRST, WITH_IMAGE]) await expect.poll(() => pendingCard(page, text).innerText()).toMatch(/Waiting to send/);
    // The image is shown from its kept bytes.
    await expect.poll(() => pendingCard(page, WITH_IMAGE).getByRole('img', { name: ALT }).getAttribute('src')).toMatch(/^blob:/);

    await page.goto('/app/social/questions');
    await ask(QUESTION);
    await page.getByText(queuedText('question')).first().waitFor();
    await expect.poll(() => pendingCard(page, QUESTION).innerText()).toMatch(/Waiting to send/);
    // A question waits on the questions list, not on the stream.
    await expect.poll(() => cards(page).count()).toBe(1);

    // A reload while offline: still there.
    await page.reload();
    await expect.poll(() => pendingCard(page, QUESTION).innerText(), { timeout: 30_000 }).toMatch(/Waiting to send/);
    await page.goto('/app/social/streams');
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(2);
    await auditAccessibility(page, 'pending posts (1280, light)');
    await look('pending', 1280, false);
    await look('pending', 1280, true);
    await look('pending', 375, false);
    await look('pending', 375, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // The browser closed and opened again, still offline: the outbox is kept on the device.
    expect(await storedBy(ada)).toEqual([]);
    await context.close();
    await openAda();
    await goOffline(context);
    await page.goto('/app/social/streams');
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(2);
    for (const text of [FIRST, WITH_IMAGE]) await expect.poll(() => pendingCard(page, text).innerText()).toMatch(/Waiting to send/);

    // Back online: each is sent once, in the order written, and the real items take the cards' places.
    await goOnline(context);
    await expect.poll(() => cards(page).count(), { timeout: 45_000 }).toBe(0);
    for (const text of [FIRST, WITH_IMAGE]) await expect.poll(() => realCard(page, text).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => realCard(page, WITH_IMAGE).getByRole('img', { name: ALT }).getAttribute('src'))
      .toMatch(/^\/media\/image\/upload\/v\d+\//);
    await expect.poll(() => storedBy(ada), { timeout: 15_000 }).toEqual([FIRST, WITH_IMAGE, QUESTION]);
    // Newest first in the stream, as posts are.
    const shown = await page.locator('article[data-post-id]').allInnerTexts();
    expect(shown.findIndex((t) => t.includes(WITH_IMAGE))).toBeLessThan(shown.findIndex((t) => t.includes(FIRST)));
    await page.goto('/app/social/questions');
    await expect.poll(() => realCard(page, QUESTION).count(), { timeout: 15_000 }).toBe(1);
    expect(await cards(page).count()).toBe(0);

    // Ben saw them arrive live.
    for (const text of [FIRST, WITH_IMAGE]) await expect.poll(() => realCard(ben.page, text).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => realCard(benQuestions, QUESTION).count(), { timeout: 15_000 }).toBe(1);
    await benQuestions.close();
  }, 240_000);

  it("shows the server's refusal (4xx) with Try again and Delete; Delete takes it away", async () => {
    await page.goto('/app/social/streams');
    await page.getByRole('radio', { name: 'Latest', checked: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await goOffline(context);
    const REFUSED = 'This image is not one.';
    // A PNG by its name and type, but not by its bytes: the server reads the content and says no.
    await writePost(REFUSED, Buffer.from('not an image at all, only words'));
    await expect.poll(() => pendingCard(page, REFUSED).innerText()).toMatch(/Waiting to send/);
    await goOnline(context);
    const refused = pendingCard(page, REFUSED);
    await expect.poll(() => refused.innerText(), { timeout: 45_000 }).toMatch(/Not sent: /);
    await expect.poll(() => refused.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await look('refused', 375, false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await refused.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => refused.count()).toBe(0);
    expect(await storedBy(ada)).not.toContain(REFUSED);
  }, 120_000);
});
