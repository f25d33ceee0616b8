/** Debian's Chromium driven by playwright-core; never a downloaded browser. */
import { chromium, type Browser } from 'playwright-core';
import { existsSync } from 'node:fs';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
