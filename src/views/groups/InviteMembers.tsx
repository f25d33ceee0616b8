import { useSelector } from '@xstate/react';
import { X } from 'lucide-react';
import type { CreateGroupActorRef } from '../../machines/groups/createGroup.machine';
import { isInvitedMember, selectInvited, selectSearch } from '../../machines/groups/createGroup.connect';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { MemberSearch } from '../people/MemberSearch';
import { SelectMemberButton } from '../people/SelectMemberButton';

/** The Invite Members panel: the member search (500 ms pause), Select/Selected toggles, the invited list. */
export function InviteMembers({ actor, isDisabled }: { actor: CreateGroupActorRef; isDisabled?: boolean }) {
  const search = useSelector(actor, selectSearch);
  const invited = useSelector(actor, selectInvited);

  return (
    <section aria-labelledby="invite-title" className="flex flex-col gap-3">
      <h2 id="invite-title" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Invite Members
      </h2>
      {search ? (
        <MemberSearch
          search={search}
          label="Search users"
          emptyText="No users found"
          isDisabled={isDisabled}
          action={(user) => {
            const selected = isInvitedMember(invited, user._id);
            return (
              <SelectMemberButton
                username={user.username}
                selected={selected}
                isDisabled={isDisabled}
                onPress={() => actor.send({ type: 'group.invite', user })}
              />
            );
          }}
        />
      ) : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-medium text-neutral-800 dark:text-neutral-200">Invited ({invited.length})</h3>
        {invited.length === 0 ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">No members invited yet</p>
        ) : (
          <ul aria-label="Invited members" className="flex flex-wrap gap-2">
            {invited.map((member) => (
              <li
                key={member.userId}
                className="inline-flex items-center gap-2 rounded-full bg-neutral-100 py-1 pr-1 pl-1 text-sm dark:bg-neutral-800"
              >
                <Avatar username={member.username} avatarColor={member.avatarColor} profilePicture={member.profilePicture} size="sm" />
                <span className="text-neutral-900 dark:text-white">{member.username}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${member.username}`}
                  isDisabled={isDisabled}
                  onPress={() =>
                    actor.send({
                      type: 'group.invite',
                      user: {
                        _id: member.userId,
                        username: member.username,
                        avatarColor: member.avatarColor,
                        profilePicture: member.profilePicture,
                      },
                    })
                  }
                >
                  <X aria-hidden="true" size={14} />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
