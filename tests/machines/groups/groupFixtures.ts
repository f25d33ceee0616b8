import type { Group, GroupMembership } from '../../../src/api/groups';
import { post } from '../../fixtures/streams';

/** Groups as the server shows them to the viewer `u1` (alice), shared by the group page's machine and view tests. */
export const ME = 'u1';

export function member(userId: string, overrides: Partial<GroupMembership> = {}): GroupMembership {
  const names: Record<string, string> = { u1: 'alice', u2: 'bob', u3: 'carol', u4: 'dave', u5: 'erin' };
  return {
    userId,
    username: names[userId] ?? `member-${userId}`,
    avatarColor: '#1e88e5',
    profilePicture: '',
    joinedAt: '2025-01-01T10:00:00.000Z',
    role: 'member',
    joinedBy: 'joined',
    status: 'accepted',
    invitedBy: null,
    ...overrides,
  };
}

export function group(overrides: Partial<Group> = {}): Group {
  return {
    _id: 'g1',
    name: 'Harbour walkers',
    description: 'Early walks along the water',
    privacy: 'public',
    profileImage: '',
    tags: ['walks'],
    category: ['Travel'],
    createdBy: 'u2',
    createdAt: '2025-01-01T09:00:00.000Z',
    updatedAt: '2025-01-01T09:00:00.000Z',
    memberCount: 1,
    admins: ['u2'],
    members: [member('u2', { role: 'admin', joinedBy: 'creator' })],
    membership: null,
    membersNextCursor: null,
    ...overrides,
  };
}

const bobAdmin = member('u2', { role: 'admin', joinedBy: 'creator' });
const aliceMember = member('u1');

/** Public, the viewer has no membership: Join. */
export const publicStranger = group();
/** Private, no membership: only a site admin or a link gets here (the server answers 404 otherwise). */
export const privateStranger = group({ privacy: 'private', admins: [], members: [] });
/** Invited (pending): Accept / Decline. A private group shows no members yet. */
export const invitedPublic = group({ membership: member('u1', { status: 'pending', joinedBy: 'invited', invitedBy: 'u2' }) });
export const invitedPrivate = group({ privacy: 'private', admins: [], members: [], membership: invitedPublic.membership });
/** Asked to join a private group: "Request sent". */
export const requested = group({
  privacy: 'private',
  admins: [],
  members: [],
  membership: member('u1', { status: 'pending', joinedBy: 'request' }),
});
/** An accepted member. */
export const memberPublic = group({ memberCount: 2, members: [bobAdmin, aliceMember], membership: aliceMember });
export const memberPrivate = group({ ...memberPublic, privacy: 'private' });
/** The viewer is the only admin, with bob as a member and carol invited (pending). */
export const adminGroup = group({
  createdBy: 'u1',
  memberCount: 2,
  admins: ['u1'],
  members: [
    member('u1', { role: 'admin', joinedBy: 'creator' }),
    member('u2'),
    member('u3', { status: 'pending', joinedBy: 'invited', invitedBy: 'u1' }),
  ],
  membership: member('u1', { role: 'admin', joinedBy: 'creator' }),
});
/** After bob was made an admin too. */
export const twoAdmins = group({
  ...adminGroup,
  admins: ['u1', 'u2'],
  members: [adminGroup.members[0], member('u2', { role: 'admin' }), adminGroup.members[2]],
});
/** After bob was removed. */
export const bobRemoved = group({ ...adminGroup, memberCount: 1, members: [adminGroup.members[0], adminGroup.members[2]] });
/** The viewer alone in their group. */
/** dave, as a search finds him, and the group once he is invited. */
export const daveFound = { _id: 'u4', username: 'dave', avatarColor: '#1e88e5', profilePicture: '' };
export const daveInvited = group({
  ...adminGroup,
  members: [...adminGroup.members, member('u4', { status: 'pending', joinedBy: 'invited', invitedBy: 'u1' })],
});
export const soleAdmin = group({ ...adminGroup, memberCount: 1, members: [adminGroup.members[0]] });

/** A join request waiting for a group admin. */
export const erinAsks = member('u5', { status: 'pending', joinedBy: 'request' });

export const pendingPost = post({
  _id: 'p1',
  post: 'Sunrise from the pier',
  userId: 'u2',
  username: 'bob',
  groupId: 'g1',
  groupStatus: 'pending',
});
export const acceptedPost = { ...pendingPost, groupStatus: 'accepted' as const };
export const declinedPost = { ...pendingPost, groupStatus: 'declined' as const };
export const PNG = 'data:image/png;base64,iVBORw0KGgo=';
export const UPLOADED = '/media/image/upload/v1/group-g1';
