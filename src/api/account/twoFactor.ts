import { z } from 'zod';
import { authResponseSchema, PASSWORD_MAX } from '../auth/schemas';

/**
 * Two-factor sign-in (TOTP, issue 34): this area's part of the one path table (src/api/paths.ts),
 * its bodies, answers and the words the member reads.
 */
export const twoFactorPaths = {
  twoFactor: {
    /** GET: whether it is on, how many recovery codes are left, whether the member's role requires it. */
    status: '/account/two-factor',
    /** POST: a new secret (not on yet): its otpauth URI, a QR code and the secret as text. */
    setup: '/account/two-factor/setup',
    /** POST {code}: the first code from the app turns it on; answers the ten recovery codes, once. */
    enable: '/account/two-factor/enable',
    /** POST {password, code}: turns it off. */
    disable: '/account/two-factor/disable',
    /** POST {password, code}: ten new recovery codes (the old ones stop working). */
    recoveryCodes: '/account/two-factor/recovery-codes',
    /** POST {challenge, code}: the second step of a password sign-in; answers a session. */
    signIn: '/signin/two-factor',
  },
} as const;

/** How many recovery codes a member gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Seconds a sign-in challenge (password right, code still to come) stays usable. */
export const CHALLENGE_SECONDS = 5 * 60;
/** The issuer shown in authenticator apps. */
export const TWO_FACTOR_ISSUER = 'Stoa';

export const TWO_FACTOR_ON = 'Two-factor sign-in is on';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on';
export const TWO_FACTOR_NO_SETUP = 'Start setting up two-factor sign-in first';
export const TWO_FACTOR_NEEDS_PASSWORD = 'Two-factor sign-in protects password sign-in; set a password first (Forgot password)';
export const INVALID_CODE = 'That code is not right. Check your authenticator app and try again.';
export const INVALID_RECOVERY_CODE = 'That recovery code is not right, or it was already used.';
export const CODE_ALREADY_USED = 'That code has already been used. Wait for the next one.';
export const WRONG_PASSWORD = 'Wrong password';
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Please sign in again.';
export const TWO_FACTOR_NEEDED = 'Enter the code from your authenticator app';
export const RECOVERY_CODES_MADE = 'New recovery codes made; the old ones no longer work';
/** The notice an administrator reads on Settings > Security while the server requires it of them. */
export const ADMIN_TWO_FACTOR_REQUIRED = 'Administrators must use two-factor sign-in. Turn it on to keep your account safe.';

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
