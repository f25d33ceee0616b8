import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { mediaRootOf, migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { gracefulStop } from './http/shutdown';
import { attachRealtime, type RealtimeServer } from './realtime/index';

export interface RunningServer {
  app: FastifyInstance;
  io: RealtimeServer;
  /** Where the server answers, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  url: string;
  close(): Promise<void>;
  /**
   * The graceful stop a signal starts (server/http/shutdown.ts): no new connections, sockets sent
   * elsewhere, requests in flight finished within `drainMs`, then close(). Resolves with how it went.
   */
  stop(drainMs: number): Promise<'drained' | 'timed out'>;
}

function displayUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

export interface StartOptions {
  /** Close cleanly on SIGINT/SIGTERM and exit (default). Tests that start servers turn it off. */
  handleSignals?: boolean;
}

/** config -> database -> migrations -> http app -> realtime -> listen. */
export async function startServer(config: Config = loadConfig(), options: StartOptions = {}): Promise<RunningServer> {
  // The server's connection: SQLite's checkpoints off the event loop (db/walCheckpoints.ts).
  const database = await openDatabase(config.database, { backgroundCheckpoints: true });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
    app = await buildApp(config, { database });
    app.addHook('onClose', () => database.destroy());
    const io = attachRealtime(app, { verify: app.verifyToken });
    const running = app;
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= running.close());
    const stop = gracefulStop(running, io, close);
    await app.listen({ host: config.host, port: config.port });
    const url = displayUrl(config.host, (app.server.address() as AddressInfo).port);
    app.log.info(
      `Stoa is running at ${url} (database: ${database.dialect}). Open it in a browser; \`npm run seed\` fills it with a small community to try.`,
    );
    let stopping: Promise<'drained' | 'timed out'> | undefined;
    const server: RunningServer = {
      app: running,
      io,
      url,
      close,
      stop: (drainMs) => (stopping ??= stop(drainMs)),
    };
    if (options.handleSignals ?? true) closeOnSignals(server, config.shutdownTimeoutMs);
    return server;
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    else await database.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * Ends cleanly on Ctrl-C or a service manager's stop (SIGTERM): the graceful stop, bounded by
 * SHUTDOWN_TIMEOUT_MS. Requests in flight get most of it; what is left is for flushing and
 * closing the database. Past the bound the process exits with 1 whatever is still running, and
 * with 1 too when requests in flight had to be cut.
 */
export function closeOnSignals(server: RunningServer, timeoutMs = 10_000): void {
  const stop = (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      server.app.log.error(`shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs);
    force.unref();
    const flushMs = Math.min(2000, Math.floor(timeoutMs / 4));
    // 0 when every request in flight finished; 1 when some had to be cut.
    server.stop(timeoutMs - flushMs).then(
      (outcome) => process.exit(outcome === 'drained' ? 0 : 1),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  try {
    await startServer();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (runDirectly) void main();
