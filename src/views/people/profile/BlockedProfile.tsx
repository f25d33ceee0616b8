import { useSelector } from '@xstate/react';
import { ShieldOff } from 'lucide-react';
import type { ProfileActorRef } from '../../../machines/people/profile/profile.machine';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { isUnblocking, selectProfile } from '../../../machines/people/profile/profile.connect';

/** After a block: the profile is no longer shown (the block rule hides it both ways); Unblock brings it back. */
export function BlockedProfile({ actor }: { actor: ProfileActorRef }) {
  const profile = useSelector(actor, selectProfile);
  const unblocking = useSelector(actor, isUnblocking);
  if (!profile) return null;
  return (
    <section
      aria-labelledby="blocked-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-3xl border border-neutral-200 bg-white px-6 py-10 text-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      <Avatar {...profile} size="lg" />
      <h1 id="blocked-title" className="text-xl font-bold text-neutral-900 dark:text-white">
        You blocked {profile.username}
      </h1>
      <p className="text-[15px] text-neutral-600 dark:text-neutral-400">
        You will not see each other&apos;s profiles, posts, comments or reactions. Unblocking does not restore the follows the block
        removed.
      </p>
      <Button
        variant="secondary"
        icon={unblocking ? undefined : <ShieldOff size={16} />}
        isDisabled={unblocking}
        onPress={() => actor.send({ type: 'profile.unblock' })}
      >
        {unblocking ? 'Unblocking...' : `Unblock ${profile.username}`}
      </Button>
    </section>
  );
}
