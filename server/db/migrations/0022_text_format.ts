import type { Kysely } from 'kysely';

/**
 * The format of what a member wrote, stored with each post (questions included), answer and
 * comment: 'plain' (everything written so far, shown exactly as before: no `*` or `_` turns into
 * formatting) or 'markdown' (the small Markdown set of docs/client-formatting.md). Existing rows
 * are 'plain' by the column's default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['posts', 'answers', 'comments']) {
    await db.schema
      .alterTable(table)
      .addColumn('format', 'text', (c) => c.notNull().defaultTo('plain'))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['comments', 'answers', 'posts']) await db.schema.alterTable(table).dropColumn('format').execute();
}
