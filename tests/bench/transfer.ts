/**
 * Client weight as a member's browser receives it: each route opened in Debian's Chromium at
 * 375 x 667 against `npm start` (pre-compressed brotli/gzip, the real headers), counting the bytes
 * on the wire (transfer size: encoded body + headers) of the scripts and styles the route loads,
 * and its paint metrics from Chromium's performance timeline: First Contentful Paint, Largest
 * Contentful Paint and Total Blocking Time (long tasks over 50 ms until the page is quiet).
 * Goals: sign-in at most 1.15x its floor (the shell libraries plus the react-aria widgets the page
 * shows, built in the same run, plus the page's own styles), streams at most 180 KB.
 * Beside them, floors built in the same run with the same toolchain (tests/bench/bundle.ts): the
 * brotli JavaScript of React alone, of the libraries every route's shell needs, of those plus
 * the react-aria widgets the sign-in page shows, and of those plus what the streams page cannot
 * draw without (socket.io-client, the virtual list, its widgets), to compare with the routes'
 * script bodies; the sign-in and streams goals print theirs in the goal table.
 */
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../../server/config';
import { letterAvatarDataUrl } from '../../server/media/letterAvatar';
import { createAdmin } from '../../server/createAdmin';
import { API_BASE } from '../../src/api/paths';
import { STORAGE_KEYS } from '../../src/api/constants';
import { startApp, type RunningApp } from '../e2e/support/app';
import { buildFloor, FLOORS } from './bundle';
import { CHROME_PATH, launchBrowser, openContext, storeBeforeLoad } from '../e2e/support/browser';
import { recordGoal, recordNotMeasured } from './goals';

export const TRANSFER_GOALS_KB: Record<string, number> = { streams: 180 };
/**
 * The sign-in page's weight (scripts + styles) over its floor: the brotli JavaScript of the shell
 * libraries and the widgets the page shows, built in the same run, plus the styles the page loads.
 * No page built from those widgets weighs less than the floor; 1.15x leaves Stoa's own code 15%.
 */
export const SIGN_IN_OVER_FLOOR_GOAL = 1.15;
/**
 * A repeat visit with the service worker active (docs/client-offline.md): the script that still
 * crosses the network, goal at most 10 KB (every chunk comes from the precache).
 */
export const REPEAT_SCRIPT_GOALS_KB: Record<string, number> = { 'streams (repeat visit)': 10 };
/** The floor each goal is read against (an index into measureFloors' list). */
const FLOOR_OF_ROUTE: Record<string, number> = { 'sign-in': 2, streams: 3 };

export interface RouteWeight {
  route: string;
  path: string;
  scriptKb: number;
  /** The scripts' bodies alone (brotli as sent), without the response headers. */
  scriptBodyKb: number;
  styleKb: number;
  totalKb: number;
  requests: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Each script and style the route loaded: file name and bytes on the wire (KB). */
  files: { name: string; kb: number }[];
}

/** Registered before any script of the page runs, so no long task or paint is missed. */
const OBSERVE = `(() => {
  window.__weight = { longTasks: [], lcp: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__weight.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__weight.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function weigh(
  browser: Browser,
  app: RunningApp,
  route: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  token?: string,
  repeat = false,
): Promise<RouteWeight> {
  const context = await openContext(browser, app.url, { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  if (token) await storeBeforeLoad(context, { [STORAGE_KEYS.authToken]: token });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  if (repeat) {
    // A first visit installs the service worker, which precaches the build; the visit weighed is the next.
    await page.goto(path, { waitUntil: 'load' });
    await ready(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
  }
  const finished: Promise<{ type: string; url: string; bytes: number; body: number }>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) =>
        // What the service worker answered never crossed the network.
        response?.fromServiceWorker()
          ? { type: request.resourceType(), url: request.url(), bytes: 0, body: 0 }
          : {
              type: request.resourceType(),
              url: request.url(),
              bytes: sizes.responseBodySize + sizes.responseHeadersSize,
              body: sizes.responseBodySize,
            },
      ),
    );
  });
  if (repeat) await page.reload({ waitUntil: 'load' });
  else await page.goto(path, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const responses = await Promise.all(finished);
  const metrics = (await page.evaluate(`(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const fcpAt = fcp ? fcp.startTime : 0;
    const tbt = window.__weight.longTasks.filter(([start]) => start >= fcpAt).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp: fcpAt, lcp: window.__weight.lcp, tbt };
  })()`)) as { fcp: number; lcp: number; tbt: number };
  await context.close();
  const kb = (types: string[]) => responses.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.bytes, 0) / 1024;
  const scriptKb = kb(['script']);
  const scriptBodyKb = responses.filter((r) => r.type === 'script').reduce((sum, r) => sum + r.body, 0) / 1024;
  const styleKb = kb(['stylesheet']);
  return {
    route,
    path,
    scriptKb,
    scriptBodyKb,
    styleKb,
    totalKb: kb(['script', 'stylesheet', 'document', 'font', 'image', 'fetch', 'xhr']),
    requests: responses.length,
    fcpMs: metrics.fcp,
    lcpMs: metrics.lcp,
    tbtMs: metrics.tbt,
    files: responses
      .filter((r) => (r.type === 'script' || r.type === 'stylesheet') && r.bytes > 0)
      .map((r) => ({ name: r.url.split('/').pop() ?? r.url, kb: r.bytes / 1024 })),
  };
}

export interface Floor {
  name: string;
  /** Brotli JavaScript (quality 11, as the build pre-compresses it). */
  scriptKb: number;
  files: number;
}

export interface TransferResult {
  routes: RouteWeight[];
  floors: Floor[];
}

async function measureFloors(): Promise<Floor[]> {
  const floors: [string, string][] = [
    ['React 19 alone', FLOORS.react],
    ['shell libraries: React, xstate, @xstate/react, wouter, ofetch, immer', FLOORS.shell],
    ["shell libraries + the sign-in page's react-aria widgets and icons", FLOORS.signInWidgets],
    ["shell libraries + socket.io-client, the virtual list and the streams page's react-aria widgets", FLOORS.streamsWidgets],
  ];
  const sizes: Floor[] = [];
  for (const [name, code] of floors) {
    const size = await buildFloor(name.split(' ')[0].toLowerCase(), code);
    sizes.push({ name, scriptKb: size.brotli / 1024, files: size.files });
  }
  return sizes;
}

/** Why this machine cannot run the transfer benchmark, or null. */
export const transferUnavailable = (): string | null =>
  existsSync(CHROME_PATH) ? null : `Chromium is not installed at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`;

export async function measureTransfer(): Promise<TransferResult> {
  const floors = await measureFloors();
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const signUp = await fetch(`${app.url}${API_BASE}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'weigher',
        email: 'weigher@bench.test',
        password: 'bench-password-123',
        avatarColor: '#f33e58',
        avatarImage: await letterAvatarDataUrl('weigher', '#f33e58'),
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const member = ((await signUp.json()) as { token: string }).token;
    await createAdmin(
      { username: 'benchadmin', email: 'benchadmin@bench.test', password: 'bench-password-123' },
      loadConfig({ ...process.env, DATA_DIR: app.dataDir, DATABASE_URL: '' }),
    );
    const adminSignIn = await fetch(`${app.url}${API_BASE}/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchadmin@bench.test', password: 'bench-password-123' }),
    });
    if (!adminSignIn.ok) throw new Error(`admin sign-in: ${adminSignIn.status} ${await adminSignIn.text()}`);
    const admin = ((await adminSignIn.json()) as { token: string }).token;
    const routes = [
      await weigh(browser, app, 'sign-in', '/', (page) =>
        page
          .getByRole('button', { name: /sign in/i })
          .first()
          .waitFor(),
      ),
      await weigh(
        browser,
        app,
        'streams',
        '/app/social/streams',
        (page) => page.getByRole('heading', { name: 'Streams' }).waitFor(),
        member,
      ),
      await weigh(
        browser,
        app,
        'streams (repeat visit)',
        '/app/social/streams',
        (page) => page.getByRole('heading', { name: 'Streams' }).waitFor(),
        member,
        true,
      ),
      await weigh(browser, app, 'chat', '/app/social/chat/messages', (page) => page.locator('main').first().waitFor(), member),
      await weigh(browser, app, 'admin', '/admin', (page) => page.locator('main').first().waitFor(), admin),
    ];
    return { routes, floors };
  } finally {
    await browser.close();
    await app.stop();
  }
}

/** Without Chromium the routes cannot be opened: each goal is a "not measured" line of the table, not a failed run. */
export function transferNotMeasured(why: string): void {
  for (const [route, goal] of Object.entries(REPEAT_SCRIPT_GOALS_KB))
    recordNotMeasured(`${route} scripts over the network`, goal, 'at most', 'KB', why);
  recordNotMeasured('sign-in page weight (scripts + styles) / its floor', SIGN_IN_OVER_FLOOR_GOAL, 'at most', 'x', why);
  for (const [route, goal] of Object.entries(TRANSFER_GOALS_KB))
    recordNotMeasured(`${route} page weight (scripts + styles)`, goal, 'at most', 'KB', why);
}

export function printTransfer({ routes: rows, floors }: TransferResult): void {
  const kb = (n: number) => `${n.toFixed(1)} KB`;
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log('client weight as Chromium receives it (375 x 667, npm start, pre-compressed)');
  console.table(
    Object.fromEntries(
      rows.map((r) => [
        r.route,
        {
          path: r.path,
          scripts: kb(r.scriptKb),
          'script bodies': kb(r.scriptBodyKb),
          styles: kb(r.styleKb),
          'all bytes': kb(r.totalKb),
          requests: r.requests,
          FCP: ms(r.fcpMs),
          LCP: ms(r.lcpMs),
          TBT: ms(r.tbtMs),
        },
      ]),
    ),
  );
  for (const r of rows) console.log(`${r.route}: ${r.files.map((f) => `${f.name} ${kb(f.kb)}`).join(', ')}`);
  // The chunk groups of vite.config.ts keep the sign-in page's chunk off the member routes and the
  // member area off the sign-in page; a module both come to share undoes that quietly.
  const streams = rows.find((r) => r.route === 'streams');
  const signIn = rows.find((r) => r.route === 'sign-in');
  if (streams?.files.some((f) => f.name.startsWith('auth-')))
    console.log('WARNING: the streams load the sign-in chunk (auth-*.js): see COMMON in vite.config.ts');
  if (signIn?.files.some((f) => /^(member|overlays|dialogs|post)-/.test(f.name)))
    console.log('WARNING: the sign-in page loads member area chunks: see vite.config.ts');
  console.log('floors: the brotli JavaScript of libraries alone, built in this run (compare with "script bodies")');
  console.table(Object.fromEntries(floors.map((f) => [f.name, { scripts: kb(f.scriptKb), files: f.files }])));
  for (const [route, goal] of Object.entries(REPEAT_SCRIPT_GOALS_KB)) {
    const row = rows.find((r) => r.route === route);
    if (!row) continue;
    console.log(
      `${route}: scripts over the network ${kb(row.scriptKb)} against the goal ${goal} KB: ${recordGoal(`${route} scripts over the network`, row.scriptKb, goal, 'at most', 'KB') ? 'met' : 'NOT met'}`,
    );
  }
  const signInRow = rows.find((r) => r.route === 'sign-in');
  const signInFloor = floors[FLOOR_OF_ROUTE['sign-in']!];
  if (signInRow && signInFloor) {
    const sent = signInRow.scriptKb + signInRow.styleKb;
    const floorKb = signInFloor.scriptKb + signInRow.styleKb;
    const met = recordGoal(`sign-in page weight (scripts + styles) / its floor`, sent / floorKb, SIGN_IN_OVER_FLOOR_GOAL, 'at most', 'x', {
      floor: { figure: floorKb, unit: 'KB', what: 'shell libraries + sign-in widgets + styles' },
    });
    console.log(
      `sign-in: scripts + styles ${kb(sent)}, ${(sent / floorKb).toFixed(2)}x its floor (${kb(floorKb)}: ${signInFloor.name}, ${kb(signInFloor.scriptKb)}, + ${kb(signInRow.styleKb)} of styles) against the goal ${SIGN_IN_OVER_FLOOR_GOAL}x: ${met ? 'met' : 'NOT met'}`,
    );
  }
  for (const [route, goal] of Object.entries(TRANSFER_GOALS_KB)) {
    const row = rows.find((r) => r.route === route);
    if (!row) continue;
    const sent = row.scriptKb + row.styleKb;
    const floor = floors[FLOOR_OF_ROUTE[route] ?? -1];
    // The floor beside the goal: the libraries the page cannot do without, built in this run, plus its styles.
    const met = recordGoal(
      `${route} page weight (scripts + styles)`,
      sent,
      goal,
      'at most',
      'KB',
      floor ? { floor: { figure: floor.scriptKb + row.styleKb, unit: 'KB', what: `${route} libraries + widgets + styles` } } : {},
    );
    console.log(`${route}: scripts + styles ${kb(sent)} against the goal ${goal} KB: ${met ? 'met' : 'NOT met'}`);
    if (floor) {
      console.log(
        `  its floor (${floor.name}): ${kb(floor.scriptKb)} of script bodies + ${kb(row.styleKb)} of styles; the route's own script bodies above it: ${kb(row.scriptBodyKb - floor.scriptKb)}, response headers: ${kb(row.scriptKb - row.scriptBodyKb)}`,
      );
    }
  }
}
