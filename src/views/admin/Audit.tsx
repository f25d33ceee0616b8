import { History } from 'lucide-react';
import { MODERATION_STATUS_LABELS, type AuditEntry, type ModerationStatus } from '../../api/moderation';
import { Avatar } from '../ui/Avatar';
import { formatDateTime } from './format';

const statusWord = (value: string) => (MODERATION_STATUS_LABELS[value as ModerationStatus] ?? value).toLowerCase();
const quoted = (label: string) => `“${label}”`;

/** An audit entry in words: what the admin did to whom, and the reason or reply they gave (or ''). */
export function describeAudit(entry: AuditEntry): { text: string; note: string } {
  const target = entry.targetLabel;
  switch (entry.action) {
    case 'ban':
      return { text: `banned ${target}`, note: entry.reason };
    case 'unban':
      return { text: `unbanned ${target}`, note: '' };
    case 'hide':
      return { text: `hid the post ${quoted(target)}`, note: entry.reason };
    case 'unhide':
      return { text: `unhid the post ${quoted(target)}`, note: '' };
    case 'profileReport.status':
      return { text: `marked the report about ${target} ${statusWord(entry.reason)}`, note: '' };
    case 'postReport.status':
      return { text: `marked the reports of ${quoted(target)} ${statusWord(entry.reason)}`, note: '' };
    case 'appeal.approve':
      return { text: `approved ${target}'s appeal`, note: entry.reason };
    case 'appeal.reject':
      return { text: `rejected ${target}'s appeal`, note: entry.reason };
  }
}

/** One moderation action: who, what, why, when. */
export function AuditLine({ entry, withAvatar = false }: { entry: AuditEntry; withAvatar?: boolean }) {
  const { text, note } = describeAudit(entry);
  return (
    <div className="flex min-w-0 items-start gap-3">
      {withAvatar ? <Avatar {...entry.admin} size="sm" /> : null}
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words text-neutral-800 dark:text-neutral-200">
          <span className="font-semibold text-neutral-900 dark:text-white">{entry.admin.username}</span> {text}
        </p>
        {note ? <p className="text-sm break-words text-neutral-600 dark:text-neutral-400">{quoted(note)}</p> : null}
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}

/**
 * The audit entries beside a report, ban or hidden post (the newest few the server sends), folded
 * away under "History (n)" so a queue stays scannable; nothing when there is none.
 */
export function AuditHistory({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="group rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/50">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded text-sm font-semibold text-neutral-700 outline-none select-none focus-visible:outline-2 focus-visible:outline-accent dark:text-neutral-300 [&::-webkit-details-marker]:hidden">
        <History aria-hidden="true" size={16} />
        History ({entries.length})
      </summary>
      <ol aria-label="Moderation history" className="mt-2 flex flex-col gap-3 pb-1">
        {entries.map((entry) => (
          <li key={entry._id}>
            <AuditLine entry={entry} />
          </li>
        ))}
      </ol>
    </details>
  );
}
