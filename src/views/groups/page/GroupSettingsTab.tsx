import { useSelector } from '@xstate/react';
import { Shield, Trash2, UserMinus, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import {
  isInvitee,
  isSelectedToInvite,
  sameManagedMembers,
  selectBusy,
  selectInviteSearch,
  selectInviteSelection,
  selectManagedMembers,
  selectRunning,
} from '../../../machines/groups/group.connect';
import { MemberSearch } from '../../people/MemberSearch';
import { SelectMemberButton } from '../../people/SelectMemberButton';
import { Button } from '../../ui/Button';
import { MemberRow, MoreMembers } from './GroupMembersTab';
import { GroupSettingsForm } from './GroupSettingsForm';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={id} className="text-lg font-semibold text-neutral-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A group admin's Settings: the group's information, its members (promote, remove), deleting it. */
export function GroupSettingsTab({ actor }: { actor: GroupActorRef }) {
  return (
    <div className="flex flex-col gap-4">
      <GroupSettingsForm actor={actor} />
      <ManageMembers actor={actor} />
      <InviteMore actor={actor} />
      <Card id="group-delete-title" title="Delete group">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Deleting the group removes its posts and their media for everyone. This cannot be undone.
        </p>
        <DeleteButton actor={actor} />
      </Card>
    </div>
  );
}

function DeleteButton({ actor }: { actor: GroupActorRef }) {
  const busy = useSelector(actor, selectBusy);
  return (
    <Button
      variant="danger"
      className="self-start"
      icon={<Trash2 size={16} />}
      isDisabled={busy}
      onPress={() => actor.send({ type: 'group.delete' })}
    >
      Delete group
    </Button>
  );
}

/**
 * Invite more members: the member search (members and invitees are never offered), a Select /
 * Selected toggle per result, then one Invite for the selection.
 */
function InviteMore({ actor }: { actor: GroupActorRef }) {
  const search = useSelector(actor, selectInviteSearch);
  const busy = useSelector(actor, selectBusy);
  const inviting = useSelector(actor, (s) => selectRunning(s) === 'inviting');
  const selection = useSelector(actor, selectInviteSelection);
  if (!search) return null;
  const count = selection.length;
  return (
    <Card id="group-invite-title" title="Invite members">
      <MemberSearch
        search={search}
        label="Search members to invite"
        emptyText="No users found"
        isDisabled={busy}
        action={(user) => {
          const selected = isSelectedToInvite(selection, user._id);
          return (
            <SelectMemberButton
              username={user.username}
              selected={selected}
              isDisabled={busy}
              onPress={() => actor.send({ type: 'group.invite', user })}
            />
          );
        }}
      />
      <Button
        className="self-start"
        icon={<UserPlus size={16} />}
        isDisabled={busy || count === 0}
        onPress={() => actor.send({ type: 'group.invite.send' })}
      >
        {inviting ? 'Inviting...' : count === 0 ? 'Invite' : `Invite ${count} ${count === 1 ? 'member' : 'members'}`}
      </Button>
    </Card>
  );
}

/** Everyone but the admin themselves: make a member an admin, remove a member or withdraw an invitation (each asked first). */
function ManageMembers({ actor }: { actor: GroupActorRef }) {
  const others = useSelector(actor, selectManagedMembers, sameManagedMembers);
  const busy = useSelector(actor, selectBusy);
  return (
    <Card id="group-members-title" title="Manage members">
      {others.length === 0 ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">No other members yet.</p>
      ) : (
        <ul aria-label="Manage members" className="flex flex-col gap-2">
          {others.map(({ member, canPromote, canRemove }) => {
            const invited = isInvitee(member);
            // Each name starts with the visible text (WCAG 2.5.3: what a voice user says is what they see).
            const removeLabel = invited ? `Withdraw invitation for ${member.username}` : `Remove ${member.username}`;
            return (
              <MemberRow key={member.userId} member={member} isMe={false}>
                <div className="flex flex-wrap gap-2">
                  {canPromote ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<Shield size={16} />}
                      isDisabled={busy}
                      aria-label={`Make admin: ${member.username}`}
                      onPress={() => actor.send({ type: 'group.promote', userId: member.userId })}
                    >
                      Make admin
                    </Button>
                  ) : null}
                  {canRemove ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<UserMinus size={16} />}
                      isDisabled={busy}
                      aria-label={removeLabel}
                      onPress={() => actor.send({ type: 'group.remove', userId: member.userId })}
                    >
                      {invited ? 'Withdraw invitation' : 'Remove'}
                    </Button>
                  ) : null}
                </div>
              </MemberRow>
            );
          })}
        </ul>
      )}
      <MoreMembers actor={actor} />
    </Card>
  );
}
