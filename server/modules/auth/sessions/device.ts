import { lazyModule } from '../../../lazyModule';

// Read by a sign-in (the session's device), not at start (lazyModule.ts).
const loadBowser = lazyModule<typeof import('bowser')>('bowser');

export interface Device {
  /** e.g. "Chrome", "Firefox"; '' when the user agent names none we know. */
  browser: string;
  /** e.g. "Windows", "iOS", "Linux"; '' when unknown. */
  system: string;
}

/** Longer than any name bowser gives; a forged user agent cannot fill the row. */
const MAX_NAME = 60;

/**
 * The device of a sign-in in words, from its User-Agent header (read by bowser, on this server:
 * nothing leaves it). Names only, no versions: a browser update is not a new device.
 */
export function readDevice(userAgent: string | undefined): Device {
  if (!userAgent?.trim()) return { browser: '', system: '' };
  // Loaded outside the try: a missing package is the server's error, not an unknown device.
  const bowser = loadBowser();
  try {
    const parsed = bowser.parse(userAgent.slice(0, 1000));
    return { browser: (parsed.browser.name ?? '').slice(0, MAX_NAME), system: (parsed.os.name ?? '').slice(0, MAX_NAME) };
  } catch {
    return { browser: '', system: '' };
  }
}
