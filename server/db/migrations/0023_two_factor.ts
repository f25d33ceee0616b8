import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in. `two_factor`: one row per member who started setting it up;
 * `secret` is the TOTP secret encrypted with AES-256-GCM under a key derived from the server's
 * secret, `enabled_at` is NULL until the first code confirmed it, `last_step` is the last TOTP
 * time step accepted (a code of that step or an earlier one is refused: no replay).
 * `two_factor_recovery_codes`: the SHA-256 of each one-time recovery code, `used_at` once used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
}
