import type { AdminUser, Appeal, AppealStatus, AppealsPage, BansPage, MyAppeal } from '../../../src/api/moderation';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { AppealsTable } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/httpError';
import type { Viewer } from '../../core/visibility';
import type { SessionEvents } from '../../realtime/sessionEvents';
import type { CheckpointEvents } from '../../realtime/checkpointSockets';
import { uniqueViolation } from '../../db/errors';
import type { AuditLog } from './audit';
import type { OutcomeNotifier } from './outcomes';
import { presentAdminUser, presentAppeal, summaryOr } from './present';
import type { AdminUserRow, ModerationStore } from './store';
import type { Statistics } from './statistics';

export const USER_NOT_FOUND = 'User not found';
export const APPEAL_NOT_FOUND = 'Appeal not found';
export const OPEN_APPEAL_EXISTS = 'You already have an open appeal';

export interface BanServiceDeps {
  store: ModerationStore;
  audit: AuditLog;
  statistics: Statistics;
  sessionEvents: SessionEvents;
  /** The member's open checkpoint pages learn a decided appeal at once. */
  checkpointEvents: Pick<CheckpointEvents, 'standingChanged'>;
  notifier: OutcomeNotifier;
  clock: Clock;
}

/** The ban as the member and admins see it; a ban recorded before its time was (an old row) falls back to the row's last change. */
const banOf = (row: AdminUserRow) => (row.is_banned ? { reason: row.ban_reason ?? '', bannedAt: row.banned_at ?? row.updated_at } : null);

/**
 * Bans and appeals. A ban is one transaction (flag, reason, admin, time, the open reports about
 * the member resolved, the audit row); then every socket of the member, on every process, gets
 * `banned` and is closed (sessionEvents: realtime/chatSockets.ts). The member's next request is
 * refused by the authentication, which reads the ban from the database on every request.
 */
export function createBanService(deps: BanServiceDeps) {
  const { store, audit } = deps;
  const now = () => deps.clock.now().toISOString();

  async function memberOrThrow(userId: string): Promise<AdminUserRow> {
    const row = await store.findAdminUser(userId);
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  }

  async function appeals(rows: AppealsTable[]): Promise<Appeal[]> {
    const people = await store.summaries(rows.flatMap((row) => [row.user_id, row.decided_by]));
    return rows.map((row) => presentAppeal(row, people));
  }

  /** The member's ban as it stands, and their latest appeal about it (or, unbanned, their latest). */
  async function standingOf(userId: string): Promise<MyAppeal> {
    const ban = banOf(await memberOrThrow(userId));
    const latest = await store.latestAppealOf(userId, ban?.bannedAt);
    return { ban, appeal: latest ? (await appeals([latest]))[0]! : null };
  }

  return {
    /** POST /admin/banuser: never oneself, never an admin (403); a banned member 409. */
    async ban(admin: Viewer, userId: string, reason: string): Promise<AdminUser> {
      if (userId === admin.id) throw forbidden('You cannot ban yourself');
      const target = await memberOrThrow(userId);
      if (target.role === 'ADMIN') throw forbidden('Administrators cannot be banned');
      if (target.is_banned) throw conflict('This member is already banned');
      const at = now();
      const settled = await store.ban(userId, { reason, by: admin.id, at }, (trx) =>
        audit.write(trx, {
          adminId: admin.id,
          action: 'ban',
          targetType: 'user',
          targetId: userId,
          targetLabel: target.username,
          subjectId: userId,
          reason,
          at,
        }),
      );
      if (!settled) throw conflict('This member is already banned');
      deps.sessionEvents.ended({ userId, reason: 'banned', ban: { reason, bannedAt: at } });
      await deps.notifier.banChanged({ memberId: userId, banned: true, reason });
      await deps.notifier.reportsChanged(
        settled.map((report) => ({
          reportId: report.id,
          reporterId: report.reporter_id,
          target: 'profile' as const,
          status: 'resolved' as const,
        })),
      );
      return presentAdminUser(await memberOrThrow(userId));
    },

    /** POST /admin/unbanuser: a member who is not banned 409. */
    async unban(admin: Viewer, userId: string): Promise<AdminUser> {
      const target = await memberOrThrow(userId);
      if (!target.is_banned) throw conflict('This member is not banned');
      const at = now();
      const lifted = await store.unban(userId, admin.id, at, (trx) =>
        audit.write(trx, {
          adminId: admin.id,
          action: 'unban',
          targetType: 'user',
          targetId: userId,
          targetLabel: target.username,
          subjectId: userId,
          at,
        }),
      );
      if (!lifted) throw conflict('This member is not banned');
      await deps.notifier.banChanged({ memberId: userId, banned: false });
      // A checkpoint page the member has open moves on at once, as after an approved appeal.
      deps.checkpointEvents.standingChanged(userId, await standingOf(userId));
      return presentAdminUser(await memberOrThrow(userId));
    },

    /** GET /admin/banuser/{page}: banned members, most recently banned first, with who banned them. */
    async bans(page: number): Promise<BansPage> {
      const [{ rows, hasMore }, total] = await Promise.all([store.bansPage(page), deps.statistics.bannedUsers()]);
      const [admins, history] = await Promise.all([
        store.summaries(rows.map((row) => row.banned_by)),
        audit.historyOf(rows.map((row) => row.id)),
      ]);
      return {
        items: rows.map((row) => ({
          user: presentAdminUser(row),
          reason: row.ban_reason ?? '',
          bannedAt: row.banned_at ?? row.updated_at,
          bannedBy: summaryOr(admins, row.banned_by),
          history: history.get(row.id) ?? [],
        })),
        page,
        hasMore,
        total,
      };
    },

    /** GET /appeal: the member's ban as it stands, and their latest appeal about it (or, unbanned, their latest). */
    async myAppeal(viewer: Viewer): Promise<MyAppeal> {
      return standingOf(viewer.id);
    },

    /** POST /appeal: only while banned; one open appeal per ban. */
    async appeal(viewer: Viewer, message: string): Promise<Appeal> {
      const ban = banOf(await memberOrThrow(viewer.id));
      if (!ban) throw conflict('Your account is not banned');
      if (await store.hasOpenAppeal(viewer.id)) throw conflict(OPEN_APPEAL_EXISTS);
      const row: AppealsTable = {
        id: newId(),
        user_id: viewer.id,
        ban_reason: ban.reason,
        banned_at: ban.bannedAt,
        message,
        status: 'pending',
        reply: '',
        created_at: now(),
        decided_at: null,
        decided_by: null,
      };
      try {
        await store.insertAppeal(row);
      } catch (error) {
        // Two at once: the partial unique index (one pending appeal per member) decides.
        if (uniqueViolation(error)) throw conflict(OPEN_APPEAL_EXISTS);
        throw error;
      }
      return (await appeals([row]))[0]!;
    },

    /** GET /admin/appeal/{page}?status=: without a status the pending ones; oldest first. */
    async appeals(page: number, status: AppealStatus = 'pending'): Promise<AppealsPage> {
      const [{ rows, hasMore }, total] = await Promise.all([
        store.appealsPage(status, page),
        status === 'pending' ? store.countAppeals('pending') : Promise.resolve(null),
      ]);
      return { items: await appeals(rows), page, hasMore, total };
    },

    /** PUT /admin/appeal/status: approving lifts the ban; rejecting needs a reply; a decided appeal 409. */
    async decideAppeal(admin: Viewer, appealId: string, status: 'approved' | 'rejected', reply: string): Promise<Appeal> {
      const appeal = await store.findAppeal(appealId);
      if (!appeal) throw notFound(APPEAL_NOT_FOUND);
      if (appeal.status !== 'pending') throw conflict('This appeal was already decided');
      const member = await store.findAdminUser(appeal.user_id);
      const at = now();
      const decided = await store.decideAppeal(appealId, { status, reply, by: admin.id, at }, async (trx) => {
        if (status === 'approved') await store.liftBan(trx, appeal.user_id, at);
        await audit.write(trx, {
          adminId: admin.id,
          action: status === 'approved' ? 'appeal.approve' : 'appeal.reject',
          targetType: 'appeal',
          targetId: appealId,
          targetLabel: member?.username ?? '',
          subjectId: appeal.user_id,
          reason: reply,
          at,
        });
      });
      if (!decided) throw conflict('This appeal was already decided');
      await deps.notifier.appealDecided({ appealId, memberId: appeal.user_id, status });
      // The checkpoint page the member has open shows the answer (and a lifted ban) at once.
      deps.checkpointEvents.standingChanged(appeal.user_id, await standingOf(appeal.user_id));
      return (await appeals([{ ...appeal, status, reply, decided_by: admin.id, decided_at: at }]))[0]!;
    },
  };
}

export type BanService = ReturnType<typeof createBanService>;
