/**
 * The member shell as a keyboard member and a phone member meet it, against `npm start`: every
 * Tab stop of the streams page shows the focus ring (light and dark, and in the composer up to its
 * Post button), and toasts land top-right below the header, covering no control of the header or the bottom bar.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { app, browser, useAppAndBrowser } from './support/world';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, signUpOn, type Member } from './support/members';

useAppAndBrowser();

interface Stop {
  name: string;
  visible: boolean;
  style: string;
}

/**
 * What the focused element shows: its outline (style, width of at least 2px, a colour that is not
 * transparent). A text field shows focus on its frame instead (the accent border and halo).
 */
function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    // react-aria keeps a checkbox's or radio's input visually hidden: its label is what shows focus.
    const choice = el.matches('input[type=checkbox], input[type=radio]');
    const textEntry =
      !choice && el.matches('textarea, input:not([type=button], [type=submit], [type=reset], [type=file], [type=range], [type=color])');
    if (textEntry) {
      const frame = getComputedStyle(el.parentElement!);
      return { name, visible: frame.boxShadow !== 'none', style: `frame box-shadow ${frame.boxShadow}` };
    }
    const style = getComputedStyle(choice ? el.closest('label')! : el);
    const transparent = /rgba\(.*, 0\)$|transparent/.test(style.outlineColor);
    return {
      name,
      visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !transparent,
      style: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });
}

/** Tabs from the top of the page until focus comes round again (or `until` is focused). */
async function tabThrough(page: Page, until?: (stop: Stop) => boolean): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (!stop) break;
    if (stops.length > 0 && stop.name === stops[0].name && !until) break;
    stops.push(stop);
    if (until?.(stop)) break;
  }
  return stops;
}

/**
 * The right column's code and data come after the feed (from 1024 px, docs/client-shell.md "Weight"):
 * its stops are counted once it is drawn, with Ben to follow and no group yet.
 */
async function columnDrawn(page: Page): Promise<void> {
  const aside = page.getByRole('complementary', { name: 'Suggestions' });
  await aside.getByRole('region', { name: 'Who to follow' }).getByRole('link', { name: 'ben' }).waitFor();
  await aside.getByRole('region', { name: 'Your groups' }).getByText('You have not joined a group yet.').waitFor();
}

const invisible = (stops: Stop[]) => stops.filter((s) => !s.visible).map((s) => `${s.name}: ${s.style}`);

describe('keyboard focus', () => {
  let ada: Member;

  beforeAll(async () => {
    ada = await signUpMember(browser, app, 'ada');
    const ben = await signUpMember(browser, app, 'ben');
    await callApi(app, 'POST', '/post', ben.token, { post: 'Tab through me, please.', privacy: 'Public' });
    await ben.page.context().close();
  });

  it('every stop of the streams page shows the ring, in light and dark', async () => {
    await ada.page.goto('/app/social/streams');
    await expect.poll(() => ada.page.getByRole('article').count()).toBe(1);
    await columnDrawn(ada.page);
    const light = await tabThrough(ada.page);
    const names = light.map((s) => s.name).join('\n');
    for (const expected of [
      'Skip to content',
      'Settings',
      'Streams',
      "What's on your mind?",
      'Like',
      'Choose a reaction',
      'Comments: 0',
      'Save post',
    ]) {
      expect(names).toContain(expected);
    }
    expect(invisible(light)).toEqual([]);
    await ada.page.getByRole('article').getByRole('button', { name: 'Like', exact: true }).focus();
    await screenshot(ada.page, 'focus-like-1280-light');

    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 } });
    await storeBeforeLoad(context, { authToken: ada.token, theme: 'dark' });
    const dark = await context.newPage();
    await dark.goto('/app/social/streams');
    await expect.poll(() => dark.getByRole('article').count()).toBe(1);
    await columnDrawn(dark);
    expect(await dark.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const stops = await tabThrough(dark);
    expect(stops.length).toBe(light.length);
    expect(invisible(stops)).toEqual([]);
    await auditAccessibility(dark, 'streams, dark');
    await screenshot(dark, 'focus-tabbed-1280-dark');
    await context.close();
  });

  it('a menu opened with the pointer rings no box (its code arrives after the click); the keyboard opens it on its first item', async () => {
    await ada.page.goto('/app/social/streams');
    await expect.poll(() => ada.page.getByRole('article').count()).toBe(1);
    await ada.page.getByRole('button', { name: 'More options for ben' }).click();
    const menu = ada.page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
    await ada.page.keyboard.press('Escape');
    await ada.page.getByRole('button', { name: 'More options for ben' }).focus();
    await ada.page.keyboard.press('Enter');
    await expect.poll(() => ada.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await ada.page.keyboard.press('Escape');
  });

  it('in the composer dialog, up to its Post button', async () => {
    await ada.page.goto('/app/social/streams');
    await expect.poll(() => ada.page.getByRole('article').count()).toBe(1);
    await ada.page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .focus();
    await ada.page.keyboard.press('Enter');
    const form = ada.page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill('Typed, then tabbed to Post.');
    const stops = await tabThrough(ada.page, (stop) => stop.name === 'button "Post"');
    expect(stops.at(-1)?.name).toBe('button "Post"');
    expect(invisible(stops)).toEqual([]);
    await screenshot(ada.page, 'focus-composer-post-1280-light');
    await ada.page.keyboard.press('Escape');
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('toasts', () => {
  it.each([1280, 375])('at %i px cover none of the header controls nor the bottom bar', async (width) => {
    const member = await signUpMember(browser, app, `toast${width}`, width);
    const page = member.page;
    await page
      .getByRole('button', { name: /on your mind/i })
      .first()
      .click();
    const form = page.getByRole('form', { name: 'Post' });
    await form.getByRole('textbox', { name: "What's on your mind?" }).fill(`Toasted at ${width} px.`);
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first();
    await toast.waitFor();
    // Pointer on the toast: it waits (the queue pauses) while it is measured.
    await toast.hover();
    // Measured once its entrance (a short scale-in) has ended: on a busy machine it can still be running.
    await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const box = (await toast.boundingBox())!;

    const controls = page.locator('header').first().locator('button, a[href], input');
    const hidden: string[] = [];
    for (const control of await controls.all()) {
      const other = await control.boundingBox();
      if (other && overlaps(box, other)) hidden.push((await control.getAttribute('aria-label')) ?? (await control.innerText()));
    }
    expect(hidden).toEqual([]);
    expect(await controls.count()).toBeGreaterThan(2);

    // Top-right, just below the header (spec section 2); on a phone across the width.
    const headerBox = (await page.locator('header').first().boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    expect(box.y).toBeLessThan(headerBox.y + headerBox.height + 24);
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(16);
    if (width < 640) expect(box.width).toBeGreaterThanOrEqual(viewport.width - 16);
    else expect(box.width).toBeLessThan(viewport.width / 2);
    const bar = page.getByRole('navigation', { name: 'Sections' });
    if (width < 1024) {
      const barBox = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(barBox.y);
    } else {
      expect(await bar.isVisible()).toBe(false);
    }
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await screenshot(page, `toast-${width}-light`);
    await toast.hover();
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await screenshot(page, `toast-${width}-dark`);
    await page.context().close();
  });
});

describe('the right column', () => {
  it('keeps its width while its code arrives: the page does not move sideways under a click', async () => {
    // Service workers off, so the page's own requests reach the route below (the worker's would not).
    const context = await openContext(browser, app.url, { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/MemberAside-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signUpOn(page, app, 'cal', 'forYou');
    const order = page.getByRole('radiogroup', { name: 'Order of the stream' });
    await order.waitFor();
    const aside = page.getByRole('complementary', { name: 'Suggestions' });
    expect(await aside.count()).toBe(0);
    const before = await order.boundingBox();

    release();
    await aside.waitFor();
    expect(await order.boundingBox()).toEqual(before);
    await context.close();
  });
});
