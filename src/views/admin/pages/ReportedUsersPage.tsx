import { Ban, Check, Eye, X } from 'lucide-react';
import { OPEN_STATUSES, reportReasonLabel, type ProfileReportItem } from '../../../api/moderation';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { AuditHistory } from '../Audit';
import { ReportStatusBadge } from '../Badges';
import { emptyQueue, reportFilterLabel } from '../filters';
import { formatDateTime } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberLink, MemberSummary } from '../Member';
import { canBan } from '../../../machines/admin/adminList.connect';

const isOpen = (report: ProfileReportItem) => (OPEN_STATUSES as readonly string[]).includes(report.status);

function ReportActions({ report, act, busy }: { report: ProfileReportItem } & ItemTools) {
  const member = report.reported;
  const status = (next: 'reviewing' | 'resolved' | 'dismissed') =>
    act({ type: 'profileReportStatus', reportId: report._id, username: member.username, status: next });
  return (
    <>
      {report.status === 'pending' ? (
        <ItemButton
          busy={busy}
          icon={<Eye size={16} />}
          label={`Start review of the report about ${member.username}`}
          onPress={() => status('reviewing')}
        >
          Start review
        </ItemButton>
      ) : null}
      {canBan(member) ? (
        <ItemButton
          busy={busy}
          variant="danger"
          icon={<Ban size={16} />}
          label={`Ban member ${member.username}`}
          onPress={() => act({ type: 'ban', userId: member._id, username: member.username, reportId: report._id })}
        >
          Ban member
        </ItemButton>
      ) : null}
      {member.isBanned ? (
        <ItemButton
          busy={busy}
          icon={<Check size={16} />}
          label={`Mark resolved: the report about ${member.username}`}
          onPress={() => status('resolved')}
        >
          Mark resolved
        </ItemButton>
      ) : null}
      <ItemButton
        busy={busy}
        icon={<X size={16} />}
        label={`Dismiss the report about ${member.username}`}
        onPress={() => status('dismissed')}
      >
        Dismiss
      </ItemButton>
    </>
  );
}

function ReportItem({ report, ...tools }: { report: ProfileReportItem } & ItemTools) {
  return (
    <ItemCard
      label={`Report about ${report.reported.username}`}
      actions={isOpen(report) ? <ReportActions report={report} {...tools} /> : undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <MemberSummary member={report.reported} />
        <ReportStatusBadge status={report.status} />
      </div>
      <div className="flex flex-col gap-1 rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/50">
        <p className="font-semibold break-words text-neutral-900 dark:text-white">{reportReasonLabel(report.reason)}</p>
        {report.details ? (
          <p className="text-sm break-words whitespace-pre-wrap text-neutral-700 dark:text-neutral-300">{report.details}</p>
        ) : null}
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          Reported by <MemberLink member={report.reporter} /> · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </p>
      </div>
      <AuditHistory entries={report.history} />
    </ItemCard>
  );
}

/** /admin/reportuser: reports about members by status, pending first and oldest first; ban (resolves) or dismiss. */
export default function ReportedUsersPage() {
  return (
    <AdminList
      kind="profileReports"
      title="Reported users"
      description="Reports about members, pending first and oldest first."
      noun="report"
      filterLabel={reportFilterLabel}
      empty={(filter) => emptyQueue(filter, 'members')}
      renderItem={(report, tools) => <ReportItem report={report} {...tools} />}
    />
  );
}
