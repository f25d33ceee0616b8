import { ShieldCheck } from 'lucide-react';
import type { BanEntry } from '../../../api/moderation';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { AuditHistory } from '../Audit';
import { formatDateTime } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberLink, MemberSummary } from '../Member';

function BanItem({ ban, act, busy }: { ban: BanEntry } & ItemTools) {
  const { user } = ban;
  return (
    <ItemCard
      compact
      label={user.username}
      actions={
        <ItemButton
          busy={busy}
          icon={<ShieldCheck size={16} />}
          label={`Unban ${user.username}`}
          onPress={() => act({ type: 'unban', userId: user._id, username: user.username })}
        >
          Unban
        </ItemButton>
      }
    >
      <MemberSummary member={user} />
      <div className="flex flex-col gap-1 rounded-2xl bg-neutral-50 px-3 py-2 dark:bg-neutral-800/50">
        <p className="text-sm break-words text-neutral-900 dark:text-neutral-100">
          <span className="font-semibold">Reason:</span> {ban.reason || 'none given'}
        </p>
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          Banned by {ban.bannedBy ? <MemberLink member={ban.bannedBy} /> : 'a former admin'} ·{' '}
          <time dateTime={ban.bannedAt}>{formatDateTime(ban.bannedAt)}</time>
        </p>
      </div>
      <AuditHistory entries={ban.history} />
    </ItemCard>
  );
}

/** /admin/banuser: banned members with the reason, by whom and when; unban. */
export default function BannedUsersPage() {
  return (
    <AdminList
      kind="bans"
      title="Banned users"
      description="Members who are banned, with the reason, by whom and when."
      noun="banned member"
      empty={() => ({ title: 'No banned members', text: 'Members you ban appear here, with the reason you gave.' })}
      renderItem={(ban, tools) => <BanItem ban={ban} {...tools} />}
    />
  );
}
