/**
 * "For you" against `npm start`: a member interested in Science sees a #physics post
 * above a newer unrelated one, and both in date order under "Latest"; the reasons dialog names the
 * interest; hashtags, mentions and links are links; a mention reaches the mentioned member's inbox.
 * Looked at in 1280 and 375 px, light and dark.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const STREAMS = '/app/social/streams';
const cardIds = (page: Page) => page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-post-id')));
const orderOf = (page: Page, name: 'For you' | 'Latest') =>
  page.getByRole('radiogroup', { name: 'Order of the stream' }).getByRole('radio', { name });

describe('For you', () => {
  let sci: Member;
  let phy: Member;
  let other: Member;
  let physicsId: string;
  let newerId: string;

  beforeAll(async () => {
    sci = await signUpMember(browser, app, 'sci', 1280, 'forYou');
    phy = await signUpMember(browser, app, 'phy', 375, 'forYou');
    other = await signUpMember(browser, app, 'oth', 1280, 'forYou');
    await callApi(app, 'PUT', '/user/profile/personalize-settings', sci.token, { interests: ['science'] });
    physicsId = (
      await callApi<{ post: { _id: string } }>(app, 'POST', '/post', phy.token, {
        post: 'Why is the sky blue? Rayleigh scattering #physics, see https://en.wikipedia.org/wiki/Rayleigh_scattering and ask @sci',
      })
    ).post._id;
    newerId = (await callApi<{ post: { _id: string } }>(app, 'POST', '/post', other.token, { post: 'Lunch was good today.' })).post._id;
  });

  it('ranks the interest above a newer unrelated post, keeps date order under Latest, and says why', async () => {
    const { page } = sci;
    await page.goto(STREAMS);
    await expect.poll(() => orderOf(page, 'For you').getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => (await cardIds(page)).filter((id) => id === physicsId || id === newerId)).toEqual([physicsId, newerId]);

    await orderOf(page, 'Latest').click();
    await expect.poll(async () => (await cardIds(page)).filter((id) => id === physicsId || id === newerId)).toEqual([newerId, physicsId]);
    // The choice sticks across a reload.
    await page.reload();
    await expect.poll(() => orderOf(page, 'Latest').getAttribute('aria-checked')).toBe('true');
    await orderOf(page, 'For you').click();
    await expect.poll(async () => (await cardIds(page)).filter((id) => id === physicsId || id === newerId)).toEqual([physicsId, newerId]);
    // By keyboard: the arrow keys move between the two (react-aria's toolbar focus manager, scripts/focusWalker.ts).
    await orderOf(page, 'For you').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => orderOf(page, 'Latest').evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => orderOf(page, 'For you').evaluate((radio) => radio === document.activeElement)).toBe(true);

    const card = page.locator(`article[data-post-id="${physicsId}"]`);
    await expect
      .poll(() => card.getByRole('link', { name: '#physics' }).getAttribute('href'))
      .toMatch(/\/app\/social\/search\?q=%23physics/);
    await expect.poll(() => card.getByRole('link', { name: '@sci' }).getAttribute('href')).toMatch(/\/app\/social\/profile\/sci$/);
    const url = card.getByRole('link', { name: /en\.wikipedia\.org/ });
    expect(await url.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await url.getAttribute('target')).toBe('_blank');

    await card.getByRole('button', { name: 'More options for phy' }).click();
    await page.getByRole('menuitem', { name: 'Why am I seeing this?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Why am I seeing this?' });
    await expect.poll(() => dialog.innerText()).toContain('Matches your interest: Science');
    await screenshot(page, 'for-you-why-1280-light');
    await auditAccessibility(page, 'For you: the reasons dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await screenshot(page, 'for-you-1280-light');
  });

  it('on a phone in dark: the switch and the reasons fit', async () => {
    const { page } = phy;
    // The theme is light until the member chooses (the system's scheme does not count).
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(STREAMS);
    await expect.poll(() => orderOf(page, 'For you').getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => (await cardIds(page)).includes(newerId)).toBe(true);
    await screenshot(page, 'for-you-375-dark');
    await auditAccessibility(page, 'For you at 375 px, dark');
  });

  it("a mention reaches the mentioned member's inbox", async () => {
    const { page } = sci;
    await page.goto('/app/social/notifications');
    const row = page.getByRole('list', { name: 'Notifications' }).getByRole('article').filter({ hasText: 'mentioned you' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toContain('phy mentioned you in a post');
  });
});
