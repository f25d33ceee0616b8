import { useSelector } from '@xstate/react';
import { groupInputFor, selectError, selectPhase } from '../../../machines/groups/group.connect';
import { useScreenActor } from '../../shared/useScreenActor';
import { LoadError } from '../../ui/LoadError';
import { useSessionProfile } from '../../layouts/useShell';
import { DeleteGroupDialog, LeaveGroupDialog, MemberActionDialog } from './GroupDialogs';
import { GroupHeader } from './GroupHeader';
import { GroupNotFound, GroupSkeleton } from './GroupStates';
import { GroupTabs } from './GroupTabs';
import { useGroupsLogic } from '../GroupsLogic';

/** /app/social/group/:groupId: one group's page. */
export default function GroupPage({ groupId }: { groupId: string }) {
  const me = useSessionProfile();
  const { group } = useGroupsLogic();
  const actor = useScreenActor(group, { input: groupInputFor(groupId, me) });
  const phase = useSelector(actor, selectPhase);
  const error = useSelector(actor, selectError);

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
