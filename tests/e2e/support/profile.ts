/**
 * A member's own browser, kept on disk: a persistent Chromium profile (IndexedDB, the service
 * worker and its caches survive a closed browser, as a member's do; Chromium offers to install
 * only from such a profile, never from an incognito window). Opened on the app under its real CSP,
 * with its pages' console errors and uncaught exceptions recorded in `problems`, which survives a
 * close and reopen of the same profile so a journey checks them all in one place.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROME_ARGS, CHROME_PATH } from './browser';
import { openLink, type NetworkLink } from './link';

export interface Profile {
  context: BrowserContext;
  page: Page;
  /** The origin this profile opens the app at (its own network's: link.ts). */
  url: string;
}

export interface ProfileOptions {
  /** Console errors this journey expects (the network's while offline, a refusal it provokes): not recorded. */
  ignore?: (text: string) => boolean;
  /** Where the problems go; pass the same list when reopening a profile. */
  problems?: string[];
}

/** A fresh profile directory (remove it with `removeProfileDir` after the file's tests). */
export function makeProfileDir(): string {
  return mkdtempSync(join(tmpdir(), 'stoa-profile-'));
}

/** Each profile's own network to the app (link.ts), kept across a close and reopen: its origin holds its storage. */
const links = new Map<string, Promise<NetworkLink>>();
const linkOf = new WeakMap<BrowserContext, NetworkLink>();

export function removeProfileDir(dir: string | undefined): void {
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  void links.get(dir)?.then((link) => link.close());
  links.delete(dir);
}

/** Opens (or reopens) the profile in `dir` on `app`, 1280 × 900, with its first page. */
export async function openProfile(dir: string, app: { url: string }, options: ProfileOptions = {}): Promise<Profile> {
  const { ignore = () => false, problems = [] } = options;
  if (!links.has(dir)) links.set(dir, openLink(app));
  const link = await links.get(dir)!;
  link.restore();
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROME_PATH,
    baseURL: link.url,
    viewport: { width: 1280, height: 900 },
    args: CHROME_ARGS,
  });
  context.on('console', (message) => {
    if (message.type() !== 'error' || ignore(message.text())) return;
    problems.push(`console: ${message.text()} (${message.location().url || message.page()?.url() || ''})`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
  linkOf.set(context, link);
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, url: link.url };
}

/** Waits until a service worker controls the page (its precache and the outbox's sync are then ready). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/**
 * While offline the browser logs each request it could not make (the socket's tries, one the cut
 * link dropped): the network's, not the app's.
 */
export const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_CONNECTION_(RESET|CLOSED|REFUSED)|ERR_EMPTY_RESPONSE|WebSocket connection to .* failed/;

/**
 * The profile goes offline as a member's phone does: the browser says so (`navigator.onLine`, the
 * `offline` event, its requests failing) and its network to the app is cut, so nothing of it
 * reaches the server, even what Chromium's emulation lets through.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  linkOf.get(context)?.cut();
}

/** Back online: the network first, then the browser's word. */
export async function goOnline(context: BrowserContext): Promise<void> {
  linkOf.get(context)?.restore();
  await context.setOffline(false);
}
