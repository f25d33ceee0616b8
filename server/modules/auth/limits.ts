import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { keyedLimit } from '../../http/rateLimits';
import type { UserStore } from '../users/store';

const loginText = (request: FastifyRequest) => String((request.body as { username?: unknown })?.username ?? '').trim().toLowerCase();
const emailText = (request: FastifyRequest) => String((request.body as { email?: unknown })?.email ?? '');

/** How long an attempt on an account with `failures` recent failures (from any address) waits. */
export function slowdownMs(failures: number, rule: Config['signInSlowdown']): number {
  return Math.min(Math.max(0, failures - rule.afterFailures) * rule.stepMs, rule.maxMs);
}

/**
 * The auth limits that are not a route's own:
 * - sign-in attempts per address, shared by the member form (password and Google) and the admin
 *   form, so two forms do not double the guessing budget;
 * - failed sign-ins per account AND address: a guesser is stopped at their address, while the
 *   owner, elsewhere, still gets in. The account is its id and its token version when it exists
 *   (its username and e-mail share one count, and a password reset, which bumps the version,
 *   starts the count afresh), else the normalised text (probing unknown names is limited too).
 *   Only failures count: a member who signs in often is not under attack;
 * - failures per account from every address slow that account's attempts down (slowdownMs),
 *   never refuse them: a distributed guesser gets few tries a second, the owner still gets in;
 * - reset e-mails per address, so nobody can flood someone's inbox.
 */
export function createAuthLimits(app: FastifyInstance, config: Pick<Config, 'rateLimits' | 'signInSlowdown'>, users: UserStore) {
  const { rateLimits } = config;
  const accountKeys = new WeakMap<FastifyRequest, Promise<string>>();
  const accountKey = (request: FastifyRequest) => {
    let key = accountKeys.get(request);
    if (!key) {
      const login = loginText(request);
      key = users.findByLogin(login).then((user) => (user ? `user:${user.id}:v${user.token_version}` : `login:${login}`));
      accountKeys.set(request, key);
    }
    return key;
  };
  const perAccountAndAddress = keyedLimit(app, 'signin-account-ip', rateLimits.signInPerAccount, async (request) => `${await accountKey(request)}|${request.ip}`);
  const perAccount = keyedLimit(app, 'signin-account', rateLimits.signInAccountFailures, accountKey);
  return {
    signInsPerAddress: keyedLimit(app, 'signin-ip', rateLimits.signInPerIp, (request) => request.ip),
    signInFailures: {
      /** Before checking a password: refuses a guesser's address, then slows a much-guessed account down. */
      async guard(request: FastifyRequest): Promise<void> {
        await perAccountAndAddress.guard(request);
        const wait = slowdownMs(await perAccount.count(request), config.signInSlowdown);
        if (wait > 0) await sleep(wait);
      },
      async record(request: FastifyRequest): Promise<void> {
        await Promise.all([perAccountAndAddress.record(request), perAccount.record(request)]);
      },
    },
    resetMailsPerEmail: keyedLimit(app, 'forgot-email', rateLimits.forgotPasswordPerEmail, emailText),
  };
}
