/**
 * A group post through the outbox (docs/client-offline.md, "Group posts"), in Debian's Chromium
 * against `npm start` with the service worker active: Ada, offline on the page of a group she
 * belongs to (she made it: her post is accepted at once), writes a post; it waits on the group's
 * Posts tab as a pending card ("Waiting to send") in place of "No posts yet"; back online it is
 * stored once and the real post takes the card's place. A console error fails it.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { paths } from '../../src/api/paths';
import { queuedText } from '../../src/machines/composer/composer.copy';
import { startApp, type RunningApp } from './support/app';
import { callApi, signUpOn } from './support/members';
import { pendingCard, pendingCards as cards, postCard as realCard } from './support/outbox';
import { controlled, goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';

let app: RunningApp;
let profileDir: string;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  await buildClientIfNeeded();
  app = await startApp();
  profileDir = makeProfileDir();
  ({ context, page } = await openProfile(profileDir, app, { problems, ignore: (text) => OFFLINE_NOISE.test(text) }));
});

afterEach(() => {
  expect(problems.splice(0), 'console errors or uncaught exceptions in Ada’s pages').toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  removeProfileDir(profileDir);
});

const TEXT = 'Fog over the harbour, written offline.';

describe('a group post written offline', () => {
  it('waits on the group page as "Waiting to send", then is stored once and shown as the real post', async () => {
    const ada = await signUpOn(page, app, 'adagroupoffline');
    await controlled(page);
    const { group } = await callApi<{ group: { _id: string } }>(app, 'POST', paths.groups.create, ada.token, {
      name: 'Harbour walkers',
      tags: ['walks'],
      category: ['Travel'],
      privacy: 'public',
    });
    await page.goto(`/app/social/group/${group._id}`);
    await page.getByText('No posts yet').waitFor();
    await page.waitForLoadState('networkidle');

    await goOffline(context);
    await page.getByRole('button', { name: 'Write something in Harbour walkers...' }).click();
    const form = page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill(TEXT);
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
    await page.getByText(queuedText('post')).first().waitFor();
    await expect.poll(() => pendingCard(page, TEXT).innerText()).toMatch(/Waiting to send/);
    expect(await page.getByText('No posts yet').count()).toBe(0);

    await goOnline(context);
    await expect.poll(() => cards(page).count(), { timeout: 45_000 }).toBe(0);
    await expect.poll(() => realCard(page, TEXT).count(), { timeout: 15_000 }).toBe(1);
    const stored = await callApi<{ posts: { post: string; groupStatus: string }[] }>(
      app,
      'GET',
      paths.posts.group.posts(group._id, 1),
      ada.token,
    );
    expect(stored.posts.map((p) => [p.post, p.groupStatus])).toEqual([[TEXT, 'accepted']]);
  }, 180_000);
});
