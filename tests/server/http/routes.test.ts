import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { API_BASE, mediaPaths, paths } from '../../../src/api/paths';
import type { RouteEntry } from '../../../server/http/routeTable';
import { createTestApp, type TestApp } from '../harness';

/** Every entry of a path table as `name pattern`: strings are their own pattern, builders carry `.route`. */
function tableEntries(table: object, prefix = ''): [string, string][] {
  return Object.entries(table).flatMap(([key, value]): [string, string][] => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[name, value]];
    if (typeof value === 'function') return [[name, (value as { route: string }).route]];
    return tableEntries(value as object, name);
  });
}

/** A Fastify pattern as a regular expression over concrete paths. */
const matcher = (route: string) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

/** Every function of the typed client (the raw `http` left out), by name. */
function clientCalls(client: object, prefix = ''): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(client).flatMap(([key, value]): [string, (...args: unknown[]) => unknown][] => {
    if (key === 'http') return [];
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function') return [[name, value as (...args: unknown[]) => unknown]];
    return value && typeof value === 'object' ? clientCalls(value, name) : [];
  });
}

/** The path table (src/api/paths.ts) and the routes the server registers are the same set. */
describe('the path table and the server', () => {
  let t: TestApp;
  let api: RouteEntry[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    api = t.app.routeTable.filter((route) => route.url.startsWith(`${API_BASE}/`) || route.url === API_BASE);
  });
  afterAll(() => t.close());

  const registered = () => new Set(api.map((route) => route.url.slice(API_BASE.length)));

  it('registers every pattern of the table under API_BASE', () => {
    const routes = registered();
    const missing = tableEntries(paths)
      .filter(([, pattern]) => !routes.has(pattern))
      .map(([name, pattern]) => `${name} ${pattern}`);
    expect(missing).toEqual([]);
  });

  it('registers no API route that is not in the table, and none twice', () => {
    const table = new Set(tableEntries(paths).map(([, pattern]) => pattern));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((route) => !table.has(route.url.slice(API_BASE.length))).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const seen = api.map((route) => `${route.method} ${route.url}`);
    expect(seen.filter((entry, i) => seen.indexOf(entry) !== i)).toEqual([]);
  });

  it('serves media at the routes mediaPaths names, and every other route is under API_BASE or is the client app', () => {
    const media: string[] = [mediaPaths.image.route, mediaPaths.video.route];
    for (const route of media) expect(t.app.routeTable.some((entry) => entry.method === 'GET' && entry.url === route)).toBe(true);
    expect(matcher(mediaPaths.image.route).test(mediaPaths.image(1, 'id'))).toBe(true);
    const others = t.app.routeTable.filter((route) => !api.includes(route) && !media.includes(route.url));
    // The client app (server/http/client.ts): its files and the SPA fallback.
    expect(others.every((route) => route.method === 'GET' && !route.url.startsWith('/api'))).toBe(true);
  });

  it('sends every call of the typed client to a route registered for its method', async () => {
    const sent: { name: string; method: string; path: string }[] = [];
    let current = '';
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push({ name: current, method: request.method, path: new URL(request.url).pathname });
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    const client = createApiClient({ baseURL: 'http://stoa.test', getToken: () => null, fetch: fetch as typeof globalThis.fetch });
    const calls = clientCalls(client);
    expect(calls.length).toBeGreaterThan(100);
    for (const [name, call] of calls) {
      current = name;
      // Placeholder arguments: every parameter a string, which each builder and body takes.
      await call('a', 'b', 'c', 'd');
    }
    expect(calls.filter(([name]) => !sent.some((entry) => entry.name === name)).map(([name]) => name)).toEqual([]);
    const wrong = sent.filter(({ method, path }) => !api.some((route) => route.method === method && matcher(route.url).test(path)));
    expect(wrong.map(({ name, method, path }) => `${name}: ${method} ${path}`)).toEqual([]);
  });
});
