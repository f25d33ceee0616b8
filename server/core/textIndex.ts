import { sql, type Kysely } from 'kysely';
import { entitiesOf, HASHTAG_MAX } from '../../src/api/posts/richText';
import { markdownLinkableText, type MarkdownPlace } from '../../src/api/posts/markdown';
import type { TextFormat } from '../../src/api/constants';
import type { Database } from '../db/schema';

/** A text with many tags or names keeps the first ones: enough for any honest post, bounded for a spammer. */
export const TAGS_KEPT = 20;
export const MENTIONS_KEPT = 20;

/** What a save stores of a text: its hashtags (normalised) and the usernames it mentions, bounded. */
export interface IndexedText {
  tags: string[];
  mentions: string[];
}

/**
 * Reads a text once (one tokenize) for everything a save needs of it: its tags (stored, and the
 * topics they map to) and its mentions (stored and notified). Every save computes it once and
 * hands it on. A Markdown text counts only where it shows them as links: not in code, formulas or
 * link texts (markdownLinkableText); a plain one counts all of it.
 */
export function indexedTextOf(text: string, format: TextFormat = 'plain', place: MarkdownPlace = 'other'): IndexedText {
  const { hashtags, mentions } = entitiesOf(format === 'markdown' ? markdownLinkableText(text, place) : text);
  return { tags: hashtags.filter((tag) => tag.length <= HASHTAG_MAX).slice(0, TAGS_KEPT), mentions: mentions.slice(0, MENTIONS_KEPT) };
}

export interface TextSource {
  /** The post, comment or answer the text is. */
  sourceId: string;
  /** The post it belongs to (itself for a post): its visibility is the text's. */
  postId: string;
  indexed: IndexedText;
  at: string;
  /** A post's own text that everyone may read (see `trends`): its tags count in trending. */
  trends?: boolean;
}

/**
 * Whether a post's own tags count in trending: a stream post that is Public and not hidden, the
 * posts every member may read. Trending reads only these rows (text_tags.trends), so no number of
 * Private, Followers or group posts can push them out of what it reads.
 */
export const trends = (post: { privacy: string; group_id: string | null; hidden: number }) =>
  post.privacy === 'Public' && post.group_id === null && post.hidden === 0;

/**
 * Writes (or, on an edit, replaces) the hashtags and mentions of one text, inside the caller's
 * transaction. Mentions name members by username (case does not matter); unknown names are text.
 * Returns the members mentioned now who were not before: an edit notifies only them.
 */
export async function writeTextIndex(trx: Kysely<Database>, source: TextSource): Promise<string[]> {
  const before = await trx.selectFrom('text_mentions').select('user_id').where('source_id', '=', source.sourceId).execute();
  await dropTextIndex(trx, source.sourceId);
  const { tags, mentions: names } = source.indexed;
  if (tags.length > 0) {
    const trending = source.trends ? 1 : 0;
    await trx
      .insertInto('text_tags')
      .values(tags.map((tag) => ({ source_id: source.sourceId, post_id: source.postId, tag, created_at: source.at, trends: trending })))
      .execute();
  }
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

/**
 * Sets whether a post's own tags count in trending from the post as it is now, inside the
 * transaction that changed its privacy, group status or hidden flag (at most TAGS_KEPT rows, by
 * the primary key).
 */
export async function markTrending(trx: Kysely<Database>, postId: string): Promise<void> {
  await trx
    .updateTable('text_tags')
    .set({
      trends: sql<number>`case when exists (select 1 from posts where posts.id = ${postId} and posts.privacy = 'Public' and posts.group_id is null and posts.hidden = 0) then 1 else 0 end`,
    })
    .where('source_id', '=', postId)
    .execute();
}

/** A deleted comment or answer takes its tags and mentions along (a post's go by cascade). */
export async function dropTextIndex(trx: Kysely<Database>, sourceId: string): Promise<void> {
  await trx.deleteFrom('text_tags').where('source_id', '=', sourceId).execute();
  await trx.deleteFrom('text_mentions').where('source_id', '=', sourceId).execute();
}
