/**
 * Search against `npm start`: the header's search box opens the search page; B finds A's public
 * post but never A's private one, finds A by name, and back, forward and reload keep the search;
 * search by picture finds the post with the same picture (a resized JPEG copy of it) and nothing
 * for an unrelated one; a phone in the dark theme searches through the header's toggle.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, picturePng, resizedJpegCopy } from '../fixtures/pictures';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';
import { app, browser, useAppAndBrowser } from './support/world';

useAppAndBrowser();

const found = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('article');
const texts = async (page: Page, list: string) => (await found(page, list).allInnerTexts()).join('\n');

describe('search', () => {
  let ann: Member;
  let ben: Member;
  const files = mkdtempSync(join(tmpdir(), 'stoa-e2e-pictures-'));

  beforeAll(async () => {
    ann = await signUpMember(browser, app, 'ann_lindqvist');
    ben = await signUpMember(browser, app, 'ben');
    await callApi(app, 'POST', '/post', ann.token, { post: 'Risotto alla milanese tonight, with saffron', privacy: 'Public' });
    await callApi(app, 'POST', '/post', ann.token, { post: 'Risotto diary: my secret recipe', privacy: 'Private' });
    await callApi(app, 'POST', '/question', ann.token, { post: 'How long should risotto rest?', privacy: 'Public' });
    const picture = await picturePng(2024);
    await callApi(app, 'POST', '/post/image/post', ann.token, {
      post: 'The view from the lighthouse',
      image: dataUrl(picture, 'image/png'),
    });
    await callApi(app, 'POST', '/post', ann.token, { post: 'Fresh pasta today #pasta', privacy: 'Public' });
    writeFileSync(join(files, 'copy.jpg'), await resizedJpegCopy(picture, 400));
    writeFileSync(join(files, 'other.jpg'), await resizedJpegCopy(await picturePng(31337), 400));
  });

  it("finds A's public post for B from the header, never the private one; tabs count; back, forward and reload keep it", async () => {
    const page = ben.page;
    await page.getByRole('combobox', { name: 'Search Stoa' }).fill('risott');
    await page.getByRole('combobox', { name: 'Search Stoa' }).press('Enter');
    await page.waitForURL('**/app/social/search?q=risott');
    await expect.poll(() => texts(page, 'Posts found'), { timeout: 15_000 }).toContain('Risotto alla milanese tonight');
    expect(await texts(page, 'Posts found')).not.toContain('secret recipe');
    expect(await found(page, 'Posts found').count()).toBe(1);
    expect(await page.getByTestId('count-posts').innerText()).toBe('1');
    expect(await page.getByTestId('count-questions').innerText()).toBe('1');
    await auditAccessibility(page, 'search results');
    await screenshot(page, 'search-1280-light');

    await page.getByRole('tab', { name: /Questions/ }).click();
    await expect.poll(() => texts(page, 'Questions found')).toContain('How long should risotto rest?');
    await page.waitForURL('**/app/social/search?q=risott&tab=questions');

    // Typing on the page searches after a pause, and the address follows.
    const box = page.getByRole('searchbox', { name: 'Search terms' });
    await box.fill('lindqvist');
    await page.waitForURL('**/app/social/search?q=lindqvist&tab=questions', { timeout: 15_000 });
    await page.getByRole('tab', { name: /People/ }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'People found' }).getByRole('link', { name: 'ann_lindqvist', exact: true }).count())
      .toBe(1);
    await screenshot(page, 'search-people-1280-light');

    // The tab changes replaced the address; the new query pushed one.
    await page.goBack();
    await expect.poll(() => box.inputValue()).toBe('risott');
    expect(await page.getByRole('tab', { name: /Questions/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => texts(page, 'Questions found')).toContain('How long should risotto rest?');
    await page.goForward();
    await expect.poll(() => box.inputValue()).toBe('lindqvist');
    await page.reload();
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('lindqvist');
    await expect.poll(() => page.getByRole('tab', { name: /People/ }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByRole('list', { name: 'People found' }).getByRole('link', { name: 'ann_lindqvist', exact: true }).count())
      .toBe(1);

    // The author herself finds her private post too.
    await ann.page.goto('/app/social/search?q=risotto');
    await expect.poll(() => texts(ann.page, 'Posts found'), { timeout: 15_000 }).toContain('secret recipe');
    expect(await found(ann.page, 'Posts found').count()).toBe(2);
  });

  it('one letter: the header suggests as the member types, and the search opens on the tab with results; a hashtag has its page', async () => {
    const page = ben.page;
    await page.goto('/app/social/streams');
    const combo = page.getByRole('combobox', { name: 'Search Stoa' });
    await combo.fill('a');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('ann_lindqvist')]);
    await combo.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    await auditAccessibility(page, 'header suggestions');
    await screenshot(page, 'suggest-1280-light');
    await combo.press('Escape');
    expect(await options.count()).toBe(0);
    await combo.press('Enter');
    await page.waitForURL('**/app/social/search?q=a&tab=people', { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('list', { name: 'People found' }).getByRole('link', { name: 'ann_lindqvist', exact: true }).count())
      .toBe(1);
    expect(await page.getByRole('tab', { name: /People/ }).getAttribute('aria-selected')).toBe('true');
    await auditAccessibility(page, 'one-letter search');
    await screenshot(page, 'one-letter-1280-light');

    // A suggested hashtag opens its page: the tag and its count of posts above the results.
    await combo.fill('#pas');
    await expect.poll(() => options.allInnerTexts(), { timeout: 15_000 }).toEqual([expect.stringContaining('#pasta')]);
    await options.first().click();
    await page.waitForURL('**/app/social/search?q=%23pasta');
    const header = page.locator('header', { has: page.getByRole('heading', { name: '#pasta' }) });
    await expect.poll(() => header.innerText(), { timeout: 15_000 }).toContain('1 post');
    await auditAccessibility(page, 'hashtag page');
    await screenshot(page, 'hashtag-1280-light');

    const dark = await openContext(browser, app.url, { viewport: { width: 1280, height: 800 } });
    await storeBeforeLoad(dark, { authToken: ben.token, theme: 'dark' });
    const wide = await dark.newPage();
    await wide.goto('/app/social/search?q=%23pasta');
    await expect.poll(() => wide.getByRole('heading', { name: '#pasta' }).count(), { timeout: 15_000 }).toBe(1);
    await wide.getByRole('combobox', { name: 'Search Stoa' }).fill('b');
    await expect.poll(() => wide.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count(), { timeout: 15_000 }).toBe(0);
    await wide.getByRole('combobox', { name: 'Search Stoa' }).fill('a');
    await expect.poll(() => wide.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(wide, 'header suggestions, dark');
    await screenshot(wide, 'suggest-hashtag-1280-dark');
    await wide.goto('/app/social/search');
    await expect.poll(() => wide.getByRole('link', { name: '#pasta' }).count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(wide, 'empty search, dark');
    await screenshot(wide, 'search-empty-1280-dark');
    await dark.close();

    const light = await openContext(browser, app.url, { viewport: { width: 375, height: 800 } });
    await storeBeforeLoad(light, { authToken: ben.token, theme: 'light' });
    const phone = await light.newPage();
    await phone.goto('/app/social/search');
    const region = phone.getByRole('region', { name: 'Suggestions' });
    await expect.poll(() => region.getByRole('link', { name: '#pasta' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => region.getByRole('heading', { name: 'Who to follow' }).count()).toBe(1);
    await auditAccessibility(phone, 'empty search, phone');
    await screenshot(phone, 'search-empty-375-light');
    await region.getByRole('link', { name: '#pasta' }).click();
    await expect.poll(() => phone.getByRole('heading', { name: '#pasta' }).count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(phone, 'hashtag page, phone');
    await screenshot(phone, 'hashtag-375-light');
    await light.close();
  });

  it('search by picture finds the post with the same picture, and nothing for an unrelated one', async () => {
    const page = ben.page;
    await page.goto('/app/social/search');
    await page.locator('input[type="file"]').setInputFiles(join(files, 'copy.jpg'));
    const results = page.getByRole('list', { name: 'Posts with this picture' });
    await expect
      .poll(() => results.getByRole('article').allInnerTexts(), { timeout: 15_000 })
      .toEqual([expect.stringContaining('The view from the lighthouse')]);
    await auditAccessibility(page, 'search by picture');
    await screenshot(page, 'search-picture-1280-light');
    await page.locator('input[type="file"]').setInputFiles(join(files, 'other.jpg'));
    await expect.poll(() => page.getByText('No post you can see has a picture like this one.').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Clear the picture search' }).click();
    expect(await results.count()).toBe(0);
  });

  it("on a phone (375 px, dark) the header's toggle opens the search bar", async () => {
    const context = await openContext(browser, app.url, { viewport: { width: 375, height: 800 } });
    await storeBeforeLoad(context, { authToken: ben.token, theme: 'dark' });
    const phone = await context.newPage();
    await phone.goto('/app/social/streams');
    await phone.getByRole('button', { name: 'Search', exact: true }).click();
    await phone.getByRole('combobox', { name: 'Search Stoa' }).fill('saffron');
    await phone.getByRole('combobox', { name: 'Search Stoa' }).press('Enter');
    await phone.waitForURL('**/app/social/search?q=saffron');
    await expect.poll(() => texts(phone, 'Posts found'), { timeout: 15_000 }).toContain('Risotto alla milanese tonight');
    expect(await phone.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await auditAccessibility(phone, 'search results, phone, dark');
    await screenshot(phone, 'search-375-dark');
    await phone.goto('/app/social/search');
    // The page is drawn (its lazy chunk and the suggestions read) before it is audited.
    await expect.poll(() => phone.getByRole('region', { name: 'Suggestions' }).getByRole('link', { name: '#pasta' }).count()).toBe(1);
    await auditAccessibility(phone, 'empty search, phone, dark');
    await screenshot(phone, 'search-empty-375-dark');
    await phone.getByRole('button', { name: 'Search', exact: true }).click();
    await phone.getByRole('combobox', { name: 'Search Stoa' }).fill('a');
    await expect.poll(() => phone.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').count(), { timeout: 15_000 }).toBe(1);
    await auditAccessibility(phone, 'header suggestions, phone, dark');
    await screenshot(phone, 'suggest-375-dark');
    await context.close();
  });
});
