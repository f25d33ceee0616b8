import { useSelector } from '@xstate/react';
import { Bell, CheckCheck } from 'lucide-react';
import { shortenNumber } from '../../api/numbers';
import { selectFailed, selectIsLoading, selectLoadingMore, selectMarkingAll } from '../../machines/notifications/inbox.machine';
import { hasMoreNotifications, inboxError, inboxItems, inboxKeptAt, unreadCount } from '../../machines/notifications/inbox.connect';
import { OfflineNotice } from '../offline/OfflineNotice';
import { useNotificationsLogic } from './NotificationsLogic';
import { Button } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { NotificationRow } from './NotificationRow';
import { NotificationSkeletons } from './NotificationSkeletons';
import { useScreenActor } from '../shared/useScreenActor';

function EmptyInbox() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-6 py-12 text-center dark:border-neutral-700">
      <span
        aria-hidden="true"
        className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-strong dark:bg-accent/15 dark:text-accent-ink-dark"
      >
        <Bell size={26} />
      </span>
      <h2 className="text-lg font-semibold text-neutral-900 dark:text-white">Nothing here yet</h2>
      <p className="max-w-sm text-sm text-neutral-600 dark:text-neutral-400">
        When someone follows you, reacts to or comments on your posts, answers your questions or invites you to a group, you will see it
        here.
      </p>
    </div>
  );
}

/**
 * /notifications: the member's inbox, newest first, a page at a time (the spec's notifications
 * skeleton while loading), new entries arriving live at the top, unread ones marked. Opening an
 * entry marks it read; the page itself marks nothing read.
 */
export default function NotificationsPage() {
  const actor = useScreenActor(useNotificationsLogic());
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, inboxError);
  const items = useSelector(actor, inboxItems);
  const unread = useSelector(actor, unreadCount);
  const hasMore = useSelector(actor, hasMoreNotifications);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const markingAll = useSelector(actor, selectMarkingAll);
  const keptAt = useSelector(actor, inboxKeptAt);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col">
          <h1 id="notifications-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
            Notifications
          </h1>
          <p role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
            {loading || failed ? '' : unread > 0 ? `${shortenNumber(unread)} unread` : 'All caught up'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          icon={<CheckCheck size={16} />}
          isDisabled={unread === 0 || markingAll || loading || keptAt !== null}
          onPress={() => actor.send({ type: 'inbox.readAll' })}
        >
          {markingAll ? 'Marking...' : 'Mark all as read'}
        </Button>
      </header>
      {/* The kept first page (the server was not reached): the page's gap spaces it, not its own margin. */}
      {keptAt !== null && !loading && !failed ? (
        <div className="-mb-4">
          <OfflineNotice savedAt={keptAt} />
        </div>
      ) : null}
      {loading ? (
        <NotificationSkeletons />
      ) : failed ? (
        <LoadError title="Could not load notifications" onRetry={() => actor.send({ type: 'inbox.retry' })}>
          {error}
        </LoadError>
      ) : items.length === 0 ? (
        <EmptyInbox />
      ) : (
        <>
          <ul aria-label="Notifications" className="flex flex-col gap-2">
            {items.map((notification) => (
              <li key={notification._id}>
                <NotificationRow actor={actor} notification={notification} />
              </li>
            ))}
          </ul>
          {loadingMore ? <NotificationSkeletons count={2} label="Loading more notifications" /> : null}
          {hasMore && !loadingMore ? (
            <div className="flex justify-center">
              <Button variant="secondary" onPress={() => actor.send({ type: 'inbox.more' })}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
