import type { UserProfilesTable } from './schema';

/**
 * What a user_profiles row holds for a member who never set anything. A member has no row until
 * something is written (their profile, settings or a ban), so every writer inserts these first.
 */
export const PROFILE_DEFAULTS: Omit<UserProfilesTable, 'user_id' | 'updated_at'> = {
  cover_image: '',
  work: '',
  school: '',
  location: '',
  quote: '',
  social_links: '{}',
  hobbies: '[]',
  interests: '[]',
  notify_messages: 1,
  notify_follows: 1,
  notify_reactions: 1,
  notify_comments: 1,
  ban_reason: '',
  banned_at: null,
  banned_by: null,
};
