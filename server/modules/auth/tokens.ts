import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { roleSchema, type Role } from '../../../src/api/auth';
import type { Clock } from '../../clock';

const ISSUER = 'stoa';

/** What a Stoa token says. Role and names are hints for the client; the server re-reads them. */
export interface TokenClaims {
  sub: string;
  authId: string;
  username: string;
  role: Role;
  /** The user's token_version when issued; a password reset bumps it and ends older tokens. */
  tv: number;
  /** The session row's id: signing out deletes the row. */
  jti: string;
  exp: number;
}

export interface TokenService {
  sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  read(token: string): Promise<TokenClaims | null>;
}

/** Verified tokens remembered (one per live session that made a request lately). */
export const VERIFIED_TOKENS_CACHE_SIZE = 10_000;

/**
 * Signs and reads Stoa tokens. Every request presents its token, and checking an HMAC signature
 * through WebCrypto (a thread-pool job and a promise per call) cost a fifth of a feed request,
 * so a token read once is remembered by its exact text: only a token that passed the full check
 * enters, and a remembered one is served only until its own `exp` by the service's clock. What
 * can end a token earlier (sign-out, a password reset, a ban) is checked against the database on
 * every request anyway (verifier.ts), so remembering the signature check changes nothing there.
 */
export function createTokenService(secret: string, clock: Clock, options: { cacheSize?: number } = {}): TokenService {
  const verified = new LRUCache<string, TokenClaims>({ max: options.cacheSize ?? VERIFIED_TOKENS_CACHE_SIZE });
  const unexpired = (claims: TokenClaims) => claims.exp * 1000 > clock.now().getTime();
  // Imported once: handed the raw bytes, jose would import an HMAC CryptoKey on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  key.catch(() => undefined); // a bad secret fails where it is used (sign/read), not as an unhandled rejection
  return {
    sign: async ({ sub, jti, ...rest }, expiresAt) =>
      new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(sub)
        .setJti(jti)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key),
    async read(token) {
      const known = verified.get(token);
      if (known) {
        if (unexpired(known)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        const role = roleSchema.safeParse(payload.role);
        if (!role.success || typeof payload.tv !== 'number' || typeof payload.authId !== 'string') return null;
        const claims: TokenClaims = {
          sub: payload.sub!,
          jti: payload.jti!,
          exp: payload.exp!,
          authId: payload.authId,
          username: String(payload.username ?? ''),
          role: role.data,
          tv: payload.tv,
        };
        verified.set(token, Object.freeze(claims));
        return claims;
      } catch {
        return null;
      }
    },
  };
}
