import type { FastifyReply } from 'fastify';

/**
 * Settles once the answer has been written out (or the connection has gone): work queued on it
 * runs after the reply, so it neither delays the answer nor shows in its timing.
 */
export function replySent(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  if (raw.writableFinished || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    raw.once('finish', () => resolve());
    raw.once('close', () => resolve());
  });
}
