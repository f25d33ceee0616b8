import type { User } from '../../../src/api/auth';
import type { UserRow } from '../../db/schema';

/** A user row as the wire contract shows it: `_id`, camelCase, booleans, no secrets. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    authId: row.auth_id,
    username: row.username,
    email: row.email,
    avatarColor: row.avatar_color,
    avatarImage: row.avatar_image,
    profilePicture: row.profile_picture,
    isBanned: Boolean(row.is_banned),
    role: row.role,
    createdAt: row.created_at,
    personalizeSettings: { allowPersonalize: Boolean(row.allow_personalize) },
  };
}
