import type { Registry } from 'prom-client';
import { lazyModule } from '../lazyModule';

/** Loaded only when METRICS_TOKEN is set: a process without metrics holds none of it (lazyModule.ts). */
const loadPromClient = lazyModule<typeof import('prom-client')>('prom-client');

/**
 * What one process tells Prometheus (GET /metrics, docs/server.md "Metrics and readiness").
 * Every label takes few values: routes are the registered patterns (never the raw URL), methods
 * the HTTP verbs, statuses the codes the server sends, query kinds five words, jobs their names.
 * Each process keeps its own registry and answers for itself only: Prometheus scrapes every one.
 */
export interface Metrics {
  registry: Registry;
  /** One answered HTTP request. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A client event of a socket refused by its per-socket limit. */
  socketEventRefused(): void;
  /** One database query (Kysely's log hook). */
  query(kind: QueryKind, seconds: number, failed: boolean): void;
  /** One run of a background job (e.g. notifications pruning). */
  jobRun(job: string, result: 'ok' | 'failed', seconds: number): void;
  /** Where the gauges read their figures, once the parts that hold them exist. */
  sources: MetricSources;
}

export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

export interface MetricSources {
  sockets?: () => number;
  uploads?: () => { uploads: number; bytesInFlight: number };
  mail?: () => { pending: number; sent: number; failed: number };
  pool?: () => { total: number; idle: number; waiting: number } | null;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A route nobody registered (the not-found handler) is one label value, whatever URL was asked for. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds; from a cached reply (1 ms) to a slow upload (10 s). */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export function createMetrics(): Metrics {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = loadPromClient();
  const registry = new Registry();
  // Heap, RSS, CPU, GC, handles and event loop lag (nodejs_eventloop_lag_seconds and its percentiles).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const sources: MetricSources = {};
  const registers = [registry];

  const requests = new Counter({
    name: 'stoa_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'stoa_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'stoa_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (HTTP 429 by route pattern; socket client events as route "socket")',
    labelNames: ['route'] as const,
    registers,
  });
  const queries = new Histogram({
    name: 'stoa_db_query_duration_seconds',
    help: 'Time of a database query, by kind (select, insert, update, delete, other)',
    labelNames: ['kind'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const queryErrors = new Counter({
    name: 'stoa_db_query_errors_total',
    help: 'Database queries that failed, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const jobRuns = new Histogram({
    name: 'stoa_background_job_duration_seconds',
    help: 'Runs of background jobs and their time, by job and result',
    labelNames: ['job', 'result'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers,
  });
  new Gauge({
    name: 'stoa_sockets_connected',
    help: 'Sockets (socket.io connections) open on this process',
    registers,
    collect() {
      this.set(sources.sockets?.() ?? 0);
    },
  });
  new Gauge({
    name: 'stoa_uploads_in_flight',
    help: 'Uploads this process is receiving now',
    registers,
    collect() {
      this.set(sources.uploads?.().uploads ?? 0);
    },
  });
  new Gauge({
    name: 'stoa_upload_bytes_in_flight',
    help: 'Bytes of the uploads this process is receiving now (at most UPLOAD_BYTES_IN_FLIGHT)',
    registers,
    collect() {
      this.set(sources.uploads?.().bytesInFlight ?? 0);
    },
  });
  new Gauge({
    name: 'stoa_mail_outbox_pending',
    help: 'Mails handed to the mailer and not yet sent (or written to DATA_DIR/outbox)',
    registers,
    collect() {
      this.set(sources.mail?.().pending ?? 0);
    },
  });
  new Gauge({
    name: 'stoa_mail_handled',
    help: 'Mails this process has sent or written since it started, by result (sent, failed)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const mail = sources.mail?.();
      this.set({ result: 'sent' }, mail?.sent ?? 0);
      this.set({ result: 'failed' }, mail?.failed ?? 0);
    },
  });
  new Gauge({
    name: 'stoa_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting: requests waiting for one); absent on SQLite (one connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    sources,
    request(method, route, status, seconds) {
      const verb = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: verb, route, status: String(status) });
      durations.observe({ method: verb, route }, seconds);
      if (status === 429) rateLimited.inc({ route });
    },
    socketEventRefused: () => rateLimited.inc({ route: 'socket' }),
    query(kind, seconds, failed) {
      queries.observe({ kind }, seconds);
      if (failed) queryErrors.inc({ kind });
    },
    jobRun: (job, result, seconds) => jobRuns.observe({ job, result }, seconds),
  };
}

/** Kysely's operation node kind ("SelectQueryNode") as a query kind label. */
export function queryKindOf(nodeKind: string): QueryKind {
  switch (nodeKind) {
    case 'SelectQueryNode':
      return 'select';
    case 'InsertQueryNode':
      return 'insert';
    case 'UpdateQueryNode':
      return 'update';
    case 'DeleteQueryNode':
      return 'delete';
    default:
      return 'other';
  }
}
