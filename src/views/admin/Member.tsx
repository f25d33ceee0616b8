import { Link } from 'wouter';
import type { UserSummary } from '../../api/users/follows';
import type { AdminUser } from '../../api/moderation';
import { Avatar } from '../ui/Avatar';
import { Badge } from './Badges';
import { memberHref } from './format';

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
