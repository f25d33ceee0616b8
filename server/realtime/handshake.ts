import type { Socket } from 'socket.io';
import { BANNED_MESSAGE } from '../../src/api/constants';
import type { AuthContext, TokenVerifier } from '../core/authContext';
import { SESSION_EXPIRED, SIGN_IN_REQUIRED } from '../http/authentication';

/**
 * The one handshake check of every namespace: the token in `auth.token` must be a live session
 * (the same verifier as the HTTP API's). `allowBanned` is for the checkpoint namespace alone,
 * whose whole purpose is a banned member's news; `keep` says what the socket carries from it.
 */
export function authenticateHandshake(
  verify: TokenVerifier,
  keep: (auth: AuthContext, socket: Socket) => Record<string, unknown>,
  options: { allowBanned?: boolean } = {},
) {
  return async (socket: Socket, next: (error?: Error) => void) => {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token === '') return next(new Error(SIGN_IN_REQUIRED));
    const auth = await verify(token).catch(() => null);
    if (!auth) return next(new Error(SESSION_EXPIRED));
    if (auth.isBanned && !options.allowBanned) return next(new Error(BANNED_MESSAGE));
    socket.data = keep(auth, socket);
    next();
  };
}
