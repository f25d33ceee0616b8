import Bowser from 'bowser';

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
  try {
    const parsed = Bowser.parse(userAgent.slice(0, 1000));
    return { browser: (parsed.browser.name ?? '').slice(0, MAX_NAME), system: (parsed.os.name ?? '').slice(0, MAX_NAME) };
  } catch {
    return { browser: '', system: '' };
  }
}
