import { sql, type SqlBool } from 'kysely';
import { OPEN_STATUSES } from '../../../src/api/moderation';
import { PEOPLE_PAGE_SIZE, SEARCH_RESULTS_MAX } from '../../../src/api/users';
import { boundedCount } from '../../db/boundedCount';
import { PROFILE_DEFAULTS } from '../../db/profileDefaults';
import type { DatabaseHandle } from '../../db/database';
import type { ProfileReportsTable, UserProfilesTable } from '../../db/schema';
import { canSeePost, notBlockedBetween, type Viewer } from '../../core/visibility';
import { retirePasswordResets } from '../../core/passwordResets';
import type { PersonRow } from '../../core/presentUser';

export type ProfileChanges = Partial<Omit<UserProfilesTable, 'user_id' | 'updated_at'>>;

/** Escapes LIKE's wildcards so a search term matches literally (escape character `\`). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** SQL for people lists, profiles, settings, behaviour and profile reports. Every list applies the block rule in SQL. */
export function createProfileStore(database: DatabaseHandle) {
  const { db } = database;

  /**
   * Members the viewer may see in lists: not themselves, no block either way, not banned (admins
   * see banned ones), never an admin account (admins moderate; they are not members to follow).
   */
  const people = (viewer: Viewer) => {
    let query = db
      .selectFrom('users')
      .where('users.id', '<>', viewer.id)
      .where('users.role', '<>', 'ADMIN')
      .where(notBlockedBetween(viewer, 'users.id'));
    if (!viewer.isAdmin) query = query.where('users.is_banned', '=', 0);
    return query;
  };

  const personColumns = (viewer: Viewer) =>
    [
      'users.id',
      'users.username',
      'users.avatar_color',
      'users.avatar_image',
      'users.profile_picture',
      sql<unknown>`exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = users.id)`.as(
        'is_following',
      ),
      sql<unknown>`exists (select 1 from follows where follows.follower_id = users.id and follows.followee_id = ${viewer.id})`.as(
        'follows_you',
      ),
    ] as const;

  return {
    defaults: PROFILE_DEFAULTS,

    findProfile: (userId: string) => db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** Creates the row with the defaults when the member has none, then applies the changes. */
    async upsertProfile(userId: string, changes: ProfileChanges, now: string): Promise<UserProfilesTable> {
      return db
        .insertInto('user_profiles')
        .values({ ...PROFILE_DEFAULTS, ...changes, user_id: userId, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: now }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    setAllowPersonalize: (userId: string, allow: boolean, now: string) =>
      db
        .updateTable('users')
        .set({ allow_personalize: allow ? 1 : 0, updated_at: now })
        .where('id', '=', userId)
        .execute(),

    setProfilePicture: (userId: string, url: string, now: string) =>
      db.updateTable('users').set({ profile_picture: url, updated_at: now }).where('id', '=', userId).execute(),

    /** A member the viewer may look at: exists and no block either way (admins see all). */
    visibleMember: (viewer: Viewer, userId: string) =>
      db.selectFrom('users').selectAll().where('id', '=', userId).where(notBlockedBetween(viewer, 'users.id')).executeTakeFirst(),

    /** The viewer's relation to one member and the banner's counts, each as the viewer may see them. */
    async relationAndCounts(viewer: Viewer, userId: string) {
      const row = await db
        .selectFrom('users')
        .select([
          sql<unknown>`exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = users.id)`.as(
            'is_following',
          ),
          sql<unknown>`exists (select 1 from follows where follows.follower_id = users.id and follows.followee_id = ${viewer.id})`.as(
            'follows_you',
          ),
          (eb) =>
            eb
              .selectFrom('posts')
              .select((e) => e.fn.countAll<string | number>().as('n'))
              .whereRef('posts.user_id', '=', 'users.id')
              .where(canSeePost(viewer, 'posts'))
              .as('posts_count'),
          (eb) =>
            eb
              .selectFrom('follows')
              .innerJoin('users as f', 'f.id', 'follows.follower_id')
              .select((e) => e.fn.countAll<string | number>().as('n'))
              .whereRef('follows.followee_id', '=', 'users.id')
              .where(notBlockedBetween(viewer, 'f.id'))
              .as('followers_count'),
          (eb) =>
            eb
              .selectFrom('follows')
              .innerJoin('users as f', 'f.id', 'follows.followee_id')
              .select((e) => e.fn.countAll<string | number>().as('n'))
              .whereRef('follows.follower_id', '=', 'users.id')
              .where(notBlockedBetween(viewer, 'f.id'))
              .as('following_count'),
        ])
        .where('users.id', '=', userId)
        .executeTakeFirstOrThrow();
      return {
        isFollowing: Boolean(Number(row.is_following)) || row.is_following === true,
        followsYou: Boolean(Number(row.follows_you)) || row.follows_you === true,
        postsCount: Number(row.posts_count ?? 0),
        followersCount: Number(row.followers_count ?? 0),
        followingCount: Number(row.following_count ?? 0),
      };
    },

    /** GET /user/all/{page}: newest members first. */
    async page(viewer: Viewer, page: number): Promise<{ rows: PersonRow[]; total: number }> {
      const [rows, total] = await Promise.all([
        people(viewer)
          .select(personColumns(viewer))
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id', 'desc')
          .limit(PEOPLE_PAGE_SIZE)
          .offset((page - 1) * PEOPLE_PAGE_SIZE)
          .execute(),
        // Bounded (db/boundedCount.ts): a count of every member would cost more as the community grows.
        boundedCount(db, people(viewer)),
      ]);
      return { rows, total };
    },

    /** Names containing the term (case-insensitive, wildcards literal); names starting with it first. */
    search: (viewer: Viewer, term: string): Promise<PersonRow[]> => {
      const lower = term.toLowerCase();
      return people(viewer)
        .select(personColumns(viewer))
        .where(sql<SqlBool>`users.username_lower like ${`%${likeLiteral(lower)}%`} escape '\\'`)
        .orderBy(sql`case when users.username_lower like ${`${likeLiteral(lower)}%`} escape '\\' then 0 else 1 end`)
        .orderBy('users.username_lower')
        .limit(SEARCH_RESULTS_MAX)
        .execute();
    },

    /** Candidates to follow: people the viewer does not follow yet, the most followed first. */
    suggestionCandidates: (viewer: Viewer, limit: number) =>
      people(viewer)
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .select([...personColumns(viewer), 'user_profiles.interests'])
        .select(sql<string | number>`(select count(*) from follows where follows.followee_id = users.id)`.as('followers'))
        .where(sql<SqlBool>`not exists (select 1 from follows where follows.follower_id = ${viewer.id} and follows.followee_id = users.id)`)
        .orderBy(sql`(select count(*) from follows where follows.followee_id = users.id)`, 'desc')
        .orderBy('users.created_at', 'desc')
        .limit(limit)
        .execute(),

    clearBehavior: async (userId: string): Promise<number> => {
      const result = await db.deleteFrom('user_behaviors').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows ?? 0);
    },

    /** One thing the member did (see behavior.ts); a no-op while they do not allow personalization. */
    recordBehavior: (row: { id: string; userId: string; action: string; subjectId?: string; topic?: string; now: string }) =>
      db
        .insertInto('user_behaviors')
        .columns(['id', 'user_id', 'action', 'subject_id', 'topic', 'created_at'])
        .expression(
          db
            .selectFrom('users')
            .select((eb) => [
              eb.val(row.id).as('id'),
              'users.id as user_id',
              eb.val(row.action).as('action'),
              eb.val(row.subjectId ?? null).as('subject_id'),
              eb.val(row.topic ?? null).as('topic'),
              eb.val(row.now).as('created_at'),
            ])
            .where('users.id', '=', row.userId)
            .where('users.allow_personalize', '=', 1),
        )
        .execute(),

    /** An open (pending or reviewing) report of this member by this reporter. */
    hasPendingReport: async (reporterId: string, reportedId: string) =>
      (await db
        .selectFrom('profile_reports')
        .select('id')
        .where('reporter_id', '=', reporterId)
        .where('reported_id', '=', reportedId)
        .where('status', 'in', OPEN_STATUSES)
        .executeTakeFirst()) !== undefined,

    insertReport: (row: ProfileReportsTable) => db.insertInto('profile_reports').values(row).execute(),

    /** Ids of members in a block with this one, either way (presence leaves them out of each other's view). */
    blockPartners: async (userId: string): Promise<string[]> => {
      const rows = await db
        .selectFrom('blocks')
        .select(sql<string>`case when blocker_id = ${userId} then blocked_id else blocker_id end`.as('other'))
        .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
        .execute();
      return rows.map((row) => row.other);
    },

    /** The session a request came with (its lifetime tells a remembered sign-in from a short one). */
    findSession: (sessionId: string) => db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst(),

    /** New password: bumps the token version, ends every session and retires open reset links, in one transaction. */
    async setPassword(userId: string, passwordHash: string, now: string) {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        await retirePasswordResets(trx, userId, now);
        return user;
      });
    },

    findImage: (imageId: string) => db.selectFrom('images').selectAll().where('id', '=', imageId).executeTakeFirst(),
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
