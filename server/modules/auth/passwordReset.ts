import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { badRequest } from '../../http/httpError';
import { resetPasswordEmail } from '../../mail/resetPasswordEmail';
import type { Mailer } from '../../mail/mailer';
import type { SessionEvents } from '../../realtime/sessionEvents';
import type { Members } from '../users/members';
import type { PasswordHasher } from '../../core/passwords';
import type { AuthStore } from './store';

export const RESET_LINK_SENT = 'If that email is registered, a reset link has been sent.';
export const RESET_DONE = 'Password reset successfully!';
export const RESET_LINK_INVALID = 'Reset link is invalid or has expired';

/** Tokens are kept only as this digest; the raw token exists in the e-mail alone. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The most a real token can be: 32 bytes in base64url. Longer input is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;

export function createPasswordResetService(deps: {
  config: Pick<Config, 'publicUrl' | 'sessions'>;
  clock: Clock;
  users: Pick<Members, 'findByEmail'>;
  store: AuthStore;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Told when the reset ends the member's sessions, so their sockets close. */
  sessionEvents?: SessionEvents;
}) {
  const { config, clock, users, store, hasher, mailer } = deps;

  return {
    /**
     * Everything happens once the answer is out (`answered`): the lookup, the link and the mail.
     * The request itself does the same for a registered address as for any other, so neither
     * the answer nor its timing tells an attacker who is a member. A failure is logged (mailer.ts).
     */
    forgotPassword(email: string, answered: Promise<unknown>, requestId?: string): void {
      mailer.sendLater(
        answered,
        async () => {
          const user = await users.findByEmail(email);
          if (!user) return undefined;
          const token = randomBytes(32).toString('base64url');
          const now = clock.now();
          await store.createPasswordReset({
            tokenHash: hashResetToken(token),
            userId: user.id,
            expiresAt: new Date(now.getTime() + config.sessions.resetTokenMs).toISOString(),
            now: now.toISOString(),
          });
          const link = `${config.publicUrl}/reset-password?token=${token}`;
          const minutes = Math.round(config.sessions.resetTokenMs / 60_000);
          return { to: user.email, ...resetPasswordEmail({ username: user.username, link, minutes }) };
        },
        requestId,
      );
    },

    /** Sets the new password, uses up the token, and ends every session the member had. */
    async resetPassword(token: string, password: string): Promise<void> {
      if (token.length > MAX_TOKEN_LENGTH) throw badRequest(RESET_LINK_INVALID);
      const tokenHash = hashResetToken(token);
      const now = () => clock.now().toISOString();
      // Checked before the (slow) hashing so bad links are cheap; checked again atomically below.
      const reset = await store.findUsableReset(tokenHash, now());
      if (!reset) throw badRequest(RESET_LINK_INVALID);
      const passwordHash = await hasher.hash(password);
      if (!(await store.consumeResetAndSetPassword(tokenHash, passwordHash, now()))) throw badRequest(RESET_LINK_INVALID);
      deps.sessionEvents?.ended({ userId: reset.user_id, reason: 'password-changed' });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
