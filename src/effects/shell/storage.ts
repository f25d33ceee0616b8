import { STORAGE_KEYS } from '../../api/constants';

/** Browser storage behind one door, so tests and SSR-less environments fail soft. */
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const storage = {
  get: (key: string) => safe(() => globalThis.localStorage?.getItem(key) ?? null, null),
  set: (key: string, value: string) => safe(() => globalThis.localStorage?.setItem(key, value), undefined),
  remove: (key: string) => safe(() => globalThis.localStorage?.removeItem(key), undefined),
  session: {
    get: (key: string) => safe(() => globalThis.sessionStorage?.getItem(key) ?? null, null),
    set: (key: string, value: string) => safe(() => globalThis.sessionStorage?.setItem(key, value), undefined),
    remove: (key: string) => safe(() => globalThis.sessionStorage?.removeItem(key), undefined),
  },
  /**
   * Browser-session cookies: no Expires/Max-Age, so the browser drops them when it closes, and
   * every tab of this browser session shares them (unlike sessionStorage). Never put a secret here.
   */
  cookie: {
    has: (name: string) =>
      safe(() => (globalThis.document?.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`)), false),
    set: (name: string, value: string) =>
      safe(() => {
        if (globalThis.document) globalThis.document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
      }, undefined),
    remove: (name: string) =>
      safe(() => {
        if (globalThis.document) globalThis.document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Strict`;
      }, undefined),
  },
  token: () => safe(() => globalThis.localStorage?.getItem(STORAGE_KEYS.authToken) ?? null, null),
};
