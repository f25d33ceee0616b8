import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/** How long one check may take before it counts as failed: a load balancer must get an answer. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type Readiness = { ready: true; database: string; redis: 'ok' | 'not configured' } | { ready: false; problems: string[] };

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process can serve (GET /ready): the database answers, Redis answers when
 * configured, and every migration this code knows has run. Once the migrations are seen done they
 * stay done (a process never loses one), so later checks are a `select 1` and a PING.
 */
export function createReadiness(deps: { database: DatabaseHandle; redis: Redis | undefined; timeoutMs?: number }) {
  const timeoutMs = deps.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  let migrated = false;

  async function databaseProblem(): Promise<string | null> {
    try {
      await within(sql`select 1`.execute(deps.database.db), timeoutMs, 'the database');
    } catch {
      return 'the database is unreachable';
    }
    if (migrated) return null;
    try {
      const pending = await within(pendingMigrations(deps.database), timeoutMs, 'the database');
      if (pending.length > 0) return `${pending.length} database migration${pending.length === 1 ? ' is' : 's are'} not done`;
      migrated = true;
      return null;
    } catch {
      return 'the database migrations could not be read';
    }
  }

  async function redisProblem(): Promise<string | null> {
    if (!deps.redis) return null;
    try {
      await within(deps.redis.ping(), timeoutMs, 'Redis');
      return null;
    } catch {
      return 'Redis is unreachable';
    }
  }

  return async (): Promise<Readiness> => {
    const problems = (await Promise.all([databaseProblem(), redisProblem()])).filter((problem): problem is string => problem !== null);
    if (problems.length > 0) return { ready: false, problems };
    return { ready: true, database: deps.database.dialect, redis: deps.redis ? 'ok' : 'not configured' };
  };
}
