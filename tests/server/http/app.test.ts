import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress';
import { migrateToLatest } from '../../../server/db/migrate';
import { createTestApp, dialects, dropTestSchema, signUp, type TestApp } from '../harness';
import { MANIFEST_URL, WORKER_SCOPE, WORKER_URL } from '../../../src/api/offline/worker';

describe.each(dialects)('http app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const response = await t.api({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: dialect });
  });

  it('serves the client config without Google sign-in by default', async () => {
    const response = await t.api({ method: 'GET', url: '/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ env: 'DEV', googleSignIn: false, firebase: null, supportEmail: null });
  });

  it('serves the support address when SUPPORT_EMAIL is set', async () => {
    const withSupport = await createTestApp(dialect, { env: { SUPPORT_EMAIL: 'help@stoa.example.org' } });
    try {
      const response = await withSupport.api({ method: 'GET', url: '/config' });
      expect(response.json()).toMatchObject({ supportEmail: 'help@stoa.example.org' });
    } finally {
      await withSupport.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.api({ method: 'GET', url: '/no-such-thing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'No API endpoint at GET /api/v1/no-such-thing', statusCode: 404 });
    const post = await t.api({ method: 'POST', url: '/signup/extra', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('says to build the client when dist is missing', async () => {
    const response = await t.inject({ method: 'GET', url: '/app/social', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toContain('npm run build');
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"provider": "local", "username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body', statusCode: 400 });
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a&password=b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/application\/json/);
  });

  it('refuses a body over the route limit with 413', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { provider: 'local', username: 'x'.repeat(200_000), password: 'whatever' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large', statusCode: 413 });
    const signup = await t.api({
      method: 'POST',
      url: '/signup',
      payload: {
        username: 'big',
        email: 'big@example.org',
        password: 'x'.repeat(8),
        avatarColor: '#000000',
        avatarImage: 'x'.repeat(2_000_000),
      },
    });
    expect(signup.statusCode).toBe(413);
  });

  it('treats a body that is not an object as a validation error', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/forgot-password',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Request body must be a JSON object');
  });

  it('answers router-level mistakes in the same shape, without echoing the address', async () => {
    const long = await t.api({ method: 'POST', url: `/reset-password/${'a'.repeat(1200)}`, payload: {} });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'Request address is too long', statusCode: 414 });
    const badEncoding = await t.api({ method: 'POST', url: '/checkUser/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: 'Malformed URL', statusCode: 400 });
  });

  it('runs migrations again without harm', async () => {
    await migrateToLatest(t.database);
    expect((await t.api({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('sends security headers with a CSP fit for the SPA', async () => {
    const response = await t.api({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    // The socket on this origin only: no websocket to any host (ws: / wss: alone).
    expect(csp).toMatch(/connect-src 'self' ws:\/\/[^ ;]+;/);
    expect(csp).not.toMatch(/ wss?:(;| )/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on answers, unknown paths and refusals alike', async () => {
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(
        [
          'content-security-policy',
          'x-content-type-options',
          'x-frame-options',
          'referrer-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
        ].map((name) => [name, headers[name]]),
      );
    const ok = await t.api({ method: 'GET', url: '/health' });
    const unknown = await t.api({ method: 'GET', url: '/no-such-path' });
    const refused = await t.api({ method: 'GET', url: '/post/all/1' });
    expect([ok.statusCode, unknown.statusCode, refused.statusCode]).toEqual([200, 404, 401]);
    expect(security(ok.headers)).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(security(unknown.headers)).toEqual(security(ok.headers));
    expect(security(refused.headers)).toEqual(security(ok.headers));
    expect(ok.headers['x-powered-by']).toBeUndefined();
  });

  it('serves a stored avatar with immutable cache headers, and 404s for unknown media', async () => {
    const member = await signUp(t);
    const response = await t.inject({ method: 'GET', url: member.user.avatarImage });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    const missing = await t.inject({ method: 'GET', url: '/media/image/upload/v1/00000000-0000-7000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().statusCode).toBe(404);
    const traversal = await t.inject({ method: 'GET', url: '/media/image/upload/v1/..%2F..%2Fjwt-secret' });
    expect(traversal.statusCode).toBe(404);
  });

  it('hides internal failures behind a generic 500', async () => {
    const broken = await createTestApp(dialect);
    await broken.database.destroy();
    const health = await broken.api({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    const response = await broken.api({ method: 'POST', url: '/signin', payload: { provider: 'local', username: 'a', password: 'b' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', statusCode: 500 });
    await broken.app.close();
    await dropTestSchema(broken.config);
    await fs.rm(broken.dataDir, { recursive: true, force: true });
  });
});

const INLINE = "document.documentElement.dataset.theme = 'light';";
const BIG_ASSET = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `stoa member ${i % 7} posts`))};\n`;

describe.each(dialects)('client fallback on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      adjust: (config) => ({ ...config, clientDir: path.join(config.dataDir, 'dist') }),
      // The static files are registered when the app is built, so dist must exist first.
      beforeBuild: async ({ clientDir }) => {
        await fs.mkdir(path.join(clientDir, 'assets'), { recursive: true });
        await fs.writeFile(
          path.join(clientDir, 'index.html'),
          `<!doctype html><title>Stoa</title><script>${INLINE}</script><div id="root"></div>`,
        );
        await fs.writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("stoa")');
        await fs.writeFile(path.join(clientDir, 'assets', 'big-def456.js'), BIG_ASSET);
        // The service worker and the web app manifest (vite-plugin-pwa writes them at the root).
        await fs.writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
        await fs.writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Stoa"}');
        // A build tool's own files (Vite's manifest names every source module): never served.
        await fs.mkdir(path.join(clientDir, '.vite'), { recursive: true });
        await fs.writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{"src/main.tsx":{}}');
        // What `npm run build` leaves: a brotli and a gzip copy beside each text asset worth it.
        expect(await precompressDir(clientDir)).toBe(1);
      },
    });
  });
  afterAll(() => t.close());

  it('answers client routes with index.html', async () => {
    const response = await t.inject({ method: 'GET', url: '/app/social/streams', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('allows the inline theme script by its hash, not by unsafe-inline', async () => {
    const response = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves nothing under a dot directory of the build (a manifest lists the source files)', async () => {
    for (const url of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/assets/../.vite/manifest.json']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('src/main.tsx');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    // Never revalidated, so no validators either.
    expect(response.headers['etag']).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    // Nor the request id (the log line keeps it) and Accept-Ranges.
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(response.headers['accept-ranges']).toBeUndefined();
    // A script is no document: nosniff and the resource policy, not the documents' policies.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'x-xss-protection',
    ]) {
      expect(response.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // The page itself keeps them all.
    const page = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toBeTruthy();
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the pre-compressed copy the browser accepts (brotli first), with Vary, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.inject({ method: 'GET', url: '/assets/big-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_ASSET);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_ASSET.length / 5);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_ASSET);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
    for (const response of [brotli, gzip, plain]) {
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // A tiny asset gains nothing from a copy: it is sent as it is.
    expect(
      (await t.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('serves the service worker for revalidation on every update check, and lets the page register it', async () => {
    const worker = await t.inject({ method: 'GET', url: WORKER_URL });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // Never a long cache: a new build's worker must reach the browser's next update check.
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Revalidated, so with a validator.
    expect(worker.headers['etag']).toBeTruthy();
    expect(worker.headers['service-worker-allowed']).toBe(WORKER_SCOPE);
    const page = await t.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    const manifest = await t.inject({ method: 'GET', url: MANIFEST_URL });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Stoa' });
  });

  it('keeps API, media and non-HTML misses as JSON 404s', async () => {
    for (const url of ['/api/v1/nope', '/media/whatever', '/favicon-missing.ico']) {
      const response = await t.inject({ method: 'GET', url, headers: { accept: url.endsWith('.ico') ? 'image/*' : 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().statusCode).toBe(404);
    }
  });
});

describe('Google sign-in configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      env: {
        FIREBASE_PROJECT_ID: 'stoa-app',
        FIREBASE_API_KEY: 'web-key',
        FIREBASE_AUTH_DOMAIN: 'stoa-app.firebaseapp.com',
        FIREBASE_APP_ID: '1:2:web:3',
        PUBLIC_URL: 'https://stoa.example.org',
      },
    });
  });
  afterAll(() => t.close());

  it('tells the client, and lets Google in through the CSP', async () => {
    const response = await t.api({ method: 'GET', url: '/config' });
    expect(response.json()).toEqual({
      env: 'DEV',
      googleSignIn: true,
      firebase: { projectId: 'stoa-app', apiKey: 'web-key', authDomain: 'stoa-app.firebaseapp.com', appId: '1:2:web:3' },
      supportEmail: null,
    });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('https://apis.google.com');
    expect(csp).toContain('frame-src https://stoa-app.firebaseapp.com');
    expect(csp).toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
