import type { Kysely } from 'kysely';
import { HASHTAG_MAX, hashtagsOf, mentionsOf } from '../../../src/api/richText';
import type { Database } from '../../db/schema';

/** A text with many tags or names keeps the first ones: enough for any honest post, bounded for a spammer. */
export const TAGS_KEPT = 20;
export const MENTIONS_KEPT = 20;

export interface TextSource {
  /** The post, comment or answer the text is. */
  sourceId: string;
  /** The post it belongs to (itself for a post): its visibility is the text's. */
  postId: string;
  text: string;
  at: string;
}

/** The hashtags of a text as stored: normalised, bounded. */
export const storedTags = (text: string) => hashtagsOf(text).filter((tag) => tag.length <= HASHTAG_MAX).slice(0, TAGS_KEPT);

/**
 * Writes (or, on an edit, replaces) the hashtags and mentions of one text, inside the caller's
 * transaction. Mentions name members by username (case does not matter); unknown names are text.
 * Returns the members mentioned now who were not before: an edit notifies only them.
 */
export async function writeTextIndex(trx: Kysely<Database>, source: TextSource): Promise<string[]> {
  const before = await trx.selectFrom('text_mentions').select('user_id').where('source_id', '=', source.sourceId).execute();
  await dropTextIndex(trx, source.sourceId);
  const tags = storedTags(source.text);
  if (tags.length > 0) {
    await trx
      .insertInto('text_tags')
      .values(tags.map((tag) => ({ source_id: source.sourceId, post_id: source.postId, tag, created_at: source.at })))
      .execute();
  }
  const names = mentionsOf(source.text).slice(0, MENTIONS_KEPT);
  if (names.length === 0) return [];
  const members = await trx.selectFrom('users').select('id').where('username_lower', 'in', names).execute();
  if (members.length === 0) return [];
  await trx
    .insertInto('text_mentions')
    .values(members.map((m) => ({ source_id: source.sourceId, post_id: source.postId, user_id: m.id, created_at: source.at })))
    .execute();
  const known = new Set(before.map((row) => row.user_id));
  return members.map((m) => m.id).filter((id) => !known.has(id));
}

/** A deleted comment or answer takes its tags and mentions along (a post's go by cascade). */
export async function dropTextIndex(trx: Kysely<Database>, sourceId: string): Promise<void> {
  await trx.deleteFrom('text_tags').where('source_id', '=', sourceId).execute();
  await trx.deleteFrom('text_mentions').where('source_id', '=', sourceId).execute();
}
