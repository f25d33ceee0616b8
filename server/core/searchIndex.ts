import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { AnswerRow, Database, GroupsTable, PostRow } from '../db/schema';
import { bandsOf, type ImageFingerprint } from '../media/imageHash';
import { markdownPlainText } from '../../src/api/posts/markdown';
import { indexText, usernameText } from './searchText';

/**
 * The writes that keep search in step with posts, members and groups. Each takes the connection
 * or transaction of the write it follows, so the row and its search entry commit (or fail)
 * together. Deleting a post, member or group deletes its entries by foreign key (ON DELETE
 * CASCADE), and SQLite's FTS5 tables follow their *_search table by triggers (migration 0012).
 * Hiding a post changes nothing here: every search applies canSeePost in its own SQL.
 */

/** Runs `write` in the transaction `on` already is, or in a new one. */
export function inTransaction<T>(on: Kysely<Database>, write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return on.isTransaction ? write(on) : on.transaction().execute(write);
}

/**
 * A post's or question's words (its text and its image's description). A Markdown text gives its
 * plain text: words, code and formulas as written, not the marks around them (src/api/posts/markdown.ts).
 */
export async function indexPost(
  on: Kysely<Database>,
  post: Pick<PostRow, 'id' | 'kind' | 'post' | 'image_alt'> & Partial<Pick<PostRow, 'format'>>,
): Promise<void> {
  const text = post.format === 'markdown' ? markdownPlainText(post.post, 'other') : post.post;
  const search_text = indexText(text, post.image_alt);
  await on
    .insertInto('post_search')
    .values({ post_id: post.id, kind: post.kind, search_text })
    .onConflict((oc) => oc.column('post_id').doUpdateSet({ kind: post.kind, search_text }))
    .execute();
}

/** Re-indexes a post from its row as it now stands (after an edit of its text or image description). */
export async function reindexPost(on: Kysely<Database>, postId: string): Promise<void> {
  const row = await on
    .selectFrom('posts')
    .select(['id', 'kind', 'post', 'image_alt', 'format'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (row) await indexPost(on, row);
}

/** An answer's folded words: its Markdown's plain text (code and formulas as written), or its plain text. */
export const answerSearchText = (answer: string, format: string): string =>
  indexText(format === 'markdown' ? markdownPlainText(answer, 'answer') : answer);

/**
 * An answer's words (its Markdown's plain text, as a post's), found by a search of questions. A new
 * answer's entry is numbered from post_search's sequence (0027_answer_search), so questions and
 * answers are walked newest first in one order: PostgreSQL's column defaults to that sequence;
 * SQLite's AUTOINCREMENT keeps it in sqlite_sequence, advanced here in the answer's transaction.
 */
export async function indexAnswer(on: Kysely<Database>, answer: Pick<AnswerRow, 'id' | 'answer' | 'format'>): Promise<void> {
  const search_text = answerSearchText(answer.answer, answer.format);
  const updated = await on.updateTable('answer_search').set({ search_text }).where('answer_id', '=', answer.id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  if (on.getExecutor().adapter instanceof PostgresAdapter) {
    await on.insertInto('answer_search').values({ answer_id: answer.id, search_text }).execute();
    return;
  }
  await sql`insert into sqlite_sequence (name, seq) select 'post_search', coalesce((select max(id) from post_search), 0)
    where not exists (select 1 from sqlite_sequence where name = 'post_search')`.execute(on);
  const next = await sql<{ seq: number }>`update sqlite_sequence set seq = seq + 1 where name = 'post_search' returning seq`.execute(on);
  await on
    .insertInto('answer_search')
    .values({ id: Number(next.rows[0].seq), answer_id: answer.id, search_text })
    .execute();
}

/** A post's image fingerprint: replaced with the image, removed with it (null). */
export async function setImageFingerprint(
  on: Kysely<Database>,
  postId: string,
  image: { id: string; fingerprint: ImageFingerprint } | null,
): Promise<void> {
  await on.deleteFrom('image_hashes').where('post_id', '=', postId).execute();
  if (!image) return;
  const [band0, band1, band2, band3] = bandsOf(image.fingerprint.hash);
  await on
    .insertInto('image_hashes')
    .values({
      post_id: postId,
      image_id: image.id,
      hash: image.fingerprint.hash,
      band0,
      band1,
      band2,
      band3,
      color: image.fingerprint.color,
    })
    .execute();
}

/** A member's name (usernames never change). */
export async function indexUser(on: Kysely<Database>, user: { id: string; username: string }): Promise<void> {
  const search_text = usernameText(user.username);
  await on
    .insertInto('user_search')
    .values({ user_id: user.id, search_text })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ search_text }))
    .execute();
}

/** A group's name (weighted above the rest), description and tags. */
export async function indexGroup(on: Kysely<Database>, group: Pick<GroupsTable, 'id' | 'name' | 'description' | 'tags'>): Promise<void> {
  const name_text = indexText(group.name);
  const body_text = indexText(group.description, ...(JSON.parse(group.tags) as string[]));
  await on
    .insertInto('group_search')
    .values({ group_id: group.id, name_text, body_text })
    .onConflict((oc) => oc.column('group_id').doUpdateSet({ name_text, body_text }))
    .execute();
}

/** Re-indexes a group from its row as it now stands. */
export async function reindexGroup(on: Kysely<Database>, groupId: string): Promise<void> {
  const row = await on.selectFrom('groups').select(['id', 'name', 'description', 'tags']).where('id', '=', groupId).executeTakeFirst();
  if (row) await indexGroup(on, row);
}
