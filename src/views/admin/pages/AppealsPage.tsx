import { Check, X } from 'lucide-react';
import type { Appeal } from '../../../api/moderation';
import { Avatar } from '../../ui/Avatar';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { AppealStatusBadge } from '../Badges';
import { appealFilterLabel } from '../filters';
import { formatDateTime } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberLink } from '../Member';

function AppealItem({ appeal, act, busy }: { appeal: Appeal } & ItemTools) {
  const { user } = appeal;
  const decide = (status: 'approved' | 'rejected') =>
    act({ type: 'appealDecision', appealId: appeal._id, username: user.username, status });
  return (
    <ItemCard
      label={`Appeal from ${user.username}`}
      actions={
        appeal.status === 'pending' ? (
          <>
            <ItemButton
              busy={busy}
              variant="primary"
              icon={<Check size={16} />}
              label={`Approve ${user.username}'s appeal`}
              onPress={() => decide('approved')}
            >
              Approve
            </ItemButton>
            <ItemButton busy={busy} icon={<X size={16} />} label={`Reject ${user.username}'s appeal`} onPress={() => decide('rejected')}>
              Reject
            </ItemButton>
          </>
        ) : undefined
      }
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar {...user} />
          <div className="min-w-0">
            <MemberLink member={user} />
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Banned <time dateTime={appeal.bannedAt}>{formatDateTime(appeal.bannedAt)}</time>
              {appeal.banReason ? `: ${appeal.banReason}` : ''}
            </p>
          </div>
        </div>
        <AppealStatusBadge status={appeal.status} />
      </div>
      <blockquote className="rounded-2xl bg-neutral-50 px-3 py-2 text-[15px] break-words whitespace-pre-wrap text-neutral-900 dark:bg-neutral-800/50 dark:text-neutral-100">
        {appeal.message}
        <footer className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
          Filed <time dateTime={appeal.createdAt}>{formatDateTime(appeal.createdAt)}</time>
        </footer>
      </blockquote>
      {appeal.status !== 'pending' ? (
        <div className="flex flex-col gap-1 text-sm text-neutral-700 dark:text-neutral-300">
          <p>
            {appeal.status === 'approved' ? 'Approved' : 'Rejected'}
            {appeal.decidedBy ? (
              <>
                {' '}
                by <MemberLink member={appeal.decidedBy} />
              </>
            ) : null}
            {appeal.decidedAt ? (
              <>
                {' '}
                · <time dateTime={appeal.decidedAt}>{formatDateTime(appeal.decidedAt)}</time>
              </>
            ) : null}
          </p>
          {appeal.reply ? <p className="break-words">Reply: “{appeal.reply}”</p> : null}
        </div>
      ) : null}
    </ItemCard>
  );
}

/** /admin/appeal: banned members' appeals by status; approve (unbans and tells them) or reject with a reply. */
export default function AppealsPage() {
  return (
    <AdminList
      kind="appeals"
      title="Appeals"
      description="Banned members asking to come back."
      noun="appeal"
      filterLabel={appealFilterLabel}
      empty={(filter) =>
        filter === null
          ? { title: 'No appeals yet', text: 'Appeals from banned members appear here.' }
          : {
              title: `No ${appealFilterLabel(filter).toLowerCase()} appeals`,
              text: 'Appeals from banned members appear here as they are filed and decided.',
            }
      }
      renderItem={(appeal, tools) => <AppealItem appeal={appeal} {...tools} />}
    />
  );
}
