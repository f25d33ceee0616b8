import { sql } from 'kysely';

/** A post's engagement as the For you ranking weighs it: every reaction, and comments and answers twice. */
export const engagementSql = sql<number>`posts.reactions_like + posts.reactions_love + posts.reactions_angry + posts.reactions_happy + posts.reactions_sad + posts.reactions_wow + 2 * (posts.comments_count + posts.answers_count)`;

/**
 * The columns every read of For you candidates selects (posts joined to their authors); each read
 * adds how it knows whether the reader follows the author.
 */
export const CANDIDATE_COLUMNS = [
  'posts.id',
  'posts.user_id',
  'users.username',
  'posts.created_at',
  'posts.topics',
  engagementSql.as('engagement'),
] as const;
