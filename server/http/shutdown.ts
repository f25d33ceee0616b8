import type { FastifyInstance } from 'fastify';
import type { RealtimeServer } from '../realtime/index';

export type ShutdownOutcome = 'drained' | 'timed out';

/**
 * A graceful stop, for a process behind a proxy with others beside it (deploy/, docs/deploy.md):
 *
 * 1. The listening socket closes at once: a new connection is refused, and a proxy such as nginx
 *    sends that request to another process (nothing of it was sent, so even a POST is retried).
 * 2. Every answer from now on (those in flight too) carries `Connection: close`, and idle
 *    kept-alive connections close (Node's server.close does that), so a client's next request
 *    opens a connection elsewhere.
 * 3. The websockets of this process close (engine.io's transports, this process only: with the
 *    Redis adapter `io.disconnectSockets` would close every process's). Clients see a transport
 *    close, reconnect through the proxy to another process and catch up on what they missed
 *    (chat asks for the messages after its last seen one).
 * 4. Requests in flight finish, for at most `drainMs`; past it the connections still open are cut.
 * 5. Then `close()` (app.close): the areas flush what they hold (preClose), Redis and the database close.
 */
export function gracefulStop(
  app: FastifyInstance,
  io: RealtimeServer,
  close: () => Promise<void> = () => app.close(),
): (drainMs: number) => Promise<ShutdownOutcome> {
  let draining = false;
  // Added before the app is ready (hooks cannot be added later); a no-op until the stop begins.
  // A callback hook, not an async one: every answer passes here, and a promise each costs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return async (drainMs) => {
    draining = true;
    const server = app.server;
    const started = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    io.engine.close();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race<ShutdownOutcome>([
      closed.then(() => 'drained'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('timed out'), drainMs))),
    ]);
    clearTimeout(timer);
    if (outcome === 'timed out') {
      const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count)));
      app.log.warn(`shutdown: ${open} connection(s) still busy after ${drainMs} ms; closing them`);
      server.closeAllConnections();
    } else {
      app.log.info(`shutdown: requests in flight finished in ${Date.now() - started} ms`);
    }
    await close();
    return outcome;
  };
}
