import { useSelector } from '@xstate/react';
import { Check, X } from 'lucide-react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import {
  selectBusy,
  selectPendingError,
  selectPendingFailed,
  selectPendingLoading,
  selectPendingMembers,
  selectRunning,
  selectTarget,
} from '../../../machines/groups/group.connect';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { EmptyState } from '../../streams/PageParts';
import { timeAgo } from '../../streams/post/format';
import { MemberRow } from './GroupMembersTab';

/** Join requests for a group admin: Approve or Reject each. */
export function GroupPendingTab({ actor }: { actor: GroupActorRef }) {
  const requests = useSelector(actor, selectPendingMembers);
  const loading = useSelector(actor, selectPendingLoading);
  const failed = useSelector(actor, selectPendingFailed);
  const error = useSelector(actor, selectPendingError);
  const busy = useSelector(actor, selectBusy);
  const running = useSelector(actor, selectRunning);
  const target = useSelector(actor, selectTarget);

  // A refresh keeps the list on screen; only the first read shows placeholders.
  if (loading && requests.length === 0)
    return (
      <div role="status" aria-label="Loading requests" className="flex flex-col gap-2">
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-16 w-full rounded-2xl" />
      </div>
    );
  if (failed)
    return (
      <LoadError title="Could not load the requests" onRetry={() => actor.send({ type: 'group.pending.retry' })}>
        {error}
      </LoadError>
    );
  if (requests.length === 0)
    return <EmptyState title="No requests to join" text="When someone asks to join, you can approve or reject them here." />;
  return (
    <ul aria-label="Requests to join" className="flex flex-col gap-2">
      {requests.map((request) => {
        const mine = target === request.userId;
        const approve = mine && running === 'approving' ? 'Approving...' : 'Approve';
        const reject = mine && running === 'rejecting' ? 'Rejecting...' : 'Reject';
        return (
          <MemberRow key={request.userId} member={request} isMe={false}>
            <span className="w-full text-xs text-neutral-600 sm:w-auto dark:text-neutral-400">Asked {timeAgo(request.joinedAt)}</span>
            <div className="flex gap-2">
              <Button
                size="sm"
                icon={<Check size={16} />}
                isDisabled={busy}
                aria-label={`${approve} ${request.username}`}
                onPress={() => actor.send({ type: 'group.approve', userId: request.userId })}
              >
                {approve}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<X size={16} />}
                isDisabled={busy}
                aria-label={`${reject} ${request.username}`}
                onPress={() => actor.send({ type: 'group.reject', userId: request.userId })}
              >
                {reject}
              </Button>
            </div>
          </MemberRow>
        );
      })}
    </ul>
  );
}
