import { SignJWT, jwtVerify } from 'jose';
import { CHALLENGE_SECONDS } from '../../../src/api/account/twoFactor';
import type { Clock } from '../../clock';
import { deriveKey } from './secretBox';

const AUDIENCE = 'stoa-two-factor';

/** What a sign-in challenge carries: whose password was right, and how the session should be. */
export interface Challenge {
  userId: string;
  /** The account's token version then: a password reset in between voids the challenge. */
  tokenVersion: number;
  rememberMe: boolean;
  /** From the admin form: the account must still be an administrator. */
  admin: boolean;
}

/**
 * Challenges are short signed tokens (HS256, a key derived for this use only, so a challenge is
 * never a session token and a session token never a challenge), kept by nobody: they last
 * CHALLENGE_SECONDS and every try still needs a code.
 */
export function createChallenges(serverSecret: string, clock: Clock) {
  const key = new Uint8Array(deriveKey(serverSecret, 'two-factor challenges'));
  return {
    async issue(challenge: Challenge): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ tv: challenge.tokenVersion, rm: challenge.rememberMe, adm: challenge.admin })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(challenge.userId)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + CHALLENGE_SECONDS)
        .sign(key);
    },
    /** The challenge, or null when forged, altered or expired. */
    async read(token: string): Promise<Challenge | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: clock.now() });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.tv, rememberMe: payload.rm === true, admin: payload.adm === true };
      } catch {
        return null;
      }
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
