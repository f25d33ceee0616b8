import type { FastifyRequest } from 'fastify';

/** What a sign-in says about where it comes from (the request's User-Agent): its session's device. */
export interface SignInClient {
  userAgent?: string;
}

/** The sign-in client of a request: every route that opens a session (auth, the second factor) reads it here. */
export const clientOf = (request: FastifyRequest): SignInClient => ({ userAgent: request.headers['user-agent'] });
