/**
 * Reactions through the outbox (docs/client-offline.md, "Reactions: the latest wish per post"), in
 * Debian's Chromium against `npm start`. Ada's browser is a persistent profile with the service
 * worker active (her IndexedDB survives a reload, as a member's does). She opens Bea's post online,
 * goes offline and likes it: the card keeps "Your reaction: Like" with "Waiting to send", also
 * after a reload offline; back online the server has her one like and the mark goes. Offline
 * again, she removes it and likes and removes it again: one wish waits (none), and back online the
 * server has no reaction of hers. Screenshots of a reaction waiting to send (its mark under the
 * card's row) at 375 and 1280 px, light and dark.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { screenshot } from './support/look';
import { callApi, signUpMember, signUpOn } from './support/members';
import { goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const POST = 'Bea asks the platform: who else is waiting for the 8:12?';

let profileDir: string;
let context: BrowserContext;
let page: Page;
/** Ada's pages' problems: console errors and uncaught exceptions. */
const problems: string[] = [];

beforeAll(async () => {
  await buildClientIfNeeded();
  profileDir = makeProfileDir();
  ({ context, page } = await openProfile(profileDir, app, { problems }));
});

afterEach(() => {
  expect(problems.splice(0).filter((p) => !OFFLINE_NOISE.test(p))).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  removeProfileDir(profileDir);
});

/** The page at a width and theme, the post's waiting mark in view. */
async function look(name: string, width: number, dark: boolean) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await page.getByTestId('reaction-outbox').first().scrollIntoViewIfNeeded();
  await screenshot(page, `outbox-${name}-${width}-${dark ? 'dark' : 'light'}`);
}

describe('a reaction made offline', () => {
  it('shows as chosen, waiting, through a reload offline; back online the server has it once', async () => {
    const bea = await signUpMember(browser, app, 'bea');
    await signUpOn(page, app, 'ada');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const {
      post: { _id: postId },
    } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', bea.token, { post: POST });
    const card = page.locator(`article[data-post-id="${postId}"]`);
    const mark = card.getByTestId('reaction-outbox');
    const stored = async () =>
      (
        await callApi<{ reactions: { username: string; type: string }[] }>(app, 'GET', `/post/reactions/${postId}`, bea.token)
      ).reactions.map((r) => `${r.username}:${r.type}`);

    // Opened online (kept for reading offline).
    await page.goto(`/app/social/post/${postId}`);
    await card.getByRole('button', { name: 'Like' }).waitFor();
    await page.waitForLoadState('networkidle');

    await goOffline(context);
    await card.getByRole('button', { name: 'Like' }).click();
    await card.getByRole('button', { name: 'Your reaction: Like. Remove it' }).waitFor();
    await expect.poll(() => mark.innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    expect(await page.getByText('Could not save your reaction').count()).toBe(0);
    await look('reaction', 375, false);
    await look('reaction', 375, true);
    await look('reaction', 1280, false);
    await look('reaction', 1280, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reload offline: the kept wish still shows over the kept post's (no reaction).
    await page.reload();
    await card.getByRole('button', { name: 'Your reaction: Like. Remove it' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => mark.innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    expect(await stored()).toEqual([]);

    // Back online: stored once, the mark goes, the card shows the server's count.
    await goOnline(context);
    await expect.poll(stored, { timeout: 30_000 }).toEqual(['ada:like']);
    // (The list reads page 1 again meanwhile, its kept copy still shown: the card stays.)
    await card.getByRole('button', { name: 'Your reaction: Like. Remove it' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => card.getByTestId('reactions-total').innerText(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(0);

    // Offline again: removed, liked, removed: one wish (none) waits and goes.
    await goOffline(context);
    await card.getByRole('button', { name: 'Your reaction: Like. Remove it' }).click();
    await card.getByRole('button', { name: 'Like' }).click();
    await card.getByRole('button', { name: 'Your reaction: Like. Remove it' }).click();
    await card.getByRole('button', { name: 'Like' }).waitFor();
    await expect.poll(() => mark.innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    expect(await page.evaluate(() => document.querySelectorAll('[data-testid="reaction-outbox"]').length)).toBe(1);
    await goOnline(context);
    await expect.poll(stored, { timeout: 30_000 }).toEqual([]);
    await card.getByRole('button', { name: 'Like' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => card.getByTestId('reactions-total').count(), { timeout: 15_000 }).toBe(0);
  });
});
