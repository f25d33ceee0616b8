import { ExternalLink } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditEntry } from '../../../api/moderation';
import { buttonClasses } from '../../ui/Button';
import { AdminList, ItemCard } from '../AdminList';
import { AuditLine, describeAudit } from '../Audit';
import type { AdminFilter } from '../../../machines/admin/adminLists';
import { memberHref } from '../format';

/** The action filter's words: null is every action. */
export const auditFilterLabel = (filter: AdminFilter) => (filter === null ? 'All actions' : AUDIT_ACTION_LABELS[filter as AuditAction]);

/**
 * Where an entry's item is: a member to their profile, a post to its page, a report about a
 * member to the reported members, an appeal to the appeals.
 */
export function auditItemLink(entry: AuditEntry): { href: string; label: string } {
  switch (entry.targetType) {
    case 'user':
      return { href: memberHref({ _id: entry.targetId }), label: `Open ${entry.targetLabel}'s page` };
    case 'post':
      return { href: `~/app/social/post/${encodeURIComponent(entry.targetId)}`, label: `Open the post “${entry.targetLabel}”` };
    case 'profileReport':
      return { href: '~/admin/reportuser', label: `Open the reports about members (${entry.targetLabel})` };
    case 'appeal':
      return { href: '~/admin/appeal', label: `Open the appeals (${entry.targetLabel}'s appeal)` };
  }
}

const ITEM_WORD: Record<AuditEntry['targetType'], string> = {
  user: 'Open member',
  post: 'Open post',
  profileReport: 'Open reports',
  appeal: 'Open appeals',
};

function AuditItem({ entry }: { entry: AuditEntry }) {
  const link = auditItemLink(entry);
  return (
    <ItemCard
      compact
      label={`${entry.admin.username} ${describeAudit(entry).text}`}
      actions={
        <Link href={link.href} className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={link.label}>
          <ExternalLink aria-hidden="true" size={16} />
          {ITEM_WORD[entry.targetType]}
        </Link>
      }
    >
      <AuditLine entry={entry} withAvatar />
    </ItemCard>
  );
}

/**
 * /admin/audit: every moderation action, newest first, filtered by action, by the admin who took
 * it and by its target (a member's username or a member's or post's id); each entry links to its item.
 */
export default function AuditLogPage() {
  // A member's page links here with their id as the target (/admin/audit?target=<id>).
  const target = new URLSearchParams(useSearch()).get('target') ?? '';
  return (
    <AdminList
      kind="audit"
      initialQuery={target}
      title="Audit log"
      description="Every moderation action, newest first: who did what, to whom, and why."
      noun="action"
      filterStyle="select"
      filterName="Action"
      filterLabel={auditFilterLabel}
      search={{ label: 'Target', placeholder: 'Username, member id or post id' }}
      empty={(filter, query, adminId) =>
        filter === null && query === '' && adminId === null
          ? {
              title: 'No moderation actions yet',
              text: 'Bans, hidden posts, report statuses and appeal decisions appear here as admins take them.',
            }
          : {
              title: 'No matching actions',
              text: query ? `No action matches these filters about “${query}”.` : 'No action matches these filters.',
            }
      }
      renderItem={(entry) => <AuditItem entry={entry} />}
    />
  );
}
