import { useSelector } from '@xstate/react';
import { Shield } from 'lucide-react';
import { Link } from 'wouter';
import type { GroupMembership } from '../../../api/groups';
import type { GroupActorRef } from '../../../machines/groups/group.machine';
import {
  acceptedMembers,
  isInvitee,
  isMemberAdmin,
  sameMembers,
  selectHasMoreMembers,
  selectKnownMembers,
  selectLoadingMembers,
  selectViewerId,
} from '../../../machines/groups/group.connect';
import { Button } from '../../ui/Button';
import { Avatar } from '../../ui/Avatar';
import { memberHref } from '../../people/memberHref';
import { EmptyState } from '../../streams/PageParts';

/** A member's row: avatar, name (their profile), an Admin badge, and optional controls. */
export function MemberRow({ member, isMe, children }: { member: GroupMembership; isMe: boolean; children?: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl border border-neutral-200 bg-white p-3 dark:border-neutral-800 dark:bg-neutral-900">
      <Avatar username={member.username} avatarColor={member.avatarColor} profilePicture={member.profilePicture} />
      <div className="flex min-w-32 flex-1 flex-col">
        <Link
          href={memberHref({ _id: member.userId, username: member.username })}
          className="truncate font-semibold text-neutral-900 hover:underline dark:text-white"
        >
          {member.username}
          {isMe ? <span className="font-normal text-neutral-600 dark:text-neutral-400"> (you)</span> : null}
        </Link>
        {isInvitee(member) ? <span className="text-xs text-neutral-600 dark:text-neutral-400">Invited, not yet accepted</span> : null}
      </div>
      {isMemberAdmin(member) ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-2.5 py-0.5 text-xs font-semibold text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200">
          <Shield aria-hidden="true" size={13} />
          Admin
        </span>
      ) : null}
      {children}
    </li>
  );
}

/** "Load more members" while the list goes on (a big group's members come a page at a time). */
export function MoreMembers({ actor }: { actor: GroupActorRef }) {
  const more = useSelector(actor, selectHasMoreMembers);
  const loading = useSelector(actor, selectLoadingMembers);
  if (!more) return null;
  return (
    <div className="flex justify-center">
      <Button variant="secondary" isDisabled={loading} onPress={() => actor.send({ type: 'group.members.more' })}>
        {loading ? 'Loading...' : 'Load more members'}
      </Button>
    </div>
  );
}

/** Accepted members, group admins first (of those loaded), then more on request. */
export function GroupMembersTab({ actor }: { actor: GroupActorRef }) {
  const members = useSelector(actor, selectKnownMembers, sameMembers);
  const viewerId = useSelector(actor, selectViewerId);
  const accepted = acceptedMembers(members);
  if (accepted.length === 0) return <EmptyState title="No members to show" text="Members you can see appear here." />;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Members" className="flex flex-col gap-2">
        {accepted.map((member) => (
          <MemberRow key={member.userId} member={member} isMe={member.userId === viewerId} />
        ))}
      </ul>
      <MoreMembers actor={actor} />
    </div>
  );
}
