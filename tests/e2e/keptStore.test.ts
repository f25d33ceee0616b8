/**
 * The kept store's module (src/effects/offline/kept.ts and keptStore.ts) against Chromium's real
 * IndexedDB: the module bundled by esbuild into a page of its own (no app, no service worker), then
 * driven from the test. What the journeys cannot see: the bounds, the live changes, the age limit,
 * one member per device, that nothing written around a wipe brings a database back, and that a copy
 * is kept however soon the page is left.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_DB_PREFIX, KEPT_LIMITS, KEPT_MAX_AGE_MS } from '../../src/api/offline/kept';
import { launchBrowser, openContext } from './support/browser';

type KeptModule = typeof import('../../src/effects/offline/kept');
type StoreModule = typeof import('../../src/effects/offline/keptStore');
declare global {
  interface Window {
    kept: KeptModule;
    store: StoreModule;
  }
}

// A secure origin (crypto.subtle digests the token), answered by the test itself: nothing listens there.
const ORIGIN = 'http://localhost:47811';
const user = (id: string) => ({ _id: id, username: id }) as never;

let browser: Browser;
let page: Page;
let bundle: string;
const problems: string[] = [];

beforeAll(async () => {
  const root = join(import.meta.dirname, '..', '..');
  const built = await build({
    stdin: {
      contents: `import * as kept from './src/effects/offline/kept'; import * as store from './src/effects/offline/keptStore';
        window.kept = kept; window.store = store;`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0]!.text;
  browser = await launchBrowser();
  // A page of the module alone (no app, so no CSP of the app's to keep), opened the journeys' one way.
  const context = await openContext(browser, ORIGIN, { serviceWorkers: 'block' });
  await context.route(`${ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>kept</title><script>${bundle}</script>` }),
  );
  page = await context.newPage();
  page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  page.on('pageerror', (e) => void problems.push(e.message));
  await page.goto(`${ORIGIN}/`);
});

afterAll(async () => {
  await browser?.close();
});

const databases = () =>
  page.evaluate(
    async (prefix) => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith(prefix)),
    KEPT_DB_PREFIX,
  );

describe('the kept store in Chromium', () => {
  it('writes nothing for a member the guard has not confirmed: only the profile creates the database', async () => {
    await page.evaluate(() => window.kept.keepCopy('m0', 'thread', 'private:u2', { messages: [] }));
    await page.evaluate(() => window.kept.changeKept('m0', 'thread', null, () => ({})));
    expect(await page.evaluate(() => window.kept.recallCopy('m0', 'thread', 'private:u2'))).toBeNull();
    expect(await databases()).toEqual([]);
  });

  it('keeps and recalls a copy with its save time, and a live change only where a copy is kept', async () => {
    await page.evaluate((u) => window.kept.keepProfile('token-1', u), user('m1'));
    expect(await databases()).toEqual([`${KEPT_DB_PREFIX}m1`]);
    expect(await page.evaluate(() => window.kept.recallProfile('token-1'))).toEqual({ token: 'token-1', user: user('m1') });
    expect(await page.evaluate(() => window.kept.recallProfile('another token'))).toBeNull();

    const before = Date.now();
    await page.evaluate(() => window.kept.keepCopy('m1', 'thread', 'private:u2', { n: 1 }));
    const kept = await page.evaluate(() => window.kept.recallCopy<{ n: number }>('m1', 'thread', 'private:u2'));
    expect(kept?.value).toEqual({ n: 1 });
    expect(kept!.savedAt).toBeGreaterThanOrEqual(before - 1000);

    await page.evaluate(() => window.kept.changeKept<{ n: number }>('m1', 'thread', 'private:u2', (v) => ({ n: v.n + 1 })));
    await page.evaluate(() => window.kept.changeKept<{ n: number }>('m1', 'thread', 'private:u9', (v) => ({ n: v.n + 1 })));
    // null: leave it as it is.
    await page.evaluate(() => window.kept.changeKept('m1', 'thread', 'private:u2', () => null));
    expect((await page.evaluate(() => window.kept.recallCopy('m1', 'thread', 'private:u2')))?.value).toEqual({ n: 2 });
    expect(await page.evaluate(() => window.kept.recallCopy('m1', 'thread', 'private:u9'))).toBeNull();
  });

  it('changes every copy of a kind that answers a value (a deletion, wherever it is kept), and no other kind', async () => {
    await page.evaluate(async () => {
      await window.kept.keepCopy('m1', 'thread', 'group:g1', { n: 10 });
      await window.kept.keepCopy('m1', 'post', 'p1', { n: 100 });
      await window.kept.changeKept<{ n: number }>('m1', 'thread', null, (v) => (v.n >= 10 ? { n: v.n + 1 } : null));
    });
    const mine = await page.evaluate(async () =>
      Promise.all(
        (
          [
            ['thread', 'private:u2'],
            ['thread', 'group:g1'],
            ['post', 'p1'],
          ] as const
        ).map(async ([kind, id]) => (await window.kept.recallCopy('m1', kind, id))?.value ?? null),
      ),
    );
    expect(mine).toEqual([{ n: 2 }, { n: 11 }, { n: 100 }]);
  });

  it('keeps at most each kind’s bound, dropping the least recently saved', async () => {
    const limit = KEPT_LIMITS.thread;
    const keys = await page.evaluate(async (count) => {
      const base = Date.now() + 60_000;
      for (let i = 0; i < count; i += 1)
        await window.store.writeCopy('m1', { key: `thread:t${i}`, kind: 'thread', savedAt: base + i, value: { i } });
      // t0 is changed last: it is now the most recent, so t1 goes first.
      await window.store.changeCopy('m1', 'thread:t0', (v) => v, base + 1000);
      await window.store.writeCopy('m1', { key: 'thread:late', kind: 'thread', savedAt: base + 2000, value: {} });
      const db = await new Promise<IDBDatabase>((resolve) => {
        const r = indexedDB.open('stoa-kept-m1');
        r.onsuccess = () => resolve(r.result);
      });
      const all = await new Promise<string[]>((resolve) => {
        const r = db.transaction('copies').objectStore('copies').getAllKeys();
        r.onsuccess = () => resolve(r.result.map(String));
      });
      db.close();
      return all;
    }, limit);
    const threads = keys.filter((k) => k.startsWith('thread:'));
    expect(threads).toHaveLength(limit);
    expect(threads).toContain('thread:t0');
    expect(threads).toContain('thread:late');
    expect(threads).toContain('thread:t2');
    // The two kept before went first (the oldest saved), then t1.
    expect(threads).not.toContain('thread:t1');
    expect(threads).not.toContain('thread:private:u2');
    expect(threads).not.toContain('thread:group:g1');
    // Other kinds are not counted against it.
    expect(keys).toContain('post:p1');
  });

  it('does not show a copy older than KEPT_MAX_AGE_MS, and drops it', async () => {
    const [old, again] = await page.evaluate(async (age) => {
      const now = Date.now();
      const read = () => window.store.readCopy('m1', 'post:p1', now + age + 1);
      return [await read(), await window.store.readCopy('m1', 'post:p1', now)];
    }, KEPT_MAX_AGE_MS);
    expect([old, again]).toEqual([null, null]);
  });

  it('one member per device: a second member’s confirmation drops the first one’s database; a wipe drops all, and a late write brings nothing back', async () => {
    await page.evaluate((u) => window.kept.keepProfile('token-2', u), user('m2'));
    expect(await databases()).toEqual([`${KEPT_DB_PREFIX}m2`]);
    expect(await page.evaluate(() => window.kept.recallProfile('token-1'))).toBeNull();
    expect(await page.evaluate(() => window.kept.recallCopy('m1', 'thread', 'private:u2'))).toBeNull();

    await page.evaluate(async () => {
      await window.kept.keepCopy('m2', 'notifications', 'inbox', { notifications: [] });
      const late = window.kept.changeKept('m2', 'notifications', 'inbox', () => ({ changed: true }));
      const write = window.kept.keepCopy('m2', 'member', 'm2', { user: {} });
      await window.kept.wipeKept();
      await Promise.all([late, write]);
    });
    expect(await databases()).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a full navigation right after a copy is kept does not drop it: the write starts in the turn its answer came', async () => {
    await page.evaluate((u) => window.kept.keepProfile('token-3', u), user('m3'));
    const lost: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      // The answer shown, and the page left at once (a page with nothing to fetch is the quickest to come).
      await page
        .evaluate((i) => {
          void window.kept.keepCopy('m3', 'post', `p${i}`, { i });
          location.href = 'about:blank';
        }, i)
        .catch(() => {});
      await page.waitForURL('about:blank');
      await page.goto(`${ORIGIN}/`);
      if (!(await page.evaluate((i) => window.kept.recallCopy('m3', 'post', `p${i}`), i))) lost.push(i);
    }
    expect(lost).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a copy loaded before the guard confirms its member (a sign-in’s first answers) is kept once it does; a wipe or another member’s confirmation drops it', async () => {
    await page.evaluate(() => window.kept.wipeKept());
    await page.evaluate(async () => {
      await window.kept.keepCopy('m4', 'unread', 'count', { count: 3 });
      await window.kept.changeKept<{ count: number }>('m4', 'unread', 'count', (v) => ({ count: v.count + 1 }));
    });
    expect(await databases()).toEqual([]);
    await page.evaluate((u) => window.kept.keepProfile('token-4', u), user('m4'));
    expect((await page.evaluate(() => window.kept.recallCopy('m4', 'unread', 'count')))?.value).toEqual({ count: 4 });

    await page.evaluate(async (u) => {
      await window.kept.keepCopy('m5', 'unread', 'count', { count: 1 });
      await window.kept.wipeKept();
      await window.kept.keepProfile('token-5', u);
    }, user('m5'));
    expect(await page.evaluate(() => window.kept.recallCopy('m5', 'unread', 'count'))).toBeNull();

    await page.evaluate(
      async ([six, seven]) => {
        await window.kept.keepCopy('m6', 'unread', 'count', { count: 1 });
        await window.kept.keepProfile('token-7', seven!);
        await window.kept.keepProfile('token-6', six!);
      },
      [user('m6'), user('m7')],
    );
    expect(await page.evaluate(() => window.kept.recallCopy('m6', 'unread', 'count'))).toBeNull();
    expect(problems).toEqual([]);
  });
});
