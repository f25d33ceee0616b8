import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Marks every open reset link of a member used. A link is for someone who lost their password:
 * once the password changes (by a reset, by the member, by anyone) or the member is banned, an
 * e-mail still lying in an inbox must not set another one. Run inside the transaction that makes
 * the change. Here rather than in one area's store because auth, users and moderation all make
 * such changes.
 */
export const retirePasswordResets = (db: Kysely<Database>, userId: string, now: string) =>
  db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
