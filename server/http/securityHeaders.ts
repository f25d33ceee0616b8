import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { ASSETS_DIR } from './client';

/**
 * Helmet settings for a same-origin SPA: scripts, styles and fonts from us; images also from
 * data: and blob: (avatars drawn in a canvas, previews) and any https host (gif attachments are
 * https URLs, validated as such by the server); the socket over ws/wss. Google sign-in,
 * when configured, needs Google's script, its auth frame and its token endpoints.
 * The client's own inline scripts are allowed by hash (see inlineScripts.ts).
 * HTTPS-only headers are sent only when the public URL is HTTPS, or plain-HTTP LAN use would break.
 */
export function securityHeaders(
  config: Pick<Config, 'publicUrl' | 'firebase'> & Partial<Pick<Config, 'media'>>,
  inlineScripts: string[] = [],
): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  // Media in a bucket with a public URL are sent there (server/media/s3Storage.ts): its origin may show images and play videos.
  const bucket = config.media?.kind === 's3' && config.media.publicUrl ? [new URL(config.media.publicUrl).origin] : [];
  const google = config.firebase
    ? {
        script: ['https://apis.google.com', 'https://www.gstatic.com'],
        frame: [`https://${config.firebase.authDomain}`, 'https://accounts.google.com'],
        connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
      }
    : { script: [], frame: [], connect: [] };

  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...google.script],
        // React and the widget library set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Gifs are attached by https URL (posts and chat messages): any https image may show.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...bucket],
        mediaSrc: ["'self'", 'data:', 'blob:', ...bucket],
        fontSrc: ["'self'", 'data:'],
        // The socket on this very origin only: 'self' covers ws(s) to the page's own host, and the
        // public URL's ws(s) origin is named too for a page reached under it. The bucket: the
        // service worker fetches /media's images itself (src/worker/sw.ts, under this policy as
        // /sw.js is sent with it), following their redirect there.
        connectSrc: ["'self'", socketOrigin(config.publicUrl), ...bucket, ...google.connect],
        // The app's service worker (src/worker/sw.ts, served from our origin) and its manifest.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: google.frame.length > 0 ? google.frame : ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: config.firebase ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The websocket origin of the public URL (ws://host:port or wss://host). */
export function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * The headers helmet sets for these options, worked out once. Our headers are the same for every
 * response (no per-request nonces: inline scripts are allowed by hash), while @fastify/helmet
 * rebuilt helmet's middleware and re-parsed the CSP on every request, a few percent of a feed
 * request. Helmet's middleware only sets and removes headers, synchronously.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of every answer, also set by the realtime layer on socket.io's own answers. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Of the security headers, what a script, a style sheet or a font of the build needs: they are never
 * documents, so a policy for documents (CSP, framing, referrer, opener, ...) says nothing on them
 * and only costs bytes, about 0.7 KB on each of the half-dozen files of a first load. They keep
 * nosniff (a script is run only with its own type), the resource policy (no other origin may
 * load them) and HSTS.
 */
const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
const BUILD_ASSETS = `/${ASSETS_DIR}/`;

/** Every response, routes, 404s and errors alike, carries the security headers (the build's files, those above). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  const subresource = Object.fromEntries(Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.includes(name)));
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(BUILD_ASSETS) ? subresource : headers);
    done();
  });
}
