/**
 * The outbox against `npm start` (docs/client-offline.md, "Outbox"): Ada goes offline in the page,
 * writes two messages to Ben, sees them "Waiting to send", comes back online: each is stored once,
 * in order, the marks turn into the sent messages, and Ben receives them live in order. Two tabs of
 * Ada share one outbox: one tab sends, each item once. A refusal (Ben blocked Ada meanwhile: 403)
 * shows the server's reason with Try again and Delete, and Delete takes it away; while it is there,
 * Sign out asks first (the item would be deleted), keyboard-only, and Escape keeps Ada signed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { takePageProblems } from './support/browser';
import { app, browser, useAppAndBrowser } from './support/world';
import { callApi, signUpMember, type Member } from './support/members';
import { bubble, chatComposer as composer, chatWith, messages, sendMessage as send } from './support/outbox';
import { SIGN_OUT_ANYWAY, SIGN_OUT_TITLE, unsentWarning } from '../../src/machines/session/signOut.connect';

useAppAndBrowser();

/** What the server stored between two members, oldest first. */
async function stored(reader: Member, peer: Member): Promise<string[]> {
  const page = await callApi<{ messages: { body: string }[] }>(app, 'GET', `/chat/message/user/${peer.id}?isGroupChat=false`, reader.token);
  return page.messages.map((m) => m.body);
}

/**
 * While offline, the browser logs each request it could not make (the socket's reconnects, a
 * read marker) as a failed resource: those are the network's, not the app's; anything else stays
 * a problem.
 */
function offlineNoiseOnly() {
  const network = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|WebSocket connection to .* failed/;
  expect(takePageProblems().filter((p) => !network.test(p))).toEqual([]);
}

describe('the outbox', () => {
  let ada: Member;
  let ben: Member;

  beforeAll(async () => {
    ada = await signUpMember(browser, app, 'ada');
    ben = await signUpMember(browser, app, 'ben');
  });

  it('keeps messages written offline and sends each once, in order, when the network is back', async () => {
    await chatWith(ben.page, ada);
    await expect.poll(() => composer(ben.page, 'ada').count(), { timeout: 15_000 }).toBe(1);
    await chatWith(ada.page, ben);
    await expect.poll(() => composer(ada.page, 'ben').count(), { timeout: 15_000 }).toBe(1);

    await ada.page.context().setOffline(true);
    await send(ada.page, 'ben', 'Written on the train, first.');
    await send(ada.page, 'ben', 'And a second one.');
    await expect.poll(() => bubble(ada.page, 'Written on the train, first.').innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    await expect.poll(() => bubble(ada.page, 'And a second one.').innerText()).toMatch(/Waiting to send/);
    // In the order written.
    const shown = await messages(ada.page).getByRole('listitem').allInnerTexts();
    expect(shown.findIndex((t) => t.includes('first'))).toBeLessThan(shown.findIndex((t) => t.includes('second one')));

    await ada.page.context().setOffline(false);
    await expect.poll(() => bubble(ada.page, 'And a second one.').innerText(), { timeout: 30_000 }).toMatch(/Sent|Read/);
    await expect.poll(() => bubble(ada.page, 'Written on the train, first.').innerText()).toMatch(/Sent|Read/);
    await expect.poll(() => bubble(ada.page, 'Written on the train, first.').count()).toBe(1);
    // Stored once each, in order; Ben got them live, in order.
    expect(await stored(ada, ben)).toEqual(['Written on the train, first.', 'And a second one.']);
    await expect.poll(() => bubble(ben.page, 'And a second one.').count(), { timeout: 15_000 }).toBe(1);
    const received = await messages(ben.page).getByRole('listitem').allInnerTexts();
    expect(received.filter((t) => /first\.|second one/.test(t)).map((t) => (t.includes('first') ? 1 : 2))).toEqual([1, 2]);
    offlineNoiseOnly();
  });

  it('shares one outbox between two tabs: one sends, each item once', async () => {
    const second = await ada.page.context().newPage();
    await chatWith(second, ben);
    await expect.poll(() => composer(second, 'ben').count(), { timeout: 15_000 }).toBe(1);

    await ada.page.context().setOffline(true);
    await send(ada.page, 'ben', 'From the first tab.');
    await send(second, 'ben', 'From the second tab.');
    // Each tab shows both, waiting.
    for (const page of [ada.page, second])
      for (const text of ['From the first tab.', 'From the second tab.'])
        await expect.poll(() => bubble(page, text).innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);

    await ada.page.context().setOffline(false);
    for (const page of [ada.page, second])
      for (const text of ['From the first tab.', 'From the second tab.'])
        await expect.poll(() => bubble(page, text).innerText(), { timeout: 30_000 }).toMatch(/Sent|Read/);
    const all = await stored(ada, ben);
    expect(all.filter((b) => b === 'From the first tab.')).toHaveLength(1);
    expect(all.filter((b) => b === 'From the second tab.')).toHaveLength(1);
    expect(all.indexOf('From the first tab.')).toBeLessThan(all.indexOf('From the second tab.'));
    await second.close();
    offlineNoiseOnly();
  });

  it("shows the server's refusal with Try again and Delete, and Delete takes it away", async () => {
    await ada.page.context().setOffline(true);
    await send(ada.page, 'ben', 'This one will be refused.');
    await expect.poll(() => bubble(ada.page, 'This one will be refused.').innerText(), { timeout: 15_000 }).toMatch(/Waiting to send/);
    // Meanwhile Ben blocks Ada: the server refuses the message (403), for good.
    await callApi(app, 'PUT', `/user/block/${ada.id}`, ben.token);
    await ada.page.context().setOffline(false);
    const refused = bubble(ada.page, 'This one will be refused.');
    await expect.poll(() => refused.innerText(), { timeout: 30_000 }).toMatch(/Not sent: You cannot message this member/);
    await expect.poll(() => refused.getByRole('button', { name: 'Try again' }).count()).toBe(1);

    // Signing out now would delete it: asked first, in a dialog that keeps the focus.
    const page = ada.page;
    const active = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')));
    const narrow = (await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).count()) === 0;
    if (narrow) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
    const dialog = page.getByRole('alertdialog', { name: SIGN_OUT_TITLE });
    await dialog.getByText(unsentWarning(1)).waitFor();
    await expect.poll(active).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await active()).toBe(SIGN_OUT_ANYWAY);
    await page.keyboard.press('Tab');
    expect(await inDialog()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    if (narrow) await page.keyboard.press('Escape'); // the drawer
    await expect.poll(() => refused.count()).toBe(1);

    await refused.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await callApi(app, 'PUT', `/user/unblock/${ada.id}`, ben.token);
    expect(await stored(ada, ben)).not.toContain('This one will be refused.');
    // The refusal is a 4xx the page expected; the offline noise is the network's.
    offlineNoiseOnly();
  });
});
