import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { lazyModule } from '../lazyModule';

export const loadRedis = lazyModule<typeof import('ioredis')>('ioredis');
const loadAdapter = lazyModule<typeof import('@socket.io/redis-adapter')>('@socket.io/redis-adapter');

/**
 * With REDIS_URL, socket.io's Redis adapter carries every room emit, socketsJoin/Leave,
 * fetchSockets and disconnectSockets between server processes, so several processes act as one
 * (members on different processes chat, presence and session ends reach every process).
 * Without it, the default in-memory adapter. The two Redis connections close with the app.
 * Channels are prefixed with `key` (SOCKET_REDIS_KEY): another deployment (or test) on the same Redis
 * neither receives our emits nor has to answer our room questions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useRedisAdapter(app: FastifyInstance, io: Server<any, any, any, any>, url: string | undefined, key: string): void {
  if (!url) return;
  const { Redis } = loadRedis();
  const { createAdapter } = loadAdapter();
  const pub = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (error) => app.log.warn({ err: error }, 'redis error (socket.io adapter)'));
  io.adapter(createAdapter(pub, sub, { key, requestsTimeout: 2000 }));
  app.addHook('onClose', async () => {
    // Socket disconnects of the shutdown still publish (presence, session ends): let them go out first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all([pub, sub].map((client) => client.quit().catch(() => client.disconnect())));
  });
}
