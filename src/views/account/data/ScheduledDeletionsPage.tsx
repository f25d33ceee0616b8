import { useSelector } from '@xstate/react';
import {
  hasScheduledFailed,
  isScheduledLoading,
  selectScheduled,
  selectScheduledError,
} from '../../../machines/account/scheduledDeletions.machine';
import { useScreenActor } from '../../shared/useScreenActor';
import { EmptyState, PageTitle } from '../../streams/PageParts';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { useScheduledDeletionsLogic } from './ScheduledDeletionsLogic';
import { whenText } from './whenText';

/** /admin/deletions: the accounts their members asked to delete, soonest first. */
export default function ScheduledDeletionsPage() {
  const actor = useScreenActor(useScheduledDeletionsLogic());
  const loading = useSelector(actor, isScheduledLoading);
  const failed = useSelector(actor, hasScheduledFailed);
  const error = useSelector(actor, selectScheduledError);
  const deletions = useSelector(actor, selectScheduled);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <PageTitle>Scheduled deletions</PageTitle>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Members who asked to delete their account. Each is deleted on the date shown unless they sign in and cancel.
        </p>
      </div>
      {loading ? (
        <Skeleton className="h-32 w-full rounded-2xl" />
      ) : failed ? (
        <LoadError title="Could not load the scheduled deletions" onRetry={() => actor.send({ type: 'scheduledDeletions.retry' })}>
          {error}
        </LoadError>
      ) : deletions.length === 0 ? (
        <EmptyState title="No scheduled deletions" text="When a member asks to delete their account, it appears here until it is deleted." />
      ) : (
        <ul
          aria-label="Scheduled deletions"
          className="flex flex-col divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900"
        >
          {deletions.map((item) => (
            <li key={item.userId} className="flex flex-col gap-0.5 px-4 py-3">
              <span className="font-semibold break-words text-neutral-900 dark:text-white">{item.username}</span>
              <span className="text-sm break-words text-neutral-600 dark:text-neutral-400">{item.email}</span>
              <span className="text-sm text-neutral-800 dark:text-neutral-200">
                Asked on <time dateTime={item.requestedAt}>{whenText(item.requestedAt)}</time> · deleted on{' '}
                <time dateTime={item.deleteAfter}>{whenText(item.deleteAfter)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
