import { path } from '../path';
import { TWO_FACTOR_SIGN_IN_PATH } from './twoFactorSignIn';

/**
 * Where you are signed in (Settings): the member's sessions, each with the device it was opened
 * on, and ending them. This area's part of the one path table (src/api/paths.ts), its schemas and
 * its typed client.
 */
export const accountSessionsPaths = {
  accountSessions: {
    /** GET: the member's live sessions, the current one first. DELETE /others ends every other one. */
    list: '/account/sessions',
    endOthers: '/account/sessions/others',
    /** DELETE: ends one session of the member's (not the current one: that is sign-out). */
    end: path('/account/sessions/:sessionId'),
  },
} as const;

/**
 * Leaving with your data: the member's data export (a zip prepared in the background,
 * downloadable for 7 days) and the deletion of their account after a 30-day grace period.
 * docs/api.md ("Your data") explains the paths; docs/server.md the job and the deletion.
 */
export const accountDataPaths = {
  accountData: {
    /** GET: the member's export (or null); POST: prepare a new one. */
    export: '/account/export',
    /** POST: a download address for the ready export, valid for a few minutes. */
    exportLink: '/account/export/link',
    /** GET: the archive itself, by the signed token of an export link (a plain link the browser can follow). */
    exportDownload: path('/account/export/download/:token'),
    /** GET: the scheduled deletion (or null); POST {password}: schedule it; DELETE: cancel it. */
    deletion: '/account/deletion',
    /** Admins: the scheduled deletions, soonest first. */
    scheduledDeletions: '/admin/deletions',
  },
} as const;

/**
 * Two-factor sign-in (TOTP): this area's part of the one path table (src/api/paths.ts),
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
    signIn: TWO_FACTOR_SIGN_IN_PATH,
  },
} as const;
