/**
 * Comments and answers through the outbox (docs/client-offline.md, "Outbox"), in Debian's Chromium
 * against `npm start`. Ada's browser is a persistent profile with the service worker active (her
 * IndexedDB survives a closed browser, as a member's does); Bea is an ordinary member. Ada opens
 * Bea's post and question online, goes offline, answers the question and comments on the post:
 * both show "Waiting to send" in the order written; a reload offline and a closed and reopened
 * browser still show them; back online each is stored once, in order, the marks turn into the real
 * comment and answer, and Bea, who has both pages open, receives them live. A comment on a post
 * deleted meanwhile is refused (404): it shows the server's reason with Try again and Delete, and
 * Delete takes it away. Screenshots of a waiting comment at 375 and 1280 px, light and dark.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../scripts/clientBuild';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, signUpOn, type Member } from './support/members';
import { answersOf, comment as commentOn, commentsOf, listItem as item } from './support/outbox';
import { controlled, goOffline, goOnline, makeProfileDir, OFFLINE_NOISE, openProfile, removeProfileDir } from './support/profile';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const POST = 'Bea asks the train: which line is the slowest?';
const QUESTION = 'How do I keep notes in sync across two laptops?';
const ANSWER = 'Keep them in a git repository and pull before you start.';
const COMMENT = 'The one I take every morning, without a doubt.';
const REFUSED = 'This comment will find the post gone.';

let profileDir: string;
let context: BrowserContext;
let page: Page;
/** Ada's pages' problems: console errors and uncaught exceptions. */
const problems: string[] = [];

async function openAdasBrowser() {
  ({ context, page } = await openProfile(profileDir, app, { problems }));
}

beforeAll(async () => {
  await buildClientIfNeeded();
  profileDir = makeProfileDir();
  await openAdasBrowser();
});

/**
 * While offline, the browser logs each request it could not make (the socket's reconnects) as a
 * failed resource, and a refused send (the 404 the journey provokes) as one too: those are the
 * network's and the server's, not the app's; anything else is a problem.
 */
afterEach(() => {
  expect(problems.splice(0).filter((p) => !OFFLINE_NOISE.test(p) && !/status of 404/.test(p))).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  removeProfileDir(profileDir);
});

const settled = () => page.waitForLoadState('networkidle');

const comment = (text: string) => commentOn(page, text);

async function look(name: string, width: number, dark: boolean) {
  await page.setViewportSize({ width, height: width < 500 ? 740 : 900 });
  await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
  await item(commentsOf(page), COMMENT).scrollIntoViewIfNeeded();
  await screenshot(page, `outbox-${name}-${width}-${dark ? 'dark' : 'light'}`);
}

/** What the server stored, oldest first. */
const storedComments = async (postId: string, token: string) =>
  (await callApi<{ comments: { comment: string }[] }>(app, 'GET', `/post/comments/${postId}`, token)).comments.map((c) => c.comment);
const storedAnswers = async (questionId: string, token: string) =>
  (await callApi<{ answers: { answer: string }[] }>(app, 'GET', `/question/${questionId}`, token)).answers.map((a) => a.answer);

describe('comments and answers written offline', () => {
  let bea: Member;
  let ada: { id: string; token: string };
  let postId: string;
  let questionId: string;

  it('wait in the outbox through a reload and a closed browser, then go once each, in order', async () => {
    bea = await signUpMember(browser, app, 'bea');
    ada = await signUpOn(page, app, 'ada');
    await controlled(page);
    ({
      post: { _id: postId },
    } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', bea.token, { post: POST }));
    ({
      post: { _id: questionId },
    } = await callApi<{ post: { _id: string } }>(app, 'POST', '/question', bea.token, { post: QUESTION }));

    // Bea keeps both pages open: what Ada sends arrives live.
    const beaQuestion = await bea.page.context().newPage();
    await bea.page.goto(`/app/social/post/${postId}`);
    await commentsOf(bea.page).waitFor();
    await beaQuestion.goto(`/app/social/question/${questionId}`);
    await answersOf(beaQuestion).waitFor();

    // Ada opens the post (kept for reading offline), then the question, online.
    await page.goto(`/app/social/post/${postId}`);
    await commentsOf(page).waitFor();
    await page.goto(`/app/social/question/${questionId}`);
    await answersOf(page).waitFor();
    await settled();

    await goOffline(context);
    // First the answer, on the question page loaded before...
    await page.getByRole('textbox', { name: 'Write an answer' }).fill(ANSWER);
    await page.getByRole('button', { name: 'Post answer' }).click();
    await expect.poll(() => item(answersOf(page), ANSWER).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    expect(await page.getByRole('textbox', { name: 'Write an answer' }).inputValue()).toBe('');
    // ...then the comment, on the post opened offline (its kept copy).
    await page.goto(`/app/social/post/${postId}`);
    await comment(COMMENT);
    await expect.poll(() => item(commentsOf(page), COMMENT).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    await auditAccessibility(page, 'a waiting comment (1280, light)');
    await look('comment', 375, false);
    await look('comment', 375, true);
    await look('comment', 1280, false);
    await look('comment', 1280, true);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reload offline: still waiting.
    await page.reload();
    await expect.poll(() => item(commentsOf(page), COMMENT).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    await page.goto(`/app/social/question/${questionId}`);
    await expect.poll(() => item(answersOf(page), ANSWER).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);

    // The browser closed and opened again, still offline: still waiting.
    await context.close();
    await openAdasBrowser();
    await goOffline(context);
    await page.goto(`/app/social/post/${postId}`);
    await expect.poll(() => item(commentsOf(page), COMMENT).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    expect(await storedComments(postId, bea.token)).toEqual([]);
    expect(await storedAnswers(questionId, bea.token)).toEqual([]);

    // Back online: each stored once; the mark turns into the real comment.
    await goOnline(context);
    await expect.poll(() => storedAnswers(questionId, bea.token), { timeout: 30_000 }).toEqual([ANSWER]);
    await expect.poll(() => storedComments(postId, bea.token), { timeout: 30_000 }).toEqual([COMMENT]);
    const shown = item(commentsOf(page), COMMENT);
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await shown.getAttribute('data-comment-id')) ?? 'pending-').not.toMatch(/^pending-/);
    expect(await shown.innerText()).not.toMatch(/Waiting to send/);
    await page.goto(`/app/social/question/${questionId}`);
    await expect.poll(() => item(answersOf(page), ANSWER).getAttribute('data-answer-id'), { timeout: 15_000 }).toBeTruthy();
    expect(await item(answersOf(page), ANSWER).count()).toBe(1);
    // In the order written: the answer first.
    const answered = await callApi<{ answers: { createdAt: string }[] }>(app, 'GET', `/question/${questionId}`, bea.token);
    const commented = await callApi<{ comments: { createdAt: string }[] }>(app, 'GET', `/post/comments/${postId}`, bea.token);
    expect(answered.answers[0].createdAt <= commented.comments[0].createdAt).toBe(true);

    // Bea received both live, once each.
    await expect.poll(() => item(commentsOf(bea.page), COMMENT).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => item(answersOf(beaQuestion), ANSWER).count(), { timeout: 15_000 }).toBe(1);
    await beaQuestion.close();
  });

  it("shows the server's refusal with Try again and Delete, and Delete takes it away", async () => {
    const { post } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', bea.token, { post: 'Soon gone.' });
    await page.goto(`/app/social/post/${post._id}`);
    await commentsOf(page).waitFor();
    await settled();
    await goOffline(context);
    await comment(REFUSED);
    await expect.poll(() => item(commentsOf(page), REFUSED).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    // Meanwhile Bea deletes the post: the server refuses the comment (404), for good.
    await callApi(app, 'DELETE', `/post/${post._id}`, bea.token);
    await goOnline(context);
    const refused = item(commentsOf(page), REFUSED);
    await expect.poll(() => refused.innerText(), { timeout: 30_000 }).toMatch(/Not sent: Post not found/);
    expect(await refused.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    await auditAccessibility(page, 'a refused comment (1280, light)');
    await refused.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => refused.count()).toBe(0);
    expect(ada.id).toBeTruthy();
  });
});
