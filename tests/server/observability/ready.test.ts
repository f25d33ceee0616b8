import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, paths } from '../../../src/api/paths';
import { openDatabase } from '../../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { buildApp } from '../../../server/http/app';
import { createTestApp, dialects, dropTestSchema, testConfig, type TestApp } from '../harness';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe.each(dialects)('GET /health and GET /ready on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answer 200 when the database answers and every migration is done', async () => {
    const health = await t.api({ method: 'GET', url: paths.health });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: dialect });
    const ready = await t.api({ method: 'GET', url: paths.ready });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect, redis: 'not configured', migrations: 'done' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with the error shape while the database is down', async () => {
    const down = await createTestApp(dialect);
    try {
      await down.database.destroy();
      const ready = await down.api({ method: 'GET', url: paths.ready });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: the database is unreachable', statusCode: 503 });
      expect((await down.api({ method: 'GET', url: paths.health })).statusCode).toBe(503);
    } finally {
      await down.close().catch(() => undefined);
    }
  });

  it('answers 503 until the migrations are done, then 200', async () => {
    const config = await testConfig(dialect);
    const database = await openDatabase(config.database);
    const app = await buildApp(config, { database });
    try {
      await app.ready();
      const before = await app.inject({ method: 'GET', url: `${API_BASE}${paths.ready}` });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({
        message: expect.stringMatching(/^Not ready: \d+ database migrations are not done$/),
        statusCode: 503,
      });
      await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
      const after = await app.inject({ method: 'GET', url: `${API_BASE}${paths.ready}` });
      expect(after.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.destroy();
      await dropTestSchema(config);
      await fs.rm(config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /ready and Redis', () => {
  it.runIf(REDIS_URL)('says Redis is ok when it answers', async () => {
    const t = await createTestApp('sqlite', { env: { REDIS_URL: REDIS_URL! } });
    try {
      const ready = await t.api({ method: 'GET', url: paths.ready });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ redis: 'ok' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the configured Redis does not answer', async () => {
    // Nothing listens on port 1: the connection is refused, as when Redis is down.
    const t = await createTestApp('sqlite', { env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await t.api({ method: 'GET', url: paths.ready });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Not ready: Redis is unreachable', statusCode: 503 });
    } finally {
      await t.close();
    }
  });
});
