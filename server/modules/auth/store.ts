import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { queryTemplate } from '../../db/queryTemplate';
import { retirePasswordResets } from '../../core/passwordResets';

/** SQL for sessions and password-reset tokens. Times are ISO strings, compared as text. */
export function createAuthStore(db: Kysely<Database>) {
  /** Every request runs it: compiled once (db/queryTemplate.ts). */
  const sessionUser = queryTemplate(
    db,
    () => 'session user',
    (_shape: null, values: { sessionId: string; userId: string; now: string }) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select('sessions.expires_at as session_expires_at')
        .where('sessions.id', '=', values.sessionId)
        .where('sessions.user_id', '=', values.userId)
        .where('sessions.ended_at', 'is', null)
        .where('sessions.expires_at', '>', values.now),
  );

  return {
    /** `browser` and `system`: the device in words (sessions/device.ts), '' when unknown. */
    createSession: (session: { id: string; userId: string; expiresAt: string; createdAt: string; browser?: string; system?: string }) =>
      db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          expires_at: session.expiresAt,
          created_at: session.createdAt,
          browser: session.browser ?? '',
          system: session.system ?? '',
          ended_at: null,
        })
        .execute(),

    /** The user behind a live session, and when that session ends. */
    findSessionUser: async (
      sessionId: string,
      userId: string,
      now: string,
    ): Promise<{ user: UserRow; sessionExpiresAt: string } | undefined> => {
      const row = (await sessionUser.execute(null, { sessionId, userId, now }))[0];
      if (!row) return undefined;
      const { session_expires_at: sessionExpiresAt, ...user } = row;
      return { user, sessionExpiresAt };
    },

    deleteSession: (sessionId: string) => db.deleteFrom('sessions').where('id', '=', sessionId).execute(),

    /**
     * Expired rows are of no use; cleared opportunistically when someone signs in. Only when there
     * is one: a delete moves the auth version (db/authVersion.ts), which would send every session
     * kept in memory back to the database on every sign-in.
     */
    async deleteExpiredSessions(userId: string, now: string): Promise<void> {
      const expired = db.selectFrom('sessions').select('id').where('user_id', '=', userId).where('expires_at', '<=', now);
      if (!(await expired.limit(1).executeTakeFirst())) return;
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    },

    createPasswordReset: async (reset: { tokenHash: string; userId: string; expiresAt: string; now: string }) => {
      await db.transaction().execute(async (trx) => {
        // A new link retires the older ones, so only the latest e-mail works.
        await retirePasswordResets(trx, reset.userId, reset.now);
        await trx
          .insertInto('password_resets')
          .values({ token_hash: reset.tokenHash, user_id: reset.userId, expires_at: reset.expiresAt, used_at: null, created_at: reset.now })
          .execute();
      });
    },

    findUsableReset: (tokenHash: string, now: string) =>
      db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /**
     * Uses the token and sets the password in one transaction. The conditional update makes a
     * token single-use even when two requests race: only one of them changes a row. Any other
     * open link of the member is retired with it.
     * Bumping token_version and deleting the sessions ends every token issued before.
     */
    async consumeResetAndSetPassword(tokenHash: string, passwordHash: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return false;
        await retirePasswordResets(trx, used.user_id, now);
        await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', used.user_id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
        return true;
      });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
