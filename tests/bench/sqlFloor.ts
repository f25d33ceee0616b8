/**
 * The floor of a read route: the same SQL done bare. A second instance of the real app
 * (buildApp, same config and database file) answers each request twice through `inject`, on a
 * connection whose Kysely log records every statement: the second answer's statements (the
 * first warms what the app keeps in memory: the session, caches) are what a request of the load
 * test runs. A bare Fastify in the benchmark's process then answers the same path with the same
 * JSON after running those statements, prepared once with better-sqlite3, in order: no
 * authentication, schema, rate limit or service code, and no Kysely. Its p99 beside the real
 * route's is what SQLite and an HTTP answer cost on this machine at this moment.
 * Captured from the app's own code, so the floor cannot drift from what the server runs.
 */
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { openDatabase, useServerPragmas } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { buildApp } from '../../server/http/app';
import type { benchConfig } from './feed';

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface RouteRequest {
  method: 'GET' | 'POST';
  /** The path under the app (with API_BASE). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The statements the app runs for each request once warm, reads only (a write of its own, if any, is not part of a read's floor). */
export async function captureRouteSql(
  config: ReturnType<typeof benchConfig>,
  requests: readonly RouteRequest[],
): Promise<CapturedQuery[][]> {
  const real = await openDatabase(config.database);
  const sqlite = new BetterSqlite3(config.database.file);
  useServerPragmas(sqlite, config.database.synchronous);
  let captured: CapturedQuery[] | null = null;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (captured && event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  // The real handle's epochs and versions, with the capturing connection: the app behaves as the server does.
  const app = await buildApp(config, {
    database: {
      ...real,
      db,
      destroy: async () => {
        await db.destroy();
        await real.destroy();
      },
    },
  });
  const database = app.services.database;
  app.addHook('onClose', () => database.destroy());
  try {
    const all: CapturedQuery[][] = [];
    for (const request of requests) {
      const inject = () =>
        app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
          ...(request.body ? { payload: request.body } : {}),
        });
      await inject();
      captured = [];
      const answer = await inject();
      const queries: CapturedQuery[] = captured;
      captured = null;
      if (answer.statusCode !== 200) throw new Error(`${request.method} ${request.url} answered ${answer.statusCode} to the capture`);
      all.push(queries.filter((query) => sqlite.prepare(query.sql).reader));
    }
    return all;
  } finally {
    await app.close();
  }
}

export interface BareRoute {
  method: 'GET' | 'POST';
  /** The bare server's own path. */
  path: string;
  queries: readonly CapturedQuery[];
  /** What the route answers (the real route's answer, parsed: serialised on every request, as the app does). */
  answer: unknown;
  /** Work the real route does besides its SQL that the floor keeps (e.g. fingerprinting an upload), before the queries. */
  before?: (body: unknown) => Promise<void>;
}

/** A bare Fastify whose routes run their captured statements (prepared once, on one read-only connection) and answer. */
export async function startSqlFloor(file: string, routes: readonly BareRoute[]): Promise<{ url: string; close(): Promise<void> }> {
  const sqlite = new BetterSqlite3(file, { readonly: true });
  const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  for (const route of routes) {
    const statements = route.queries.map((query) => ({ statement: sqlite.prepare(query.sql), parameters: query.parameters as unknown[] }));
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request) => {
        if (route.before) await route.before(request.body);
        for (const { statement, parameters } of statements) statement.all(...parameters);
        return route.answer;
      },
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close().catch(() => undefined);
      sqlite.close();
    },
  };
}
