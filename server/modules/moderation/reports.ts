import {
  MEMBER_ITEMS_MAX,
  OPEN_STATUSES,
  type AdminMemberReports,
  type AuditEntry,
  type ModerationStatus,
  type PostReport,
  type PostReportCase,
  type PostReportQueue,
  type PostReportStatusResponse,
  type ProfileReportItem,
  type ProfileReportQueue,
  type ReportPostBody,
} from '../../../src/api/moderation';
import { cursorOf, type Cursor } from '../../../src/api/pages';
import type { Clock } from '../../clock';
import { finishPage } from '../../core/paging';
import { newId } from '../../db/ids';
import type { PostReportsTable, ProfileReportsTable } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/httpError';
import { presentSummary } from '../../core/presentUser';
import { presentPost } from '../../core/presentPost';
import { POST_NOT_FOUND, type PostService } from '../posts/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import { uniqueViolation } from '../../db/errors';
import { postLabel, type AuditLog } from './audit';
import type { OutcomeNotifier } from './outcomes';
import { presentAdminUser, summaryOr } from './present';
import type { AdminUserRow, ModerationStore, SummaryRow } from './store';

export const ALREADY_REPORTED_POST = 'You have already reported this post';
export const OWN_POST_REPORT = 'You cannot report your own post';
export const REPORT_NOT_FOUND = 'Report not found';

/** Without ?status=: the open ones. Only open queues carry a total (closed ones only grow). */
const statusesOf = (status?: ModerationStatus): readonly ModerationStatus[] => (status ? [status] : OPEN_STATUSES);
const isOpen = (statuses: readonly ModerationStatus[]) => statuses.every((status) => (OPEN_STATUSES as readonly string[]).includes(status));

export interface ReportServiceDeps {
  store: ModerationStore;
  audit: AuditLog;
  posts: PostService;
  postsForOthers: Pick<PostsForOthers, 'findVisible' | 'byIds'>;
  notifier: OutcomeNotifier;
  clock: Clock;
}

/** Reports: members report posts; admins work the profile and post queues and move reports along. */
export function createReportService(deps: ReportServiceDeps) {
  const { store, audit, postsForOthers, notifier } = deps;
  const now = () => deps.clock.now().toISOString();

  function presentProfileReport(
    row: ProfileReportsTable,
    people: Map<string, SummaryRow>,
    reported: Map<string, AdminUserRow>,
    history: Map<string, AuditEntry[]>,
  ): ProfileReportItem | null {
    const member = reported.get(row.reported_id);
    if (!member) return null;
    return {
      _id: row.id,
      reporter: summaryOr(people, row.reporter_id)!,
      reported: presentAdminUser(member),
      reason: row.reason,
      details: row.details,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      history: history.get(row.reported_id) ?? [],
    };
  }

  async function profileItems(rows: ProfileReportsTable[]): Promise<ProfileReportItem[]> {
    const [people, reported, history] = await Promise.all([
      store.summaries(rows.map((row) => row.reporter_id)),
      store.adminUsersByIds(rows.map((row) => row.reported_id)),
      audit.historyOf(rows.map((row) => row.reported_id)),
    ]);
    return rows
      .map((row) => presentProfileReport(row, people, reported, history))
      .filter((item): item is ProfileReportItem => item !== null);
  }

  return {
    /** POST /reportpost: a post the member may see, not their own, once. */
    async reportPost(viewer: Viewer, reporter: SummaryRow, body: Required<ReportPostBody>): Promise<PostReport> {
      const post = await deps.posts.visible(viewer, body.postId);
      if (post.user_id === viewer.id) throw badRequest(OWN_POST_REPORT);
      if (await store.findPostReport(post.id, viewer.id)) throw conflict(ALREADY_REPORTED_POST);
      const at = now();
      const row: PostReportsTable = {
        id: newId(),
        post_id: post.id,
        reporter_id: viewer.id,
        reason: body.reason,
        details: body.details,
        status: 'pending',
        created_at: at,
        updated_at: at,
      };
      try {
        await store.insertPostReport(row);
      } catch (error) {
        // The same member reporting twice at once: the unique (post, reporter) pair decides.
        if (uniqueViolation(error)) throw conflict(ALREADY_REPORTED_POST);
        throw error;
      }
      return {
        _id: row.id,
        postId: row.post_id,
        reporter: presentSummary(reporter),
        reason: row.reason,
        details: row.details,
        status: row.status,
        createdAt: row.created_at,
      };
    },

    /** GET /reportprofile/{page}?status=: one report per item, pending first, oldest first. */
    async profileQueue(page: number, status?: ModerationStatus): Promise<ProfileReportQueue> {
      const statuses = statusesOf(status);
      const [{ rows, hasMore }, total] = await Promise.all([
        store.profileReportsPage(statuses, page),
        isOpen(statuses) ? store.countProfileReports(statuses) : Promise.resolve(null),
      ]);
      return { items: await profileItems(rows), page, hasMore, total };
    },

    /** MEMBER_ITEMS_MAX reports about one member, any status, newest first, older than `cursor` when given (their admin page). */
    async reportsAbout(userId: string, cursor?: Cursor): Promise<AdminMemberReports> {
      const page = finishPage(
        await store.profileReportsAbout(userId, MEMBER_ITEMS_MAX, cursor),
        { page: 1, size: MEMBER_ITEMS_MAX },
        (row) => cursorOf({ createdAt: row.created_at, _id: row.id }),
      );
      return { reports: await profileItems(page.items), nextCursor: page.nextCursor };
    },

    /** PUT /admin/reportprofile/status: any move but to the status it has; closing it tells the reporter. */
    async setProfileReportStatus(admin: Viewer, reportId: string, status: ModerationStatus): Promise<ProfileReportItem> {
      const report = await store.findProfileReport(reportId);
      if (!report) throw notFound(REPORT_NOT_FOUND);
      if (report.status === status) throw conflict(`This report is already ${status}`);
      const reported = await store.findAdminUser(report.reported_id);
      const at = now();
      const moved = await store.setProfileReportStatus(report, status, at, (trx) =>
        audit.write(trx, {
          adminId: admin.id,
          action: 'profileReport.status',
          targetType: 'profileReport',
          targetId: report.id,
          targetLabel: reported?.username ?? '',
          subjectId: report.reported_id,
          reason: status,
          at,
        }),
      );
      if (!moved) throw conflict('This report was changed by someone else meanwhile; reload it');
      await notifier.reportsChanged([{ reportId: report.id, reporterId: report.reporter_id, target: 'profile', status }]);
      const [item] = await profileItems([{ ...report, status, updated_at: at }]);
      if (!item) throw notFound(REPORT_NOT_FOUND);
      return item;
    },

    /**
     * GET /reportpost?status=&page=: one item per reported post, the post as it is now (admins see
     * every post), its author, and its reports in the statuses asked for, oldest first.
     */
    async postQueue(admin: Viewer, page: number, status?: ModerationStatus): Promise<PostReportQueue> {
      const statuses = statusesOf(status);
      const [{ rows, hasMore }, total] = await Promise.all([
        store.postCasesPage(statuses, page),
        isOpen(statuses) ? store.countPostCases(statuses) : Promise.resolve(null),
      ]);
      const ids = rows.map((row) => row.post_id);
      const [posts, reports, history] = await Promise.all([
        postsForOthers.byIds(admin, ids),
        store.reportsOfPosts(ids, statuses),
        audit.historyOf(ids),
      ]);
      const authors = await store.adminUsersByIds(posts.map((post) => post.user_id));
      const postsById = new Map(posts.map((post) => [post.id, post]));
      const items: PostReportCase[] = [];
      for (const row of rows) {
        const post = postsById.get(row.post_id);
        const author = post && authors.get(post.user_id);
        if (!post || !author) continue; // deleted meanwhile: its reports went with it
        items.push({
          post: presentPost(post, admin),
          author: presentAdminUser(author),
          status: row.status,
          reports: reports
            .filter((report) => report.post_id === row.post_id)
            .map((report) => ({
              _id: report.id,
              postId: report.post_id,
              reporter: presentSummary({ ...report, id: report.reporter_id }),
              reason: report.reason,
              details: report.details,
              status: report.status,
              createdAt: report.created_at,
            })),
          firstReportedAt: row.first_reported_at,
          history: history.get(row.post_id) ?? [],
        });
      }
      return { items, page, hasMore, total };
    },

    /** PUT /admin/reportpost/status: every open report of the post moves to `status`; closing them tells their reporters. */
    async setPostReportStatus(admin: Viewer, postId: string, status: ModerationStatus): Promise<PostReportStatusResponse> {
      const post = await postsForOthers.findVisible(admin, postId);
      if (!post) throw notFound(POST_NOT_FOUND);
      const open = await store.reportsOfPosts([postId], OPEN_STATUSES);
      if (open.length === 0) throw conflict('This post has no open reports');
      const at = now();
      const moved = await store.transaction(async (trx) => {
        const changed = await store.settlePostReports(trx, postId, status, at);
        if (changed.length > 0) {
          await audit.write(trx, {
            adminId: admin.id,
            action: 'postReport.status',
            targetType: 'post',
            targetId: postId,
            targetLabel: postLabel(post),
            subjectId: postId,
            reason: status,
            at,
          });
        }
        return changed;
      });
      if (moved.length === 0) throw conflict(`The open reports of this post are already ${status}`);
      await notifier.reportsChanged(
        moved.map((report) => ({ reportId: report.id, reporterId: report.reporter_id, target: 'post' as const, status })),
      );
      return { message: `Reports marked ${status}`, postId, status, changed: moved.length };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
