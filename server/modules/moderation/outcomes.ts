import type { AppealStatus, ModerationStatus } from '../../../src/api/moderation';
import type { NotifyInput, Notifier } from '../notifications/service';

/** A report whose status a moderator changed. */
export interface ChangedReport {
  reportId: string;
  reporterId: string;
  target: 'post' | 'profile';
  status: ModerationStatus;
}

/**
 * Who is told what when moderators decide: each reporter of a report that became resolved or
 * dismissed gets an inbox entry (`reportResolved` / `reportDismissed`, toasted when it arrives),
 * whatever their settings: it answers something they asked. A report moved back to pending or
 * reviewing tells no one. The member whose appeal was decided gets `appealApproved` /
 * `appealRejected` (waiting in the inbox for a member still banned); a ban and a ban lifted by
 * hand are `banned` (with the reason) and `unbanned`.
 */
export function reportOutcomes(reports: ChangedReport[]): NotifyInput[] {
  return reports
    .filter((report) => report.status === 'resolved' || report.status === 'dismissed')
    .map((report) => ({
      kind: report.status === 'resolved' ? ('reportResolved' as const) : ('reportDismissed' as const),
      to: report.reporterId,
      actorId: null,
      target: { type: 'report' as const, id: report.reportId },
      detail: report.target,
    }));
}

export function appealOutcome(appeal: { appealId: string; memberId: string; status: Exclude<AppealStatus, 'pending'> }): NotifyInput {
  return {
    kind: appeal.status === 'approved' ? 'appealApproved' : 'appealRejected',
    to: appeal.memberId,
    actorId: null,
    target: { type: 'appeal', id: appeal.appealId },
  };
}

/** The member's own ban (the reason in it) or its lifting by hand: kept for when they are back. */
export function banOutcome(ban: { memberId: string; banned: boolean; reason?: string }): NotifyInput {
  return {
    kind: ban.banned ? 'banned' : 'unbanned',
    to: ban.memberId,
    actorId: null,
    target: { type: 'account', id: ban.memberId },
    ...(ban.reason ? { detail: ban.reason } : {}),
  };
}

/** Stores the outcomes in the members' inboxes (the notifications service never fails the decision). */
export function createOutcomeNotifier(notifications: Pick<Notifier, 'notify'>) {
  return {
    reportsChanged: async (reports: ChangedReport[]): Promise<void> => {
      for (const input of reportOutcomes(reports)) await notifications.notify(input);
    },
    banChanged: (ban: Parameters<typeof banOutcome>[0]): Promise<void> => notifications.notify(banOutcome(ban)).then(() => undefined),
    appealDecided: (appeal: Parameters<typeof appealOutcome>[0]): Promise<void> =>
      notifications.notify(appealOutcome(appeal)).then(() => undefined),
  };
}

export type OutcomeNotifier = ReturnType<typeof createOutcomeNotifier>;
