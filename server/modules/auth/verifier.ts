import type { Role } from '../../../src/api/auth';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { AuthStore } from './store';
import type { TokenService } from './tokens';

/** Who is asking, as the database says now (not as the token said when it was issued). */
export interface AuthContext {
  userId: string;
  authId: string;
  username: string;
  role: Role;
  isBanned: boolean;
  sessionId: string;
  token: string;
  user: UserRow;
}

export type TokenVerifier = (token: string) => Promise<AuthContext | null>;

/**
 * Checks a bearer token the one way the whole server uses (HTTP requests and socket handshakes):
 * a valid signature, a live session row, and the user's current token version.
 * Ban and role come from the user row, never from the token.
 */
export function createTokenVerifier(deps: { tokens: TokenService; store: AuthStore; clock: Clock }): TokenVerifier {
  return async (token) => {
    const claims = await deps.tokens.read(token);
    if (!claims) return null;
    const user = await deps.store.findSessionUser(claims.jti, claims.sub, deps.clock.now().toISOString());
    if (!user || user.token_version !== claims.tv) return null;
    return {
      userId: user.id,
      authId: user.auth_id,
      username: user.username,
      role: user.role,
      isBanned: Boolean(user.is_banned),
      sessionId: claims.jti,
      token,
      user,
    };
  };
}
