/**
 * The pages one reaches from a list (a post, a question, a chat conversation), the member area's
 * 404 and the profiles, as a member sees them at 375 and 1280 px, light and dark: each has a
 * header with Back and an h1, the navigation marks its area (and Profile only on one's own
 * profile), the tab's title names the page after the unread notifications count, and axe finds
 * no moderate-or-worse problem, best practices included (one h1, one main, headings in order).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { app, browser, useAppAndBrowser } from './support/world';
import { openContext, storeBeforeLoad } from './support/browser';
import { auditAccessibility, screenshot } from './support/look';
import { callApi, signUpMember, type Member } from './support/members';

useAppAndBrowser();

let pia: Member;
let rex: Member;
let sam: Member;
let piasPost: string;
const POST = 'A post worth opening on its own page.';
const QUESTION = 'Which page deserves a title of its own?';

beforeAll(async () => {
  pia = await signUpMember(browser, app, 'pia');
  rex = await signUpMember(browser, app, 'rex');
  sam = await signUpMember(browser, app, 'sam');
  await callApi(app, 'POST', '/post', rex.token, { post: POST, privacy: 'Public' });
  await callApi(app, 'POST', '/question', rex.token, { post: QUESTION, privacy: 'Public' });
  // One unread notification for pia: rex follows her.
  await callApi(app, 'PUT', `/user/follow/${pia.id}`, rex.token);
  ({
    post: { _id: piasPost },
  } = await callApi<{ post: { _id: string } }>(app, 'POST', '/post', pia.token, { post: 'Titles matter.', privacy: 'Public' }));
  for (const m of [pia, rex, sam]) await m.page.context().close();
});

type Theme = 'light' | 'dark';
const SIZES = [
  [375, 'light'],
  [375, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const;

async function open(width: number, theme: Theme, path: string): Promise<Page> {
  const context = await openContext(browser, app.url, { viewport: { width, height: width < 1024 ? 667 : 900 } });
  await storeBeforeLoad(context, { authToken: pia.token, theme });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The navigation items marked current: the sidebar's from 1024 px, the bottom bar's below. */
async function currentNav(page: Page, width: number): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: width < 1024 ? 'Sections' : 'Main' }).first();
  return nav.locator('[aria-current="page"]').allInnerTexts();
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const shot = (page: Page, name: string) => screenshot(page, `pages-${name}`);

describe('the page of one post', () => {
  it.each(SIZES)('at %i px (%s): Back, an h1, Streams marked, the title with the count', async (width, theme) => {
    const page = await open(width, theme, '/app/social/streams');
    await card(page, POST).locator('a:has(time)').click();
    await page.waitForURL('**/app/social/post/*');
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor();
    await card(page, POST).waitFor();
    expect(await currentNav(page, width)).toEqual(['Streams']);
    await expect.poll(() => page.title()).toBe('(1) Post · Stoa');
    await auditAccessibility(page, `post page ${width}, ${theme}`);
    await shot(page, `post-${width}-${theme}`);

    // Came from the streams: Back goes back there (history, so the list keeps its place).
    const before = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/app/social/streams');
    expect(await page.evaluate(() => history.length)).toBe(before);
    await expect.poll(() => page.title()).toBe('(1) Streams · Stoa');

    // Opened from outside (a link in another tab): Back goes to the Streams.
    const url = `/app/social/post/${await card(page, POST).getAttribute('data-post-id')}`;
    await page.goto(url);
    await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/app/social/streams');
    await page.context().close();
  });
});

describe('the page of one question', () => {
  it.each([
    [375, 'dark'],
    [1280, 'light'],
  ] as const)('at %i px (%s): Back, an h1, Questions marked', async (width, theme) => {
    const page = await open(width, theme, '/app/social/questions');
    await card(page, QUESTION).getByRole('link', { name: '0 answers' }).click();
    await page.waitForURL('**/app/social/question/*');
    await page.getByRole('heading', { name: 'Question', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Answers' }).or(page.getByText('No answers yet')).first().waitFor();
    expect(await currentNav(page, width)).toEqual(['Questions']);
    await expect.poll(() => page.title()).toBe('(1) Question · Stoa');
    await auditAccessibility(page, `question page ${width}, ${theme}`);
    await shot(page, `question-${width}-${theme}`);
    const url = page.url();

    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/app/social/questions');
    await page.goto(url);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/app/social/questions');
    await page.context().close();
  });
});

describe('a chat conversation', () => {
  it.each(SIZES)('at %i px (%s): Back, the conversation as h1 on a phone (beside the list, Chats), Chat marked', async (width, theme) => {
    const thread = `/app/social/chat/messages?username=rex&id=${rex.id}&isGroup=false`;
    const page = await open(width, theme, `/app/social/profile/rex?id=${rex.id}`);
    await page.getByRole('heading', { name: 'rex', level: 1 }).waitFor();
    // Into the conversation from inside the app: rex's profile.
    await page.getByRole('link', { name: 'Message rex' }).click();
    await page.waitForURL(`**${thread}`);
    await page.getByText('Say hello to rex.').waitFor();
    await page.getByRole('heading', { name: width < 768 ? 'rex' : 'Chats', level: 1 }).waitFor();
    expect(await currentNav(page, width)).toEqual(['Chat']);
    await expect.poll(() => page.title()).toBe('(1) rex · Chat · Stoa');
    await auditAccessibility(page, `chat conversation ${width}, ${theme}`);
    await shot(page, `chat-${width}-${theme}`);

    // Back where she came from: rex's profile.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(`**/app/social/profile/rex?id=${rex.id}`);
    // Opened from outside: Back goes to the conversations.
    await page.goto(thread);
    await page.getByText('Say hello to rex.').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === '/app/social/chat/messages' && u.search === '');
    await page.context().close();
  });
});

describe('the member area 404', () => {
  it.each([
    [375, 'dark'],
    [1280, 'light'],
  ] as const)('at %i px (%s): one main landmark, a title', async (width, theme) => {
    const page = await open(width, theme, '/app/social/no-such-page');
    await page.getByText('Error 404: Page Not Found').waitFor();
    expect(await page.getByRole('main').count()).toBe(1);
    await expect.poll(() => page.title()).toBe('(1) Page not found · Stoa');
    await auditAccessibility(page, `member 404 ${width}, ${theme}`);
    await shot(page, `404-${width}-${theme}`);
    await page.context().close();
  });
});

describe('profiles', () => {
  it.each(SIZES)('at %i px (%s): Profile marks only her own profile; headings in order', async (width, theme) => {
    const page = await open(width, theme, `/app/social/profile/pia?id=${pia.id}`);
    await page.getByRole('heading', { name: 'pia', level: 1 }).waitFor();
    await page.getByRole('tablist', { name: 'Profile sections' }).waitFor();
    // On a phone Profile lives in the drawer: More stands for it.
    const more = () => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^More/ }).textContent();
    expect(await currentNav(page, width)).toEqual(width < 1024 ? [] : ['Profile']);
    if (width < 1024) expect(await more()).toContain('current: Profile');
    await expect.poll(() => page.title()).toBe('(1) pia · Stoa');
    await auditAccessibility(page, `own profile ${width}, ${theme}`);
    await shot(page, `own-profile-${width}-${theme}`);

    await page.goto(`/app/social/profile/rex?id=${rex.id}`);
    await page.getByRole('heading', { name: 'rex', level: 1 }).waitFor();
    await page.getByRole('tablist', { name: 'Profile sections' }).waitFor();
    expect(await currentNav(page, width)).toEqual([]);
    if (width < 1024) expect(await more()).not.toContain('current');
    if (width >= 1024) {
      const profile = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' });
      expect(await profile.getAttribute('aria-current')).toBeNull();
    }
    await auditAccessibility(page, `another profile ${width}, ${theme}`);
    await page.context().close();
  });
});

describe('the tab title', () => {
  it('names each page after the unread count, live', async () => {
    const page = await open(1280, 'light', '/app/social/streams');
    await expect.poll(() => page.title()).toBe('(1) Streams · Stoa');
    await callApi(app, 'POST', '/post/reaction', sam.token, { postId: piasPost, type: 'love' });
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('(2) Streams · Stoa');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
    await expect.poll(() => page.title()).toBe('(2) People · Stoa');
    await page.context().close();
  });
});
