import path from 'node:path';
import { z } from 'zod';
import { APPEAL_LIMIT, REPORT_LIMIT } from '../src/api/moderation';
import { loadOrCreateSecret } from './secret';

/**
 * Every setting of the server, read from environment variables once at start.
 * A bad value stops the server with a message naming the variable, rather than failing later
 * in some request. Tests call `loadConfig({...})` with their own env object.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * SQLite's `synchronous` pragma, in WAL mode. `normal`: a commit is written to the WAL but not
 * fsynced, so it survives the process dying (the OS holds it) and costs no fsync on the one event
 * loop; an OS crash or a power cut may roll back the last commits, never corrupt the file. `full`:
 * every commit is fsynced before it answers (5-8 ms of blocked event loop each, docs/benchmarks/mixed.md).
 */
export const SQLITE_SYNCHRONOUS_MODES = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS_MODES)[number];
export const DEFAULT_SQLITE_SYNCHRONOUS: SqliteSynchronous = 'normal';

/** Empty variables (`FOO=`) count as unset, as shells and .env files commonly produce them. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().min(1).optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: string) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value), schema);
const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int(`must be a whole number`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const url = (protocols: RegExp, hint: string) =>
  z.string().refine((value) => URL.canParse(value) && protocols.test(new URL(value).protocol), `must be a URL like ${hint}`);

const envSchema = z.object({
  PORT: withDefault(integer(0, 65535), '3000'),
  HOST: withDefault(z.string().min(1), '127.0.0.1'),
  DATA_DIR: withDefault(z.string().min(1), './data'),
  CLIENT_DIR: withDefault(z.string().min(1), './dist'),
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), url(/^https?:$/, 'https://stoa.example.org').optional()),
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), url(/^postgres(ql)?:$/, 'postgres://user:pass@host:5432/db').optional()),
  DATABASE_SCHEMA: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lowercase schema name')
      .optional(),
  ),
  /**
   * When an embedded SQLite commit reaches the disk (db/database.ts, docs/deploy.md "Durability"):
   * normal (the default) survives the process dying, full survives a power cut too.
   */
  SQLITE_SYNCHRONOUS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(SQLITE_SYNCHRONOUS_MODES, { error: `must be ${SQLITE_SYNCHRONOUS_MODES.join(' or ')}` }).optional(),
  ),
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), url(/^rediss?:$/, 'redis://127.0.0.1:6379').optional()),
  SOCKET_REDIS_KEY: withDefault(z.string().regex(/^[\w.:-]+$/, 'must be letters, digits, ".", ":", "_" or "-"'), 'socket.io'),
  SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), url(/^smtps?:$/, 'smtp://user:pass@mail.example.org:587').optional()),
  MAIL_FROM: optionalText,
  /** Where members may write for help (shown on the checkpoint); unset: no address is shown. */
  SUPPORT_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().trim().pipe(z.email('must be an e-mail address like support@stoa.example.org')).optional(),
  ),
  JWT_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_INVITE_CODE: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8, 'must be at least 8 characters').optional()),
  FIREBASE_PROJECT_ID: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_APP_ID: optionalText,
  GOOGLE_JWKS_URL: withDefault(
    url(/^https?:$/, 'https://www.googleapis.com/...'),
    'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
  ),
  TRUST_PROXY: withDefault(z.string(), 'false'),
  MAX_BODY_BYTES: withDefault(integer(1024, 50 * 1024 * 1024), String(1024 * 1024)),
  MAX_IMAGE_BYTES: withDefault(integer(1024, 100 * 1024 * 1024), String(10 * 1024 * 1024)),
  MAX_VIDEO_BYTES: withDefault(integer(1024, 2 * 1024 * 1024 * 1024), String(100 * 1024 * 1024)),
  /** A file sent inside a JSON body as a base64 data URL (the spec's shape): read whole, so kept small. */
  MAX_DATA_URL_BYTES: withDefault(integer(1024, 50 * 1024 * 1024), String(4 * 1024 * 1024)),
  /** The bytes of all uploads this process is receiving at once; past it an upload answers 503. */
  UPLOAD_BYTES_IN_FLIGHT: withDefault(integer(1024, 64 * 1024 * 1024 * 1024), String(512 * 1024 * 1024)),
  /** How many uploads one member may have in progress at once; the next answers 429. */
  UPLOADS_AT_ONCE_PER_MEMBER: withDefault(integer(1, 100), '2'),
  /** Multiplies every rate limit: a journey suite on one machine may need more than a person. */
  RATE_LIMIT_SCALE: withDefault(
    z.coerce.number({ error: 'must be a number' }).positive('must be above 0').max(10_000, 'must be at most 10000'),
    '1',
  ),
  /** How often the account-data sweep runs (failed exports, expired archives, due deletions; docs/server.md). */
  ACCOUNT_SWEEP_SECONDS: withDefault(integer(1, 24 * 60 * 60), '60'),
  /** The whole request (headers and body) must arrive within this; a slow body gets 408. */
  REQUEST_TIMEOUT_MS: withDefault(integer(100, 60 * 60_000), '120000'),
  /** The headers must arrive within this (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: withDefault(integer(100, 60 * 60_000), '15000'),
  /** An idle kept-alive connection is closed after this (longer than a proxy's own idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: withDefault(integer(100, 60 * 60_000), '72000'),
  /** A connection on which nothing moves for this long is closed (websockets are exempt: socket.io pings them). */
  CONNECTION_TIMEOUT_MS: withDefault(integer(100, 60 * 60_000), '60000'),
  /** Open connections (HTTP and websockets together) this process accepts; more are dropped at once. */
  MAX_CONNECTIONS: withDefault(integer(1, 1_000_000), '10000'),
  /** On SIGTERM/SIGINT: how long in-flight requests may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: withDefault(integer(100, 10 * 60_000), '10000'),
  /** Open sockets one member may hold (tabs, devices); a new one closes their oldest. */
  MAX_SOCKETS_PER_MEMBER: withDefault(integer(1, 1000), '20'),
  /** Turns on GET /metrics (Prometheus), for requests that carry it as a bearer token; unset: /metrics is 404. */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(16, 'must be at least 16 characters').optional()),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media (docs/deploy.md, "Media in a bucket"). */
  MEDIA_S3_BUCKET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
      .optional(),
  ),
  MEDIA_S3_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), url(/^https?:$/, 'https://s3.example.org').optional()),
  MEDIA_S3_REGION: optionalText,
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  MEDIA_S3_PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), url(/^https?:$/, 'https://media.example.org').optional()),
  MEDIA_S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
  /** Administrators who sign in with a password are sent to set up two-factor sign-in until it is on (docs/server.md). */
  TWO_FACTOR_FOR_ADMINS: withDefault(z.enum(['required', 'optional'], { error: 'must be required or optional' }), 'required'),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }), 'info'),
  /** auto: one short readable line per request on a terminal, JSON lines otherwise (files, services, CI). */
  LOG_FORMAT: withDefault(z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }), 'auto'),
});

/** Where uploaded media live: DATA_DIR/media (the default) or an S3-compatible bucket. */
export type MediaStoreConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS itself, found from the region. */
      endpoint?: string;
      region: string;
      /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, shared files, an instance role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      /** The bucket's public base URL: media are then sent there (a redirect), not through the server. */
      publicUrl?: string;
      /** Path-style URLs (endpoint/bucket/key), as most S3-compatible servers need. */
      forcePathStyle: boolean;
    };

/** The embedded database: its file and how its commits reach the disk (SQLITE_SYNCHRONOUS). */
export interface SqliteConfig {
  kind: 'sqlite';
  file: string;
  synchronous: SqliteSynchronous;
}

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  clientDir: string;
  publicUrl: string;
  database: SqliteConfig | { kind: 'postgres'; url: string; schema?: string };
  redisUrl?: string;
  /**
   * The prefix of socket.io's Redis channels: the processes of one deployment share it, and only
   * they answer each other's room questions (a post's audience asks every process, see presence.ts).
   */
  socketRedisKey: string;
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  /** SUPPORT_EMAIL: the address members may write to, sent to the client by GET /config (null: none). */
  supportEmail: string | null;
  jwtSecret: string;
  adminInviteCode?: string;
  firebase: { projectId: string; apiKey: string; authDomain: string; appId: string } | null;
  googleJwksUrl: string;
  trustProxy: boolean | number | string;
  limits: {
    bodyBytes: number;
    imageBytes: number;
    videoBytes: number;
    dataUrlBytes: number;
    uploadBytesInFlight: number;
    uploadsAtOncePerMember: number;
  };
  /** How long a request or an idle connection may take, and how many connections one process holds (docs/server.md). */
  connections: { requestTimeoutMs: number; headersTimeoutMs: number; keepAliveTimeoutMs: number; idleTimeoutMs: number; max: number };
  /** SHUTDOWN_TIMEOUT_MS: the bound on a graceful stop (server/http/shutdown.ts); past it the process exits with 1. */
  shutdownTimeoutMs: number;
  /** Open sockets per member in this deployment; the oldest is closed past it. */
  socketsPerMember: number;
  /** ACCOUNT_SWEEP_SECONDS, in ms: how often server/modules/accountData sweeps. */
  accountSweepMs: number;
  /**
   * Where the limits' counts live in Redis: every key starts with it. Processes of one deployment
   * share it (their counts add up); the tests give each app its own, so one file's sign-ups never
   * use up another's allowance.
   */
  rateLimitNamespace: string;
  rateLimits: {
    global: RateLimitRule;
    /** Sign-in attempts per address, the member, Google and admin forms together. */
    signInPerIp: RateLimitRule;
    /** Failed sign-ins per account from one address (never per account alone: that would let anyone lock anyone out). */
    signInPerAccount: RateLimitRule;
    /** The window in which an account's failures from every address are counted for the slowdown (max is not a limit). */
    signInAccountFailures: RateLimitRule;
    signUpPerIp: RateLimitRule;
    forgotPasswordPerEmail: RateLimitRule;
    forgotPasswordPerIp: RateLimitRule;
    resetPasswordPerIp: RateLimitRule;
    /** Client events (join room, watch presence, ...) one socket may emit per window. */
    socketEvents: RateLimitRule;
    /** Reports (posts and profiles together) per member: REPORT_LIMIT of src/api/moderation/schemas.ts. */
    reportsPerMember: RateLimitRule;
    /** Image and video uploads per member (posts, their edits, gallery and avatar images, search by image), like Mastodon's media limit. */
    uploadsPerMember: RateLimitRule;
    /** Appeals per member: APPEAL_LIMIT. */
    appealsPerMember: RateLimitRule;
    /** Wrong codes at sign-in's second step per account (any address), and per address. */
    twoFactorPerAccount: RateLimitRule;
    twoFactorPerIp: RateLimitRule;
  };
  /** TWO_FACTOR_FOR_ADMINS: whether administrators are asked to turn two-factor sign-in on. */
  twoFactor: { requiredForAdmins: boolean };
  /**
   * An account that keeps failing from many addresses is slowed down, never locked: after
   * `afterFailures` failures in the window every attempt (the right password too) waits `stepMs`
   * more per failure, at most `maxMs`.
   */
  signInSlowdown: { afterFailures: number; stepMs: number; maxMs: number };
  /** argon2id cost. The defaults are OWASP's recommendation; only tests lower them. */
  passwordHashing: { memoryCost: number; timeCost: number; parallelism: number };
  sessions: { shortMs: number; longMs: number; resetTokenMs: number };
  logLevel: (typeof LOG_LEVELS)[number];
  logFormat: 'pretty' | 'json';
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null: /metrics answers 404 (server/observability). */
  metricsToken: string | null;
  /** MEDIA_S3_*: the media store (server/media/store.ts). */
  media: MediaStoreConfig;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "true" / "false" / a hop count / a list of addresses or subnets, as Fastify's trustProxy takes. */
function parseTrustProxy(raw: string): boolean | number | string {
  const value = raw.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return raw.trim();
}

function describe(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = String(issue.path[0] ?? 'environment');
  const got = env[name];
  const shown =
    got === undefined
      ? ''
      : name.includes('SECRET') || name.includes('URL') || name.includes('CODE') || name.includes('TOKEN') || name.includes('ACCESS_KEY')
        ? ''
        : ` (got "${got}")`;
  return `${name} ${issue.message}${shown}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${describe(issue, env)}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;

  const firebaseParts = [e.FIREBASE_API_KEY, e.FIREBASE_AUTH_DOMAIN, e.FIREBASE_APP_ID];
  if (e.FIREBASE_PROJECT_ID && firebaseParts.some((part) => !part)) {
    throw new ConfigError(
      'Invalid configuration:\n  - FIREBASE_PROJECT_ID is set, so FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_APP_ID must be set too',
    );
  }

  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration:\n  - HEADERS_TIMEOUT_MS must be at most REQUEST_TIMEOUT_MS (got ${e.HEADERS_TIMEOUT_MS} and ${e.REQUEST_TIMEOUT_MS})`,
    );
  }

  if (e.DATABASE_URL && e.SQLITE_SYNCHRONOUS) {
    throw new ConfigError(
      'Invalid configuration:\n  - SQLITE_SYNCHRONOUS is set, but DATABASE_URL chooses PostgreSQL: unset one (PostgreSQL keeps its own commit settings)',
    );
  }

  const media = mediaStoreOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const scale = (max: number) => Math.max(1, Math.round(max * e.RATE_LIMIT_SCALE));

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    clientDir: path.resolve(e.CLIENT_DIR),
    publicUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_SCHEMA ? { schema: e.DATABASE_SCHEMA } : {}) }
      : { kind: 'sqlite', file: path.join(dataDir, 'stoa.db'), synchronous: e.SQLITE_SYNCHRONOUS ?? DEFAULT_SQLITE_SYNCHRONOUS },
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    socketRedisKey: e.SOCKET_REDIS_KEY,
    mail: {
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      from: e.MAIL_FROM ?? `"Stoa" <no-reply@${new URL(publicUrl).hostname}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    supportEmail: e.SUPPORT_EMAIL ?? null,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(path.join(dataDir, 'jwt-secret')),
    ...(e.ADMIN_INVITE_CODE ? { adminInviteCode: e.ADMIN_INVITE_CODE } : {}),
    firebase: e.FIREBASE_PROJECT_ID
      ? {
          projectId: e.FIREBASE_PROJECT_ID,
          apiKey: e.FIREBASE_API_KEY!,
          authDomain: e.FIREBASE_AUTH_DOMAIN!,
          appId: e.FIREBASE_APP_ID!,
        }
      : null,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limits: {
      bodyBytes: e.MAX_BODY_BYTES,
      imageBytes: e.MAX_IMAGE_BYTES,
      videoBytes: e.MAX_VIDEO_BYTES,
      dataUrlBytes: e.MAX_DATA_URL_BYTES,
      uploadBytesInFlight: e.UPLOAD_BYTES_IN_FLIGHT,
      uploadsAtOncePerMember: e.UPLOADS_AT_ONCE_PER_MEMBER,
    },
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      max: e.MAX_CONNECTIONS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    socketsPerMember: e.MAX_SOCKETS_PER_MEMBER,
    accountSweepMs: e.ACCOUNT_SWEEP_SECONDS * 1000,
    rateLimitNamespace: 'stoa-rl-',
    rateLimits: {
      global: { max: scale(600), windowMs: MINUTE },
      signInPerIp: { max: scale(25), windowMs: 5 * MINUTE },
      signInPerAccount: { max: scale(25), windowMs: HOUR },
      signInAccountFailures: { max: 1_000_000, windowMs: HOUR },
      signUpPerIp: { max: scale(25), windowMs: 5 * MINUTE },
      forgotPasswordPerEmail: { max: scale(5), windowMs: 30 * MINUTE },
      forgotPasswordPerIp: { max: scale(20), windowMs: 30 * MINUTE },
      resetPasswordPerIp: { max: scale(25), windowMs: 5 * MINUTE },
      socketEvents: { max: scale(30), windowMs: 10_000 },
      reportsPerMember: { max: scale(REPORT_LIMIT.max), windowMs: REPORT_LIMIT.windowMs },
      uploadsPerMember: { max: scale(30), windowMs: 30 * MINUTE },
      appealsPerMember: { max: scale(APPEAL_LIMIT.max), windowMs: APPEAL_LIMIT.windowMs },
      twoFactorPerAccount: { max: scale(10), windowMs: 15 * MINUTE },
      twoFactorPerIp: { max: scale(25), windowMs: 5 * MINUTE },
    },
    twoFactor: { requiredForAdmins: e.TWO_FACTOR_FOR_ADMINS === 'required' },
    signInSlowdown: { afterFailures: 10, stepMs: 250, maxMs: 3000 },
    passwordHashing: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    sessions: { shortMs: 12 * HOUR, longMs: 30 * 24 * HOUR, resetTokenMs: 30 * MINUTE },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN ?? null,
    media,
  };
}

const MEDIA_S3_SETTINGS = [
  'MEDIA_S3_ENDPOINT',
  'MEDIA_S3_REGION',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
  'MEDIA_S3_PUBLIC_URL',
  'MEDIA_S3_FORCE_PATH_STYLE',
] as const;

/** The media store the MEDIA_S3_* settings describe; half a bucket's settings stop the server. */
function mediaStoreOf(e: z.infer<typeof envSchema>): MediaStoreConfig {
  if (!e.MEDIA_S3_BUCKET) {
    const stray = MEDIA_S3_SETTINGS.filter((name) => e[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  - ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set, so MEDIA_S3_BUCKET must be set too`,
      );
    }
    return { kind: 'disk' };
  }
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  - MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK then finds its own credentials)',
    );
  }
  return {
    kind: 's3',
    bucket: e.MEDIA_S3_BUCKET,
    ...(e.MEDIA_S3_ENDPOINT ? { endpoint: e.MEDIA_S3_ENDPOINT.replace(/\/+$/, '') } : {}),
    region: e.MEDIA_S3_REGION ?? 'us-east-1',
    ...(e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY } }
      : {}),
    ...(e.MEDIA_S3_PUBLIC_URL ? { publicUrl: e.MEDIA_S3_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    // An endpoint of one's own is nearly always an S3-compatible server that wants path-style URLs.
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ? e.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(e.MEDIA_S3_ENDPOINT),
  };
}
