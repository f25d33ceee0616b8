import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Moderation (server/modules/moderation): post reports, appeals, the audit log, who banned a
 * member, why and by whom a post was hidden, and the daily counts the admin statistics read.
 *
 * - `post_reports`: one per post and reporter (unique), in the four moderation statuses.
 * - `appeals`: a banned member's request for review; at most one `pending` per member (a partial
 *   unique index: a member has one ban at a time, so this is "one open appeal per ban").
 * - `audit_log`: every admin action. `subject_id` is the member or post the action is about (the
 *   reported member of a profile report, the appellant of an appeal), so the history beside a
 *   report, ban or hidden post is one indexed range per item.
 * - `daily_counts`: members and posts (questions included) created per UTC day, kept by triggers
 *   in the very transaction of every insert and delete of `users` and `posts` (foreign-key
 *   cascades included), and back-filled here. Statistics sum these rows, never the big tables.
 *   SQLite: row triggers with an upsert. PostgreSQL: statement triggers over transition tables,
 *   so a bulk insert costs one upsert per day it touches.
 * - Profile reports: the old `reviewed` status becomes `resolved`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await sql`update profile_reports set status = 'resolved' where status = 'reviewed'`.execute(db);
  // The queue order: pending first (alphabetically before reviewing), oldest first.
  await db.schema.createIndex('profile_reports_status_idx').on('profile_reports').columns(['status', 'created_at', 'id']).execute();

  await db.schema
    .createTable('post_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('post_reports_post_reporter_unique', ['post_id', 'reporter_id'])
    .addCheckConstraint('post_reports_status_check', sql`status in ('pending', 'reviewing', 'resolved', 'dismissed')`)
    .execute();
  await db.schema.createIndex('post_reports_status_idx').on('post_reports').columns(['status', 'created_at', 'post_id']).execute();
  await db.schema.createIndex('post_reports_post_status_idx').on('post_reports').columns(['post_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('post_reports_reporter_idx').on('post_reports').column('reporter_id').execute();

  await db.schema
    .createTable('appeals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ban_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banned_at', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addCheckConstraint('appeals_status_check', sql`status in ('pending', 'approved', 'rejected')`)
    .execute();
  await db.schema.createIndex('appeals_status_idx').on('appeals').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('appeals_user_idx').on('appeals').columns(['user_id', 'created_at', 'id']).execute();
  await sql`create unique index appeals_one_open_idx on appeals (user_id) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject_id', 'created_at', 'id']).execute();

  // Who banned a member (the reason and time are already there, from 0004_profiles).
  await db.schema.alterTable('user_profiles').addColumn('banned_by', 'text').execute();
  // The banned members: counted on the dashboard, listed on the bans page.
  await sql`create index users_banned_idx on users (id) where is_banned = 1`.execute(db);
  if (postgres) {
    // The admin's member search matches a username or e-mail from its start (LIKE 'term%'): with a
    // database collation other than C, PostgreSQL needs pattern_ops indexes for that. SQLite
    // compares text bytewise and answers the same prefix as a range on the unique indexes.
    await sql`create index users_username_prefix_idx on users (username_lower text_pattern_ops)`.execute(db);
    await sql`create index users_email_prefix_idx on users (email text_pattern_ops)`.execute(db);
  }

  // Why, by whom and when a post was hidden (`hidden` itself is from 0002_posts).
  await db.schema
    .alterTable('posts')
    .addColumn('hidden_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('posts').addColumn('hidden_by', 'text').execute();
  await db.schema.alterTable('posts').addColumn('hidden_at', 'text').execute();
  await sql`update posts set hidden_at = updated_at where hidden = 1 and hidden_at is null`.execute(db);
  await sql`create index posts_hidden_idx on posts (hidden_at, id) where hidden = 1`.execute(db);

  await db.schema
    .createTable('daily_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_counts_pk', ['kind', 'day'])
    .execute();
  // Triggers first: on PostgreSQL creating them locks the tables against writes until this
  // migration commits, so no row can slip between the back-fill and the triggers.
  for (const table of ['users', 'posts']) await createDailyCountTriggers(db, table, postgres);
  for (const table of ['users', 'posts']) {
    await sql`insert into daily_counts (kind, day, n)
      select ${table}, substr(created_at, 1, 10), count(*) from ${sql.table(table)} group by substr(created_at, 1, 10)`.execute(db);
  }
}

async function createDailyCountTriggers(db: Kysely<any>, table: string, postgres: boolean): Promise<void> {
  const t = sql.table(table);
  const kind = sql.lit(table);
  if (!postgres) {
    await sql`create trigger ${sql.id(`${table}_daily_insert`)} after insert on ${t} begin
      insert into daily_counts (kind, day, n) values (${kind}, substr(new.created_at, 1, 10), 1)
        on conflict (kind, day) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger ${sql.id(`${table}_daily_delete`)} after delete on ${t} begin
      update daily_counts set n = n - 1 where kind = ${kind} and day = substr(old.created_at, 1, 10);
    end`.execute(db);
    return;
  }
  if (table === 'users') {
    // One pair of functions serves both tables: the kind is the trigger's argument.
    await sql`create function daily_counts_inserted() returns trigger language plpgsql as $$
      begin
        insert into daily_counts (kind, day, n)
          select tg_argv[0], substr(created_at, 1, 10), count(*) from new_rows group by substr(created_at, 1, 10)
          on conflict (kind, day) do update set n = daily_counts.n + excluded.n;
        return null;
      end $$`.execute(db);
    await sql`create function daily_counts_deleted() returns trigger language plpgsql as $$
      begin
        update daily_counts set n = daily_counts.n - gone.n
          from (select substr(created_at, 1, 10) as day, count(*) as n from old_rows group by substr(created_at, 1, 10)) gone
          where daily_counts.kind = tg_argv[0] and daily_counts.day = gone.day;
        return null;
      end $$`.execute(db);
  }
  await sql`create trigger ${sql.id(`${table}_daily_insert`)} after insert on ${t}
    referencing new table as new_rows for each statement execute function daily_counts_inserted(${kind})`.execute(db);
  await sql`create trigger ${sql.id(`${table}_daily_delete`)} after delete on ${t}
    referencing old table as old_rows for each statement execute function daily_counts_deleted(${kind})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['users', 'posts']) {
    for (const name of [`${table}_daily_insert`, `${table}_daily_delete`]) {
      await sql`drop trigger if exists ${sql.id(name)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  if (postgres) {
    await sql`drop function if exists daily_counts_inserted()`.execute(db);
    await sql`drop function if exists daily_counts_deleted()`.execute(db);
    await sql`drop index if exists users_username_prefix_idx`.execute(db);
    await sql`drop index if exists users_email_prefix_idx`.execute(db);
  }
  await db.schema.dropTable('daily_counts').execute();
  await db.schema.dropIndex('posts_hidden_idx').execute();
  for (const column of ['hidden_at', 'hidden_by', 'hidden_reason']) await db.schema.alterTable('posts').dropColumn(column).execute();
  await db.schema.dropIndex('users_banned_idx').execute();
  await db.schema.alterTable('user_profiles').dropColumn('banned_by').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('appeals').execute();
  await db.schema.dropTable('post_reports').execute();
  await db.schema.dropIndex('profile_reports_status_idx').execute();
}
