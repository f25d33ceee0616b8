import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { keyedLimit } from '../../http/rateLimits';
import type { UserStore } from '../users/store';

const loginText = (request: FastifyRequest) => String((request.body as { username?: unknown })?.username ?? '').trim().toLowerCase();
const emailText = (request: FastifyRequest) => String((request.body as { email?: unknown })?.email ?? '');

/**
 * The auth limits that are not per address (those sit in each route's config):
 * - failed sign-ins per account, counted across the member and admin forms and across addresses.
 *   The key is the account's id when it exists, so its username and its e-mail share one count;
 *   otherwise the normalised text (so probing unknown names is limited too). Only failures count:
 *   a member who signs in often is not under attack.
 * - reset e-mails per address, so nobody can flood someone's inbox.
 */
export function createAuthLimits(app: FastifyInstance, rateLimits: Config['rateLimits'], users: UserStore) {
  const accountKeys = new WeakMap<FastifyRequest, Promise<string>>();
  const accountKey = (request: FastifyRequest) => {
    let key = accountKeys.get(request);
    if (!key) {
      const login = loginText(request);
      key = users.findByLogin(login).then((user) => (user ? `user:${user.id}` : `login:${login}`));
      accountKeys.set(request, key);
    }
    return key;
  };
  return {
    signInFailures: keyedLimit(app, 'signin-account', rateLimits.signInPerAccount, accountKey),
    resetMailsPerEmail: keyedLimit(app, 'forgot-email', rateLimits.forgotPasswordPerEmail, emailText),
  };
}
