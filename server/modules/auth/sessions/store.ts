import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Device } from './device';

/** The most sessions a list shows: every sign-in makes one, and expired ones go at the next sign-in. */
export const SESSIONS_LISTED = 100;

export interface SessionListRow {
  id: string;
  browser: string;
  system: string;
  created_at: string;
  last_seen_at: string | null;
}

/** SQL of "where you are signed in": the sessions' devices, their last-seen times, the devices a member has used. */
export function createSessionsStore(db: Kysely<Database>) {
  const live = (userId: string, now: string) =>
    db.selectFrom('sessions').where('user_id', '=', userId).where('ended_at', 'is', null).where('expires_at', '>', now);

  return {
    /** The member's live sessions, the most recently opened first. */
    list: (userId: string, now: string): Promise<SessionListRow[]> =>
      live(userId, now)
        .leftJoin('session_activity', 'session_activity.session_id', 'sessions.id')
        .select(['sessions.id', 'sessions.browser', 'sessions.system', 'sessions.created_at', 'session_activity.last_seen_at'])
        .orderBy('sessions.created_at', 'desc')
        .orderBy('sessions.id', 'desc')
        .limit(SESSIONS_LISTED)
        .execute(),

    /** Ends one live session of the member's; false when there is none by that id. */
    async end(userId: string, sessionId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends every live session of the member's but `keepId`; answers the ids ended. */
    async endOthers(userId: string, keepId: string, now: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', userId)
          .where('id', '<>', keepId)
          .where('ended_at', 'is', null)
          .where('expires_at', '>', now)
          .execute();
        if (rows.length === 0) return [];
        const ids = rows.map((row) => row.id);
        await trx.updateTable('sessions').set({ ended_at: now }).where('id', 'in', ids).where('ended_at', 'is', null).execute();
        return ids;
      });
    },

    /** Whether a session was ended from another device (and not yet expired and cleared). */
    async wasEnded(sessionId: string): Promise<boolean> {
      const row = await db.selectFrom('sessions').select('ended_at').where('id', '=', sessionId).executeTakeFirst();
      return Boolean(row?.ended_at);
    },

    /** The session was seen now. Its own table: this write leaves the auth version alone (db/authVersion.ts). */
    seen: (sessionId: string, now: string) =>
      db
        .insertInto('session_activity')
        .values({ session_id: sessionId, last_seen_at: now })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_seen_at: now }))
        .execute(),

    /**
     * Remembers the device for the member. Answers whether it is new to them, and whether they had
     * any device before (the first one recorded is the member's own by definition: no alarm).
     */
    async recordDevice(userId: string, device: Device, now: string): Promise<{ isNew: boolean; hadOthers: boolean }> {
      const inserted = await db
        .insertInto('known_devices')
        .values({ user_id: userId, browser: device.browser, system: device.system, first_seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'browser', 'system']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!inserted) return { isNew: false, hadOthers: true };
      const other = await db
        .selectFrom('known_devices')
        .select('browser')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('browser', '<>', device.browser), eb('system', '<>', device.system)]))
        .limit(1)
        .executeTakeFirst();
      return { isNew: true, hadOthers: Boolean(other) };
    },
  };
}

export type SessionsStore = ReturnType<typeof createSessionsStore>;
