/**
 * Layout and density as a phone member and a desktop member see it: five labelled
 * places in the phone's bottom bar (More opens the drawer with Photos and Videos), and at 1280px
 * a right column (who to follow, your groups) beside a feed that keeps its width; a text post's
 * composer fits a 375 x 667 screen without scrolling; a profile without a cover gets one in the
 * member's colour, and on a phone the owner's posts come before the folded edit cards.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { app, browser, useAppAndBrowser } from './support/world';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';

useAppAndBrowser();

let lin: Member;
let max: Member;

beforeAll(async () => {
  lin = await signUpMember(browser, app, 'lin');
  max = await signUpMember(browser, app, 'max');
  await callApi(app, 'POST', '/post', max.token, { post: 'A wide screen has room for more.', privacy: 'Public' });
  await lin.page.context().close();
  await max.page.context().close();
});

async function open(width: number, theme: 'light' | 'dark', member: Member): Promise<Page> {
  const context = await openContext(browser, app.url, { viewport: { width, height: width < 1024 ? 667 : 900 } });
  await storeBeforeLoad(context, { authToken: member.token, theme });
  const page = await context.newPage();
  await page.goto('/app/social/streams');
  await page.getByRole('article').first().waitFor();
  return page;
}

describe('the phone bottom bar', () => {
  it.each(['light', 'dark'] as const)('has five labelled places; More opens the drawer with Photos and Videos (%s)', async (theme) => {
    const page = await open(375, theme, lin);
    const bar = page.getByRole('navigation', { name: 'Sections' });
    const places = bar.getByRole('listitem');
    expect(await places.count()).toBe(5);
    // Each name is on screen, not only for screen readers.
    expect((await places.allInnerTexts()).map((t) => t.trim())).toEqual(['Streams', 'Questions', 'Chat', 'Notifications', 'More']);
    for (const place of await places.all()) expect((await place.boundingBox())!.width).toBeGreaterThanOrEqual(64);
    await auditAccessibility(page, `bottom bar, ${theme}`);
    await screenshot(page, `layout-bar-375-${theme}`);

    // Keyboard: focus More, Enter opens the drawer.
    await bar.getByRole('button', { name: 'More' }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Photos' }).waitFor();
    await screenshot(page, `layout-drawer-375-${theme}`);
    await drawer.getByRole('link', { name: 'Videos' }).click();
    await page.waitForURL('**/app/social/videos');
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await bar.getByRole('button', { name: /^More/ }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });
});

describe('the right column', () => {
  it.each(['light', 'dark'] as const)('at 1280px shows who to follow and your groups beside a full-width feed (%s)', async (theme) => {
    const page = await open(1280, theme, lin);
    const aside = page.getByRole('complementary', { name: 'Suggestions' });
    const people = aside.getByRole('region', { name: 'Who to follow' });
    await people.getByRole('link', { name: 'max' }).waitFor();
    await aside.getByRole('region', { name: 'Your groups' }).getByText('You have not joined a group yet.').waitFor();
    const feed = (await page.getByRole('article').first().boundingBox())!;
    const column = (await aside.boundingBox())!;
    expect(feed.width).toBeGreaterThanOrEqual(600);
    expect(column.x).toBeGreaterThanOrEqual(feed.x + feed.width);
    expect(column.x + column.width).toBeLessThanOrEqual(1280);
    await auditAccessibility(page, `right column, ${theme}`);
    await screenshot(page, `layout-aside-1280-${theme}`);

    // Following from the column marks the row.
    await people.getByRole('button', { name: 'Follow max' }).click();
    await people.getByRole('button', { name: 'Unfollow max' }).waitFor();
    await people.getByRole('button', { name: 'Unfollow max' }).click();
    await people.getByRole('button', { name: 'Follow max' }).waitFor();

    // Below 1024px it collapses.
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect.poll(() => aside.count()).toBe(0);
    await page.context().close();
  });
});

describe('the composer', () => {
  it.each(['light', 'dark'] as const)('fits a 375 x 667 screen for a text post, privacy as a compact menu (%s)', async (theme) => {
    const page = await open(375, theme, lin);
    await page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill(`Small screens deserve the whole composer at once (${theme}).`);
    // The body of the form does not scroll, and Post is on screen.
    const body = form.locator('> div').first();
    const { scroll, client } = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(scroll).toBeLessThanOrEqual(client);
    const post = (await form.getByRole('button', { name: 'Post', exact: true }).boundingBox())!;
    expect(post.y + post.height).toBeLessThanOrEqual(667);
    await auditAccessibility(page, `composer, ${theme}`);
    await screenshot(page, `layout-composer-375-${theme}`);

    // Privacy: open the menu, see the descriptions, choose by keyboard.
    const privacy = form.getByRole('button', { name: /Who can see this/ });
    await privacy.focus();
    await page.keyboard.press('Enter');
    const options = page.getByRole('listbox');
    await options.getByText('your followers on the product').waitFor();
    await screenshot(page, `layout-composer-privacy-375-${theme}`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => privacy.innerText()).toBe('Followers');

    // Backgrounds behind their toolbar button.
    await form.getByRole('button', { name: 'Background' }).click();
    await page.getByRole('dialog', { name: 'Background colour' }).getByRole('radio', { name: 'Blue' }).click({ force: true });
    await screenshot(page, `layout-composer-background-375-${theme}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Background colour' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByRole('article')
          .filter({ hasText: `at once (${theme})` })
          .count(),
      )
      .toBe(1);
    await page.context().close();
  });
});

describe('the profile', () => {
  it.each([
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('at %i px (%s): a default cover, and on a phone the edit cards fold behind Edit profile', async (width, theme) => {
    const page = await open(width, theme, lin);
    await page.goto(`/app/social/profile/lin?id=${lin.id}`);
    await page.getByRole('heading', { name: 'lin', level: 1 }).waitFor();
    expect(await page.getByTestId('default-cover').isVisible()).toBe(true);
    const edit = page.getByRole('button', { name: 'Edit profile' });
    if (width < 768) {
      expect(await edit.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('button', { name: 'Edit basic info' }).count()).toBe(0);
      // The tabs and the posts are the first thing under the fold.
      const tabs = (await page.getByRole('tablist', { name: 'Profile sections' }).boundingBox())!;
      expect(tabs.y).toBeLessThan(667);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } else {
      expect(await edit.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Edit basic info' }).isVisible()).toBe(true);
    }
    await auditAccessibility(page, `profile ${width}, ${theme}`);
    await screenshot(page, `layout-profile-${width}-${theme}`);
    if (width < 768) {
      await edit.click();
      await page.getByRole('button', { name: 'Edit basic info' }).waitFor();
      await screenshot(page, `layout-profile-edit-${width}-${theme}`);
    }
    await page.context().close();
  });
});
