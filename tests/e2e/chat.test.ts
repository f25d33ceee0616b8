/**
 * Chat against `npm start`, each member in their own browser context. Private: Ada opens a chat
 * with Ben from the menu of his post, they exchange messages live, Ben's reading reaches Ada, a
 * reaction and a delete-for-everyone reach the other side; a phone shows only the list. Group:
 * Gwen creates a group chat inviting Hugo and Iris, Hugo accepts and Iris declines (live, on
 * their open chat screens), messages flow between Gwen and Hugo, Iris never sees the group.
 * An image goes through a private chat.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openContext, storeBeforeLoad } from './support/browser';
import { app, browser, useAppAndBrowser } from './support/world';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';

useAppAndBrowser();

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
      .poll(
        () =>
          bubble(ben.page, 'Great, let us pair tomorrow.')
            .getByLabel(/^Reactions:/)
            .getAttribute('aria-label'),
        { timeout: 15_000 },
      )
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
    // The Chat item says so wherever she is.
    await ada.page.getByRole('link', { name: 'Chat 1 unread', exact: true }).first().click();
    const benInList = ada.page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^ben/ });
    await expect.poll(() => benInList.innerText(), { timeout: 15_000 }).toMatch(/Still there\?\s*1\s*unread$/);
    expect(await bubble(ben.page, 'Still there?').innerText()).toMatch(/Sent/);
  });

  it('a phone (375 px) shows only the conversation list', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 800 } });
    await storeBeforeLoad(context, { authToken: ben.token });
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
    await phone.getByRole('link', { name: 'Back', exact: true }).click();
    await expect.poll(() => phone.getByRole('navigation', { name: 'Conversations' }).count()).toBe(1);
    await context.close();
  });
});

describe('a group chat of three, and an image', () => {
  let gwen: Member;
  let hugo: Member;
  let iris: Member;
  const GROUP = 'Night owls';
  const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
  const invitations = (page: Page) => page.getByRole('list', { name: 'Group chat invitations' });

  beforeAll(async () => {
    gwen = await signUp('gwen');
    hugo = await signUp('hugo');
    iris = await signUp('iris');
  });

  it('the creator invites two: one accepts, one declines; messages flow live; the decliner never sees the group', async () => {
    // The invited members wait on their chat screens: the invitations arrive live.
    await hugo.page.goto('/app/social/chat/messages');
    await iris.page.goto('/app/social/chat/messages');
    await expect.poll(() => hugo.page.getByText('No conversations yet').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => iris.page.getByText('No conversations yet').count(), { timeout: 15_000 }).toBe(1);

    await gwen.page.goto('/app/social/chat/messages');
    await gwen.page.getByRole('button', { name: 'New group' }).click();
    const dialog = gwen.page.getByRole('dialog', { name: 'New group chat' });
    const name = dialog.getByRole('textbox', { name: 'Group name' });
    await name.fill('No');
    await expect.poll(() => dialog.getByText('Group name must be at least 3 characters').count()).toBe(1);
    await name.fill(GROUP);
    for (const who of ['hugo', 'iris']) {
      await dialog.getByRole('searchbox', { name: 'Search members' }).fill(who);
      await dialog.getByRole('button', { name: `Select ${who}` }).click({ timeout: 15_000 });
    }
    await expect.poll(() => dialog.getByRole('list', { name: 'Invited members' }).getByRole('listitem').count()).toBe(2);
    await auditAccessibility(gwen.page, 'new group chat dialog');
    await screenshot(gwen.page, 'chat-new-group-1280-light');
    await dialog.getByRole('button', { name: 'Create group chat' }).click();
    await gwen.page.waitForURL(/isGroup=true/);
    const groupId = new URL(gwen.page.url()).searchParams.get('id')!;
    await expect.poll(() => composer(gwen.page, GROUP).count(), { timeout: 15_000 }).toBe(1);

    // Hugo accepts; the group opens for him.
    await expect.poll(() => invitations(hugo.page).getByRole('listitem', { name: GROUP }).count(), { timeout: 15_000 }).toBe(1);
    expect(await invitations(hugo.page).getByRole('listitem', { name: GROUP }).innerText()).toMatch(/gwen invited you/);
    await hugo.page.getByRole('button', { name: `Accept ${GROUP}` }).click();
    await hugo.page.waitForURL(`**/app/social/chat/messages?username=Night+owls&id=${groupId}&isGroup=true`);
    await expect.poll(() => composer(hugo.page, GROUP).count(), { timeout: 15_000 }).toBe(1);

    // Iris declines: the invitation goes and no group is listed.
    await expect.poll(() => invitations(iris.page).getByRole('listitem', { name: GROUP }).count(), { timeout: 15_000 }).toBe(1);
    await iris.page.getByRole('button', { name: `Decline ${GROUP}` }).click();
    await expect.poll(() => invitations(iris.page).count(), { timeout: 15_000 }).toBe(0);

    // Messages both ways, live, once each.
    await send(gwen.page, GROUP, 'Welcome, owls');
    await expect.poll(() => bubble(hugo.page, 'Welcome, owls').count(), { timeout: 15_000 }).toBe(1);
    expect(await bubble(hugo.page, 'Welcome, owls').innerText()).toMatch(/^gwen/);
    await send(hugo.page, GROUP, 'Hoot!');
    await expect.poll(() => bubble(gwen.page, 'Hoot!').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => bubble(gwen.page, 'Welcome, owls').innerText()).toMatch(/Sent/);
    expect(await bubble(hugo.page, 'Hoot!').count()).toBe(1);
    // The list shows the group with its newest message.
    await expect
      .poll(() =>
        conversations(gwen.page)
          .getByRole('link', { name: new RegExp(`^${GROUP}`) })
          .innerText(),
      )
      .toMatch(/hugo: Hoot!/);

    // Gwen, the admin, sees Hugo as a member and Iris nowhere; Hugo sees no admin controls.
    await gwen.page.getByRole('button', { name: 'Group info' }).click();
    const info = gwen.page.getByRole('dialog', { name: GROUP });
    await expect
      .poll(() => info.getByRole('list', { name: 'Members' }).getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/gwen \(you\)\s*Admin/), expect.stringMatching(/hugo[\s\S]*Make admin/)]);
    await auditAccessibility(gwen.page, 'group info');
    await screenshot(gwen.page, 'chat-group-info-1280-light');
    await gwen.page.keyboard.press('Escape');
    await hugo.page.getByRole('button', { name: 'Group info' }).click();
    const hugoInfo = hugo.page.getByRole('dialog', { name: GROUP });
    await expect.poll(() => hugoInfo.getByRole('button', { name: 'Leave group' }).count()).toBe(1);
    expect(await hugoInfo.getByRole('button', { name: 'Delete group' }).count()).toBe(0);
    expect(await hugoInfo.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await hugo.page.keyboard.press('Escape');

    // Iris: not listed after a reload, and the server refuses her its messages.
    await iris.page.reload();
    await expect.poll(() => iris.page.getByText('No conversations yet').count(), { timeout: 15_000 }).toBe(1);
    expect(
      await conversations(iris.page)
        .getByRole('link', { name: new RegExp(GROUP) })
        .count(),
    ).toBe(0);
    await expect(callApi(app, 'GET', `/chat/message/user/${groupId}?isGroupChat=true`, iris.token)).rejects.toThrow(/404/);
    await screenshot(gwen.page, 'chat-group-1280-light');
  });

  it('a phone (375 px, dark theme) lists the group, then shows it alone with its info', async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 800 } });
    await storeBeforeLoad(context, { authToken: hugo.token, theme: 'dark' });
    const phone = await context.newPage();
    await phone.goto('/app/social/chat/messages');
    const row = conversations(phone).getByRole('link', { name: new RegExp(`^${GROUP}`) });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    // A fresh page: the group's preview is its newest message, from the server's list.
    await expect.poll(() => row.innerText()).toMatch(/You: Hoot!/);
    // Gwen writes while Hugo looks at the list (his other tab no longer shows the group, which would read it):
    // one unread, live; opening the group reads it, on the server too.
    await hugo.page.goto('/app/social/streams');
    const groupId = new URL((await row.getAttribute('href')) ?? '', app.url).searchParams.get('id')!;
    await callApi(app, 'POST', '/group/message', gwen.token, { groupId, body: 'Owls, gather' });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/gwen: Owls, gather\s*1\s*unread/);
    expect(await phone.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await auditAccessibility(phone, 'chat list with a group, phone, dark');
    await screenshot(phone, 'chat-list-group-375-dark');
    await row.click();
    await expect.poll(() => composer(phone, GROUP).count(), { timeout: 15_000 }).toBe(1);
    const unreadOnServer = async () =>
      (
        await callApi<{ groups: { _id: string; unreadCount: number }[] }>(app, 'GET', `/group-chat/user-group/${hugo.id}`, hugo.token)
      ).groups.find((g) => g._id === groupId)?.unreadCount;
    await expect.poll(unreadOnServer, { timeout: 15_000 }).toBe(0);
    expect(await conversations(phone).count()).toBe(0);
    await phone.getByRole('button', { name: 'Group info' }).click();
    await expect.poll(() => phone.getByRole('dialog', { name: GROUP }).getByRole('button', { name: 'Leave group' }).count()).toBe(1);
    await auditAccessibility(phone, 'group info, phone, dark');
    await screenshot(phone, 'chat-group-info-375-dark');
    await context.close();
  });

  it('sends an image in a private chat: uploaded, shown to both, not in the sender’s listed images', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    await gwen.page.goto(`/app/social/chat/messages?username=hugo&id=${hugo.id}&isGroup=false`);
    await hugo.page.goto(`/app/social/chat/messages?username=gwen&id=${gwen.id}&isGroup=false`);
    await expect.poll(() => composer(gwen.page, 'hugo').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => composer(hugo.page, 'gwen').count(), { timeout: 15_000 }).toBe(1);
    await gwen.page.locator('input[type="file"]').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => gwen.page.getByRole('img', { name: 'Image to send' }).count()).toBe(1);
    await composer(gwen.page, 'hugo').fill('A blue square');
    await gwen.page.getByRole('button', { name: 'Send message' }).click();
    const sent = bubble(gwen.page, 'A blue square');
    await expect.poll(() => sent.innerText(), { timeout: 15_000 }).toMatch(/Sent|Read/);
    const mine = sent.getByRole('img', { name: 'Image from You' });
    expect(await mine.getAttribute('src')).toMatch(/^\/media\/image\/upload\/v\d+\//);
    expect(await mine.getAttribute('loading')).toBe('lazy');
    const theirs = bubble(hugo.page, 'A blue square').getByRole('img', { name: 'Image from gwen' });
    await expect.poll(() => theirs.count(), { timeout: 15_000 }).toBe(1);
    // Loaded for real (served under the app's CSP).
    await expect.poll(() => theirs.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(64);
    const listed = await callApi<{ images: unknown[] }>(app, 'GET', `/images/${gwen.id}`, hugo.token);
    expect(listed.images).toEqual([]);
    await screenshot(hugo.page, 'chat-image-1280-light');
  });
});

describe('New message and the Chat badge', () => {
  let cara: Member;
  let dan: Member;
  const shots: [number, 'light' | 'dark'][] = [
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ];
  /** A page of the member at a width and theme, as a fresh tab. */
  async function tab(who: Member, width: number, theme: 'light' | 'dark', path: string) {
    const context = await openContext(browser, app.url, { viewport: { width, height: 800 } });
    await storeBeforeLoad(context, { authToken: who.token, theme });
    const page = await context.newPage();
    await page.goto(path);
    return { page, close: () => context.close() };
  }
  const conversations = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
  const chatItem = (page: Page, name: RegExp) =>
    page.getByRole('navigation', { name: page.viewportSize()!.width < 1024 ? 'Sections' : 'Main' }).getByRole('link', { name });

  beforeAll(async () => {
    cara = await signUp('cara');
    dan = await signUp('dan');
  });

  it('starts a conversation from New message (keyboard, phone and desktop) and badges Chat live until it is read', async () => {
    for (const [width, theme] of shots) {
      const { page, close } = await tab(cara, width, theme, '/app/social/chat/messages');
      await page.getByRole('button', { name: 'New message' }).click();
      const dialog = page.getByRole('dialog', { name: 'New message' });
      await page.keyboard.type('da');
      await expect.poll(() => dialog.getByRole('link', { name: 'Message dan' }).count(), { timeout: 15_000 }).toBe(1);
      await auditAccessibility(page, `new message, ${width}, ${theme}`);
      await screenshot(page, `chat-new-message-${width}-${theme}`);
      await close();
    }
    // By keyboard: the search has focus, Tab reaches the result, Enter opens the conversation.
    const { page: caraPage } = await tab(cara, 375, 'light', '/app/social/chat/messages');
    await caraPage.getByRole('button', { name: 'New message' }).focus();
    await caraPage.keyboard.press('Enter');
    await caraPage.keyboard.type('dan');
    const result = caraPage.getByRole('dialog', { name: 'New message' }).getByRole('link', { name: 'Message dan' });
    await expect.poll(() => result.count(), { timeout: 15_000 }).toBe(1);
    await caraPage.keyboard.press('Tab');
    expect(await result.evaluate((el) => el === document.activeElement)).toBe(true);
    await caraPage.keyboard.press('Enter');
    await caraPage.waitForURL(`**/app/social/chat/messages?username=dan&id=${dan.id}&isGroup=false`);
    await expect.poll(() => composer(caraPage, 'dan').count(), { timeout: 15_000 }).toBe(1);

    // Dan, elsewhere in the app, sees Chat badged as the message arrives.
    const watchers = await Promise.all(shots.map(([width, theme]) => tab(dan, width, theme, '/app/social/people')));
    for (const { page } of watchers) await expect.poll(() => chatItem(page, /^Chat$/).count(), { timeout: 15_000 }).toBe(1);
    await send(caraPage, 'dan', 'Hello Dan, welcome aboard');
    for (const [i, { page }] of watchers.entries()) {
      await expect.poll(() => chatItem(page, /^Chat 1 unread$/).count(), { timeout: 15_000 }).toBe(1);
      const [width, theme] = shots[i]!;
      await auditAccessibility(page, `chat badge, ${width}, ${theme}`);
      await screenshot(page, `chat-badge-${width}-${theme}`);
    }
    // Reading the conversation lowers it everywhere.
    await dan.page.goto(`/app/social/chat/messages?username=cara&id=${cara.id}&isGroup=false`);
    await expect.poll(() => bubble(dan.page, 'Hello Dan, welcome aboard').count(), { timeout: 15_000 }).toBe(1);
    for (const { page } of watchers) await expect.poll(() => chatItem(page, /^Chat$/).count(), { timeout: 15_000 }).toBe(1);
    // Dan answers: Cara's row shows his message, unread; Dan's row shows his own, with no count.
    await send(dan.page, 'cara', 'Thanks Cara');
    const danRow = conversations(dan.page).getByRole('link', { name: /^cara/ });
    await expect.poll(() => danRow.innerText(), { timeout: 15_000 }).toMatch(/You: Thanks Cara$/);
    for (const { close } of watchers) await close();
  });
});
