import { useSelector } from '@xstate/react';
import { ArrowLeft, Ban, ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import type { AdminMember } from '../../../api/moderation';
import {
  hasMemberFailed,
  isMemberActing,
  isMemberLoading,
  memberActions,
  memberMore,
  memberView,
} from '../../../machines/admin/adminMember.connect';
import { selectMemberActionRef, type AdminMemberActorRef } from '../../../machines/admin/adminMember.machine';
import { ActionDialog } from '../ActionDialog';
import { ItemButton } from '../ItemButton';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { useScreenActor } from '../../shared/useScreenActor';
import { useAdminLogic } from '../AdminLogic';
import { ItemCard } from '../AdminList';
import { AuditLine } from '../Audit';
import { Badge, ReportStatusBadge } from '../Badges';
import { MemberFacts, MemberLink } from '../Member';
import { PostPreview } from '../PostPreview';
import { Avatar } from '../../ui/Avatar';
import { auditHref, formatDateTime, profileHref } from '../format';

const linkClass =
  'inline-flex items-center gap-1.5 rounded font-semibold text-neutral-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:text-white';
const emptyClass =
  'rounded-3xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400';

function Section({ id, title, more, children }: { id: string; title: string; more?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={id} className="text-lg font-semibold text-neutral-900 dark:text-white">
          {title}
        </h2>
        {more ? <span className="text-sm">{more}</span> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * "Show more" under a list of the page: the machine reads the next page and appends it. While it
 * reads, the button says so and keeps the focus (a press then is not taken by the machine).
 */
function ShowMore({ busy, label, onPress }: { busy: boolean; label: string; onPress: () => void }) {
  return (
    <Button size="sm" variant="secondary" aria-busy={busy} className="self-start aria-busy:cursor-wait" onPress={onPress}>
      {busy ? 'Loading…' : label}
    </Button>
  );
}

/** Ban (reason required) or Unban, through the one action dialog; none for an admin account. */
function AccountActions({ actor, username, userId }: { actor: AdminMemberActorRef; username: string; userId: string }) {
  const { canBan, canUnban } = useSelector(actor, memberActions);
  const busy = useSelector(actor, isMemberActing);
  if (!canBan && !canUnban) return null;
  return canBan ? (
    <ItemButton
      busy={busy}
      variant="danger"
      icon={<Ban size={16} />}
      label={`Ban ${username}`}
      onPress={() => actor.send({ type: 'member.act', action: { type: 'ban', userId, username } })}
    >
      Ban
    </ItemButton>
  ) : (
    <ItemButton
      busy={busy}
      icon={<ShieldCheck size={16} />}
      label={`Unban ${username}`}
      onPress={() => actor.send({ type: 'member.act', action: { type: 'unban', userId, username } })}
    >
      Unban
    </ItemButton>
  );
}

function Account({ member: { user, bannedBy }, actor }: { member: AdminMember; actor: AdminMemberActorRef }) {
  return (
    <header className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-5 dark:border-neutral-800 dark:bg-neutral-900">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar {...user} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-2xl font-bold tracking-tight break-all text-neutral-900 dark:text-white">
            {user.username}
            {user.role === 'ADMIN' ? <Badge tone="blue">Admin</Badge> : null}
            {user.isBanned ? <Badge tone="red">Banned</Badge> : null}
          </h1>
          <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">{user.email}</p>
        </div>
      </div>
      <MemberFacts user={user} bannedBy={bannedBy} />
      <div className="flex flex-wrap items-center gap-x-5 gap-y-3 text-sm">
        <AccountActions actor={actor} username={user.username} userId={user._id} />
        {/* The member area in a tab of its own: the admin keeps their place here. */}
        <a href={profileHref(user).slice(1)} target="_blank" rel="noopener noreferrer" className={linkClass}>
          <ExternalLink aria-hidden="true" size={16} />
          Public profile <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Link href="~/admin/banuser" className={linkClass}>
          Banned users
        </Link>
      </div>
    </header>
  );
}

function Reports({ member, actor }: { member: AdminMember; actor: AdminMemberActorRef }) {
  const more = useSelector(actor, memberMore);
  const { reports, openReports } = member;
  return (
    <Section
      id="member-reports"
      title={`Reports about them (${openReports} open)`}
      more={
        <Link href="~/admin/reportuser" className={linkClass}>
          Reported users queue
        </Link>
      }
    >
      {reports.length === 0 ? (
        <p className={emptyClass}>Nobody has reported this member.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report._id}>
              <ItemCard compact label={`Report by ${report.reporter.username}`}>
                <div className="flex items-start justify-between gap-3">
                  <p className="font-semibold break-words text-neutral-900 dark:text-white">{report.reason}</p>
                  <ReportStatusBadge status={report.status} />
                </div>
                {report.details ? (
                  <p className="text-sm break-words whitespace-pre-wrap text-neutral-700 dark:text-neutral-300">{report.details}</p>
                ) : null}
                <p className="text-xs text-neutral-600 dark:text-neutral-400">
                  Reported by <MemberLink member={report.reporter} /> ·{' '}
                  <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                </p>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
      {more.reports ? (
        <ShowMore busy={more.loadingReports} label="Show more reports" onPress={() => actor.send({ type: 'member.moreReports' })} />
      ) : null}
    </Section>
  );
}

function Posts({ member: { user, posts }, actor }: { member: AdminMember; actor: AdminMemberActorRef }) {
  const more = useSelector(actor, memberMore);
  return (
    <Section id="member-posts" title={`Posts (${user.postsCount})`}>
      {posts.length === 0 ? (
        <p className={emptyClass}>No posts yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {posts.map((post) => (
            <li key={post._id}>
              <PostPreview post={post} />
            </li>
          ))}
        </ul>
      )}
      {more.posts ? (
        <ShowMore busy={more.loadingPosts} label="Show more posts" onPress={() => actor.send({ type: 'member.morePosts' })} />
      ) : null}
    </Section>
  );
}

function History({ member }: { member: AdminMember }) {
  const { history, historyHasMore, user } = member;
  return (
    <Section
      id="member-audit"
      title="Audit log"
      more={
        <Link href={auditHref(user._id)} className={linkClass}>
          {historyHasMore ? 'All of it in the audit log' : 'Open in the audit log'}
        </Link>
      }
    >
      {history.length === 0 ? (
        <p className={emptyClass}>No moderation action about this member yet.</p>
      ) : (
        <ol
          aria-labelledby="member-audit"
          className="flex flex-col divide-y divide-neutral-100 rounded-3xl border border-neutral-200 bg-white px-4 dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
        >
          {history.map((entry) => (
            <li key={entry._id} className="py-3">
              <AuditLine entry={entry} withAvatar />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function LoadingMember() {
  return (
    <div role="status" aria-label="Loading the member" className="flex flex-col gap-4">
      <div className="flex items-center gap-4 rounded-3xl border border-neutral-200 p-5 dark:border-neutral-800">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * /admin/members/:id: one member inside the admin area (the Users list's "Open", every member's
 * name in the admin lists): their account and ban, the reports about them, their posts (Private and
 * hidden too) and the audit log about them, with their public profile in a new tab.
 */
export default function MemberPage() {
  const { id = '' } = useParams<{ id: string }>();
  const logic = useAdminLogic();
  // A new id is a new page: keyed by the route below, so the machine starts again.
  const actor = useScreenActor(logic.member, { input: { userId: id } });
  const loading = useSelector(actor, isMemberLoading);
  const failed = useSelector(actor, hasMemberFailed);
  const { member, error } = useSelector(actor, memberView);
  const dialog = useSelector(actor, selectMemberActionRef);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Link href="~/admin/user" className={`${linkClass} self-start text-sm`}>
        <ArrowLeft aria-hidden="true" size={16} />
        Users
      </Link>
      {loading ? (
        <LoadingMember />
      ) : failed || !member ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">Member</h1>
          <LoadError title="Could not load this member" onRetry={() => actor.send({ type: 'member.retry' })}>
            {error}
          </LoadError>
        </>
      ) : (
        <>
          <Account member={member} actor={actor} />
          <Reports member={member} actor={actor} />
          <Posts member={member} actor={actor} />
          <History member={member} />
        </>
      )}
      {dialog ? <ActionDialog actor={dialog} /> : null}
    </div>
  );
}
