/**
 * What the outbox journeys read and do on a page (docs/client-offline.md, "Outbox"): the pending
 * cards of posts and questions, the comments and answers lists, a conversation's messages, and the
 * writing of each, as a member does it.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The cards of posts and questions not sent yet, on top of the list they will land in. */
export const pendingCards = (page: Page) => page.getByRole('list', { name: 'Not sent yet' }).getByRole('article');
export const pendingCard = (page: Page, text: string) => pendingCards(page).filter({ hasText: text });
/** The real post or question as a list shows it (a stored item carries its id). */
export const postCard = (page: Page, text: string) => page.locator('article[data-post-id]').filter({ hasText: text });

/** Writes a post in the composer; `attach` adds the image part before it is posted. */
export async function writePost(page: Page, text: string, attach?: (page: Page) => Promise<void>): Promise<void> {
  await page
    .getByRole('button', { name: /on your mind/i })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Post' });
  await form.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  if (attach) await attach(page);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  // Closed like a success, with the word that it waits.
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
}

export const commentsOf = (page: Page) => page.getByRole('list', { name: 'Comments' });
export const answersOf = (page: Page) => page.getByRole('list', { name: 'Answers' });
export const listItem = (list: Locator, text: string) => list.getByRole('listitem').filter({ hasText: text });

/** Comments on the open post (Enter sends). */
export async function comment(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Write a comment' });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
}

export const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
export const bubble = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
export const chatComposer = (page: Page, peer: string) => page.getByRole('textbox', { name: `Message ${peer}` });
export const chatWith = (page: Page, peer: { username: string; id: string }) =>
  page.goto(`/app/social/chat/messages?username=${peer.username}&id=${peer.id}&isGroup=false`);

/** Sends a chat message to `peer` in the open conversation (Enter sends). */
export async function sendMessage(page: Page, peer: string, text: string): Promise<void> {
  await chatComposer(page, peer).fill(text);
  await chatComposer(page, peer).press('Enter');
  await expect.poll(() => chatComposer(page, peer).inputValue()).toBe('');
}
