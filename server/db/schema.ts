import type { Role } from '../../src/api/auth';

/**
 * The tables as Kysely sees them. Later areas add their tables here and in a new migration.
 * Portable column types on purpose: timestamps are ISO-8601 UTC text (they sort as text on both
 * SQLite and PostgreSQL) and booleans are 0/1 integers (better-sqlite3 cannot bind booleans).
 */
export interface UsersTable {
  id: string;
  auth_id: string;
  username: string;
  username_lower: string;
  email: string;
  password_hash: string | null;
  role: Role;
  avatar_color: string;
  avatar_image: string;
  profile_picture: string;
  is_banned: number;
  token_version: number;
  allow_personalize: number;
  created_at: string;
  updated_at: string;
}

/** One row per issued token (its jti); deleting the row ends the token at once. */
export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

/** Only the sha256 of a reset token is kept, so a leaked database cannot reset passwords. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
}

export type UserRow = UsersTable;
