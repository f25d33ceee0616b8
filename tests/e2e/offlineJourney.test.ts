/**
 * The offline journey across kinds, in ONE outbox (docs/client-offline.md, "Outbox"), in Debian's
 * Chromium against `npm start`. Ada's browser is a persistent profile with the service worker
 * active (her IndexedDB survives a closed browser, as a member's does); Ben is an ordinary member
 * with his streams (Latest), his post and his conversation with Ada open. Online, Ada opens Ben's
 * post and the conversation (so both are kept). Offline she writes a post, a comment on Ben's post
 * and two messages to Ben: each shows "Waiting to send"; a reload offline and a closed and
 * reopened browser keep all four. Back online each is stored exactly once, in the order written
 * across kinds (post, comment, message, message), the marks turn into the real items, and Ben
 * receives all four live. Under the app's real CSP; a console error fails it (the network's own
 * while offline aside).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { keptThreadId } from '../../src/api/offline/kept';
import { OUTBOX_WAITING_TEXT } from '../../src/machines/offline/outbox.connect';
import { keptKeys } from './support/kept';
import { callApi, signUpMember, signUpOn, type Member } from './support/members';
import {
  bubble,
  chatComposer,
  chatWith,
  comment,
  commentsOf,
  listItem,
  messages,
  pendingCard,
  pendingCards,
  postCard,
  sendMessage,
  writePost,
} from './support/outbox';
import { controlled, goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const BENS_POST = 'Which carriage is the quiet one on the 8:10?';
const BENS_MESSAGE = 'Are you on the train tomorrow?';
const POST = 'Journey, first: no signal between two stations.';
const COMMENT = 'Journey, second: the last one, always.';
const FIRST_MESSAGE = 'Journey, third: yes, in the tunnel now.';
const SECOND_MESSAGE = 'Journey, fourth: will send this when we are out.';

let profileDir: string;
let context: BrowserContext;
let page: Page;
/** Ada's pages' problems, through both openings of her browser. */
const problems: string[] = [];

const openAdasBrowser = async () => ({ context, page } = await openProfile(profileDir, app, { problems }));

beforeAll(async () => {
  await buildClientIfNeeded();
  profileDir = makeProfileDir();
  await openAdasBrowser();
});

// While offline the browser logs each request it could not make (the socket's tries): the network's, not the app's.
afterEach(() => {
  expect(
    problems.splice(0).filter((p) => !OFFLINE_NOISE.test(p)),
    'console errors or uncaught exceptions in Ada’s pages',
  ).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  removeProfileDir(profileDir);
});

const waiting = new RegExp(OUTBOX_WAITING_TEXT);
const pendingComment = () => listItem(commentsOf(page), COMMENT);

describe('a post, a comment and two messages written offline, in one outbox', () => {
  let ada: { id: string; token: string };
  let ben: Member;
  let postId: string;

  /** What the server stored, each with its time, oldest first. */
  const adasPosts = async () =>
    (
      await callApi<{ posts: { post: string; createdAt: string }[] }>(app, 'GET', `/user/profile/posts/${ada.id}/all/1`, ada.token)
    ).posts.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const comments = async () =>
    (await callApi<{ comments: { comment: string; createdAt: string }[] }>(app, 'GET', `/post/comments/${postId}`, ben.token)).comments;
  const chat = async () =>
    (
      await callApi<{ messages: { body: string; createdAt: string }[] }>(
        app,
        'GET',
        `/chat/message/user/${ada.id}?isGroupChat=false`,
        ben.token,
      )
    ).messages;

  it('wait through a reload and a closed browser, then go once each, in the order written; Ben receives them live', async () => {
    ben = await signUpMember(browser, app, 'benjourney');
    ada = await signUpOn(page, app, 'adajourney');
    await controlled(page);
    ({
      post: { _id: postId },
    } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', ben.token, { post: BENS_POST }));
    await callApi(app, 'POST', '/chat/message', ben.token, { receiverId: ada.id, body: BENS_MESSAGE, clientId: crypto.randomUUID() });

    // Ben keeps his streams (Latest), his post and the conversation open: what Ada sends arrives live.
    const bensPost = await ben.page.context().newPage();
    await bensPost.goto(`/app/social/post/${postId}`);
    await commentsOf(bensPost).waitFor();
    const bensChat = await ben.page.context().newPage();
    await chatWith(bensChat, { username: 'adajourney', id: ada.id });
    await bubble(bensChat, BENS_MESSAGE).waitFor();

    // Online, Ada opens Ben's post and the conversation (both kept for reading offline), then her streams.
    await page.goto(`/app/social/post/${postId}`);
    await commentsOf(page).waitFor();
    await page.getByText(BENS_POST).first().waitFor();
    await expect.poll(() => keptKeys(page, ada.id)).toEqual(expect.arrayContaining([`post:${postId}`, `comments:${postId}`]));
    await chatWith(page, ben);
    await bubble(page, BENS_MESSAGE).waitFor();
    await expect
      .poll(() => keptKeys(page, ada.id))
      .toEqual(expect.arrayContaining(['chats:list', `thread:${keptThreadId(ben.id, false)}`]));
    await page.goto('/app/social/streams');
    await page.getByRole('radio', { name: 'Latest', checked: true }).waitFor();
    await page.waitForLoadState('networkidle');

    // Offline: a post, a comment, two messages, in this order, each waiting.
    await goOffline(context);
    await writePost(page, POST);
    await expect.poll(() => pendingCard(page, POST).innerText(), { timeout: 15_000 }).toMatch(waiting);
    await page.goto(`/app/social/post/${postId}`);
    await comment(page, COMMENT);
    await expect.poll(() => pendingComment().innerText(), { timeout: 15_000 }).toMatch(waiting);
    await chatWith(page, ben);
    await chatComposer(page, 'benjourney').waitFor();
    await sendMessage(page, 'benjourney', FIRST_MESSAGE);
    await sendMessage(page, 'benjourney', SECOND_MESSAGE);
    for (const text of [FIRST_MESSAGE, SECOND_MESSAGE])
      await expect.poll(() => bubble(page, text).innerText(), { timeout: 15_000 }).toMatch(waiting);
    const inThread = async () => {
      const shown = await messages(page).getByRole('listitem').allInnerTexts();
      return [BENS_MESSAGE, FIRST_MESSAGE, SECOND_MESSAGE].map((text) => shown.findIndex((t) => t.includes(text)));
    };
    await expect.poll(inThread).toEqual([0, 1, 2]);

    // A reload offline: all four still waiting.
    await page.reload();
    for (const text of [FIRST_MESSAGE, SECOND_MESSAGE])
      await expect.poll(() => bubble(page, text).innerText(), { timeout: 30_000 }).toMatch(waiting);
    await expect.poll(inThread).toEqual([0, 1, 2]);
    await page.goto(`/app/social/post/${postId}`);
    await expect.poll(() => pendingComment().innerText(), { timeout: 30_000 }).toMatch(waiting);
    await page.goto('/app/social/streams');
    await expect.poll(() => pendingCard(page, POST).innerText(), { timeout: 30_000 }).toMatch(waiting);
    expect(await adasPosts()).toEqual([]);
    expect(await comments()).toEqual([]);
    expect((await chat()).map((m) => m.body)).toEqual([BENS_MESSAGE]);

    // The browser closed and opened again, still offline (before any navigation): all four still waiting.
    await context.close();
    await openAdasBrowser();
    await goOffline(context);
    await page.goto('/app/social/streams');
    await expect.poll(() => pendingCard(page, POST).innerText(), { timeout: 30_000 }).toMatch(waiting);
    await page.goto(`/app/social/post/${postId}`);
    await expect.poll(() => pendingComment().innerText(), { timeout: 30_000 }).toMatch(waiting);
    await chatWith(page, ben);
    for (const text of [FIRST_MESSAGE, SECOND_MESSAGE])
      await expect.poll(() => bubble(page, text).innerText(), { timeout: 30_000 }).toMatch(waiting);

    // Back online, in the conversation: the marks turn into the sent messages.
    await goOnline(context);
    for (const text of [FIRST_MESSAGE, SECOND_MESSAGE]) {
      await expect.poll(() => bubble(page, text).innerText(), { timeout: 45_000 }).toMatch(/Sent|Read/);
      expect(await bubble(page, text).count()).toBe(1);
    }
    await expect.poll(inThread).toEqual([0, 1, 2]);

    // Stored exactly once each, in the order written across kinds.
    await expect.poll(async () => (await adasPosts()).map((p) => p.post), { timeout: 15_000 }).toEqual([POST]);
    await expect.poll(async () => (await comments()).map((c) => c.comment), { timeout: 15_000 }).toEqual([COMMENT]);
    await expect
      .poll(async () => (await chat()).map((m) => m.body), { timeout: 15_000 })
      .toEqual([BENS_MESSAGE, FIRST_MESSAGE, SECOND_MESSAGE]);
    const [post] = await adasPosts();
    const [stored] = await comments();
    const [, first, second] = await chat();
    const times = [post.createdAt, stored.createdAt, first.createdAt, second.createdAt].map((t) => Date.parse(t));
    expect(
      times.every((t, i) => i === 0 || times[i - 1] < t),
      `created in the order written: ${times.join(' < ')}`,
    ).toBe(true);

    // The other marks turned into the real items too.
    await page.goto(`/app/social/post/${postId}`);
    await expect.poll(() => pendingComment().count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await pendingComment().getAttribute('data-comment-id')) ?? 'pending-').not.toMatch(/^pending-/);
    expect(await pendingComment().innerText()).not.toMatch(waiting);
    await page.goto('/app/social/streams');
    await expect.poll(() => postCard(page, POST).count(), { timeout: 15_000 }).toBe(1);
    expect(await pendingCards(page).count()).toBe(0);

    // Ben received all four live, once each, the messages in order.
    await expect.poll(() => listItem(commentsOf(bensPost), COMMENT).count(), { timeout: 15_000 }).toBe(1);
    for (const text of [FIRST_MESSAGE, SECOND_MESSAGE])
      await expect.poll(() => bubble(bensChat, text).count(), { timeout: 15_000 }).toBe(1);
    const received = await messages(bensChat).getByRole('listitem').allInnerTexts();
    expect([BENS_MESSAGE, FIRST_MESSAGE, SECOND_MESSAGE].map((text) => received.findIndex((t) => t.includes(text)))).toEqual([0, 1, 2]);
    await expect.poll(() => postCard(ben.page, POST).count(), { timeout: 15_000 }).toBe(1);
    await bensPost.close();
    await bensChat.close();
  }, 240_000);
});
