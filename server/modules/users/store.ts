import type { Kysely } from 'kysely';
import type { Role } from '../../../src/api/auth';
import type { Database, UserRow } from '../../db/schema';
import { indexUser } from '../../core/searchIndex';
import { retirePasswordResets } from '../../core/passwordResets';

export interface NewUser {
  id: string;
  authId: string;
  username: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  avatarColor: string;
  avatarImage: string;
  /** The Google account (ID token `sub`) of a member who arrived through Google sign-in. */
  googleSub?: string | null;
  now: string;
}

/** SQL for members. Names are compared through username_lower; e-mails are stored lowercased. */
export function createUserStore(db: Kysely<Database>) {
  return {
    /** The member and their search entry, in one transaction (the caller's, when given one: a seed writes many). */
    async insert(user: NewUser): Promise<UserRow> {
      const write = async (trx: Kysely<Database>) => {
        const row = await trx
          .insertInto('users')
          .values({
            id: user.id,
            auth_id: user.authId,
            username: user.username,
            username_lower: user.username.toLowerCase(),
            email: user.email,
            password_hash: user.passwordHash,
            role: user.role,
            avatar_color: user.avatarColor,
            avatar_image: user.avatarImage,
            profile_picture: '',
            is_banned: 0,
            token_version: 0,
            allow_personalize: 1,
            google_sub: user.googleSub ?? null,
            created_at: user.now,
            updated_at: user.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await indexUser(trx, row);
        return row;
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },

    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByAuthId: (authId: string) => db.selectFrom('users').selectAll().where('auth_id', '=', authId).executeTakeFirst(),

    findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),

    /** The member linked to a Google account (Google sign-in). */
    findByGoogleSub: (sub: string) => db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst(),

    /** Links a Google account to a member who has none yet; undefined when someone linked one first. */
    linkGoogle: (id: string, sub: string, now: string) =>
      db
        .updateTable('users')
        .set({ google_sub: sub, updated_at: now })
        .where('id', '=', id)
        .where('google_sub', 'is', null)
        .returningAll()
        .executeTakeFirst(),

    /** By name only (case-insensitive), for paths that name a member. */
    findByUsername: (username: string) =>
      db.selectFrom('users').selectAll().where('username_lower', '=', username.trim().toLowerCase()).executeTakeFirst(),

    /** The sign-in form's one field holds a username or an e-mail. */
    findByLogin: (login: string) => {
      const value = login.trim().toLowerCase();
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username_lower', '=', value), eb('email', '=', value)]))
        .executeTakeFirst();
    },

    async usernameTaken(username: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    async emailTaken(email: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },

    updateProfile: (id: string, changes: { avatarColor?: string; avatarImage?: string }, now: string) =>
      db
        .updateTable('users')
        .set({
          ...(changes.avatarColor !== undefined ? { avatar_color: changes.avatarColor } : {}),
          ...(changes.avatarImage !== undefined ? { avatar_image: changes.avatarImage } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Moderation (later the admin area) calls this; the auth layer reads it on every request. */
    setBanned: (id: string, banned: boolean, now: string) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ is_banned: banned ? 1 : 0, updated_at: now })
          .where('id', '=', id)
          .execute();
        // A ban retires the member's reset links (auth/store.ts).
        if (banned) await retirePasswordResets(trx, id, now);
      }),
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
