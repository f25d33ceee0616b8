import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for two-factor sign-in: the encrypted secret, the last accepted step, the hashed recovery codes. */
export function createTwoFactorStore(db: Kysely<Database>) {
  return {
    find: (userId: string) => db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** A new secret waiting for its first code; replaces an earlier unconfirmed one, never one that is on. */
    async savePending(userId: string, secret: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
        const on = await trx.selectFrom('two_factor').select('user_id').where('user_id', '=', userId).executeTakeFirst();
        if (on) return false;
        await trx
          .insertInto('two_factor')
          .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: now, updated_at: now })
          .execute();
        return true;
      });
    },

    /** Turns it on with the step of the confirming code and the recovery codes' hashes; false when it was not pending. */
    async enable(userId: string, step: number, codeHashes: string[], now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('two_factor')
          .set({ enabled_at: now, last_step: step, updated_at: now })
          .where('user_id', '=', userId)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_factor_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
          .execute();
        return true;
      });
    },

    /**
     * Accepts a code's time step only if it is later than the last one accepted: one conditional
     * update, so two requests with the same code cannot both pass.
     */
    async useStep(userId: string, step: number, now: string): Promise<boolean> {
      const updated = await db
        .updateTable('two_factor')
        .set({ last_step: step, updated_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** Uses a recovery code once: false when unknown or already used. */
    async useRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
      const updated = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async replaceRecoveryCodes(userId: string, codeHashes: string[], now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_factor_recovery_codes')
          .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
          .execute();
      });
    },

    async unusedRecoveryCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async remove(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
      });
    },
  };
}

export type TwoFactorStore = ReturnType<typeof createTwoFactorStore>;
