import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BANNED_MESSAGE } from '../../src/api/constants';
import type { TokenVerifier } from '../core/authContext';
import type { AuthContext } from '../core/authContext';
import { forbidden, unauthorized } from './httpError';

export const SIGN_IN_REQUIRED = 'Please sign in to continue';
export const SESSION_EXPIRED = 'Session expired, please sign in again';
export const ADMINS_ONLY = 'Only administrators can do that';

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a signed-in member with a live session; banned members only where allowed. */
    authenticate: Guard;
    /** preHandler: as authenticate, and the member's current role is ADMIN. */
    requireAdmin: Guard;
    /** Checks a token the way requests are checked (the socket handshake uses it). */
    verifyToken: TokenVerifier;
  }
  interface FastifyRequest {
    /** Set by authenticate; null on routes that do not ask for it. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes a banned member still needs: the session check, the checkpoint and the appeal. */
    allowBanned?: boolean;
    /** The 413 message of a route whose body is an upload, instead of the generic one. */
    bodyTooLargeMessage?: string;
    /** A route that takes a file (server/http/uploadLimit.ts): the only ones that read multipart bodies. */
    upload?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The signed-in member of a route guarded by authenticate. */
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(SIGN_IN_REQUIRED);
  return request.auth;
}

/** Why a token that does not verify was refused, when there is more to say than SESSION_EXPIRED. */
export type Refusal = (token: string) => Promise<string | undefined>;

async function authenticateRequest(verify: TokenVerifier, request: FastifyRequest, refusal?: Refusal): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw unauthorized(SIGN_IN_REQUIRED);
  const auth = await verify(token);
  if (!auth) throw unauthorized((await refusal?.(token).catch(() => undefined)) ?? SESSION_EXPIRED);
  request.auth = auth;
  return auth;
}

export const authentication = fp(
  async (
    app: FastifyInstance,
    opts: {
      verify: TokenVerifier;
      refusal?: Refusal;
      /** What an administrator must have besides the role (two-factor sign-in, when required): throws when missing. */
      adminGate?: (auth: AuthContext) => Promise<void>;
    },
  ) => {
    app.decorateRequest('auth', null);
    app.decorate('verifyToken', opts.verify);

    async function authenticate(request: FastifyRequest): Promise<void> {
      const auth = await authenticateRequest(opts.verify, request, opts.refusal);
      if (auth.isBanned && !request.routeOptions.config.allowBanned) throw forbidden(BANNED_MESSAGE);
    }

    app.decorate('authenticate', authenticate);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await authenticate(request);
      if (currentAuth(request).role !== 'ADMIN') throw forbidden(ADMINS_ONLY);
      await opts.adminGate?.(currentAuth(request));
    });
  },
  { name: 'stoa-authentication' },
);
