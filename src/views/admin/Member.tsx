import { Link } from 'wouter';
import type { UserSummary } from '../../api/users/follows';
import type { AdminUser } from '../../api/moderation';
import { Avatar } from '../ui/Avatar';
import { Badge } from './Badges';
import { formatDate, memberHref, plural } from './format';

const linkClass =
  'rounded font-semibold text-neutral-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-white';

/** A member's name as a link to their admin page (/admin/members/:id), where their public profile is one link away. */
export function MemberLink({ member }: { member: UserSummary }) {
  return (
    <Link href={memberHref(member)} className={linkClass}>
      {member.username}
    </Link>
  );
}

/** A member as admins see them: picture, name (to their profile), e-mail, and Admin / Banned. */
export function MemberSummary({ member, caption }: { member: AdminUser; caption?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar {...member} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <MemberLink member={member} />
          {member.role === 'ADMIN' ? <Badge tone="blue">Admin</Badge> : null}
          {member.isBanned ? <Badge tone="red">Banned</Badge> : null}
        </p>
        <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{caption ?? member.email}</p>
      </div>
    </div>
  );
}

/** A member's account in a line, and their ban when there is one (with who banned them, when known). */
export function MemberFacts({ user, bannedBy }: { user: AdminUser; bannedBy?: UserSummary | null }) {
  return (
    <>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {user.role === 'ADMIN' ? 'Admin' : 'Member'} · Joined <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time> ·{' '}
        {plural(user.postsCount, 'post')}
      </p>
      {user.isBanned ? (
        <p className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/50 dark:text-red-200">
          Banned
          {user.bannedAt ? (
            <>
              {' '}
              on <time dateTime={user.bannedAt}>{formatDate(user.bannedAt)}</time>
            </>
          ) : null}
          {bannedBy ? ` by ${bannedBy.username}` : ''}
          {user.banReason ? `: ${user.banReason}` : ''}
        </p>
      ) : null}
    </>
  );
}
