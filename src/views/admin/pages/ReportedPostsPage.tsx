import { Ban, Check, Eye, EyeOff, X } from 'lucide-react';
import { OPEN_STATUSES, REPORT_REASON_LABELS, type PostReportCase } from '../../../api/moderation';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { AuditHistory } from '../Audit';
import { ReportStatusBadge } from '../Badges';
import { emptyQueue, reportFilterLabel } from '../filters';
import { formatDateTime, plural } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberLink, MemberSummary } from '../Member';
import { canBan } from '../../../machines/admin/adminList.connect';
import { postLabel, PostPreview } from '../PostPreview';

const isOpen = (item: PostReportCase) => (OPEN_STATUSES as readonly string[]).includes(item.status);

function CaseActions({ item, act, busy }: { item: PostReportCase } & ItemTools) {
  const label = postLabel(item.post);
  const status = (next: 'reviewing' | 'resolved' | 'dismissed') =>
    act({ type: 'postReportStatus', postId: item.post._id, label, status: next });
  return (
    <>
      {item.status === 'pending' ? (
        <ItemButton
          busy={busy}
          icon={<Eye size={16} />}
          label={`Start review of the reports of “${label}”`}
          onPress={() => status('reviewing')}
        >
          Start review
        </ItemButton>
      ) : null}
      {item.post.hidden ? (
        <ItemButton
          busy={busy}
          icon={<Check size={16} />}
          label={`Mark resolved: the reports of “${label}”`}
          onPress={() => status('resolved')}
        >
          Mark resolved
        </ItemButton>
      ) : (
        <ItemButton
          busy={busy}
          variant="danger"
          icon={<EyeOff size={16} />}
          label={`Hide post “${label}”`}
          onPress={() => act({ type: 'hide', postId: item.post._id, label })}
        >
          Hide post
        </ItemButton>
      )}
      <ItemButton busy={busy} icon={<X size={16} />} label={`Dismiss the reports of “${label}”`} onPress={() => status('dismissed')}>
        Dismiss
      </ItemButton>
      {canBan(item.author) ? (
        <ItemButton
          busy={busy}
          icon={<Ban size={16} />}
          label={`Ban author ${item.author.username}`}
          onPress={() => act({ type: 'ban', userId: item.author._id, username: item.author.username })}
        >
          Ban author
        </ItemButton>
      ) : null}
    </>
  );
}

function CaseItem({ item, ...tools }: { item: PostReportCase } & ItemTools) {
  return (
    <ItemCard label={`Reports about “${postLabel(item.post)}”`} actions={isOpen(item) ? <CaseActions item={item} {...tools} /> : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {plural(item.reports.length, 'report')} · first{' '}
          <time dateTime={item.firstReportedAt}>{formatDateTime(item.firstReportedAt)}</time>
        </p>
        <ReportStatusBadge status={item.status} />
      </div>
      <PostPreview post={item.post} />
      <MemberSummary member={item.author} caption={`Author · ${item.author.email}`} />
      <ul
        aria-label="Reports"
        className="flex flex-col divide-y divide-neutral-100 rounded-2xl bg-neutral-50 px-3 dark:divide-neutral-800 dark:bg-neutral-800/50"
      >
        {item.reports.map((report) => (
          <li key={report._id} className="flex flex-col gap-0.5 py-2">
            <p className="text-sm text-neutral-800 dark:text-neutral-200">
              <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span> · <MemberLink member={report.reporter} />
            </p>
            {report.details ? (
              <p className="text-sm break-words whitespace-pre-wrap text-neutral-700 dark:text-neutral-300">{report.details}</p>
            ) : null}
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <AuditHistory entries={item.history} />
    </ItemCard>
  );
}

/**
 * /admin/reportpost: reported posts by status, each with the post as it is (even Private: admins
 * see every post), its author and reporters; hide (resolves), dismiss, ban the author.
 */
export default function ReportedPostsPage() {
  return (
    <AdminList
      kind="postReports"
      title="Reported posts"
      description="Posts members reported, pending first and oldest first."
      noun="reported post"
      filterLabel={reportFilterLabel}
      empty={(filter) => emptyQueue(filter, 'posts')}
      renderItem={(item, tools) => <CaseItem item={item} {...tools} />}
    />
  );
}
