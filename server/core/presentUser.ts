import type { User } from '../../src/api/auth';
import type { UserSummary } from '../../src/api/follows';
import type { UserRow } from '../db/schema';

/** The picture shown beside a member's name: the uploaded one, else the drawn avatar. */
export const pictureOf = (row: { profile_picture: string; avatar_image: string }) => row.profile_picture || row.avatar_image;

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

/** A member as every list shows them: name and picture. */
export const presentSummary = (row: Pick<UserRow, 'id' | 'username' | 'avatar_color' | 'avatar_image' | 'profile_picture'>): UserSummary => ({
  _id: row.id,
  username: row.username,
  avatarColor: row.avatar_color,
  avatarImage: row.avatar_image,
  profilePicture: pictureOf(row),
});
