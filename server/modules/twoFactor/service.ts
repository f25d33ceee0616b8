import {
  CHALLENGE_EXPIRED,
  CODE_ALREADY_USED,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NEEDS_PASSWORD,
  TWO_FACTOR_NO_SETUP,
  TWO_FACTOR_NEEDED,
  TWO_FACTOR_NOT_ON,
  WRONG_PASSWORD,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../src/api/account/twoFactor';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { PasswordHasher } from '../../core/passwords';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../http/httpError';
import { lazyModule } from '../../lazyModule';
import type { Members } from '../users/members';
import type { Challenges } from './challenges';
import { hashRecoveryCode, isAppCode, matchingStep, newRecoveryCodes, newSecret, totpFor } from './codes';
import type { SecretBox } from './secretBox';
import type { TwoFactorStore } from './store';

// Drawn only when a member sets two-factor up: not held by every server (lazyModule.ts).
const loadQRCode = lazyModule<typeof import('qrcode')>('qrcode');

export interface TwoFactorServiceDeps {
  config: Pick<Config, 'twoFactor'>;
  clock: Clock;
  store: TwoFactorStore;
  box: SecretBox;
  challenges: Challenges;
  hasher: PasswordHasher;
  users: Pick<Members, 'findById'>;
}

/** A code that failed, and whether it failed as a replay (a used step) or as a wrong code. */
const codeRefused = (replay: boolean, status: 400 | 401) =>
  status === 401 ? unauthorized(replay ? CODE_ALREADY_USED : INVALID_CODE) : badRequest(replay ? CODE_ALREADY_USED : INVALID_CODE);

/** Two-factor sign-in: setting it up, turning it off, recovery codes, and the sign-in's second step. */
export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { store, box, clock } = deps;
  const now = () => clock.now().toISOString();

  async function enabledRow(userId: string) {
    const row = await store.find(userId);
    return row?.enabled_at ? row : null;
  }

  /** Checks a code from the app against the stored secret and uses its step: refused when wrong or already used. */
  async function useAppCode(userId: string, secret: string, code: string, status: 400 | 401): Promise<void> {
    const step = matchingStep(box.open(secret), code.replace(/\s+/g, ''), clock.now());
    if (step === null) throw codeRefused(false, status);
    if (!(await store.useStep(userId, step, now()))) throw codeRefused(true, status);
  }

  async function freshRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map(hashRecoveryCode) };
  }

  /** The password and a code from the app, for turning it off or making new recovery codes. */
  async function checkPasswordAndCode(user: UserRow, password: string, code: string) {
    const row = await enabledRow(user.id);
    if (!row) throw badRequest(TWO_FACTOR_NOT_ON);
    if (!user.password_hash || !(await deps.hasher.verify(user.password_hash, password))) throw badRequest(WRONG_PASSWORD);
    await useAppCode(user.id, row.secret, code, 400);
  }

  return {
    /** Whether a password sign-in of this member needs a code. */
    isOn: async (userId: string) => (await enabledRow(userId)) !== null,

    /**
     * For what asks for the password and, when it is on, a code from the app (deleting the account):
     * nothing when it is off; else the code is required and used like any other (once, one step either side).
     */
    async checkCodeIfOn(userId: string, code: string | undefined): Promise<void> {
      const row = await enabledRow(userId);
      if (!row) return;
      if (!code) throw badRequest(TWO_FACTOR_NEEDED);
      await useAppCode(userId, row.secret, code, 400);
    },

    /** An administrator without it, while the server requires it of administrators. */
    setupRequired: async (user: UserRow) =>
      deps.config.twoFactor.requiredForAdmins && user.role === 'ADMIN' && (await enabledRow(user.id)) === null,

    async status(user: UserRow): Promise<TwoFactorStatus> {
      const on = (await enabledRow(user.id)) !== null;
      return {
        enabled: on,
        recoveryCodesLeft: on ? await store.unusedRecoveryCodes(user.id) : 0,
        required: deps.config.twoFactor.requiredForAdmins && user.role === 'ADMIN',
        hasPassword: Boolean(user.password_hash),
      };
    },

    /** A new secret, not on until `enable` gets a code from it. */
    async setup(user: UserRow): Promise<TwoFactorSetup> {
      if (!user.password_hash) throw badRequest(TWO_FACTOR_NEEDS_PASSWORD);
      const secret = newSecret();
      if (!(await store.savePending(user.id, box.seal(secret), now()))) throw conflict(TWO_FACTOR_ALREADY_ON);
      const uri = totpFor(secret, user.username).toString();
      const qrCode = await loadQRCode().toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { secret, uri, qrCode };
    },

    /** The first code turns it on; answers the recovery codes (shown once: only hashes are kept). */
    async enable(user: UserRow, code: string): Promise<string[]> {
      const row = await store.find(user.id);
      if (!row) throw badRequest(TWO_FACTOR_NO_SETUP);
      if (row.enabled_at) throw conflict(TWO_FACTOR_ALREADY_ON);
      const step = matchingStep(box.open(row.secret), code, clock.now());
      if (step === null) throw badRequest(INVALID_CODE);
      const { codes, hashes } = await freshRecoveryCodes();
      if (!(await store.enable(user.id, step, hashes, now()))) throw conflict(TWO_FACTOR_ALREADY_ON);
      return codes;
    },

    async disable(user: UserRow, password: string, code: string): Promise<void> {
      await checkPasswordAndCode(user, password, code);
      await store.remove(user.id);
    },

    async newRecoveryCodes(user: UserRow, password: string, code: string): Promise<string[]> {
      await checkPasswordAndCode(user, password, code);
      const { codes, hashes } = await freshRecoveryCodes();
      await store.replaceRecoveryCodes(user.id, hashes, now());
      return codes;
    },

    /** The first step's answer to an account with it on: a challenge, no session. */
    challenge: (user: UserRow, options: { rememberMe: boolean; admin: boolean }) =>
      deps.challenges.issue({ userId: user.id, tokenVersion: user.token_version, ...options }),

    /** Reads a challenge: null when forged, altered, expired, or its account changed (password reset, no longer admin). */
    async readChallenge(token: string): Promise<{ user: UserRow; rememberMe: boolean } | null> {
      const challenge = await deps.challenges.read(token);
      if (!challenge) return null;
      const user = await deps.users.findById(challenge.userId);
      if (!user || user.token_version !== challenge.tokenVersion) return null;
      if (challenge.admin && user.role !== 'ADMIN') return null;
      return { user, rememberMe: challenge.rememberMe };
    },

    /** The second step: a code from the app (its step unused) or an unused recovery code. */
    async checkSignInCode(user: UserRow, code: string): Promise<void> {
      const row = await enabledRow(user.id);
      // Turned off since the password step: the challenge is no longer what the account needs.
      if (!row) throw unauthorized(CHALLENGE_EXPIRED);
      if (isAppCode(code)) return useAppCode(user.id, row.secret, code, 401);
      if (!(await store.useRecoveryCode(user.id, hashRecoveryCode(code), now()))) throw unauthorized(INVALID_RECOVERY_CODE);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
