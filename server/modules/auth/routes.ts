import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UploadLimit } from '../../http/uploadLimit';
import { z } from 'zod';
import {
  adminSignInBodySchema,
  adminSignUpBodySchema,
  authResponseSchema,
  checkUserResponseSchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  updateCurrentUserBodySchema,
  type User,
} from '../../../src/api/auth';
import { signInAnswerSchema, TWO_FACTOR_NEEDED } from '../../../src/api/account/twoFactor';
import { paths } from '../../../src/api/paths';
import type { Config } from '../../config';
import { clientOf } from '../../core/signInClient';
import type { UserRow } from '../../db/schema';
import { currentAuth } from '../../http/authentication';
import { HttpError } from '../../http/httpError';
import { perIp } from '../../http/rateLimits';
import { replySent } from '../../http/replySent';
import { presentUser } from '../../core/presentUser';
import type { Members } from '../users/members';
import { GOOGLE_UNAVAILABLE, type GoogleSignIn } from './google';
import { createAuthLimits } from './limits';
import type { PasswordResetService } from './passwordReset';
import { RESET_DONE, RESET_LINK_SENT } from './passwordReset';
import type { AuthService, PasswordSignIn } from './service';

/** Credential forms are tiny; only bodies that carry an avatar need more room. */
const SMALL_BODY = 16 * 1024;
const AVATAR_BODY = 640 * 1024;

export interface AuthRoutesOptions {
  config: Pick<Config, 'rateLimits' | 'limits' | 'signInSlowdown'>;
  auth: AuthService;
  passwordReset: PasswordResetService;
  users: Pick<Members, 'findByLogin'>;
  /** Null when Google sign-in is off (no FIREBASE_PROJECT_ID): POST /signin google answers 501. */
  google?: GoogleSignIn | null;
  /** A member's avatar change counts against their uploads (sign-up has no member yet: its per-address limit stands). */
  uploads: UploadLimit;
  /** The member's own account as a sign-in and GET /currentuser answer it (core/presentUser.ts, with the deletion). */
  ownUser: (row: UserRow) => Promise<User>;
}

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.statusCode === 401;

/** Where a sign-in comes from: its User-Agent becomes the session's device (sessions/device.ts). */

/** The authentication endpoints of the wire contract (src/api/auth/schemas.ts). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { rateLimits } = opts.config;
  const avatarBody = Math.max(opts.config.limits.bodyBytes, AVATAR_BODY);
  const { signInsPerAddress, signInFailures, resetMailsPerEmail } = createAuthLimits(app, opts.config, opts.users);
  // The member form (password and Google) and the admin form share one count of failures per address.
  const signInAddressLimit = { onRequest: (request: FastifyRequest) => signInsPerAddress.guard(request) };

  /** A new account: nothing scheduled yet. */
  const signedUp = (message: string, result: { token: string; user: UserRow }) => ({
    message,
    token: result.token,
    user: presentUser(result.user),
  });
  /** A sign-in: the member's own account, with its scheduled deletion if there is one. */
  const signedIn = async (message: string, result: { token: string; user: UserRow }) => ({
    message,
    token: result.token,
    user: await opts.ownUser(result.user),
  });
  /** A password sign-in's answer: the session (and whether to set two-factor sign-in up now), or the challenge. */
  const passwordAnswer = async (result: PasswordSignIn) =>
    'challenge' in result
      ? { message: TWO_FACTOR_NEEDED, twoFactor: true as const, challenge: result.challenge }
      : {
          ...(await signedIn('Signed in successfully', result)),
          ...(result.twoFactorSetupRequired ? { twoFactorSetupRequired: true } : {}),
        };

  app.post(
    paths.auth.signup,
    {
      schema: { body: signUpBodySchema, response: { 201: authResponseSchema } },
      bodyLimit: avatarBody,
      config: { rateLimit: perIp(rateLimits.signUpPerIp) },
    },
    async (request, reply) => {
      const result = await opts.auth.signUp(request.body, clientOf(request));
      return reply.code(201).send(signedUp('Account created successfully', result));
    },
  );

  app.post(
    paths.auth.signin,
    {
      schema: { body: signInBodySchema, response: { 200: signInAnswerSchema } },
      bodyLimit: SMALL_BODY,
      ...signInAddressLimit,
      preHandler: async (request) => {
        if (request.body.provider === 'local') await signInFailures.guard(request);
      },
    },
    async (request) => {
      const body = request.body;
      if (body.provider === 'google') {
        if (!opts.google) throw new HttpError(501, GOOGLE_UNAVAILABLE);
        try {
          return signedIn('Signed in successfully', await opts.google.signIn(body.payload.idToken, body.rememberMe, clientOf(request)));
        } catch (error) {
          // A token names no account to count against: only the address's count.
          if (isUnauthorized(error)) await signInsPerAddress.record(request);
          throw error;
        }
      }
      try {
        return passwordAnswer(await opts.auth.signIn(body, clientOf(request)));
      } catch (error) {
        if (isUnauthorized(error)) await signInFailures.record(request);
        throw error;
      }
    },
  );

  app.get(
    paths.auth.signout,
    {
      schema: { response: { 200: messageResponseSchema } },
      config: { allowBanned: true },
      preHandler: app.authenticate,
    },
    async (request) => {
      await opts.auth.signOut(currentAuth(request));
      return { message: 'Signed out successfully' };
    },
  );

  app.get(
    paths.auth.currentUser,
    {
      schema: { response: { 200: authResponseSchema } },
      config: { allowBanned: true },
      preHandler: app.authenticate,
    },
    async (request) => {
      const auth = currentAuth(request);
      return { message: 'Current user', token: auth.token, user: await opts.ownUser(auth.user) };
    },
  );

  app.put(
    paths.auth.currentUser,
    {
      schema: { body: updateCurrentUserBodySchema, response: { 200: authResponseSchema } },
      bodyLimit: avatarBody,
      preHandler: [
        app.authenticate,
        async (request, reply) => {
          if (request.body.avatarImage) await opts.uploads.count(request, reply, request.body.avatarImage.length);
        },
      ],
    },
    async (request) => {
      const auth = currentAuth(request);
      const user = await opts.auth.updateCurrentUser(auth, request.body);
      return { message: 'Profile updated successfully', token: auth.token, user: await opts.ownUser(user) };
    },
  );

  app.post(
    paths.auth.checkUser.route,
    {
      schema: { params: z.object({ authId: z.string().min(1).max(100) }), response: { 200: checkUserResponseSchema } },
      bodyLimit: SMALL_BODY,
      config: { allowBanned: true },
      preHandler: app.authenticate,
    },
    async (request) => opts.auth.checkUser(currentAuth(request), request.params.authId),
  );

  app.post(
    paths.auth.forgotPassword,
    {
      schema: { body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
      bodyLimit: SMALL_BODY,
      config: { rateLimit: perIp(rateLimits.forgotPasswordPerIp) },
      preHandler: (request) => resetMailsPerEmail.hit(request),
    },
    async (request, reply) => {
      opts.passwordReset.forgotPassword(request.body.email, replySent(reply), request.id);
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    paths.auth.resetPassword.route,
    {
      schema: { params: z.object({ token: z.string() }), body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      bodyLimit: SMALL_BODY,
      config: { rateLimit: perIp(rateLimits.resetPasswordPerIp) },
    },
    async (request) => {
      await opts.passwordReset.resetPassword(request.params.token, request.body.password);
      return { message: RESET_DONE };
    },
  );

  app.post(
    paths.auth.adminSignup,
    {
      schema: { body: adminSignUpBodySchema, response: { 201: authResponseSchema } },
      bodyLimit: avatarBody,
      config: { rateLimit: perIp(rateLimits.signUpPerIp) },
    },
    async (request, reply) => {
      const result = await opts.auth.adminSignUp(request.body, clientOf(request));
      return reply.code(201).send(signedUp('Admin account created successfully', result));
    },
  );

  app.post(
    paths.auth.adminSignin,
    {
      schema: { body: adminSignInBodySchema, response: { 200: signInAnswerSchema } },
      bodyLimit: SMALL_BODY,
      ...signInAddressLimit,
      preHandler: (request) => signInFailures.guard(request),
    },
    async (request) => {
      try {
        return passwordAnswer(await opts.auth.adminSignIn(request.body, clientOf(request)));
      } catch (error) {
        if (isUnauthorized(error)) await signInFailures.record(request);
        throw error;
      }
    },
  );
};
