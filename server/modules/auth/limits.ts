import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { keyedLimit } from '../../http/rateLimits';
import type { Members } from '../users/members';

const loginText = (request: FastifyRequest) =>
  String((request.body as { username?: unknown })?.username ?? '')
    .trim()
    .toLowerCase();
const emailText = (request: FastifyRequest) => String((request.body as { email?: unknown })?.email ?? '');

/** How long an attempt on an account with `failures` recent failures (from any address) waits. */
export function slowdownMs(failures: number, rule: Config['signInSlowdown']): number {
  return Math.min(Math.max(0, failures - rule.afterFailures) * rule.stepMs, rule.maxMs);
}

/**
 * The auth limits that are not a route's own:
 * - failed sign-ins per address, shared by the member form (password and Google) and the admin
 *   form, so two forms do not double the guessing budget. Only failures count: a class behind
 *   one address signs in together;
 * - failed sign-ins per identifier AND address: a guesser is stopped at their address, while the
 *   owner, elsewhere, still gets in;
 * - failures per identifier from every address slow attempts on it down (slowdownMs), never
 *   refuse them: a distributed guesser gets few tries a second, the owner still gets in.
 *   The identifier is the text as typed, trimmed and lower-cased, never the account it names: a
 *   count kept per account would answer a try by that member's e-mail differently from an
 *   unrelated e-mail after failures on their username, telling which identifiers belong
 *   together. The account's token version joins the key when the text names one, so a password
 *   reset starts its counts afresh (unknown names are counted too, under the text alone);
 * - reset e-mails per address, so nobody can flood someone's inbox.
 */
export function createAuthLimits(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimits' | 'signInSlowdown'>,
  users: Pick<Members, 'findByLogin'>,
) {
  const { rateLimits } = config;
  const accountKeys = new WeakMap<FastifyRequest, Promise<string>>();
  const accountKey = (request: FastifyRequest) => {
    let key = accountKeys.get(request);
    if (!key) {
      const login = loginText(request);
      key = users.findByLogin(login).then((user) => (user ? `login:${login}:v${user.token_version}` : `login:${login}`));
      accountKeys.set(request, key);
    }
    return key;
  };
  const perAccountAndAddress = keyedLimit(
    app,
    'signin-account-ip',
    rateLimits.signInPerAccount,
    async (request) => `${await accountKey(request)}|${request.ip}`,
  );
  const perAccount = keyedLimit(app, 'signin-account', rateLimits.signInAccountFailures, accountKey);
  const perAddress = keyedLimit(app, 'signin-ip', rateLimits.signInPerIp, (request) => request.ip);
  return {
    /** Failed sign-ins per address: `guard` before any form is read, `record` on a failure (Google's included). */
    signInsPerAddress: perAddress,
    signInFailures: {
      /** Before checking a password: refuses a guesser's address, then slows a much-guessed account down. */
      async guard(request: FastifyRequest): Promise<void> {
        await perAccountAndAddress.guard(request);
        const wait = slowdownMs(await perAccount.count(request), config.signInSlowdown);
        if (wait > 0) {
          // Says how long, never which name: the log line is how operators (and tests) see the slowdown.
          request.log.info({ slowdownMs: wait }, 'sign-in slowed down: a much-guessed identifier');
          await sleep(wait);
        }
      },
      async record(request: FastifyRequest): Promise<void> {
        await Promise.all([perAddress.record(request), perAccountAndAddress.record(request), perAccount.record(request)]);
      },
    },
    resetMailsPerEmail: keyedLimit(app, 'forgot-email', rateLimits.forgotPasswordPerEmail, emailText),
  };
}
