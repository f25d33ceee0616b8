import { useSelector } from '@xstate/react';
import { LogOut, Shield, Trash2, UserMinus } from 'lucide-react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import {
  isInvitee,
  selectDeleting,
  selectDialog,
  selectDialogError,
  selectGroup,
  selectGroupName,
  selectIsLastAdmin,
  selectLeaving,
  selectMemberActionRunning,
  selectNewAdminId,
  selectSuccessors,
  selectTargetMember,
} from '../../../machines/groups/group.connect';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog, ConfirmText } from '../../ui/ConfirmDialog';
import { fieldLabel } from '../../ui/TextField';

/** Leave the group: the last admin first names the member who takes over. */
export function LeaveGroupDialog({ actor }: { actor: GroupActorRef }) {
  const open = useSelector(actor, (s) => selectDialog(s) === 'leave');
  const leaving = useSelector(actor, selectLeaving);
  const group = useSelector(actor, selectGroup);
  const lastAdmin = useSelector(actor, selectIsLastAdmin);
  const successors = useSelector(actor, selectSuccessors);
  const newAdminId = useSelector(actor, selectNewAdminId);
  const error = useSelector(actor, selectDialogError);
  const cancel = () => actor.send({ type: 'group.dialog.close' });
  const sole = lastAdmin && successors.length === 0;

  return (
    <ConfirmDialog
      isOpen={open}
      busy={leaving}
      title={`Leave ${group?.name ?? 'this group'}?`}
      error={sole ? null : error}
      confirmLabel="Leave group"
      busyLabel="Leaving..."
      confirmIcon={<LogOut size={16} />}
      confirmDisabled={sole}
      onConfirm={() => actor.send({ type: 'group.leave.confirm' })}
      onCancel={cancel}
    >
      <ConfirmText>
        {group?.privacy === 'private' ? 'You will no longer see its posts or members.' : 'You can join again later.'}
      </ConfirmText>
      {sole ? (
        <Alert tone="warning">You are the only member: delete the group instead</Alert>
      ) : lastAdmin ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-admin" className={fieldLabel}>
            New group admin
          </label>
          <p id="new-admin-hint" className="text-xs text-neutral-600 dark:text-neutral-400">
            You are the group's only admin: name a member to take over.
          </p>
          <select
            id="new-admin"
            aria-describedby="new-admin-hint"
            value={newAdminId}
            disabled={leaving}
            onChange={(e) => actor.send({ type: 'group.leave.successor', userId: e.target.value })}
            className="h-10 rounded-xl border border-neutral-300 bg-white px-3 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900"
          >
            <option value="" disabled>
              Choose a member
            </option>
            {successors.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.username}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** 'Delete {name}?': the group, its posts and their media go for good. */
export function DeleteGroupDialog({ actor }: { actor: GroupActorRef }) {
  const open = useSelector(actor, (s) => selectDialog(s) === 'delete');
  const deleting = useSelector(actor, selectDeleting);
  const name = useSelector(actor, selectGroupName) || 'this group';
  const error = useSelector(actor, selectDialogError);
  const cancel = () => actor.send({ type: 'group.dialog.close' });
  return (
    <ConfirmDialog
      isOpen={open}
      busy={deleting}
      title={`Delete ${name}?`}
      error={error}
      confirmLabel="Delete group"
      busyLabel="Deleting..."
      confirmIcon={<Trash2 size={16} />}
      onConfirm={() => actor.send({ type: 'group.delete.confirm' })}
      onCancel={cancel}
    >
      <ConfirmText>This cannot be undone. The group's posts and their media are deleted with it.</ConfirmText>
    </ConfirmDialog>
  );
}

/** "Night Owls'" and "ben's": the possessive as it is written. */
const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/**
 * 'Make X an admin?' and 'Remove X?' (or 'Withdraw X's invitation?'), asked before the request:
 * neither can be undone from this page (an admin is not demoted here; a removed member of a
 * private group must be invited again).
 */
export function MemberActionDialog({ actor }: { actor: GroupActorRef }) {
  const dialog = useSelector(actor, selectDialog);
  const member = useSelector(actor, selectTargetMember);
  const running = useSelector(actor, selectMemberActionRunning);
  const group = useSelector(actor, selectGroup);
  const error = useSelector(actor, selectDialogError);
  const cancel = () => actor.send({ type: 'group.dialog.close' });
  const open = (dialog === 'promote' || dialog === 'remove') && member !== null;
  const name = member?.username ?? '';
  const groupName = group?.name ?? 'the group';
  const invited = member !== null && isInvitee(member);

  const text =
    dialog === 'promote'
      ? {
          title: `Make ${name} an admin?`,
          body: `${name} will be able to accept members and posts, change ${possessive(groupName)} settings, remove members and delete the group.`,
          confirm: 'Make admin',
          busy: 'Making admin...',
          icon: <Shield size={16} />,
          event: { type: 'group.promote.confirm' } as const,
        }
      : invited
        ? {
            title: `Withdraw ${possessive(name)} invitation?`,
            body: `${name} will no longer be able to join ${groupName} from the invitation.`,
            confirm: 'Withdraw invitation',
            busy: 'Withdrawing...',
            icon: <UserMinus size={16} />,
            event: { type: 'group.remove.confirm' } as const,
          }
        : {
            title: `Remove ${name}?`,
            body:
              group?.privacy === 'private'
                ? `${name} will no longer see ${possessive(groupName)} posts or members, and needs a new invitation to come back.`
                : `${name} will no longer be a member of ${groupName}.`,
            confirm: 'Remove',
            busy: 'Removing...',
            icon: <UserMinus size={16} />,
            event: { type: 'group.remove.confirm' } as const,
          };

  return (
    <ConfirmDialog
      isOpen={open}
      busy={running}
      title={text.title}
      error={error}
      confirmLabel={text.confirm}
      busyLabel={text.busy}
      confirmIcon={text.icon}
      confirmVariant={dialog === 'promote' ? 'primary' : 'danger'}
      onConfirm={() => actor.send(text.event)}
      onCancel={cancel}
    >
      <ConfirmText>{text.body}</ConfirmText>
    </ConfirmDialog>
  );
}
