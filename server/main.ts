import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { mediaRootOf, migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { attachRealtime, type RealtimeServer } from './realtime/index';

export interface RunningServer {
  app: FastifyInstance;
  io: RealtimeServer;
  /** Where the server answers, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  url: string;
  close(): Promise<void>;
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
  const database = await openDatabase(config.database);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
    app = await buildApp(config, { database });
    app.addHook('onClose', () => database.destroy());
    const io = attachRealtime(app, { verify: app.verifyToken });
    await app.listen({ host: config.host, port: config.port });
    const url = displayUrl(config.host, (app.server.address() as AddressInfo).port);
    app.log.info(
      `Stoa is running at ${url} (database: ${database.dialect}). Open it in a browser; \`npm run seed\` fills it with a small community to try.`,
    );
    const running = app;
    let closing: Promise<void> | undefined;
    const server: RunningServer = { app: running, io, url, close: () => (closing ??= running.close()) };
    if (options.handleSignals ?? true) closeOnSignals(server);
    return server;
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    else await database.destroy().catch(() => undefined);
    throw error;
  }
}

/** Ends cleanly on Ctrl-C or a service manager's stop: sockets, then HTTP, then the database. */
export function closeOnSignals(server: RunningServer, timeoutMs = 10_000): void {
  const stop = (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), timeoutMs);
    force.unref();
    server.close().then(
      () => process.exit(0),
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
