import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config';
import { API_BASE } from '../../src/api/paths';
import type { TokenVerifier } from '../core/authContext';
import { HttpError } from './httpError';

/** "4 minutes", "45 seconds": how long until the member may try again. */
export function humanDuration(seconds: number): string {
  if (seconds >= 90 * 60) return `${Math.ceil(seconds / 3600)} hours`;
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${Math.max(1, seconds)} seconds`;
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new HttpError(429, `Too many attempts. Please try again in ${humanDuration(seconds)}.`, {
    'retry-after': String(seconds),
  });
}

/** The figures of a rule in the shape @fastify/rate-limit takes in a route's `config.rateLimit`, counted per address. */
export const perIp = (rule: RateLimitRule) => ({
  max: rule.max,
  timeWindow: rule.windowMs,
  keyGenerator: (request: FastifyRequest) => request.ip,
});

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Only the API is limited: the app's own files and public media are what every page load fetches. */
export const isLimited = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

/**
 * The key of the global limit: the member for a request with a live session (so members behind
 * one address, a school or an office, each have their own), the address otherwise. A token that
 * does not verify counts as no token: only a real session earns its own count.
 */
export function globalLimitKey(verify: () => TokenVerifier) {
  return async (request: FastifyRequest): Promise<string> => {
    if (!isLimited(request.url)) return 'unlimited';
    const token = request.headers.authorization ? BEARER.exec(request.headers.authorization)?.[1] : undefined;
    const auth = token ? await verify()(token).catch(() => null) : null;
    return auth ? `member:${auth.userId}` : `ip:${request.ip}`;
  };
}

/**
 * A limit keyed on something other than the address (an account, an e-mail), kept in the same
 * store as the plugin's limits (Redis when configured). Keys carry the limit's name because
 * every limiter made this way shares one key space in Redis.
 * `hit` counts the request; `guard` only refuses once the limit is reached (counting the guarded
 * requests still running) and `record` counts, for limits that should count failures only.
 */
export function keyedLimit(
  app: FastifyInstance,
  name: string,
  rule: RateLimitRule,
  keyOf: (request: FastifyRequest) => string | Promise<string>,
) {
  const keyFor = async (request: FastifyRequest) => `${name}:${await keyOf(request)}`;
  const check = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: keyFor });
  // A guarded request counts only once it fails, so requests sent at once would all pass the
  // guard before any failure is recorded: those still running count as failures until they end.
  const running = new Map<string, number>();
  const held = new WeakMap<FastifyRequest, string>();
  const release = (request: FastifyRequest) => {
    const key = held.get(request);
    if (key === undefined) return;
    held.delete(request);
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
  // Callback hooks: every request passes here, and an async hook costs each a promise.
  app.addHook('onResponse', (request, _reply, done) => (release(request), done()));
  app.addHook('onRequestAbort', (request, done) => (release(request), done()));
  return {
    async hit(request: FastifyRequest): Promise<void> {
      const status = await check(request);
      if (!status.isAllowed && status.isExceeded) throw tooManyRequests(status.ttlInSeconds);
    },
    async guard(request: FastifyRequest): Promise<void> {
      const key = await keyFor(request);
      const status = await check(request, { increment: false });
      if (status.isAllowed) return;
      const others = held.get(request) === key ? 0 : (running.get(key) ?? 0);
      if (status.remaining - others <= 0) throw tooManyRequests(status.ttlInSeconds);
      if (held.get(request) !== key) {
        held.set(request, key);
        running.set(key, others + 1);
      }
    },
    async record(request: FastifyRequest): Promise<void> {
      await check(request);
    },
    /** How many the window holds for this key now (without counting this request). */
    async count(request: FastifyRequest): Promise<number> {
      const status = await check(request, { increment: false });
      return 'remaining' in status ? rule.max - status.remaining : 0;
    },
  };
}

export type KeyedLimit = ReturnType<typeof keyedLimit>;
