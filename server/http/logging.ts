import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Reset tokens travel in a URL path; request logs must never carry them. */
export const redactUrl = (url: string) => url.replace(/(\/reset-password\/)[^/?#]*/i, '$1[redacted]');

export function loggerOptions(config: Pick<Config, 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
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
  };
}
