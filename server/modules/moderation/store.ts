import { sql, type Kysely, type SqlBool } from 'kysely';
import { ADMIN_PAGE_SIZE, type AppealStatus, type ModerationStatus } from '../../../src/api/moderation';
import type { Cursor } from '../../../src/api/pages';
import { orderPage } from '../../core/paging';
import type { DatabaseHandle } from '../../db/database';
import type { AppealsTable, Database, PostReportsTable, ProfileReportsTable } from '../../db/schema';
import { PROFILE_DEFAULTS } from '../../db/profileDefaults';
import { retirePasswordResets } from '../../core/passwordResets';

/** A member as the admin area shows them: the summary, e-mail, role, join date, posts, ban state. */
export interface AdminUserRow {
  id: string;
  username: string;
  avatar_color: string;
  avatar_image: string;
  profile_picture: string;
  email: string;
  role: 'USER' | 'ADMIN';
  created_at: string;
  is_banned: number;
  ban_reason: string | null;
  banned_at: string | null;
  banned_by: string | null;
  updated_at: string;
  posts_count: string | number;
}

export interface SummaryRow {
  id: string;
  username: string;
  avatar_color: string;
  avatar_image: string;
  profile_picture: string;
}

/** One page of an admin list: the rows of the page and whether another follows. */
export interface RowsPage<T> {
  rows: T[];
  hasMore: boolean;
}

const SUMMARY = ['id', 'username', 'avatar_color', 'avatar_image', 'profile_picture'] as const;

/** Escapes LIKE's wildcards so a search term matches literally (escape character `\`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

async function paged<T>(
  query: { limit(n: number): { offset(n: number): { execute(): Promise<T[]> } } },
  page: number,
): Promise<RowsPage<T>> {
  const rows = await query
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), hasMore: rows.length > ADMIN_PAGE_SIZE };
}

/** `statuses` as a SQL condition on the column (one status, or the open ones). */
const inStatuses = (column: string, statuses: readonly string[]) =>
  sql<SqlBool>`${sql.ref(column)} in (${sql.join(statuses.map((status) => sql.lit(status)))})`;

/**
 * SQL of moderation: members as admins see them, bans, profile and post reports, appeals and
 * hidden posts. Every list is one page (ADMIN_PAGE_SIZE) by an index in the queue's order;
 * counts are over the open items only (small), never over all members or posts.
 */
export function createModerationStore(database: DatabaseHandle) {
  const { db, dialect } = database;

  const adminUsers = (on: Kysely<Database> = db) =>
    on
      .selectFrom('users')
      .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
      .select([
        'users.id',
        'users.username',
        'users.avatar_color',
        'users.avatar_image',
        'users.profile_picture',
        'users.email',
        'users.role',
        'users.created_at',
        'users.is_banned',
        'user_profiles.ban_reason',
        'user_profiles.banned_at',
        'user_profiles.banned_by',
        'users.updated_at',
        // A member's own posts, by the (user_id, created_at, id) index: bounded by that member, not the community.
        sql<string | number>`(select count(*) from posts where posts.user_id = users.id)`.as('posts_count'),
      ]);

  /** Members' summaries by id (reporters, admins who acted). */
  async function summaries(ids: (string | null)[]): Promise<Map<string, SummaryRow>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (wanted.length === 0) return new Map();
    const rows = await db.selectFrom('users').select(SUMMARY).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Lifts a ban inside a transaction (unbanning, or approving an appeal); false when not banned. */
  async function liftBan(trx: Kysely<Database>, userId: string, at: string): Promise<boolean> {
    const updated = await trx
      .updateTable('users')
      .set({ is_banned: 0, updated_at: at })
      .where('id', '=', userId)
      .where('is_banned', '=', 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('user_profiles')
      .set({ ban_reason: '', banned_at: null, banned_by: null, updated_at: at })
      .where('user_id', '=', userId)
      .execute();
    return true;
  }

  /** The open profile reports about a member become `to`; answers their reporters. */
  const settleProfileReportsAbout = async (trx: Kysely<Database>, userId: string, to: ModerationStatus, at: string) =>
    trx
      .updateTable('profile_reports')
      .set({ status: to, updated_at: at })
      .where('reported_id', '=', userId)
      .where(inStatuses('status', ['pending', 'reviewing']))
      .returning(['id', 'reporter_id'])
      .execute();

  return {
    summaries,

    /** Runs `run` in one transaction. */
    transaction: <T>(run: (trx: Kysely<Database>) => Promise<T>) => db.transaction().execute(run),

    // Members and bans

    async adminUsersByIds(ids: string[]): Promise<Map<string, AdminUserRow>> {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return new Map();
      const rows = await adminUsers().where('users.id', 'in', wanted).execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    findAdminUser: (userId: string, on: Kysely<Database> = db) => adminUsers(on).where('users.id', '=', userId).executeTakeFirst(),

    /**
     * Members, 20 a page: newest first; or, with a search, those whose username or e-mail starts with
     * it (case-insensitive: both are stored lowercased), by username, from the prefix indexes.
     */
    usersPage(page: number, search?: string): Promise<RowsPage<AdminUserRow>> {
      if (!search) return paged(adminUsers().orderBy('users.created_at', 'desc').orderBy('users.id', 'desc'), page);
      const term = search.toLowerCase();
      const startsWith = (column: 'username_lower' | 'email') =>
        dialect === 'postgres'
          ? sql<SqlBool>`${sql.ref(column)} like ${`${likeLiteral(term)}%`}`
          : // SQLite compares text bytewise: a prefix is the range [term, term + the highest code point).
            sql<SqlBool>`${sql.ref(column)} >= ${term} and ${sql.ref(column)} < ${`${term}\u{10FFFF}`}`;
      // One range read per index (a union), never a walk of every member in username order.
      const matches = sql<SqlBool>`users.id in (
        select id from users where ${startsWith('username_lower')} union all select id from users where ${startsWith('email')})`;
      return paged(adminUsers().where(matches).orderBy('users.username_lower').orderBy('users.id'), page);
    },

    /** Banned members, most recently banned first (the banned set is small: a partial index). */
    bansPage: (page: number) =>
      paged(
        adminUsers()
          .where('users.is_banned', '=', sql.lit(1))
          .orderBy(sql`coalesce(user_profiles.banned_at, users.updated_at)`, 'desc')
          .orderBy('users.id', 'desc'),
        page,
      ),

    /**
     * Bans a member (never an admin) who is not banned, in one transaction with `alsoWrite` (the
     * audit row): the flag, reason, time and admin, and the open reports about them resolved
     * (answered: their reporters). Null when the member was banned already or is an admin.
     */
    ban: (userId: string, ban: { reason: string; by: string; at: string }, alsoWrite: (trx: Kysely<Database>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ is_banned: 1, updated_at: ban.at })
          .where('id', '=', userId)
          .where('is_banned', '=', 0)
          .where('role', '=', 'USER')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        const fields = { ban_reason: ban.reason, banned_at: ban.at, banned_by: ban.by };
        await trx
          .insertInto('user_profiles')
          .values({ ...PROFILE_DEFAULTS, ...fields, user_id: userId, updated_at: ban.at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...fields, updated_at: ban.at }))
          .execute();
        await retirePasswordResets(trx, userId, ban.at);
        const settled = await settleProfileReportsAbout(trx, userId, 'resolved', ban.at);
        await alsoWrite(trx);
        return settled;
      }),

    liftBan,

    /**
     * Lifts a ban, in one transaction with `alsoWrite`; the member's open appeal, if any, is closed
     * as approved by the admin who lifted it (the ban it asked about is gone). False when not banned.
     */
    unban(userId: string, by: string, at: string, alsoWrite: (trx: Kysely<Database>) => Promise<void>) {
      return db.transaction().execute(async (trx) => {
        if (!(await liftBan(trx, userId, at))) return false;
        await trx
          .updateTable('appeals')
          .set({ status: 'approved', decided_at: at, decided_by: by })
          .where('user_id', '=', userId)
          .where('status', '=', 'pending')
          .execute();
        await alsoWrite(trx);
        return true;
      });
    },

    // Profile reports

    profileReportsPage: (statuses: readonly ModerationStatus[], page: number) =>
      paged(
        db
          .selectFrom('profile_reports')
          .selectAll()
          .where(inStatuses('status', statuses))
          .orderBy('status')
          .orderBy('created_at')
          .orderBy('id'),
        page,
      ),

    /** The newest reports about one member, any status (profile_reports_reported_idx, migration 0020). */
    /** Reports about one member, newest first, older than `cursor` when given (one more than `size`: finishPage). */
    profileReportsAbout: (userId: string, size: number, cursor?: Cursor) =>
      orderPage(
        db.selectFrom('profile_reports').selectAll().where('reported_id', '=', userId),
        { createdAt: 'created_at', id: 'id' },
        { page: 1, size, ...(cursor ? { cursor } : {}) },
      ).execute(),

    /** Open reports about one member: bounded by the reports about them (the same index). */
    async countOpenReportsAbout(userId: string): Promise<number> {
      const row = await db
        .selectFrom('profile_reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('reported_id', '=', userId)
        .where(inStatuses('status', ['pending', 'reviewing']))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A member's newest post ids (questions and group posts too), by the (user_id, created_at, id) index. */
    /** Posts by one member (Private and hidden too), newest first, older than `cursor` when given (one more than `size`). */
    newestPostsOf: (userId: string, size: number, cursor?: Cursor) =>
      orderPage(
        db.selectFrom('posts').select(['id', 'created_at']).where('user_id', '=', userId),
        { createdAt: 'created_at', id: 'id' },
        { page: 1, size, ...(cursor ? { cursor } : {}) },
      ).execute(),

    findProfileReport: (reportId: string) => db.selectFrom('profile_reports').selectAll().where('id', '=', reportId).executeTakeFirst(),

    /** Moves a report from the status it was read in (false when it moved meanwhile). */
    setProfileReportStatus: (
      report: ProfileReportsTable,
      to: ModerationStatus,
      at: string,
      alsoWrite: (trx: Kysely<Database>) => Promise<void>,
    ) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('profile_reports')
          .set({ status: to, updated_at: at })
          .where('id', '=', report.id)
          .where('status', '=', report.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await alsoWrite(trx);
        return true;
      }),

    // Post reports

    findPostReport: (postId: string, reporterId: string) =>
      db.selectFrom('post_reports').select('id').where('post_id', '=', postId).where('reporter_id', '=', reporterId).executeTakeFirst(),

    insertPostReport: (row: PostReportsTable) => db.insertInto('post_reports').values(row).execute(),

    /**
     * One item per reported post having reports in `statuses`: its status (the least advanced of
     * them: pending before reviewing) and its first such report; pending first, oldest first.
     */
    postCasesPage: (statuses: readonly ModerationStatus[], page: number) =>
      paged(
        db
          .selectFrom('post_reports')
          .select(['post_id', sql<ModerationStatus>`min(status)`.as('status'), sql<string>`min(created_at)`.as('first_reported_at')])
          .where(inStatuses('status', statuses))
          .groupBy('post_id')
          .orderBy(sql`min(status)`)
          .orderBy(sql`min(created_at)`)
          .orderBy('post_id'),
        page,
      ),

    /** Posts with reports in these statuses (the total of an open queue). */
    async countPostCases(statuses: readonly ModerationStatus[]): Promise<number> {
      const row = await db
        .selectFrom('post_reports')
        .select(sql<string | number>`count(distinct post_id)`.as('n'))
        .where(inStatuses('status', statuses))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The reports of these posts in these statuses, with their reporters, oldest first. */
    reportsOfPosts: (postIds: string[], statuses: readonly ModerationStatus[]) =>
      postIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('post_reports')
            .innerJoin('users', 'users.id', 'post_reports.reporter_id')
            .select([
              'post_reports.id',
              'post_reports.post_id',
              'post_reports.reason',
              'post_reports.details',
              'post_reports.status',
              'post_reports.created_at',
              'users.id as reporter_id',
              'users.username',
              'users.avatar_color',
              'users.avatar_image',
              'users.profile_picture',
            ])
            .where('post_reports.post_id', 'in', postIds)
            .where(inStatuses('post_reports.status', statuses))
            .orderBy('post_reports.created_at')
            .orderBy('post_reports.id')
            .execute(),

    /** Moves the post's open reports (those not already in `to`) to `to`; answers the moved ones. */
    settlePostReports: (trx: Kysely<Database>, postId: string, to: ModerationStatus, at: string) =>
      trx
        .updateTable('post_reports')
        .set({ status: to, updated_at: at })
        .where('post_id', '=', postId)
        .where(inStatuses('status', ['pending', 'reviewing']))
        .where('status', '<>', to)
        .returning(['id', 'reporter_id'])
        .execute(),

    /** Open reports (pending and reviewing), profiles and posts: small indexed counts. */
    async openReports(): Promise<{ profiles: number; posts: number }> {
      const count = (table: 'profile_reports' | 'post_reports') =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(inStatuses('status', ['pending', 'reviewing']))
          .executeTakeFirstOrThrow();
      const [profiles, posts] = await Promise.all([count('profile_reports'), count('post_reports')]);
      return { profiles: Number(profiles.n), posts: Number(posts.n) };
    },

    async countProfileReports(statuses: readonly ModerationStatus[]): Promise<number> {
      const row = await db
        .selectFrom('profile_reports')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(inStatuses('status', statuses))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // Appeals

    insertAppeal: (row: AppealsTable) => db.insertInto('appeals').values(row).execute(),

    findAppeal: (appealId: string) => db.selectFrom('appeals').selectAll().where('id', '=', appealId).executeTakeFirst(),

    /** The member's newest appeal (about the ban of `bannedAt` when given). */
    latestAppealOf: (userId: string, bannedAt?: string) => {
      let query = db.selectFrom('appeals').selectAll().where('user_id', '=', userId);
      if (bannedAt) query = query.where('banned_at', '=', bannedAt);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    hasOpenAppeal: async (userId: string) =>
      (await db.selectFrom('appeals').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst()) !==
      undefined,

    /** Appeals in a status, oldest first. */
    appealsPage: (status: AppealStatus, page: number) =>
      paged(db.selectFrom('appeals').selectAll().where('status', '=', status).orderBy('created_at').orderBy('id'), page),

    async countAppeals(status: AppealStatus): Promise<number> {
      const row = await db
        .selectFrom('appeals')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Decides a pending appeal (false when it was decided meanwhile), in one transaction with
     * `alsoWrite` (approving: the unban; the audit row).
     */
    decideAppeal: (
      appealId: string,
      decision: { status: 'approved' | 'rejected'; reply: string; by: string; at: string },
      alsoWrite: (trx: Kysely<Database>) => Promise<void>,
    ) =>
      db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('appeals')
          .set({ status: decision.status, reply: decision.reply, decided_by: decision.by, decided_at: decision.at })
          .where('id', '=', appealId)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await alsoWrite(trx);
        return true;
      }),

    // Hidden posts

    /** Hidden posts' ids, most recently hidden first (a partial index on the hidden ones). */
    hiddenPostIdsPage: (page: number) =>
      paged(
        db
          .selectFrom('posts')
          .select(['id', 'hidden_at'])
          .where('hidden', '=', sql.lit(1))
          .orderBy('hidden_at', 'desc')
          .orderBy('id', 'desc'),
        page,
      ),
  };
}

export type ModerationStore = ReturnType<typeof createModerationStore>;
