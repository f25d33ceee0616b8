/**
 * The reconnect storm benchmark: 300 clients, each the app's own socket and chat
 * machines (tests/server/stormClient.ts), in 20 one-to-one conversations and 30 group chats of
 * 10; 10,000 messages sent by them over 60 s; every 2 s 20% of the clients lose their connection
 * (the engine closed); midway the server process is SIGKILLed and started again on the same data
 * and port (tests/server/stormServer.ts). The goal: after the catch-up every client holds every
 * message of its conversations exactly once, in order, within 10 s of its last reconnect.
 *
 * Knobs (environment): BENCH_STORM_CLIENTS (300), BENCH_STORM_MESSAGES (10000),
 * BENCH_STORM_SECONDS of sending (60), BENCH_STORM_DATABASE_URL with BENCH_STORM_REDIS_URL
 * (PostgreSQL + Redis, two server processes, the first killed; SQLite and one process without).
 */
import { runStorm, type StormReport } from '../server/chatStorm';
import { envInt } from './feed';
import { recordGoal } from './goals';
import { benchPlan } from './quick';

export const STORM_GOAL_MS = 10_000;

export interface StormResult extends StormReport {
  backend: string;
  catchUp: { p50: number; p99: number; max: number };
  sinceReconnect: { p50: number; p99: number; max: number };
  seconds: number;
}

/** Nearest-rank percentile. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function measureStorm(log: (line: string) => void = console.log): Promise<StormResult> {
  const started = performance.now();
  const clients = envInt('BENCH_STORM_CLIENTS', benchPlan().storm.clients);
  const databaseUrl = process.env.BENCH_STORM_DATABASE_URL;
  const redisUrl = process.env.BENCH_STORM_REDIS_URL;
  const backend = databaseUrl && redisUrl ? ({ kind: 'postgres', databaseUrl, redisUrl } as const) : ({ kind: 'sqlite' } as const);
  const report = await runStorm({
    clients,
    privateConversations: Math.round((clients * 20) / 300),
    groups: Math.max(1, Math.round((clients * 30) / 300)),
    messages: envInt('BENCH_STORM_MESSAGES', benchPlan().storm.messages),
    sendMs: envInt('BENCH_STORM_SECONDS', benchPlan().storm.sendSeconds) * 1000,
    dropEveryMs: 2000,
    dropShare: 0.2,
    backend,
    // The chat machine's protocol without the screen (stormFollower.ts): the machine itself costs
    // milliseconds of CPU per message per tab, too much for 300 clients in one process here.
    tabs: 'protocol',
    waitMs: 600_000,
    log: (line) => log(`  ${line}`),
  });
  const figures = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
  };
  return {
    ...report,
    backend: backend.kind === 'postgres' ? 'PostgreSQL + Redis, two server processes' : 'SQLite, one server process',
    catchUp: figures(report.catchUpMs),
    sinceReconnect: figures(report.sinceReconnectMs),
    seconds: (performance.now() - started) / 1000,
  };
}

/** As `npm run bench` prints it. */
export function printStorm(result: StormResult, log: (line: string) => void = console.log): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  log(`reconnect storm (${result.clients} clients in ${result.conversations} conversations, ${result.backend})`);
  console.table({
    'messages sent / stored / acknowledged': `${result.sent} / ${result.stored} / ${result.acknowledged}`,
    'sends tried again after a failure': result.retries,
    'connections dropped / reconnects': `${result.drops} / ${result.reconnects}`,
    'server down (SIGKILL to answering again)': s(result.downMs),
    'per client, from its last reconnect (or its last message stored) to holding everything, p50 / p99 / max': `${s(result.catchUp.p50)} / ${s(result.catchUp.p99)} / ${s(result.catchUp.max)}`,
    'per client, from its last reconnect to holding everything (waits included), p50 / p99 / max': `${s(result.sinceReconnect.p50)} / ${s(result.sinceReconnect.p99)} / ${s(result.sinceReconnect.max)}`,
    'after the storm, until every client held everything': s(result.settleMs),
  });
  const exact = result.problems.length === 0;
  log(`exactly once, in order, nothing acknowledged lost: ${exact ? 'yes, every client' : `NO (${result.problems.length} problems)`}`);
  for (const problem of result.problems.slice(0, 20)) log(`  ${problem}`);
  log(
    `catch-up goal <= ${s(STORM_GOAL_MS)} after the last reconnect: ${recordGoal('chat storm catch-up after the last reconnect (exactly once, in order)', exact ? result.catchUp.max / 1000 : Infinity, STORM_GOAL_MS / 1000, 'at most', 's') ? 'met' : 'NOT met'} (max ${s(result.catchUp.max)}); ${result.seconds.toFixed(0)} s in all`,
  );
}
