import type { AccountDeletion } from '../../src/api/account/data';
import type { User } from '../../src/api/auth';
import type { UserSummary } from '../../src/api/users/follows';
import type { Person } from '../../src/api/users';
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

/**
 * The member's own account as a sign-in and GET /currentuser answer it: with its scheduled deletion,
 * when there is one (the member area shows the notice only then).
 */
export const presentOwnUser =
  (deletions: { deletionOf(userId: string): Promise<AccountDeletion | null> }) =>
  async (row: UserRow): Promise<User> => {
    const deletion = await deletions.deletionOf(row.id);
    return deletion ? { ...presentUser(row), deletion } : presentUser(row);
  };

/** A member as every list shows them: name and picture. */
export const presentSummary = (
  row: Pick<UserRow, 'id' | 'username' | 'avatar_color' | 'avatar_image' | 'profile_picture'>,
): UserSummary => ({
  _id: row.id,
  username: row.username,
  avatarColor: row.avatar_color,
  avatarImage: row.avatar_image,
  profilePicture: pictureOf(row),
});

/** The columns a list of people shows, plus how the viewer relates to each. */
export interface PersonRow {
  id: string;
  username: string;
  avatar_color: string;
  avatar_image: string;
  profile_picture: string;
  is_following: unknown;
  follows_you: unknown;
}

/** A member in a list of people (search, suggestions, followers): their summary and how they relate to the viewer. */
export const presentPerson = (row: PersonRow): Person => ({
  ...presentSummary(row),
  // Both databases answer exists() as 0/1 (SQLite) or a boolean (PostgreSQL).
  isFollowing: row.is_following === true || Number(row.is_following) === 1,
  followsYou: row.follows_you === true || Number(row.follows_you) === 1,
});
