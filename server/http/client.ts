import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, SERVER_PREFIXES } from '../../src/api/paths';
import { MANIFEST_URL, WORKER_SCOPE, WORKER_URL } from '../../src/api/offline/worker';
import { REQUEST_ID_HEADER } from '../observability/requestId';

/** The build's folder of hashed files (Vite's assetsDir), served as immutable. */
export const ASSETS_DIR = 'assets';

const NOT_BUILT = 'The Stoa client is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.\n';

const isServerPath = (url: string) =>
  SERVER_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));

/**
 * Serves the Vite-built client from CLIENT_DIR, pre-compressed (brotli, else gzip) where the
 * browser accepts it. Hashed assets are cached for good; index.html is
 * revalidated so a new build reaches members at once. Any other page a browser asks for gets
 * index.html (client-side routing); unknown API and media paths get a JSON 404.
 */
export async function clientApp(app: FastifyInstance, opts: { clientDir: string }): Promise<void> {
  const indexFile = path.join(opts.clientDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const workerFile = path.join(opts.clientDir, WORKER_URL);
  const manifestFile = path.join(opts.clientDir, MANIFEST_URL);

  if (built) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      wildcard: true,
      decorateReply: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.ts): sent as they are,
      // with Content-Encoding and Vary: Accept-Encoding; the plain file to clients that want neither.
      preCompressed: true,
      // Build tools' own files (Vite's .vite/manifest.json names every source module) stay private.
      allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(opts.clientDir, ASSETS_DIR) + path.sep);
        // Everything else (index.html, the service worker, the manifest, icons) is revalidated:
        // the browser's update check must see a new build's worker at once (docs/client-offline.md).
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed file never changes under its name and an immutable one is never revalidated, so
        // its validators say nothing (over HTTP/1.1 they were about 75 bytes on each script and style).
        // Nor do a request id (for the logs, which keep it) and Accept-Ranges (no browser asks for part
        // of a script, a style or a font): about 50 bytes on each of them.
        if (isHashedAsset)
          reply.removeHeader('etag').removeHeader('last-modified').removeHeader(REQUEST_ID_HEADER).removeHeader('accept-ranges');
        if (filePath === workerFile) reply.header('service-worker-allowed', WORKER_SCOPE);
        if (filePath === manifestFile) reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url) && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) {
      const what = url.startsWith(API_BASE) ? 'No API endpoint at' : 'Nothing at';
      return reply.code(404).send({ message: `${what} ${request.method} ${url.split('?')[0]}`, statusCode: 404 });
    }
    if (!fs.existsSync(indexFile)) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', opts.clientDir, { cacheControl: false });
  });
}
