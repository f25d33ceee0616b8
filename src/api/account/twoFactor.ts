import { z } from 'zod';
import { authResponseSchema, PASSWORD_MAX } from '../auth/schemas';
export { twoFactorPaths } from './paths';
export {
  RECOVERY_CODE_COUNT,
  CHALLENGE_SECONDS,
  TWO_FACTOR_ISSUER,
  TWO_FACTOR_ON,
  TWO_FACTOR_OFF,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NO_SETUP,
  TWO_FACTOR_NEEDS_PASSWORD,
  INVALID_CODE,
  INVALID_RECOVERY_CODE,
  CODE_ALREADY_USED,
  WRONG_PASSWORD,
  CHALLENGE_EXPIRED,
  TWO_FACTOR_NEEDED,
  RECOVERY_CODES_MADE,
  ADMIN_TWO_FACTOR_REQUIRED,
} from './words';

/** A code from the app: six digits; spaces the member types between groups are ignored. */
const totpCode = z
  .string({ error: 'Code is required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Code is required')
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
  );

/** A code from the app or a recovery code (xxxxx-xxxxx). */
const anyCode = z.string({ error: 'Code is required' }).trim().min(1, 'Code is required').max(40, 'That code is too long');

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX);

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: z.number().int(),
  /** The server requires it of this member (an administrator, TWO_FACTOR_FOR_ADMINS). */
  required: z.boolean(),
  /** Google-only accounts have no password to protect: they cannot turn it on. */
  hasPassword: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/Stoa:name?secret=...&issuer=Stoa */
  uri: z.string(),
  /** The URI as a QR code: a data:image/png URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const enableTwoFactorBodySchema = z.object({ code: totpCode }).strict();
export type EnableTwoFactorBody = z.input<typeof enableTwoFactorBodySchema>;

export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const passwordAndCodeBodySchema = z.object({ password, code: totpCode }).strict();
export type PasswordAndCodeBody = z.input<typeof passwordAndCodeBodySchema>;

export const twoFactorSignInBodySchema = z
  .object({
    challenge: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(2000),
    code: anyCode,
  })
  .strict();
export type TwoFactorSignInBody = z.input<typeof twoFactorSignInBodySchema>;

/** The answer of a password sign-in to an account with two-factor sign-in on: no session yet. */
export const twoFactorChallengeSchema = z.object({
  message: z.string(),
  twoFactor: z.literal(true),
  /** Sent back with the code (POST /signin/two-factor); good for CHALLENGE_SECONDS. */
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** A session, and whether its member (an administrator) is asked to set two-factor sign-in up now. */
export const signedInSchema = authResponseSchema.extend({ twoFactorSetupRequired: z.boolean().optional() });
export type SignedIn = z.infer<typeof signedInSchema>;

/** What POST /signin (password) and POST /admin/signin answer: a session or a challenge. */
export const signInAnswerSchema = z.union([signedInSchema, twoFactorChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const isTwoFactorChallenge = (answer: SignInAnswer): answer is TwoFactorChallenge => 'twoFactor' in answer && answer.twoFactor;
