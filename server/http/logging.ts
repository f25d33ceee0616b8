import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { lazyModule } from '../lazyModule';

// Only for `LOG_FORMAT=pretty` (a person at a terminal): a server logging JSON never loads it.
const loadPretty = lazyModule<typeof import('pino-pretty')>('pino-pretty');

/** Reset tokens travel in a URL path; request logs must never carry them. */
export const redactUrl = (url: string) => url.replace(/(\/reset-password\/)[^/?#]*/i, '$1[redacted]');

/**
 * JSON lines for machines (Fastify's own request and response entries), or, for a person at a
 * terminal (`LOG_FORMAT`, docs/server.md), pino-pretty's short coloured lines, where each request
 * is one line written by `logRequestLines`. `destination`: where lines go (stdout by default).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const stream =
    config.logFormat === 'pretty'
      ? loadPretty()({
          destination: destination ?? 1,
          colorize: !destination && Boolean(process.stdout.isTTY),
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,reqId',
          singleLine: true,
          sync: true,
        })
      : destination;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** In the readable format: one line per answered request ("GET /api/post/all/1 200 4 ms"), instead of two entries. */
export function logRequestLines(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
}
