import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, METRICS_PATH, paths } from '../../../src/api/paths';
import { loadConfig } from '../../../server/config';
import { startPruning } from '../../../server/modules/notifications/service';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The families (the `# TYPE` lines) of a Prometheus text answer. */
const familiesOf = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
/** The samples of one metric, each as its labels text and value. */
const samplesOf = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) => ({
    labels: match[1] ?? '',
    value: Number(match[2]),
  }));

describe('METRICS_TOKEN', () => {
  it('is off when unset or empty, and a short one stops the server at start without being shown', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/stoa-unused', JWT_SECRET: 'x'.repeat(32) }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR: '/tmp/stoa-unused', JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR: '/tmp/stoa-unused', JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ DATA_DIR: '/tmp/stoa-unused', JWT_SECRET: 'x'.repeat(32), METRICS_TOKEN: 'short-secret' })).toThrow(
      /^Invalid configuration:\n {2}- METRICS_TOKEN must be at least 16 characters$/,
    );
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 404 like any unknown path, token or not, and counts nothing', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await t.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: `Nothing at GET ${METRICS_PATH}`, statusCode: 404 });
    }
    expect(t.app.metrics).toBeNull();
  });
});

describe.each(dialects)('GET /metrics with METRICS_TOKEN on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers 401 with the error shape to no token, a wrong one, or a member token', async () => {
    const member = await signUp(t);
    for (const headers of [{}, bearer('wrong-token-wrong-token'), bearer(member.token), { authorization: TOKEN }]) {
      const response = await t.inject({ method: 'GET', url: METRICS_PATH, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'The metrics need the bearer token set in METRICS_TOKEN', statusCode: 401 });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('lists every family after some requests: routes by pattern, statuses, database, sockets, uploads, mail, jobs, process', async () => {
    const member = await signUp(t);
    const created = await t.api({ method: 'POST', url: paths.posts.create, headers: bearer(member.token), payload: { post: 'counted' } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { post: { _id: string } }).post._id;
    expect((await t.api({ method: 'GET', url: paths.posts.one(id), headers: bearer(member.token) })).statusCode).toBe(200);
    expect(
      (await t.api({ method: 'GET', url: paths.posts.one('0190a1b2-0000-7000-8000-000000000000'), headers: bearer(member.token) }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/no/such/thing/12345' })).statusCode).toBe(404);

    const response = await t.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const families = familiesOf(text);
    for (const family of [
      'stoa_http_requests_total',
      'stoa_http_request_duration_seconds',
      'stoa_rate_limit_refusals_total',
      'stoa_db_query_duration_seconds',
      'stoa_db_query_errors_total',
      'stoa_sockets_connected',
      'stoa_uploads_in_flight',
      'stoa_upload_bytes_in_flight',
      'stoa_mail_outbox_pending',
      'stoa_mail_handled',
      'stoa_background_job_duration_seconds',
      'stoa_db_pool_connections',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(families, family).toContain(family);
    }

    // The route is the pattern: one series for both posts read, whatever their ids; none names a raw URL.
    const requests = samplesOf(text, 'stoa_http_requests_total');
    const onePattern = `${API_BASE}${paths.posts.one.route}`;
    expect(requests.find((s) => s.labels === `{method="GET",route="${onePattern}",status="200"}`)?.value).toBe(1);
    expect(requests.find((s) => s.labels === `{method="GET",route="${onePattern}",status="404"}`)?.value).toBe(1);
    expect(requests.find((s) => s.labels === `{method="POST",route="${API_BASE}${paths.posts.create}",status="201"}`)?.value).toBe(1);
    expect(requests.find((s) => s.labels === `{method="GET",route="(unmatched)",status="404"}`)?.value).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no/such/thing');
    const latency = samplesOf(text, 'stoa_http_request_duration_seconds_count');
    expect(latency.find((s) => s.labels === `{method="GET",route="${onePattern}"}`)?.value).toBe(2);

    // Queries by kind: the sign-up and the post wrote, the reads read.
    const queries = samplesOf(text, 'stoa_db_query_duration_seconds_count');
    expect(queries.find((s) => s.labels === '{kind="select"}')?.value).toBeGreaterThan(0);
    expect(queries.find((s) => s.labels === '{kind="insert"}')?.value).toBeGreaterThan(0);
    // PostgreSQL's pool figures; SQLite has one connection and no pool.
    const pool = samplesOf(text, 'stoa_db_pool_connections');
    if (dialect === 'postgres') expect(pool.find((s) => s.labels === '{state="total"}')?.value).toBeGreaterThan(0);
    else expect(pool).toEqual([]);
    expect(samplesOf(text, 'stoa_uploads_in_flight')).toEqual([{ labels: '', value: 0 }]);
  });

  it('times each run of a background job (notifications pruning, here every 20 ms)', async () => {
    const stop = startPruning(t.app.services.notifications, t.app.log, 20, (result, seconds) =>
      t.app.metrics!.jobRun('notifications-prune', result, seconds),
    );
    const runs = async () =>
      samplesOf(
        (await t.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) })).body,
        'stoa_background_job_duration_seconds_count',
      ).find((s) => s.labels === '{job="notifications-prune",result="ok"}')?.value ?? 0;
    try {
      for (let i = 0; i < 100 && (await runs()) < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await runs()).toBeGreaterThanOrEqual(2);
    } finally {
      await stop();
    }
  });

  it('counts rate-limit refusals by route, and mail handed to the outbox', async () => {
    // A limit of its own with real figures: forgot-password allows 20 per address in 30 minutes.
    const limited = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN }, realRateLimits: true });
    try {
      const member = await signUp(limited);
      let refused = 0;
      for (let i = 0; i < 25; i += 1) {
        const response = await limited.api({ method: 'POST', url: paths.auth.forgotPassword, payload: { email: member.body.email } });
        if (response.statusCode === 429) refused += 1;
      }
      expect(refused).toBeGreaterThan(0);
      await limited.app.services.mailer.idle();
      const text = (await limited.inject({ method: 'GET', url: METRICS_PATH, headers: bearer(TOKEN) })).body;
      const refusals = samplesOf(text, 'stoa_rate_limit_refusals_total');
      expect(refusals.find((s) => s.labels === `{route="${API_BASE}${paths.auth.forgotPassword}"}`)?.value).toBe(refused);
      const mail = samplesOf(text, 'stoa_mail_handled');
      expect(mail.find((s) => s.labels === '{result="sent"}')?.value).toBeGreaterThan(0);
      expect(mail.find((s) => s.labels === '{result="failed"}')?.value).toBe(0);
      expect(samplesOf(text, 'stoa_mail_outbox_pending')).toEqual([{ labels: '', value: 0 }]);
    } finally {
      await limited.close();
    }
  });
});

describe('the request id', () => {
  /** An app whose JSON log lines are kept. */
  async function loggingApp(env: Record<string, string>) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const t = await createTestApp('sqlite', { env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env }, logStream: stream });
    return { t, lines };
  }

  it('is on every log line of a request and in its answer; a fresh one when no proxy is trusted', async () => {
    const { t, lines } = await loggingApp({});
    try {
      const response = await t.api({ method: 'GET', url: paths.health, headers: { 'x-request-id': 'forged-by-a-client' } });
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      const mine = lines.filter((line) => line.reqId === id);
      expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(JSON.stringify(lines)).not.toContain('forged-by-a-client');
      // Two requests, two ids.
      const again = await t.api({ method: 'GET', url: paths.health });
      expect(again.headers['x-request-id']).not.toBe(id);
    } finally {
      await t.close();
    }
  });

  it("takes a trusted proxy's X-Request-Id (a plain one only) and carries it into the mail it causes", async () => {
    const { t, lines } = await loggingApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const member = await signUp(t);
      const response = await t.api({
        method: 'POST',
        url: paths.auth.forgotPassword,
        payload: { email: member.body.email },
        headers: { 'x-request-id': 'proxy-id-42' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toBe('proxy-id-42');
      const { readOutbox } = await import('../outbox');
      const [mail] = await readOutbox(t);
      expect(mail!.headers.get('x-request-id')).toBe('proxy-id-42');
      // The line about the mail names the request too.
      expect(lines.some((line) => line.reqId === 'proxy-id-42' && String(line.msg).startsWith('Mail is not configured'))).toBe(true);

      const odd = await t.api({ method: 'GET', url: paths.health, headers: { 'x-request-id': 'has spaces\nand a newline' } });
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
    } finally {
      await t.close();
    }
  });

  it('refuses a proxy that is not on the TRUST_PROXY list', async () => {
    const { t } = await loggingApp({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      // inject() comes from 127.0.0.1.
      const response = await t.api({ method: 'GET', url: paths.health, headers: { 'x-request-id': 'proxy-id-43' } });
      expect(response.headers['x-request-id']).not.toBe('proxy-id-43');
    } finally {
      await t.close();
    }
  });
});
