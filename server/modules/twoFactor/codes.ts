import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_ISSUER } from '../../../src/api/account/twoFactor';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
export const PERIOD_SECONDS = 30;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TWO_FACTOR_ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });
}

/**
 * The time step a six-digit code belongs to, if it is the code of the current step or of one
 * step either side (clocks drift; a code typed at the end of its 30 seconds arrives in the next);
 * null otherwise. The caller refuses a step already used.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS, timestamp, window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** No 0/o, 1/l/i: codes are copied by hand. 31 letters, 16 of them: about 79 bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP = 4;

/** Ten codes like `k7pq-3mzx-9aht-w2bd`: each signs in once in place of a code from the app. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: GROUPS }, () => Array.from({ length: GROUP }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-'),
  );
}

/** What is kept of a recovery code: the SHA-256 of its letters, whatever case and dashes were typed. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}

/** A code the member typed is one from the app when it is six digits. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));
