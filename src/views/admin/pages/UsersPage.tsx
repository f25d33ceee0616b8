import { Ban, ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import type { AdminUser } from '../../../api/moderation';
import { buttonClasses } from '../../ui/Button';
import { AdminList, ItemCard, type ItemTools } from '../AdminList';
import { memberHref } from '../format';
import { ItemButton } from '../ItemButton';
import { MemberFacts, MemberSummary } from '../Member';
import { canBan } from '../../../machines/admin/adminList.connect';

function MemberItem({ user, act, busy }: { user: AdminUser } & ItemTools) {
  return (
    <ItemCard
      compact
      label={user.username}
      actions={
        <>
          <Link
            href={memberHref(user)}
            className={`${buttonClasses({ variant: 'ghost', size: 'sm' })} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent`}
            aria-label={`Open ${user.username}'s page: posts, reports, bans and audit log`}
          >
            Open
            <ChevronRight aria-hidden="true" size={16} />
          </Link>
          {canBan(user) ? (
            <ItemButton
              busy={busy}
              icon={<Ban size={16} />}
              label={`Ban ${user.username}`}
              onPress={() => act({ type: 'ban', userId: user._id, username: user.username })}
            >
              Ban
            </ItemButton>
          ) : null}
          {user.isBanned ? (
            <ItemButton
              busy={busy}
              icon={<ShieldCheck size={16} />}
              label={`Unban ${user.username}`}
              onPress={() => act({ type: 'unban', userId: user._id, username: user.username })}
            >
              Unban
            </ItemButton>
          ) : null}
        </>
      }
    >
      <MemberSummary member={user} />
      <MemberFacts user={user} />
    </ItemCard>
  );
}

/** /admin/user: every member, searchable by username or e-mail, with ban and unban. */
export default function UsersPage() {
  return (
    <AdminList
      kind="users"
      title="Users"
      description="Every member, with their role, posts and ban."
      noun="member"
      empty={(_, query) =>
        query
          ? { title: 'No members found', text: `No member's username or e-mail starts with “${query}”.` }
          : { title: 'No members yet', text: 'Members appear here as they sign up.' }
      }
      renderItem={(user, tools) => <MemberItem user={user} {...tools} />}
    />
  );
}
