import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { groupLogic, type GroupLogic } from '../../../effects/groups/group';
import { journal } from '../../../effects/debug/journal';
import { useApp } from '../../AppContext';
import { LoadError } from '../../ui/LoadError';
import { useSessionProfile } from '../../layouts/useShell';
import { DeleteGroupDialog, LeaveGroupDialog, MemberActionDialog } from './GroupDialogs';
import { GroupHeader } from './GroupHeader';
import { GroupNotFound, GroupSkeleton } from './GroupStates';
import { GroupTabs } from './GroupTabs';

type Phase = 'loading' | 'failed' | 'notFound' | 'gone' | 'loaded';

/** /app/social/group/:groupId: one group's page. `logic`: the machine with its effects (tests hand in fakes). */
export default function GroupPage({ groupId, logic }: { groupId: string; logic?: GroupLogic }) {
  const app = useApp();
  const me = useSessionProfile();
  const machine = useMemo(() => logic ?? groupLogic(app), [app, logic]);
  const actor = useActorRef(machine, {
    input: { groupId, viewerId: me?._id ?? '', viewerIsSiteAdmin: me?.role === 'ADMIN' },
    inspect: journal.inspect,
  });
  const phase = useSelector(actor, (s): Phase => {
    for (const phase of ['loading', 'failed', 'notFound', 'gone'] as const) if (s.matches(phase)) return phase;
    return 'loaded';
  });
  const error = useSelector(actor, (s) => s.context.error);

  if (phase === 'loading' || phase === 'gone') return <GroupSkeleton />;
  if (phase === 'notFound') return <GroupNotFound />;
  if (phase === 'failed')
    return (
      <div className="mx-auto max-w-3xl">
        <LoadError title="Could not load this group" onRetry={() => actor.send({ type: 'group.retry' })}>
          {error}
        </LoadError>
      </div>
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <GroupHeader actor={actor} />
      <GroupTabs actor={actor} />
      <LeaveGroupDialog actor={actor} />
      <DeleteGroupDialog actor={actor} />
      <MemberActionDialog actor={actor} />
    </div>
  );
}
