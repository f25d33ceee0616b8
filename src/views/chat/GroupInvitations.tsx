import { useSelector } from '@xstate/react';
import { Check, X } from 'lucide-react';
import { useMemo } from 'react';
import type { ChatActorRef, ChatMember } from '../../machines/chat/chat.machine';
import {
  answerFor,
  inviterOf,
  memberCount,
  selectAnswering,
  selectBusy,
  selectError,
  selectFailed,
  selectPending,
} from '../../machines/chat/groupChat/groupChatInvitations.connect';
import { Button } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { useChatLogic } from './ChatLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { GroupAvatar } from './GroupAvatar';

/** Group chats the member is invited to: Accept or Decline; they arrive and leave live. */
export function GroupInvitations({ chat, me }: { chat: ChatActorRef; me: ChatMember }) {
  const { groupChatInvitations } = useChatLogic();
  const logic = useMemo(() => groupChatInvitations(chat), [groupChatInvitations, chat]);
  const actor = useScreenActor(logic, { input: { me } });
  const pending = useSelector(actor, selectPending);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);
  const busy = useSelector(actor, selectBusy);
  const answering = useSelector(actor, selectAnswering);

  if (failed)
    return (
      <div className="px-4 pb-2">
        <LoadError title="Invitations" onRetry={() => actor.send({ type: 'invitations.retry' })}>
          {error}
        </LoadError>
      </div>
    );
  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="chat-invitations-title" className="border-b border-neutral-200 px-4 pb-3 dark:border-neutral-800">
      <h2 id="chat-invitations-title" className="pb-2 text-sm font-semibold text-neutral-700 dark:text-neutral-300">
        Invitations ({pending.length})
      </h2>
      <ul aria-label="Group chat invitations" className="flex flex-col gap-2">
        {pending.map((group) => {
          const by = inviterOf(group, me.id);
          const answer = answerFor(answering, group._id);
          const members = memberCount(group);
          return (
            <li
              key={group._id}
              aria-label={group.name}
              className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-3 dark:border-neutral-800"
            >
              <div className="flex items-center gap-3">
                <GroupAvatar picture={group.profileImage} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold">{group.name}</span>
                  <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
                    {by ? `${by} invited you · ` : ''}
                    {members} {members === 1 ? 'member' : 'members'}
                  </span>
                </span>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  icon={<Check size={16} />}
                  aria-label={`Accept ${group.name}`}
                  isDisabled={busy}
                  onPress={() => actor.send({ type: 'invitations.accept', groupId: group._id })}
                >
                  {answer === 'accept' ? 'Joining...' : 'Accept'}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<X size={16} />}
                  aria-label={`Decline ${group.name}`}
                  isDisabled={busy}
                  onPress={() => actor.send({ type: 'invitations.decline', groupId: group._id })}
                >
                  {answer === 'decline' ? 'Declining...' : 'Decline'}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
