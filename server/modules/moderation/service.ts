import {
  DASHBOARD_ACTIONS,
  MEMBER_ITEMS_MAX,
  type AdminMember,
  type AdminMemberPosts,
  type AdminMemberReports,
  type AdminUsersPage,
  type AuditPage,
  type AuditQuery,
  type Dashboard,
  type HiddenPostsPage,
} from '../../../src/api/moderation';
import type { Post } from '../../../src/api/posts';
import { cursorOf, type Cursor } from '../../../src/api/pages';
import type { Clock } from '../../clock';
import { finishPage } from '../../core/paging';
import type { DatabaseHandle } from '../../db/database';
import { conflict, notFound } from '../../http/httpError';
import type { SessionEvents } from '../../realtime/sessionEvents';
import type { CheckpointEvents } from '../../realtime/checkpointSockets';
import { presentPost, type PostWithAuthor } from '../../core/presentPost';
import { POST_NOT_FOUND, type PostService } from '../posts/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import { createAuditLog, postLabel } from './audit';
import { createBanService, USER_NOT_FOUND } from './bans';
import { createOutcomeNotifier } from './outcomes';
import { presentAdminUser, summaryOr } from './present';
import { createReportService } from './reports';
import { createStatistics } from './statistics';
import { createModerationStore } from './store';
import type { Notifier } from '../notifications/service';

export interface ModerationDeps {
  database: DatabaseHandle;
  clock: Clock;
  posts: PostService;
  postsForOthers: Pick<PostsForOthers, 'findVisible' | 'byIds'>;
  /** Reporters and appellants are told the outcome in their inbox. */
  notifications: Pick<Notifier, 'notify'>;
  sessionEvents: SessionEvents;
  /** A decided appeal reaches the member's open checkpoint pages. */
  checkpointEvents: Pick<CheckpointEvents, 'standingChanged'>;
}

/**
 * Moderation: reports (reports.ts), bans and appeals (bans.ts), and here the members list,
 * hidden posts, the dashboard, the statistics (statistics.ts) and the audit log (audit.ts).
 * Every admin action writes its audit row in its own transaction.
 */
export function createModerationService(deps: ModerationDeps) {
  const store = createModerationStore(deps.database);
  const audit = createAuditLog(deps.database);
  const statistics = createStatistics({ database: deps.database, clock: deps.clock });
  const notifier = createOutcomeNotifier(deps.notifications);
  const reports = createReportService({
    store,
    audit,
    posts: deps.posts,
    postsForOthers: deps.postsForOthers,
    notifier,
    clock: deps.clock,
  });
  const bans = createBanService({
    store,
    audit,
    statistics,
    sessionEvents: deps.sessionEvents,
    checkpointEvents: deps.checkpointEvents,
    notifier,
    clock: deps.clock,
  });
  const now = () => deps.clock.now().toISOString();

  /** MEMBER_ITEMS_MAX posts by a member as the admin sees them (Private and hidden too), newest first, older than `cursor`. */
  async function postsOf(admin: Viewer, userId: string, cursor?: Cursor): Promise<AdminMemberPosts> {
    const page = finishPage(await store.newestPostsOf(userId, MEMBER_ITEMS_MAX, cursor), { page: 1, size: MEMBER_ITEMS_MAX }, (row) =>
      cursorOf({ createdAt: row.created_at, _id: row.id }),
    );
    const ids = page.items.map((row) => row.id);
    const found = new Map((await deps.postsForOthers.byIds(admin, ids)).map((post) => [post.id, post]));
    const posts = ids.flatMap((id) => {
      const post = found.get(id);
      return post ? [presentPost(post, admin)] : [];
    });
    return { posts, nextCursor: page.nextCursor };
  }

  async function postOrThrow(admin: Viewer, postId: string): Promise<PostWithAuthor> {
    const post = await deps.postsForOthers.findVisible(admin, postId);
    if (!post) throw notFound(POST_NOT_FOUND);
    return post;
  }

  return {
    store,
    statistics,
    reports,
    bans,

    /** GET /admin/users/all/{page}?search=: newest first, or the search's matches by username (no total then). */
    async users(page: number, search?: string): Promise<AdminUsersPage> {
      const [{ rows, hasMore }, total] = await Promise.all([
        store.usersPage(page, search),
        search ? Promise.resolve(null) : statistics.accountsTotal(),
      ]);
      return { items: rows.map(presentAdminUser), page, hasMore, total };
    },

    /**
     * GET /admin/member/{id}: one member for their admin page. Each part reads its own index and is
     * bounded (MEMBER_ITEMS_MAX reports and posts, the audit log's first page about them).
     */
    async member(admin: Viewer, userId: string): Promise<AdminMember> {
      const row = await store.findAdminUser(userId);
      if (!row) throw notFound(USER_NOT_FOUND);
      const [bannedBy, openReports, reportItems, posts, history] = await Promise.all([
        store.summaries([row.banned_by]),
        store.countOpenReportsAbout(userId),
        reports.reportsAbout(userId),
        postsOf(admin, userId),
        audit.page(1, { target: userId }),
      ]);
      return {
        user: presentAdminUser(row),
        bannedBy: row.is_banned ? summaryOr(bannedBy, row.banned_by) : null,
        openReports,
        reports: reportItems.reports,
        reportsNextCursor: reportItems.nextCursor,
        posts: posts.posts,
        postsNextCursor: posts.nextCursor,
        history: history.items,
        historyHasMore: history.hasMore,
      };
    },

    /** GET /admin/member/{id}/reports: the member page's next reports about them. */
    async memberReports(userId: string, cursor: Cursor): Promise<AdminMemberReports> {
      if (!(await store.findAdminUser(userId))) throw notFound(USER_NOT_FOUND);
      return reports.reportsAbout(userId, cursor);
    },

    /** GET /admin/member/{id}/posts: the member page's next posts by them. */
    async memberPosts(admin: Viewer, userId: string, cursor: Cursor): Promise<AdminMemberPosts> {
      if (!(await store.findAdminUser(userId))) throw notFound(USER_NOT_FOUND);
      return postsOf(admin, userId, cursor);
    },

    /**
     * POST /admin/hirepost: hides the post from everyone but admins and its author, resolves its
     * open reports (telling their reporters) and writes the audit row, in one transaction; then
     * announces it like a privacy change (posts.setHidden).
     */
    async hide(admin: Viewer, postId: string, reason: string): Promise<Post> {
      const post = await postOrThrow(admin, postId);
      if (post.hidden) throw conflict('This post is already hidden');
      const at = now();
      let resolved: { id: string; reporter_id: string }[] = [];
      const changed = await deps.posts.setHidden(postId, true, {
        reason,
        by: admin.id,
        write: async (trx) => {
          resolved = await store.settlePostReports(trx, postId, 'resolved', at);
          await audit.write(trx, {
            adminId: admin.id,
            action: 'hide',
            targetType: 'post',
            targetId: postId,
            targetLabel: postLabel(post),
            subjectId: postId,
            reason,
            at,
          });
        },
      });
      if (!changed) throw conflict('This post is already hidden');
      await notifier.reportsChanged(
        resolved.map((report) => ({
          reportId: report.id,
          reporterId: report.reporter_id,
          target: 'post' as const,
          status: 'resolved' as const,
        })),
      );
      return presentPost(await postOrThrow(admin, postId), admin);
    },

    /** POST /admin/unhirepost: everyone who may see it by the usual rule sees it again. */
    async unhide(admin: Viewer, postId: string): Promise<Post> {
      const post = await postOrThrow(admin, postId);
      if (!post.hidden) throw conflict('This post is not hidden');
      const at = now();
      const changed = await deps.posts.setHidden(postId, false, {
        by: admin.id,
        write: (trx) =>
          audit.write(trx, {
            adminId: admin.id,
            action: 'unhide',
            targetType: 'post',
            targetId: postId,
            targetLabel: postLabel(post),
            subjectId: postId,
            at,
          }),
      });
      if (!changed) throw conflict('This post is not hidden');
      return presentPost(await postOrThrow(admin, postId), admin);
    },

    /** GET /admin/hirepost/{page}: hidden posts, most recently hidden first, with why, by whom and when. */
    async hiddenPosts(admin: Viewer, page: number): Promise<HiddenPostsPage> {
      const [{ rows, hasMore }, total] = await Promise.all([store.hiddenPostIdsPage(page), statistics.hiddenPosts()]);
      const ids = rows.map((row) => row.id);
      const posts = await deps.postsForOthers.byIds(admin, ids);
      const [authors, admins, history] = await Promise.all([
        store.adminUsersByIds(posts.map((post) => post.user_id)),
        store.summaries(posts.map((post) => post.hidden_by)),
        audit.historyOf(ids),
      ]);
      const byId = new Map(posts.map((post) => [post.id, post]));
      const items: HiddenPostsPage['items'] = [];
      for (const id of ids) {
        const post = byId.get(id);
        const author = post && authors.get(post.user_id);
        if (!post || !author) continue; // deleted meanwhile
        items.push({
          post: presentPost(post, admin),
          author: presentAdminUser(author),
          reason: post.hidden_reason,
          hiddenAt: post.hidden_at ?? post.updated_at,
          hiddenBy: summaryOr(admins, post.hidden_by),
          history: history.get(id) ?? [],
        });
      }
      return { items, page, hasMore, total };
    },

    /** GET /admin/dashboard: every figure in one answer, each from a counter or a small indexed count. */
    async dashboard(): Promise<Dashboard> {
      const [users, posts, usersMonths, postsMonths, openReports, pendingAppeals, recentActions] = await Promise.all([
        statistics.users(),
        statistics.posts(),
        statistics.usersLastMonths(),
        statistics.postsLastMonths(),
        store.openReports(),
        store.countAppeals('pending'),
        audit.recent(DASHBOARD_ACTIONS),
      ]);
      return { users, posts, lastMonths: { users: usersMonths, posts: postsMonths }, openReports, pendingAppeals, recentActions };
    },

    /** GET /admin/audit/{page}?action=&admin=&target=: the log under the filters, newest first, and the admins to filter by. */
    async audit(page: number, filters: AuditQuery = {}): Promise<AuditPage> {
      const [{ items, hasMore }, admins] = await Promise.all([audit.page(page, filters), audit.admins()]);
      return { items, page, hasMore, total: null, admins };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
