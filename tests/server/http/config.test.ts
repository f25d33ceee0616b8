import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-config-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      publicUrl: 'http://localhost:3000',
      // NORMAL in WAL mode: a commit survives the process dying, not a power cut (docs/deploy.md, "Durability").
      database: { kind: 'sqlite', file: path.join(dir, 'stoa.db'), synchronous: 'normal' },
      firebase: null,
      trustProxy: false,
      limits: { bodyBytes: 1024 * 1024 },
      logLevel: 'info',
      mail: { outboxDir: path.join(dir, 'outbox'), from: '"Stoa" <no-reply@localhost>' },
    });
    expect(config.adminInviteCode).toBeUndefined();
    expect(config.supportEmail).toBeNull();
    expect(config.redisUrl).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    // OWASP's argon2id recommendation: 19 MiB, 2 passes, 1 lane.
    expect(config.passwordHashing).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(config.sessions).toEqual({ shortMs: 12 * 3_600_000, longMs: 30 * 24 * 3_600_000, resetTokenMs: 30 * 60_000 });
    expect(config.rateLimits.signInPerIp).toEqual({ max: 25, windowMs: 5 * 60_000 });
    // Moderation: per member, REPORT_LIMIT and APPEAL_LIMIT of src/api/moderation/schemas.ts.
    expect(config.rateLimits.reportsPerMember).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(config.rateLimits.appealsPerMember).toEqual({ max: 3, windowMs: 24 * 3_600_000 });
  });

  it('generates the JWT secret once, readable only by its owner', async () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toBe(second);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const stat = await fs.stat(path.join(dir, 'jwt-secret'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://stoa.example.org/',
      DATABASE_URL: 'postgres://stoa:pw@db:5432/stoa',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:587',
      MAIL_FROM: 'Stoa <hi@stoa.example.org>',
      SUPPORT_EMAIL: ' help@stoa.example.org ',
      ADMIN_INVITE_CODE: 'a-long-invite',
      FIREBASE_PROJECT_ID: 'stoa-app',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'stoa-app.firebaseapp.com',
      FIREBASE_APP_ID: 'app',
      TRUST_PROXY: '2',
      MAX_BODY_BYTES: '2048',
      RATE_LIMIT_SCALE: '4',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://stoa.example.org',
      database: { kind: 'postgres', url: 'postgres://stoa:pw@db:5432/stoa' },
      redisUrl: 'redis://cache:6379',
      mail: { smtpUrl: 'smtp://mail:587', from: 'Stoa <hi@stoa.example.org>' },
      adminInviteCode: 'a-long-invite',
      supportEmail: 'help@stoa.example.org',
      firebase: { projectId: 'stoa-app', apiKey: 'key', authDomain: 'stoa-app.firebaseapp.com', appId: 'app' },
      trustProxy: 2,
      limits: { bodyBytes: 2048 },
      logLevel: 'warn',
    });
    expect(config.rateLimits.signInPerIp.max).toBe(100);
    expect(config.rateLimits.reportsPerMember.max).toBe(40);
    expect(config.connections).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 15_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 60_000,
      max: 10_000,
    });
    expect(config.socketsPerMember).toBe(20);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ DATA_DIR: dir, PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'full' }).database).toMatchObject({ kind: 'sqlite', synchronous: 'full' });
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '', PORT: '', ADMIN_INVITE_CODE: '', SMTP_URL: '', SUPPORT_EMAIL: '' });
    expect(config.supportEmail).toBeNull();
    expect(config.database.kind).toBe('sqlite');
    expect(config.port).toBe(3000);
    expect(config.adminInviteCode).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a number \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be at most 65535/],
    [{ DATABASE_URL: 'mysql://db/stoa' }, /DATABASE_URL must be a URL like postgres:/],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL must be a URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must be a URL like https:/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of fatal, error/],
    [{ ADMIN_INVITE_CODE: 'short' }, /ADMIN_INVITE_CODE must be at least 8 characters/],
    [{ JWT_SECRET: 'tiny' }, /JWT_SECRET must be at least 32 characters/],
    [{ FIREBASE_PROJECT_ID: 'stoa' }, /FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_APP_ID must be set/],
    [{ MAX_BODY_BYTES: '1.5' }, /MAX_BODY_BYTES must be a whole number/],
    [{ RATE_LIMIT_SCALE: '100000' }, /RATE_LIMIT_SCALE must be at most 10000 \(got "100000"\)/],
    [{ RATE_LIMIT_SCALE: 'lots' }, /RATE_LIMIT_SCALE must be a number/],
    [{ REQUEST_TIMEOUT_MS: '10' }, /REQUEST_TIMEOUT_MS must be at least 100/],
    [{ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '20000' }, /HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS/],
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS must be at least 1/],
    [{ MAX_SOCKETS_PER_MEMBER: 'many' }, /MAX_SOCKETS_PER_MEMBER must be a number/],
    [{ SUPPORT_EMAIL: 'help desk' }, /SUPPORT_EMAIL must be an e-mail address like support@stoa.example.org \(got "help desk"\)/],
    [{ SUPPORT_EMAIL: 'mailto:help@stoa.example.org' }, /SUPPORT_EMAIL must be an e-mail address/],
    [{ SQLITE_SYNCHRONOUS: 'off' }, /SQLITE_SYNCHRONOUS must be normal or full \(got "off"\)/],
    [{ SQLITE_SYNCHRONOUS: 'full', DATABASE_URL: 'postgres://db/stoa' }, /SQLITE_SYNCHRONOUS is set, but DATABASE_URL chooses PostgreSQL/],
  ])('names the bad variable: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });

  it('lists every bad variable at once and never echoes secrets', () => {
    try {
      loadConfig({ DATA_DIR: dir, PORT: 'x', JWT_SECRET: 'hunter2', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/JWT_SECRET/);
      expect(message).toMatch(/LOG_LEVEL/);
      expect(message).not.toContain('hunter2');
    }
  });
});
