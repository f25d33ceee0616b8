import { SignJWT, jwtVerify } from 'jose';
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

export function createTokenService(secret: string, clock: Clock): TokenService {
  // Imported once: handed the raw bytes, jose would import an HMAC CryptoKey on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
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
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'jti', 'exp'],
        });
        const role = roleSchema.safeParse(payload.role);
        if (!role.success || typeof payload.tv !== 'number' || typeof payload.authId !== 'string') return null;
        return {
          sub: payload.sub!,
          jti: payload.jti!,
          exp: payload.exp!,
          authId: payload.authId,
          username: String(payload.username ?? ''),
          role: role.data,
          tv: payload.tv,
        };
      } catch {
        return null;
      }
    },
  };
}
