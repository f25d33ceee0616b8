/**
 * The e2e files' common start: `npm start` on a fresh DATA_DIR and one Debian Chromium, opened
 * before the file's tests and closed after them. `app` and `browser` are live bindings: read them
 * inside tests and hooks, once `useAppAndBrowser()` has run its beforeAll.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app';
import { launchBrowser } from './browser';

export let app: RunningApp;
export let browser: Browser;

export function useAppAndBrowser(): void {
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}
