import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { migrationContext } from '../migrationContext';

/**
 * Answers are searched: a word of an answer (a function name in its code) finds its question.
 * `answer_search (id, answer_id unique → answers, search_text)` holds an answer's folded words, kept
 * like post_search (0012_search): SQLite an FTS5 table over it kept by triggers, PostgreSQL a
 * generated tsvector with a GIN index. Deleting an answer (or its question, or its author) deletes
 * the row by foreign key, and on SQLite the FTS index by trigger.
 *
 * Its ids come from post_search's own sequence (PostgreSQL: `post_search_id_seq`; SQLite: the
 * post_search row of sqlite_sequence, advanced by server/core/searchIndex.ts `indexAnswer`), so a
 * question's and an answer's entries are numbered in one order of writing and the questions' search
 * walks both newest first under one cursor (server/modules/search/store.ts `questionWindow`).
 *
 * The answers already stored are indexed here, oldest first, a batch at a time. Unlike 0012, the
 * folding and the Markdown plain text are the live ones, given by the migration context (the
 * Markdown parser cannot be frozen into a file): a later change to the folding re-indexes every
 * *_search table in its own migration.
 */

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('answer_search')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().defaultTo(sql`nextval('post_search_id_seq'::regclass)`) : c.primaryKey(),
    )
    .addColumn('answer_id', 'text', (c) => c.notNull().unique().references('answers.id').onDelete('cascade'))
    .addColumn('search_text', 'text', (c) => c.notNull())
    .$call((t) =>
      postgres
        ? t.addColumn('search_vector', sql`tsvector`, (c) =>
            c.generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, search_text)`).stored(),
          )
        : t,
    )
    .execute();
  if (postgres) {
    await db.schema.createIndex('answer_search_vector_idx').on('answer_search').using('gin').column('search_vector').execute();
  } else {
    const statements = [
      `create virtual table answer_search_fts using fts5(search_text, content='answer_search', content_rowid='id', tokenize='ascii', prefix='2 3')`,
      `create trigger answer_search_ai after insert on answer_search begin
         insert into answer_search_fts(rowid, search_text) values (new.id, new.search_text);
       end`,
      `create trigger answer_search_ad after delete on answer_search begin
         insert into answer_search_fts(answer_search_fts, rowid, search_text) values ('delete', old.id, old.search_text);
       end`,
      `create trigger answer_search_au after update on answer_search begin
         insert into answer_search_fts(answer_search_fts, rowid, search_text) values ('delete', old.id, old.search_text);
         insert into answer_search_fts(rowid, search_text) values (new.id, new.search_text);
       end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
  await backfill(db, postgres);
}

async function backfill(db: Kysely<any>, postgres: boolean) {
  const answerSearchText = migrationContext.getStore()?.answerSearchText;
  if (!answerSearchText) throw new Error("0027_answer_search needs the answers' search text (migrateToLatest gives it)");
  let after = '';
  for (;;) {
    const rows: { id: string; answer: string; format: string }[] = await db
      .selectFrom('answers')
      .select(['id', 'answer', 'format'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const values = rows.map((row) => ({
      answer_id: row.id,
      search_text: answerSearchText(row.answer, row.format),
    }));
    if (postgres) {
      await db.insertInto('answer_search').values(values).execute();
    } else {
      // Numbered from post_search's sequence, as indexAnswer numbers them.
      await sql`insert into sqlite_sequence (name, seq) select 'post_search', coalesce((select max(id) from post_search), 0)
        where not exists (select 1 from sqlite_sequence where name = 'post_search')`.execute(db);
      const { seq } = (await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'post_search'`.execute(db)).rows[0];
      await db
        .insertInto('answer_search')
        .values(values.map((value, i) => ({ id: Number(seq) + 1 + i, ...value })))
        .execute();
      await sql`update sqlite_sequence set seq = seq + ${values.length} where name = 'post_search'`.execute(db);
    }
    after = rows[rows.length - 1].id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!postgres) {
    for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists answer_search_${suffix}`).execute(db);
    await sql.raw('drop table if exists answer_search_fts').execute(db);
  }
  await db.schema.dropTable('answer_search').execute();
}
