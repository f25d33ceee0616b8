import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { AuthResponse, SignUpBody } from '../../src/api/auth';
import { API_BASE } from '../../src/api/paths';
import type { Clock } from '../../server/clock';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../server/db/migrate';
import { buildApp } from '../../server/http/app';

export type DialectName = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** A clock tests can move forward, to expire tokens and reset links without waiting. */
export class TestClock implements Clock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

/** A stack frame as V8 prints it, or a source path: neither may ever reach a client. */
export const STACK_TRACE = /\n\s+at\s|node_modules|\.ts:\d+|\/work\//;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  clock: TestClock;
  dataDir: string;
  /** app.inject that also asserts the answer carries no stack trace. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Same, with the path under /api/v1. */
  api(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Keep the production rate limits (the rate-limit tests); others get generous ones. */
  realRateLimits?: boolean;
  /** Adjust the final config (e.g. a client dir). */
  adjust?: (config: Config) => Config;
  /** Runs after the config exists and before the app is built (e.g. to write a client build). */
  beforeBuild?: (config: Config) => Promise<void>;
  /** Receives the app's log lines (set env LOG_LEVEL to see any). */
  logStream?: NodeJS.WritableStream;
  /** Adds test-only routes before the app is ready (to exercise the auth guards directly). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** A config for tests: temporary DATA_DIR, silent logs, cheap argon2 (only here). */
export async function testConfig(dialect: DialectName, options: TestAppOptions = {}): Promise<Config> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-test-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Each test's processes talk among themselves only, whatever else uses the same Redis.
    SOCKET_REDIS_KEY: `stoa-test-${randomBytes(6).toString('hex')}`,
    // The tests' administrators reach the admin API without a second factor; the rule itself is
    // tested with `required` (tests/server/twoFactor).
    TWO_FACTOR_FOR_ADMINS: 'optional',
    ...options.env,
  });
  const generous = { max: 100_000, windowMs: 60_000 };
  let config: Config = {
    ...base,
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    // The slowdown's shape stays; its waits shrink to milliseconds (slowdownMs is tested with the real figures).
    signInSlowdown: { ...base.signInSlowdown, stepMs: 1, maxMs: 5 },
    // Counts of its own in Redis: another file's sign-ups from 127.0.0.1 (every test's address) never
    // use up this app's allowance. Apps that must share counts are given one namespace (adjust).
    rateLimitNamespace: `stoa-rl-${randomBytes(6).toString('hex')}-`,
    rateLimits: options.realRateLimits
      ? base.rateLimits
      : (Object.fromEntries(Object.keys(base.rateLimits).map((name) => [name, generous])) as Config['rateLimits']),
  };
  if (dialect === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    config = { ...config, database: { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema } };
  }
  return options.adjust ? options.adjust(config) : config;
}

export async function dropTestSchema(config: Config): Promise<void> {
  if (config.database.kind !== 'postgres' || !config.database.schema) return;
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${config.database.schema}" cascade`);
  } finally {
    await client.end();
  }
}

export async function createTestApp(dialect: DialectName, options: TestAppOptions = {}): Promise<TestApp> {
  const config = await testConfig(dialect, options);
  await options.beforeBuild?.(config);
  const database = await openDatabase(config.database);
  await migrateToLatest(database, { mediaRoot: mediaRootOf(config) });
  const clock = new TestClock();
  const app = await buildApp(config, { database, clock, ...(options.logStream ? { logStream: options.logStream } : {}) });
  await options.extend?.(app);
  await app.ready();

  const inject = async (request: InjectOptions) => {
    const response = await app.inject(request);
    expect(response.body, `stack trace in ${request.method ?? 'GET'} ${request.url}`).not.toMatch(STACK_TRACE);
    return response;
  };
  return {
    app,
    config,
    database,
    clock,
    dataDir: config.dataDir,
    inject,
    api: (request) => inject({ ...request, url: `${API_BASE}${request.url}` }),
    async close() {
      await app.close();
      await database.destroy();
      await dropTestSchema(config);
      await fs.rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

let avatarCache: string | undefined;
/** A real 200x200 PNG data URL, like the client draws. */
export async function avatarDataUrl(): Promise<string> {
  avatarCache ??= `data:image/png;base64,${(
    await sharp({ create: { width: 200, height: 200, channels: 4, background: '#f33e58' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
  return avatarCache;
}

let counter = 0;
/** A valid sign-up body with a fresh name and e-mail. */
export async function newMember(overrides: Partial<SignUpBody> = {}): Promise<SignUpBody> {
  counter += 1;
  const name = `member_${counter}_${randomBytes(3).toString('hex')}`;
  return {
    username: name,
    email: `${name}@example.org`,
    password: 'correct horse battery',
    avatarColor: '#f33e58',
    avatarImage: await avatarDataUrl(),
    ...overrides,
  };
}

/** Signs a new member up and returns the answer, failing the test if that does not work. */
export async function signUp(t: TestApp, overrides: Partial<SignUpBody> = {}): Promise<AuthResponse & { body: SignUpBody }> {
  const body = await newMember(overrides);
  const response = await t.api({ method: 'POST', url: '/signup', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as AuthResponse), body };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A distinct documentation address (TEST-NET-3) per call, so tests do not share rate-limit buckets. */
let addressCounter = 0;
export function freshAddress(): string {
  addressCounter += 1;
  return `203.0.113.${(addressCounter % 250) + 1}`;
}
