import { useSelector } from '@xstate/react';
import { ShieldOff } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import type { UserSummary } from '../../api/users/follows';
import { selectIsUnblocking, type BlockedMembersActorRef } from '../../machines/people/blockedMembers.machine';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { Skeleton } from '../ui/Skeleton';
import { usePeopleLogic } from './PeopleLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { blockedListError, blockedMembers, hasBlockedListFailed, isBlockedListLoading } from '../../machines/people/blockedMembers.connect';

/**
 * The settings page's "Blocked members": the only way back to a member blocked earlier, since
 * the block hides their profile both ways.
 */
export function BlockedMembers() {
  const logic = usePeopleLogic();
  const actor = useScreenActor(logic.blockedMembers);
  const loading = useSelector(actor, isBlockedListLoading);
  const failed = useSelector(actor, hasBlockedListFailed);
  const error = useSelector(actor, blockedListError);
  const members = useSelector(actor, blockedMembers);
  // A row that leaves with the focused button takes the focus with it: it hands it to the heading.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section
      aria-labelledby="blocked-members-title"
      className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="blocked-members-title" ref={heading} tabIndex={-1} className="font-semibold text-neutral-900 outline-none dark:text-white">
          Blocked members
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          You and the members you blocked do not see each other&apos;s profiles, posts, comments or reactions. Unblocking does not restore
          follows.
        </p>
      </div>
      {loading ? (
        <div role="status" aria-label="Loading blocked members" className="flex flex-col gap-2">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3 py-1">
              <Skeleton className="size-10 shrink-0 rounded-full" />
              <Skeleton className="h-4 w-32" />
              <Skeleton className="ml-auto h-8 w-24 rounded-full" />
            </div>
          ))}
        </div>
      ) : failed ? (
        <LoadError title="Could not load the members you blocked" onRetry={() => actor.send({ type: 'blockedMembers.retry' })}>
          {error}
        </LoadError>
      ) : members.length === 0 ? (
        <div className="rounded-xl border border-dashed border-neutral-300 px-4 py-6 text-center dark:border-neutral-700">
          <p className="font-semibold text-neutral-900 dark:text-white">You have not blocked anyone</p>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">Block a member from the menu on their profile.</p>
        </div>
      ) : (
        <ul aria-labelledby="blocked-members-title" className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800">
          {members.map((member) => (
            <BlockedRow key={member._id} actor={actor} member={member} heading={heading} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedRow({
  actor,
  member,
  heading,
}: {
  actor: BlockedMembersActorRef;
  member: UserSummary;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const unblocking = useSelector(actor, (s) => selectIsUnblocking(s, member._id));
  // A removed button's blur never reaches React, so this still says true when the row leaves focused.
  const focused = useRef(false);
  useEffect(
    () => () => {
      if (focused.current) heading.current?.focus();
    },
    [heading],
  );
  return (
    <li className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      <Avatar {...member} />
      {/* Not a link: their profile answers 404 while the block stands. */}
      <span className="min-w-0 flex-1 truncate font-semibold text-neutral-900 dark:text-white">{member.username}</span>
      <Button
        size="sm"
        variant="secondary"
        // Pending rather than disabled: the button keeps keyboard focus while the request runs.
        className="shrink-0 data-[pending]:opacity-60"
        icon={unblocking ? undefined : <ShieldOff size={16} />}
        isPending={unblocking}
        onFocusChange={(isFocused) => (focused.current = isFocused)}
        aria-label={unblocking ? `Unblocking ${member.username}` : `Unblock ${member.username}`}
        onPress={() => actor.send({ type: 'blockedMembers.unblock', userId: member._id })}
      >
        {unblocking ? 'Unblocking...' : 'Unblock'}
      </Button>
    </li>
  );
}
