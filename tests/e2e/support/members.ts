/** Members as the e2e journeys make them: signed up through the real form, in their own browser context. */
import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from './app';
import { openContext } from './browser';

export interface Member {
  page: Page;
  id: string;
  username: string;
  token: string;
}

export const MEMBER_PASSWORD = 'correct-horse-battery';

/** Calls the API as a member (for steps whose screens belong to later issues, e.g. follow). */
export async function callApi<T>(app: RunningApp, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${app.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Signs a new member up through the sign-up tab and waits for the streams. Journeys about what
 * reaches a stream live read it in date order ("Latest", chosen on the page as a member would; the
 * choice sticks): in "For you" a stranger's new post waits behind the "N new posts" pill.
 */
export async function signUpMember(
  browser: Browser,
  app: RunningApp,
  username: string,
  width = 1280,
  order: 'latest' | 'forYou' = 'latest',
): Promise<Member> {
  const context = await openContext(browser, app.url, { viewport: { width, height: 900 } });
  const page = await context.newPage();
  const { id, token } = await signUpOn(page, app, username, order);
  return { page, id, username, token };
}

/** Signs a new member up through the form on an open page, which lands on their streams. */
export async function signUpOn(
  page: Page,
  app: RunningApp,
  username: string,
  order: 'latest' | 'forYou' = 'latest',
): Promise<{ id: string; token: string }> {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.org`);
  await form.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/app/social/streams');
  if (order === 'latest') {
    await page.getByRole('radio', { name: 'Latest' }).click();
    await page.getByRole('radio', { name: 'Latest', checked: true }).waitFor();
  }
  const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;
  const me = await callApi<{ user: { _id: string } }>(app, 'GET', '/currentuser', token);
  return { id: me.user._id, token };
}
