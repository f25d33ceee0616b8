/**
 * Private chat, two members in two browser contexts against `npm start`: Ada opens a chat with
 * Ben from the menu of his post, they exchange messages live, Ben's reading reaches Ada, a
 * reaction and a delete-for-everyone reach the other side; a phone shows only the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app';
import { launchBrowser } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const signUp = (username: string, width?: number) => signUpMember(browser, app, username, width);
const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messages(page).getByRole('listitem').filter({ hasText: text });
const composer = (page: Page, peer: string) => page.getByRole('textbox', { name: `Message ${peer}` });

async function send(page: Page, peer: string, text: string) {
  await composer(page, peer).fill(text);
  await composer(page, peer).press('Enter');
  await expect.poll(() => composer(page, peer).inputValue()).toBe('');
}

describe('private chat between two members', () => {
  let ada: Member;
  let ben: Member;

  beforeAll(async () => {
    ada = await signUp('ada');
    ben = await signUp('ben');
  });

  it('starts from the author menu, and messages, reading, a reaction and a delete reach the other side live', async () => {
    // An empty chat says how to start one.
    await ada.page.goto('/app/social/chat/messages');
    await expect.poll(() => ada.page.getByText('No conversations yet').count()).toBe(1);

    await callApi(app, 'POST', '/post', ben.token, { post: 'Ben asks: anyone into parsers?' });
    await ada.page.goto('/app/social/streams');
    const card = ada.page.getByRole('article').filter({ hasText: 'Ben asks' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await card.getByRole('button', { name: 'More options for ben' }).click();
    await ada.page.getByRole('menuitem', { name: 'Message ben' }).click();
    await ada.page.waitForURL(`**/app/social/chat/messages?username=ben&id=${ben.id}&isGroup=false`);
    await expect.poll(() => composer(ada.page, 'ben').count()).toBe(1);

    await send(ada.page, 'ben', '  Hi Ben, parsers are my thing.  ');
    await expect.poll(() => bubble(ada.page, 'Hi Ben, parsers are my thing.').innerText(), { timeout: 15_000 }).toMatch(/Sent/);

    // Ben has it in his list, unread, before he opens it.
    await ben.page.goto('/app/social/chat/messages');
    const adaInList = ben.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^ada/ });
    await expect.poll(() => adaInList.innerText(), { timeout: 15_000 }).toMatch(/Hi Ben, parsers are my thing\.\s*1\s*unread$/);
    await adaInList.click();
    await expect.poll(() => bubble(ben.page, 'Hi Ben, parsers are my thing.').count()).toBe(1);
    // His reading reaches Ada.
    await expect.poll(() => bubble(ada.page, 'Hi Ben, parsers are my thing.').innerText(), { timeout: 15_000 }).toMatch(/Read/);
    await expect.poll(() => adaInList.innerText()).not.toMatch(/unread/);

    // A reply arrives live, once.
    await send(ben.page, 'ada', 'Great, let us pair tomorrow.');
    await expect.poll(() => bubble(ada.page, 'Great, let us pair tomorrow.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => bubble(ben.page, 'Great, let us pair tomorrow.').count()).toBe(1);

    // Ada reacts to it; Ben sees the reaction.
    await bubble(ada.page, 'Great, let us pair tomorrow.').getByRole('button', { name: 'React to message' }).click();
    await ada.page.getByRole('dialog', { name: 'Reactions' }).getByRole('button', { name: 'Love' }).click();
    await expect
      .poll(() => bubble(ben.page, 'Great, let us pair tomorrow.').getByLabel(/^Reactions:/).getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Reactions: ada Love');

    // Ada withdraws her first message for everyone.
    await send(ada.page, 'ben', 'Oops, wrong chat.');
    await expect.poll(() => bubble(ben.page, 'Oops, wrong chat.').count(), { timeout: 15_000 }).toBe(1);
    await bubble(ada.page, 'Oops, wrong chat.').getByRole('button', { name: 'Message options' }).click();
    await ada.page.getByRole('menuitem', { name: 'Delete for everyone' }).click();
    await expect.poll(() => bubble(ada.page, 'Oops, wrong chat.').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => bubble(ben.page, 'Oops, wrong chat.').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => bubble(ben.page, 'This message was deleted').count()).toBe(1);

    // Nothing twice.
    expect(await bubble(ada.page, 'Hi Ben, parsers are my thing.').count()).toBe(1);
    expect(await messages(ada.page).getByRole('listitem').count()).toBe(3);

    await auditAccessibility(ada.page, 'chat with a conversation open');
    await screenshot(ada.page, 'chat-1280-light');

    // Leaving through the sidebar closes the chat on the server: Ben's next message waits unread for her.
    await ada.page.getByRole('link', { name: 'Streams', exact: true }).first().click();
    await ada.page.waitForURL('**/app/social/streams');
    await send(ben.page, 'ada', 'Still there?');
    await expect.poll(() => bubble(ben.page, 'Still there?').innerText(), { timeout: 15_000 }).toMatch(/Sent/);
    await ada.page.getByRole('link', { name: 'Chat', exact: true }).first().click();
    const benInList = ada.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^ben/ });
    await expect.poll(() => benInList.innerText(), { timeout: 15_000 }).toMatch(/Still there\?\s*1\s*unread$/);
    expect(await bubble(ben.page, 'Still there?').innerText()).toMatch(/Sent/);
  });

  it('a phone (375 px) shows only the conversation list', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, baseURL: app.url, bypassCSP: true });
    await context.addInitScript((token) => localStorage.setItem('authToken', token), ben.token);
    const phone = await context.newPage();
    await phone.goto('/app/social/chat/messages');
    const list = phone.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => list.getByRole('link', { name: /^ada/ }).count(), { timeout: 15_000 }).toBe(1);
    expect(await phone.getByRole('log', { name: 'Messages' }).count()).toBe(0);
    expect(await phone.getByRole('textbox', { name: 'Message ada' }).count()).toBe(0);
    await screenshot(phone, 'chat-list-375-light');
    // With ?username the phone shows the conversation alone (a spinner while it loads), with a way back.
    await list.getByRole('link', { name: /^ada/ }).click();
    await expect.poll(() => phone.getByRole('textbox', { name: 'Message ada' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await phone.getByRole('navigation', { name: 'Conversations' }).count()).toBe(0);
    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    await expect.poll(() => phone.getByRole('navigation', { name: 'Conversations' }).count()).toBe(1);
    await context.close();
  });
});
