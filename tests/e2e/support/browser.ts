/** Debian's Chromium driven by playwright-core; never a downloaded browser. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
}

/** Headless, sandbox-free (containers), and quiet: no QUIC, no background fetches, no updates or sync. */
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * What went wrong in the pages of the journeys: console errors (a Content-Security-Policy
 * violation is one) and uncaught exceptions. A 4xx answer is expected where a journey tries
 * something refused, and Chromium logs each as a failed resource: those are not problems.
 */
const problems: string[] = [];
const EXPECTED = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The problems seen since the last call (the e2e files fail a test that leaves any). */
export function takePageProblems(): string[] {
  return problems.splice(0);
}

/**
 * A browser context on the app as a member gets it: under the app's real Content-Security-Policy
 * (never bypassCSP), with every page's console errors and uncaught exceptions recorded.
 */
export async function openContext(
  browser: Browser,
  baseURL: string,
  options: Omit<BrowserContextOptions, 'baseURL' | 'bypassCSP'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, baseURL });
  context.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED.test(message.text()))
      problems.push(`console: ${message.text()} (${message.page()?.url() ?? ''})`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message} (${error.page()?.url() ?? ''})`));
  return context;
}

/** Puts entries in the app's localStorage before any of its scripts run (not on about:blank, which has none). */
export async function storeBeforeLoad(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((items) => {
    if (!location.protocol.startsWith('http')) return;
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
}
