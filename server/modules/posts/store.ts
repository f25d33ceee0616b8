import { sql, type Kysely, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import { REACTION_TYPES, type ReactionType } from '../../../src/api/constants';
import { PAGE_SIZE } from '../../../src/api/pages';
import type { PostKind } from '../../../src/api/posts';
import type { DatabaseHandle } from '../../db/database';
import { reactionColumn, type Database, type PostRow, type PostsTable } from '../../db/schema';
import { boundedCount } from '../../db/boundedCount';
import { isOneOf } from '../../db/idList';
import { queryTemplate } from '../../db/queryTemplate';
import type { ImageFingerprint } from '../../media/imageHash';
import { indexPost, reindexPost, setImageFingerprint } from '../../core/searchIndex';
import { finishPage, isKeyset, orderPage, pageMode, pageOffset, type PageMode, type PageRequest } from '../../core/paging';
import { markTrending, trends, writeTextIndex, type IndexedText } from '../../core/textIndex';
import { createTotalsCache } from './totals';
import { canSeePost, notBlockedBetween, type Viewer } from '../../core/visibility';
import type { PostWithAuthor, ViewerColumnsOfPost } from '../../core/presentPost';
import type { Topic } from '../../../src/api/posts/topics';
import { splitTopics } from '../../core/postTopics';

/** A member who may see a post, with what the post is to them (for per-recipient socket payloads). */
export type AudienceMember = Viewer & ViewerColumnsOfPost;

/**
 * The viewer-specific columns of a post row `post`, as correlated subqueries on indexed keys
 * (reactions (post_id, user_id), saved_posts (user_id, post_id), follows (follower_id, followee_id)):
 * one indexed lookup each per row of the page, in the same statement, never a query per post.
 */
function viewerFieldsSql(me: RawBuilder<unknown>, post = 'posts') {
  const id = sql.ref(`${post}.id`);
  const author = sql.ref(`${post}.user_id`);
  return [
    sql<ReactionType | null>`(select reactions.type from reactions where reactions.post_id = ${id} and reactions.user_id = ${me})`.as(
      'user_reaction',
    ),
    sql<number>`(case when exists (select 1 from saved_posts where saved_posts.user_id = ${me} and saved_posts.post_id = ${id}) then 1 else 0 end)`.as(
      'viewer_saved',
    ),
    sql<number>`(case when exists (select 1 from follows where follows.follower_id = ${me} and follows.followee_id = ${author}) then 1 else 0 end)`.as(
      'viewer_follows_author',
    ),
  ] as const;
}

/** Which posts a list shows, before visibility. */
export interface PostFilter {
  kind?: PostKind;
  userId?: string;
  withImage?: boolean;
  withVideo?: boolean;
  /** A group's posts (with `groupStatus`); without it, lists show no group posts (they live on the group page). */
  groupId?: string;
  groupStatus?: 'pending' | 'accepted';
}

export interface PostPage {
  rows: PostWithAuthor[];
  total?: number;
  nextCursor: string | null;
}

export const postCursor = (row: { created_at: string; id: string }) => `${row.created_at}_${row.id}`;

/** What decides the SQL of a page of posts (see db/queryTemplate.ts); the rest are values. */
export interface PageShape {
  isAdmin: boolean;
  kind: boolean;
  userId: boolean;
  withImage: boolean;
  withVideo: boolean;
  groupId: boolean;
  groupStatus: boolean;
  mode: PageMode;
  size: number;
}

export interface PageValues extends Record<string, unknown> {
  viewerId: string;
  kind: PostFilter['kind'];
  userId: string | undefined;
  groupId: string | undefined;
  groupStatus: PostFilter['groupStatus'];
  createdAt: string;
  id: string;
  offset: number;
}

export function pageShapeAndValues(viewer: Viewer, filter: PostFilter, request: PageRequest): [PageShape, PageValues] {
  const at = request.since ?? request.cursor;
  return [
    {
      isAdmin: viewer.isAdmin,
      kind: Boolean(filter.kind),
      userId: Boolean(filter.userId),
      withImage: Boolean(filter.withImage),
      withVideo: Boolean(filter.withVideo),
      groupId: Boolean(filter.groupId),
      groupStatus: Boolean(filter.groupStatus),
      mode: pageMode(request),
      size: request.size ?? PAGE_SIZE,
    },
    {
      viewerId: viewer.id,
      kind: filter.kind,
      userId: filter.userId,
      groupId: filter.groupId,
      groupStatus: filter.groupStatus,
      createdAt: at?.createdAt ?? '',
      id: at?.id ?? '',
      offset: pageOffset(request),
    },
  ];
}

/** What the audience queries did: how many ran, the member ids they were given, the members they answered. */
export interface AudienceWork {
  queries: number;
  asked: number;
  found: number;
}

/** In audience queries the viewer is each candidate's own users row. */
const AUDIENCE_VIEWER = { idColumn: 'viewer.id', roleColumn: 'viewer.role' };

/**
 * The post's rows of post_topics (0021_post_topics) made to match its `topics`, in the caller's
 * transaction: a topic's page reads them by index instead of every post's text.
 */
async function writeTopics(trx: Kysely<Database>, post: { id: string; topics: string; created_at: string }) {
  await trx.deleteFrom('post_topics').where('post_id', '=', post.id).execute();
  const topics = splitTopics(post.topics);
  if (topics.length > 0)
    await trx
      .insertInto('post_topics')
      .values(topics.map((topic) => ({ topic, post_id: post.id, created_at: post.created_at })))
      .execute();
}

/** SQL for posts and questions. Every read takes a viewer and applies canSeePost. */
export function createPostStore(database: DatabaseHandle) {
  const { db } = database;
  const audienceWork: AudienceWork = { queries: 0, asked: 0, found: 0 };
  /** totalPosts / totalQuestions per viewer and filter, until a visibility write or 30 s (totals.ts). */
  const totals = createTotalsCache(database.epoch);
  const totalKey = (viewer: Viewer, filter: PostFilter) =>
    JSON.stringify([
      viewer.isAdmin ? '*admin' : viewer.id,
      filter.kind ?? null,
      filter.userId ?? null,
      Boolean(filter.withImage),
      Boolean(filter.withVideo),
      filter.groupId ?? null,
      filter.groupStatus ?? null,
    ]);

  /** Posts with their author and what each is to the viewer (their reaction, saved, following the author). */
  const withAuthor = (viewer: Viewer, on: Kysely<Database> = db) =>
    on
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .selectAll('posts')
      .select(['users.username', 'users.email', 'users.avatar_color', 'users.profile_picture', 'users.avatar_image'])
      .select(viewerFieldsSql(sql`${viewer.id}`));

  /** The page query, compiled once per shape (it is most of what a feed request costs). */
  const pageQuery = queryTemplate(
    db,
    (shape: PageShape) => JSON.stringify(shape),
    (shape: PageShape, values: PageValues) => {
      const viewer: Viewer = { id: values.viewerId, isAdmin: shape.isAdmin };
      const filter: PostFilter = {
        ...(shape.kind ? { kind: values.kind } : {}),
        ...(shape.userId ? { userId: values.userId } : {}),
        ...(shape.withImage ? { withImage: true } : {}),
        ...(shape.withVideo ? { withVideo: true } : {}),
        ...(shape.groupId ? { groupId: values.groupId } : {}),
        ...(shape.groupStatus ? { groupStatus: values.groupStatus } : {}),
      };
      const at = { createdAt: values.createdAt, id: values.id };
      const request: PageRequest = {
        page: 1,
        size: shape.size,
        ...(shape.mode === 'since' ? { since: at } : shape.mode === 'cursor' ? { cursor: at } : {}),
      };
      const query = withAuthor(viewer).where(filterSql(filter)).where(canSeePost(viewer));
      return orderPage(query, { createdAt: 'posts.created_at', id: 'posts.id' }, request, values.offset);
    },
  );

  function filterSql(filter: PostFilter) {
    const parts = [sql<SqlBool>`1 = 1`];
    if (filter.kind) parts.push(sql<SqlBool>`posts.kind = ${filter.kind}`);
    if (filter.userId) parts.push(sql<SqlBool>`posts.user_id = ${filter.userId}`);
    if (filter.withImage) parts.push(sql<SqlBool>`posts.image_id <> ''`);
    if (filter.withVideo) parts.push(sql<SqlBool>`posts.video_id <> ''`);
    if (filter.groupId) parts.push(sql<SqlBool>`posts.group_id = ${filter.groupId}`);
    else parts.push(sql<SqlBool>`posts.group_id is null`);
    if (filter.groupStatus) parts.push(sql<SqlBool>`posts.group_status = ${filter.groupStatus}`);
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  }

  return {
    withAuthor,
    pageQuery,

    /** The post if the viewer may see it; a hidden, private or blocked post is simply not found. */
    findVisible: (viewer: Viewer, postId: string, on: Kysely<Database> = db): Promise<PostWithAuthor | undefined> =>
      withAuthor(viewer, on).where('posts.id', '=', postId).where(canSeePost(viewer)).executeTakeFirst(),

    /** The posts of `ids` the viewer may see, with their authors (in no particular order). */
    visibleByIds: async (viewer: Viewer, ids: readonly string[]): Promise<PostWithAuthor[]> =>
      ids.length === 0 ? [] : withAuthor(viewer).where('posts.id', 'in', ids).where(canSeePost(viewer)).execute(),

    /** The posts of `ids` with their authors, hidden ones included: the admins' lists (in no particular order). */
    byIds: async (admin: Viewer, ids: readonly string[]): Promise<PostWithAuthor[]> =>
      ids.length === 0 ? [] : withAuthor(admin).where('posts.id', 'in', ids).execute(),

    async page(viewer: Viewer, filter: PostFilter, request: PageRequest): Promise<PostPage> {
      const rows = await pageQuery.execute(...pageShapeAndValues(viewer, filter, request));
      const { items, nextCursor } = finishPage(rows, request, postCursor);
      if (isKeyset(request)) return { rows: items, nextCursor };
      const total = await totals.total(totalKey(viewer, filter), () =>
        boundedCount(db, db.selectFrom('posts').where(filterSql(filter)).where(canSeePost(viewer))),
      );
      return { rows: items, total, nextCursor };
    },

    /**
     * The posts and questions of an interest topic the viewer may see, newest first (no group's
     * posts: they live on the group page, as in the other lists). Walked by post_topics' index on
     * (topic, created_at, post_id), each row checked by canSeePost like every list.
     */
    async topicPage(viewer: Viewer, topic: Topic, request: PageRequest): Promise<PostPage> {
      const base = withAuthor(viewer)
        .innerJoin('post_topics', 'post_topics.post_id', 'posts.id')
        .where('post_topics.topic', '=', topic)
        .where('posts.group_id', 'is', null)
        .where(canSeePost(viewer));
      const rows = await orderPage(base, { createdAt: 'post_topics.created_at', id: 'post_topics.post_id' }, request).execute();
      const { items, nextCursor } = finishPage(rows, request, postCursor);
      if (isKeyset(request)) return { rows: items, nextCursor };
      const total = await totals.total(JSON.stringify([viewer.isAdmin ? '*admin' : viewer.id, 'topic', topic]), () =>
        boundedCount(
          db,
          db
            .selectFrom('post_topics')
            .innerJoin('posts', 'posts.id', 'post_topics.post_id')
            .where('post_topics.topic', '=', topic)
            .where('posts.group_id', 'is', null)
            .where(canSeePost(viewer)),
        ),
      );
      return { rows: items, total, nextCursor };
    },

    /** Posts the viewer saved and may still see, most recently saved first. */
    async savedPage(viewer: Viewer, request: PageRequest): Promise<PostPage> {
      const base = withAuthor(viewer)
        .innerJoin('saved_posts', 'saved_posts.post_id', 'posts.id')
        .select('saved_posts.created_at as saved_at')
        .where('saved_posts.user_id', '=', viewer.id)
        .where(canSeePost(viewer));
      const rows = await orderPage(base, { createdAt: 'saved_posts.created_at', id: 'saved_posts.post_id' }, request).execute();
      const { items, nextCursor } = finishPage(rows, request, (row) => `${row.saved_at}_${row.id}`);
      if (isKeyset(request)) return { rows: items, nextCursor };
      const total = await boundedCount(
        db,
        db
          .selectFrom('saved_posts')
          .innerJoin('posts', 'posts.id', 'saved_posts.post_id')
          .where('saved_posts.user_id', '=', viewer.id)
          .where(canSeePost(viewer)),
      );
      return { rows: items, total, nextCursor };
    },

    /**
     * The post, its search entry, its hashtags and mentions, its image's fingerprint and `alsoWrite`
     * (a send's key), in one transaction: the members it mentions.
     */
    insert: (
      row: PostRow,
      indexed: IndexedText,
      search: { imageFingerprint?: ImageFingerprint | null } = {},
      alsoWrite?: (trx: Kysely<Database>) => Promise<void>,
    ) =>
      db.transaction().execute(async (trx) => {
        await alsoWrite?.(trx);
        await trx.insertInto('posts').values(row).execute();
        await indexPost(trx, row);
        await writeTopics(trx, row);
        if (row.image_id && search.imageFingerprint)
          await setImageFingerprint(trx, row.id, { id: row.image_id, fingerprint: search.imageFingerprint });
        return writeTextIndex(trx, { sourceId: row.id, postId: row.id, indexed, at: row.created_at, trends: trends(row) });
      }),

    /**
     * Changes a post; a new text or image description re-indexes it, in the same transaction.
     * `search.image`: the new image's fingerprint, or null when the image went (or is unreadable);
     * left out, the image did not change. `indexed`: the new text's tags and mentions (indexedTextOf),
     * given whenever `changes.post` is; its tags then replace the post's.
     */
    update: (postId: string, changes: Updateable<PostsTable>, search: { image?: ImageFingerprint | null } = {}, indexed?: IndexedText) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('posts').set(changes).where('id', '=', postId).execute();
        if (changes.post !== undefined || changes.image_alt !== undefined) await reindexPost(trx, postId);
        if (changes.topics !== undefined) {
          const row = await trx
            .selectFrom('posts')
            .select(['id', 'topics', 'created_at'])
            .where('id', '=', postId)
            .executeTakeFirstOrThrow();
          await writeTopics(trx, row);
        }
        if (search.image !== undefined) {
          await setImageFingerprint(
            trx,
            postId,
            search.image && changes.image_id ? { id: String(changes.image_id), fingerprint: search.image } : null,
          );
        }
        const mentioned = indexed
          ? await writeTextIndex(trx, { sourceId: postId, postId, indexed, at: String(changes.updated_at ?? '') })
          : [];
        // Privacy or the group's decision may have changed: whether its tags trend follows.
        await markTrending(trx, postId);
        return mentioned;
      }),

    /**
     * Hides or unhides a post if it is not so already (false: nothing changed), with `alsoWrite`
     * (moderation's audit row, the reports it resolves) in the same transaction.
     */
    setHidden: (postId: string, hidden: boolean, changes: Updateable<PostsTable>, alsoWrite?: (trx: Kysely<Database>) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('posts')
          .set({ ...changes, hidden: hidden ? 1 : 0 })
          .where('id', '=', postId)
          .where('hidden', '=', hidden ? 0 : 1)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await markTrending(trx, postId);
        await alsoWrite?.(trx);
        return true;
      }),

    /** Reactions, comments, answers and saved entries go with it (foreign keys cascade). */
    delete: (postId: string) => db.deleteFrom('posts').where('id', '=', postId).execute(),

    /**
     * Of the members `among` (those connected now: presence), the ones who may see the post: the
     * same predicate, with each of their user rows as the viewer. Only those rows are read, so the
     * cost follows who is connected, never how many members there are; nobody asked, no query.
     * `alsoVisibleTo` narrows it to those with no block with another member (a commenter).
     */
    async audience(postId: string, among: readonly string[], alsoVisibleTo?: string): Promise<Viewer[]> {
      if (among.length === 0) return [];
      audienceWork.queries += 1;
      audienceWork.asked += among.length;
      let query = db
        .selectFrom(['users as viewer', 'posts'])
        .select(['viewer.id as id', 'viewer.role as role'])
        .where('posts.id', '=', postId)
        .where(isOneOf(database.dialect, 'viewer.id', among))
        .where('viewer.is_banned', '=', 0)
        .where(canSeePost(AUDIENCE_VIEWER));
      if (alsoVisibleTo) query = query.where(notBlockedBetween(AUDIENCE_VIEWER, { id: alsoVisibleTo }));
      const rows = await query.execute();
      audienceWork.found += rows.length;
      return rows.map((row) => ({ id: row.id, isAdmin: row.role === 'ADMIN' }));
    },

    /** The admins (they see every post): a few rows, by their partial index (0015_admins_index). */
    async admins(): Promise<string[]> {
      // A literal, not a bound value: a partial index serves only a condition known when the query is planned.
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where(sql<SqlBool>`role = 'ADMIN'`)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * The author's followers, when they are at most `most` (by the follows index: the cost follows
     * the author's followers, never the community); null when there are more (then asking every
     * connected member costs less than reading them).
     */
    async followersUpTo(authorId: string, most: number): Promise<string[] | null> {
      const rows = await db
        .selectFrom('follows')
        .select('follower_id')
        .where('followee_id', '=', authorId)
        .limit(most + 1)
        .execute();
      return rows.length > most ? null : rows.map((row) => row.follower_id);
    },

    /**
     * The audience among `among` (as `audience`) with what the post is to each of them, in one
     * statement: socket payloads of a new or changed post carry each recipient's own reaction,
     * saved and following.
     */
    async audienceWithViewerFields(postId: string, among: readonly string[]): Promise<AudienceMember[]> {
      if (among.length === 0) return [];
      audienceWork.queries += 1;
      audienceWork.asked += among.length;
      const rows = await db
        .selectFrom(['users as viewer', 'posts'])
        .select(['viewer.id as id', 'viewer.role as role'])
        .select(viewerFieldsSql(sql.ref('viewer.id')))
        .where('posts.id', '=', postId)
        .where(isOneOf(database.dialect, 'viewer.id', among))
        .where('viewer.is_banned', '=', 0)
        .where(canSeePost(AUDIENCE_VIEWER))
        .execute();
      audienceWork.found += rows.length;
      return rows.map((row) => ({
        id: row.id,
        isAdmin: row.role === 'ADMIN',
        user_reaction: row.user_reaction,
        viewer_saved: Number(row.viewer_saved),
        viewer_follows_author: Number(row.viewer_follows_author),
      }));
    },

    /** What the audience queries have cost since start: the tests read it to prove offline members cost nothing. */
    audienceWork: audienceWork as Readonly<AudienceWork>,

    /** The post row locked for a counter change (PostgreSQL; SQLite runs one writer at a time anyway). */
    lockForUpdate: (trx: Kysely<Database>, postId: string) => {
      const query = trx.selectFrom('posts').select('id').where('id', '=', postId);
      return (database.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    },

    async reactionCounts(postId: string, on: Kysely<Database> = db) {
      const row = await on.selectFrom('posts').select(REACTION_TYPES.map(reactionColumn)).where('id', '=', postId).executeTakeFirst();
      return row;
    },
  };
}

export type PostStore = ReturnType<typeof createPostStore>;
