import { useSelector } from '@xstate/react';
import { LogOut, ShieldCheck, Trash2, UserMinus, UserPlus } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import type { GroupChat } from '../../api/chat';
import type { ChatActorRef, ChatMember } from '../../machines/chat/chat.machine';
import type { GroupChatManageActorRef, ManageRequest } from '../../machines/chat/groupChat/groupChatManage.machine';
import {
  acceptedCount,
  canRename,
  groupChatRights,
  memberRows,
  selectConfirming,
  selectError,
  selectFinished,
  selectNameDraft,
  selectNameError,
  selectSearch,
  selectWorking,
  type GroupChatMemberRow,
} from '../../machines/chat/groupChat/groupChatManage.connect';
import { Alert } from '../ui/Alert';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { useChatLogic } from './ChatLogic';
import { useScreenActor } from '../shared/useScreenActor';
import { SheetDialog } from '../ui/SheetDialog';
import { ConfirmDialog, ConfirmText } from '../ui/ConfirmDialog';
import { MemberSearch } from '../people/MemberSearch';

const badge = 'rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200';

function confirmText(request: ManageRequest, group: GroupChat) {
  switch (request.kind) {
    case 'remove':
      return {
        title: `Remove ${request.username}?`,
        action: 'Remove',
        text: `${request.username} leaves ${group.name} and no longer receives its messages.`,
      };
    case 'delete':
      return {
        title: `Delete ${group.name}?`,
        action: 'Delete',
        text: 'The group chat and its messages are deleted for everyone. This cannot be undone.',
      };
    default:
      return { title: `Leave ${group.name}?`, action: 'Leave', text: 'You no longer receive its messages. An admin can invite you again.' };
  }
}

function RenameForm({ actor, group, busy }: { actor: GroupChatManageActorRef; group: GroupChat; busy: boolean }) {
  const name = useSelector(actor, selectNameDraft);
  const nameError = useSelector(actor, selectNameError);
  const renamable = useSelector(actor, (s) => canRename(s, group));
  return (
    <form
      aria-label="Rename the group"
      noValidate
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'manage.rename' });
      }}
    >
      <TextField
        label="Group name"
        value={name}
        onChange={(value) => actor.send({ type: 'manage.nameChange', name: value })}
        errorMessage={nameError}
        isDisabled={busy}
        className="flex-1"
      />
      <Button type="submit" variant="secondary" isDisabled={!renamable} className="mb-0.5">
        Rename
      </Button>
    </form>
  );
}

function MemberRow({ actor, row, busy }: { actor: GroupChatManageActorRef; row: GroupChatMemberRow; busy: boolean }) {
  const { member, isSelf: self, isAdmin, isInvited, canPromote, canRemove } = row;
  const ref = { userId: member.userId, username: member.username };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <Avatar username={member.username} avatarColor={member.avatarColor} profilePicture={member.profilePicture} size="sm" />
      <span className="flex min-w-0 flex-1 items-center gap-2">
        <span className="truncate font-medium">{self ? `${member.username} (you)` : member.username}</span>
        {isAdmin ? <span className={badge}>Admin</span> : null}
        {isInvited ? <span className={badge}>Invited</span> : null}
      </span>
      {canPromote || canRemove ? (
        <span className="flex gap-1">
          {canPromote ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<ShieldCheck size={16} />}
              aria-label={`Make admin: ${member.username}`}
              isDisabled={busy}
              onPress={() => actor.send({ type: 'manage.promote', member: ref })}
            >
              Make admin
            </Button>
          ) : null}
          {canRemove ? (
            <Button
              size="sm"
              variant="ghost"
              icon={<UserMinus size={16} />}
              aria-label={`Remove ${member.username}`}
              isDisabled={busy}
              onPress={() => actor.send({ type: 'manage.remove', member: ref })}
            >
              Remove
            </Button>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

function GroupInfo({ chat, me, group, onClose }: { chat: ChatActorRef; me: ChatMember; group: GroupChat; onClose: () => void }) {
  const { groupChatManage } = useChatLogic();
  const logic = useMemo(() => groupChatManage(chat), [groupChatManage, chat]);
  const actor = useScreenActor(logic, { input: { me, group } });
  const busy = useSelector(actor, selectWorking);
  const confirming = useSelector(actor, selectConfirming);
  const error = useSelector(actor, selectError);
  const finished = useSelector(actor, selectFinished);
  const search = useSelector(actor, selectSearch);
  useEffect(() => {
    if (finished) onClose();
  }, [finished, onClose]);
  const rights = groupChatRights(group, me.id);
  const rows = memberRows(group, me.id);
  const confirm = confirming ? confirmText(confirming, group) : null;

  return (
    <div className="flex flex-col gap-5">
      {rights.canRename ? <RenameForm actor={actor} group={group} busy={busy} /> : null}
      <section aria-labelledby="group-members-title" className="flex flex-col">
        <h3 id="group-members-title" className="text-sm font-semibold">
          Members ({acceptedCount(group)})
        </h3>
        <ul aria-label="Members" className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {rows.map((row) => (
            <MemberRow key={row.member.userId} actor={actor} row={row} busy={busy} />
          ))}
        </ul>
      </section>
      {rights.canInvite && search ? (
        <section aria-labelledby="group-add-title" className="flex flex-col gap-2">
          <h3 id="group-add-title" className="text-sm font-semibold">
            Add members
          </h3>
          <MemberSearch
            search={search}
            isDisabled={busy}
            action={(user) => (
              <Button
                size="sm"
                variant="secondary"
                icon={<UserPlus size={16} />}
                aria-label={`Invite ${user.username}`}
                isDisabled={busy}
                onPress={() => actor.send({ type: 'manage.invite', user })}
              >
                Invite
              </Button>
            )}
          />
        </section>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button variant="secondary" icon={<LogOut size={16} />} isDisabled={busy} onPress={() => actor.send({ type: 'manage.leave' })}>
          Leave group
        </Button>
        {rights.canDelete ? (
          <Button variant="danger" icon={<Trash2 size={16} />} isDisabled={busy} onPress={() => actor.send({ type: 'manage.delete' })}>
            Delete group
          </Button>
        ) : null}
      </div>
      {confirm ? (
        <ConfirmDialog
          overSheet
          title={confirm.title}
          confirmLabel={confirm.action}
          onConfirm={() => actor.send({ type: 'manage.confirm' })}
          onCancel={() => actor.send({ type: 'manage.cancel' })}
        >
          <ConfirmText>{confirm.text}</ConfirmText>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The group's info (members; admin controls for admins), from the conversation's header. */
export function GroupInfoDialog({
  chat,
  me,
  group,
  onClose,
}: {
  chat: ChatActorRef;
  me: ChatMember;
  group: GroupChat;
  onClose: () => void;
}) {
  return (
    <SheetDialog title={group.name} onClose={onClose} padded>
      <GroupInfo chat={chat} me={me} group={group} onClose={onClose} />
    </SheetDialog>
  );
}
