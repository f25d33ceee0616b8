import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHALLENGE_EXPIRED,
  enableTwoFactorBodySchema,
  passwordAndCodeBodySchema,
  RECOVERY_CODES_MADE,
  recoveryCodesResponseSchema,
  signedInSchema,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ON,
  twoFactorSetupSchema,
  twoFactorSignInBodySchema,
  twoFactorStatusSchema,
} from '../../../src/api/account/twoFactor';
import { messageResponseSchema } from '../../../src/api/auth';
import { paths } from '../../../src/api/paths';
import type { Config } from '../../config';
import { clientOf, type SignInClient } from '../../core/signInClient';
import type { User } from '../../../src/api/auth';
import type { UserRow } from '../../db/schema';
import { currentAuth } from '../../http/authentication';
import { HttpError, unauthorized } from '../../http/httpError';
import { keyedLimit, perIp } from '../../http/rateLimits';
import type { TwoFactorService } from './service';

const SMALL_BODY = 8 * 1024;

export interface TwoFactorRoutesOptions {
  config: Pick<Config, 'rateLimits'>;
  twoFactor: TwoFactorService;
  /** The auth area's session maker (handed in by it: the areas do not import each other). */
  auth: { issueSession(user: UserRow, rememberMe: boolean, client?: SignInClient): Promise<string> };
  /** The member's own account as a sign-in answers it (core/presentUser.ts, with the deletion). */
  ownUser: (row: UserRow) => Promise<User>;
}

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

/** Settings > Security's two-factor calls (signed in) and the sign-in's second step (public, limited). */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = async (app, opts) => {
  const { rateLimits } = opts.config;
  // The second step's wrong codes are counted per address and per account (the account a valid challenge names).
  const challengedUser = new WeakMap<FastifyRequest, string>();
  const perAddress = keyedLimit(app, 'two-factor-ip', rateLimits.twoFactorPerIp, (request) => request.ip);
  const perAccount = keyedLimit(app, 'two-factor-account', rateLimits.twoFactorPerAccount, (request) => challengedUser.get(request) ?? '');
  // Guessing codes with a stolen session is limited like guessing them at sign-in.
  const guessing = { config: { rateLimit: perIp(rateLimits.twoFactorPerIp) }, bodyLimit: SMALL_BODY };

  app.get(paths.twoFactor.status, { schema: { response: { 200: twoFactorStatusSchema } }, onRequest: app.authenticate }, async (request) =>
    opts.twoFactor.status(currentAuth(request).user),
  );

  app.post(
    paths.twoFactor.setup,
    { schema: { response: { 200: twoFactorSetupSchema } }, bodyLimit: SMALL_BODY, onRequest: app.authenticate },
    async (request) => opts.twoFactor.setup(currentAuth(request).user),
  );

  app.post(
    paths.twoFactor.enable,
    {
      schema: { body: enableTwoFactorBodySchema, response: { 200: recoveryCodesResponseSchema } },
      ...guessing,
      onRequest: app.authenticate,
    },
    async (request) => ({
      message: TWO_FACTOR_ON,
      recoveryCodes: await opts.twoFactor.enable(currentAuth(request).user, request.body.code),
    }),
  );

  app.post(
    paths.twoFactor.disable,
    { schema: { body: passwordAndCodeBodySchema, response: { 200: messageResponseSchema } }, ...guessing, onRequest: app.authenticate },
    async (request) => {
      await opts.twoFactor.disable(currentAuth(request).user, request.body.password, request.body.code);
      return { message: TWO_FACTOR_OFF };
    },
  );

  app.post(
    paths.twoFactor.recoveryCodes,
    {
      schema: { body: passwordAndCodeBodySchema, response: { 200: recoveryCodesResponseSchema } },
      ...guessing,
      onRequest: app.authenticate,
    },
    async (request) => ({
      message: RECOVERY_CODES_MADE,
      recoveryCodes: await opts.twoFactor.newRecoveryCodes(currentAuth(request).user, request.body.password, request.body.code),
    }),
  );

  app.post(
    paths.twoFactor.signIn,
    {
      schema: { body: twoFactorSignInBodySchema, response: { 200: signedInSchema } },
      bodyLimit: SMALL_BODY,
      onRequest: (request) => perAddress.guard(request),
    },
    async (request) => {
      const challenged = await opts.twoFactor.readChallenge(request.body.challenge);
      if (!challenged) {
        await perAddress.record(request);
        throw unauthorized(CHALLENGE_EXPIRED);
      }
      challengedUser.set(request, challenged.user.id);
      await perAccount.guard(request);
      try {
        await opts.twoFactor.checkSignInCode(challenged.user, request.body.code);
      } catch (error) {
        if (isUnauthorized(error)) await Promise.all([perAddress.record(request), perAccount.record(request)]);
        throw error;
      }
      // The device is the one that sent the code (the password's request came from the same browser).
      const token = await opts.auth.issueSession(challenged.user, challenged.rememberMe, clientOf(request));
      return { message: 'Signed in successfully', token, user: await opts.ownUser(challenged.user) };
    },
  );
};
