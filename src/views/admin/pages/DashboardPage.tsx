import { useSelector } from '@xstate/react';
import { Ban, EyeOff, FileText, Flag, RefreshCw, Scale, UserPlus, UsersRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Dashboard } from '../../../api/moderation';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { useAdminLogic } from '../AdminLogic';
import {
  dashboardView,
  hasDashboardFailed,
  isDashboardLoading,
  isDashboardRefreshing,
} from '../../../machines/admin/adminDashboard.connect';
import { AuditLine } from '../Audit';
import { SparklineCard } from '../Sparkline';
import { formatCount } from '../format';
import { useScreenActor } from '../../shared/useScreenActor';

const cardClass =
  'flex h-full flex-col gap-2 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm dark:border-neutral-800 dark:bg-neutral-900';
const linkCardClass =
  `${cardClass} outline-none transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ` +
  'dark:hover:border-neutral-700 dark:hover:bg-neutral-800/60';
const smallLinkClass =
  'rounded font-semibold text-neutral-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent dark:text-white';

function CardHead({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <span className="flex items-center gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
      <Icon aria-hidden="true" size={16} />
      {label}
    </span>
  );
}

function Figure({ children }: { children: ReactNode }) {
  return <span className="text-2xl font-bold tracking-tight text-neutral-900 tabular-nums sm:text-3xl dark:text-white">{children}</span>;
}

/** A figure that opens its page. */
function FigureCard({ icon, label, value, href }: { icon: LucideIcon; label: string; value: number; href: string }) {
  return (
    <li>
      <Link href={href} className={linkCardClass}>
        <CardHead icon={icon} label={label} />
        <Figure>{formatCount(value)}</Figure>
      </Link>
    </li>
  );
}

function Figures({ dashboard: d }: { dashboard: Dashboard }) {
  const open = d.openReports.profiles + d.openReports.posts;
  return (
    <ul aria-label="Figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureCard icon={UsersRound} label="Members" value={d.users.totalUsers} href="~/admin/user" />
      <FigureCard icon={UserPlus} label="New members today" value={d.users.newUsersToday} href="~/admin/Users" />
      <FigureCard icon={FileText} label="Posts" value={d.posts.totalPosts} href="~/admin/Posts" />
      <FigureCard icon={FileText} label="Posts today" value={d.posts.postsToday} href="~/admin/Posts" />
      {/* Two queues behind one figure: each part opens its own. */}
      <li className={cardClass}>
        <CardHead icon={Flag} label="Open reports" />
        <Figure>{formatCount(open)}</Figure>
        <span className="flex flex-wrap gap-x-3 text-sm text-neutral-700 dark:text-neutral-300">
          <Link href="~/admin/reportuser" className={smallLinkClass}>
            {formatCount(d.openReports.profiles)} about members
          </Link>
          <Link href="~/admin/reportpost" className={smallLinkClass}>
            {formatCount(d.openReports.posts)} about posts
          </Link>
        </span>
      </li>
      <FigureCard icon={Scale} label="Pending appeals" value={d.pendingAppeals} href="~/admin/appeal" />
      <FigureCard icon={Ban} label="Banned members" value={d.users.bannedUsers} href="~/admin/banuser" />
      <FigureCard icon={EyeOff} label="Hidden posts" value={d.posts.hiddenPosts} href="~/admin/hidepost" />
    </ul>
  );
}

function LoadingDashboard() {
  return (
    <div role="status" aria-label="Loading the dashboard" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={cardClass}>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-16" />
        </div>
      ))}
    </div>
  );
}

/** /admin: the community's figures, each opening its page, and the latest 20 moderation actions. */
export default function DashboardPage() {
  const logic = useAdminLogic();
  const actor = useScreenActor(logic.dashboard);
  const loading = useSelector(actor, isDashboardLoading);
  const failed = useSelector(actor, hasDashboardFailed);
  const refreshing = useSelector(actor, isDashboardRefreshing);
  const { dashboard, error, refreshError } = useSelector(actor, dashboardView);

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">Dashboard</h1>
        {dashboard ? (
          <Button
            size="sm"
            variant="secondary"
            icon={<RefreshCw size={16} />}
            isPending={refreshing}
            onPress={() => actor.send({ type: 'dashboard.refresh' })}
          >
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        ) : null}
      </header>
      {refreshError ? (
        <Alert tone="warning" title="These figures may be out of date">
          {refreshError}
        </Alert>
      ) : null}
      {loading ? (
        <LoadingDashboard />
      ) : failed || !dashboard ? (
        <LoadError title="Could not load the dashboard" onRetry={() => actor.send({ type: 'dashboard.retry' })}>
          {error}
        </LoadError>
      ) : (
        <>
          <Figures dashboard={dashboard} />
          <ul aria-label="Last 12 months" className="grid gap-3 sm:grid-cols-2">
            <SparklineCard
              icon={UserPlus}
              label="Sign-ups"
              noun="members joined"
              months={dashboard.lastMonths.users}
              href="~/admin/Users"
            />
            <SparklineCard icon={FileText} label="Posts" noun="posts" months={dashboard.lastMonths.posts} href="~/admin/Posts" />
          </ul>
          <section aria-labelledby="recent-actions-title" className="flex flex-col gap-3">
            <h2 id="recent-actions-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
              Latest moderation actions
            </h2>
            {dashboard.recentActions.length === 0 ? (
              <p className="rounded-3xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400">
                No moderation actions yet. Bans, hidden posts, report and appeal decisions appear here.
              </p>
            ) : (
              <ol
                aria-labelledby="recent-actions-title"
                className="flex flex-col divide-y divide-neutral-100 rounded-3xl border border-neutral-200 bg-white px-4 dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
              >
                {dashboard.recentActions.map((entry) => (
                  <li key={entry._id} className="py-3">
                    <AuditLine entry={entry} withAvatar />
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
