import { useSelector } from '@xstate/react';
import { Check, LogOut, Shield, UserPlus, X } from 'lucide-react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import { selectBusy, selectGroup, selectIsGroupAdmin, selectRunning, selectStanding } from '../../../machines/groups/group.connect';
import { Button } from '../../ui/Button';
import { RichText } from '../../ui/RichText';
import { GroupFacts } from '../GroupCard';
import { GroupImage } from '../GroupImage';

const chip = 'rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300';

/** Name, picture, privacy, categories, tags, member count, and what the viewer can do about the group. */
export function GroupHeader({ actor }: { actor: GroupActorRef }) {
  const group = useSelector(actor, selectGroup)!;
  return (
    <section
      aria-labelledby="group-name"
      className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-start gap-4">
        <GroupImage group={group} className="size-20 text-3xl" />
        {/* At least 10rem for the name: on a phone the actions wrap below instead of squeezing it. */}
        <div className="flex min-w-40 flex-1 basis-40 flex-col gap-1">
          <h1 id="group-name" className="text-2xl font-bold tracking-tight break-words text-neutral-900 dark:text-white">
            {group.name}
          </h1>
          <GroupFacts group={group} inHeader />
        </div>
        <MembershipActions actor={actor} />
      </div>
      {group.description ? (
        <p className="text-[15px] break-words whitespace-pre-wrap text-neutral-800 dark:text-neutral-200">
          <RichText text={group.description} />
        </p>
      ) : null}
      {group.category.length ? (
        <ul aria-label="Categories" className="flex flex-wrap gap-2">
          {group.category.map((category) => (
            <li key={category} className={chip}>
              {category}
            </li>
          ))}
        </ul>
      ) : null}
      {group.tags.length ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-2">
          {group.tags.map((tag) => (
            <li key={tag} className="text-sm font-medium text-accent-ink dark:text-accent-ink-dark">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Join / Ask to join (private) / Accept or Decline / Request sent (and Cancel request) / Leave, by where the viewer stands. */
function MembershipActions({ actor }: { actor: GroupActorRef }) {
  const group = useSelector(actor, selectGroup)!;
  const busy = useSelector(actor, selectBusy);
  const running = useSelector(actor, selectRunning);
  const standing = useSelector(actor, selectStanding);
  const isAdmin = useSelector(actor, selectIsGroupAdmin);
  const send = (type: 'group.join' | 'group.acceptInvite' | 'group.declineInvite' | 'group.cancelRequest' | 'group.leave') =>
    actor.send({ type });

  switch (standing) {
    case 'none':
      return (
        <Button icon={<UserPlus size={16} />} isDisabled={busy} onPress={() => send('group.join')}>
          {running === 'joining'
            ? group.privacy === 'private'
              ? 'Sending request...'
              : 'Joining...'
            : group.privacy === 'private'
              ? 'Ask to join'
              : 'Join group'}
        </Button>
      );
    case 'invited':
      return (
        <div className="flex w-full flex-col gap-2 sm:w-auto">
          <p className="text-sm font-medium text-neutral-800 dark:text-neutral-200">You are invited to this group</p>
          <div className="flex gap-2">
            <Button icon={<Check size={16} />} isDisabled={busy} onPress={() => send('group.acceptInvite')}>
              {running === 'acceptingInvite' ? 'Accepting...' : 'Accept invitation'}
            </Button>
            <Button variant="secondary" icon={<X size={16} />} isDisabled={busy} onPress={() => send('group.declineInvite')}>
              {running === 'decliningInvite' ? 'Declining...' : 'Decline'}
            </Button>
          </div>
        </div>
      );
    case 'requested':
      return (
        <div className="flex flex-wrap items-center gap-2">
          <span
            role="status"
            className="rounded-full bg-neutral-100 px-3 py-1.5 text-sm font-semibold text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200"
          >
            Request sent
          </span>
          <Button variant="ghost" size="sm" isDisabled={busy} onPress={() => send('group.cancelRequest')}>
            {running === 'withdrawing' ? 'Cancelling...' : 'Cancel request'}
          </Button>
        </div>
      );
    default:
      return (
        <div className="flex flex-wrap items-center gap-2">
          {isAdmin ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-3 py-1.5 text-sm font-semibold text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">
              <Shield aria-hidden="true" size={15} />
              Group admin
            </span>
          ) : null}
          <Button variant="secondary" icon={<LogOut size={16} />} isDisabled={busy} onPress={() => send('group.leave')}>
            Leave group
          </Button>
        </div>
      );
  }
}
