import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock';
import type { AuthVersion, Version } from '../../db/authVersion';
import type { AuthStore } from './store';
import type { TokenService } from './tokens';
import type { AuthContext, TokenVerifier } from '../../core/authContext';

/** Sessions answered from memory (one per session that made a request lately). */
export const SESSION_CACHE_SIZE = 10_000;

interface Kept {
  auth: AuthContext;
  /** The auth version read before the database was. */
  version: Version;
  /** The earlier of the session's end and the token's `exp`, in ms. */
  until: number;
}

/**
 * Checks a bearer token the one way the whole server uses (HTTP requests and socket handshakes):
 * a valid signature, a live session row, and the user's current token version.
 * Ban and role come from the user row, never from the token.
 *
 * The answer is kept per token and served again while the auth version (db/authVersion.ts) has
 * not moved, the session has not ended and the token has not expired, by the service clock. Any
 * write to `users` or `sessions` (other than a plain insert) moves the version, so what is served
 * is the database's answer as of the latest such write. Without a version nothing is kept.
 */
export function createTokenVerifier(deps: {
  tokens: TokenService;
  store: AuthStore;
  clock: Clock;
  version?: AuthVersion;
  cacheSize?: number;
}): TokenVerifier {
  const kept = new LRUCache<string, Kept>({ max: deps.cacheSize ?? SESSION_CACHE_SIZE });
  return async (token) => {
    // Before the database: a write racing this read leaves its answer under a version already gone.
    const version = deps.version ? await deps.version.current() : null;
    if (version === null) {
      if (kept.size > 0) kept.clear();
    } else {
      const hit = kept.get(token);
      if (hit && hit.version === version && deps.clock.now().getTime() < hit.until) return hit.auth;
      if (hit) kept.delete(token);
    }

    const claims = await deps.tokens.read(token);
    if (!claims) return null;
    const found = await deps.store.findSessionUser(claims.jti, claims.sub, deps.clock.now().toISOString());
    if (!found || found.user.token_version !== claims.tv) return null;
    const { user } = found;
    // Shared by every request the answer is served to: nobody may change it.
    const auth: AuthContext = Object.freeze({
      userId: user.id,
      authId: user.auth_id,
      username: user.username,
      role: user.role,
      isBanned: Boolean(user.is_banned),
      sessionId: claims.jti,
      token,
      user: Object.freeze(user),
    });
    if (version !== null) kept.set(token, { auth, version, until: Math.min(claims.exp * 1000, Date.parse(found.sessionExpiresAt)) });
    return auth;
  };
}
