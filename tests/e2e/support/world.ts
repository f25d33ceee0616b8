/**
 * The e2e files' common start: `npm start` on a fresh DATA_DIR and one Debian Chromium, opened
 * before the file's tests and closed after them; after each test, no page may have logged a
 * console error (a CSP violation is one) or thrown. `app` and `browser` are live bindings: read them
 * inside tests and hooks, once `useAppAndBrowser()` has run its beforeAll. `env` may be a function
 * when it needs what an earlier beforeAll started (the auth journey's mailbox).
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startApp, type RunningApp } from './app';
import { launchBrowser, takePageProblems } from './browser';

export let app: RunningApp;
export let browser: Browser;

export function useAppAndBrowser(env: Record<string, string> | (() => Record<string, string>) = {}): void {
  beforeAll(async () => {
    app = await startApp(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
  });
  // A console error or an uncaught exception in any page fails the journey it happened in.
  afterEach(() => {
    expect(takePageProblems(), 'console errors or uncaught exceptions in the pages').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}
