import { path } from '../path';

/** Groups (the /group/... family); group posts are under posts.group: this area's part of the one path table (src/api/paths.ts). */
export const groupsPaths = {
  /** Groups (the /group/... family); group posts are under posts.group. */
  groups: {
    create: '/group/create',
    userGroups: path('/group/user-group/:userId'),
    invitations: '/group/invitations',
    all: path('/group/allgroups').query<{ search?: string; cursor?: string }>(),
    one: path('/group/:groupId'),
    /** Ours: the rest of a group's member list, a page at a time (`?cursor=`). */
    members: path('/group/:groupId/members'),
    notJoined: '/group/not-joined',
    acceptInvitation: path('/group/invitation/accept/:groupId'),
    declineInvitation: path('/group/invitation/decline/:groupId'),
    join: path('/group/join/:groupId'),
    pending: path('/group/pending-admin/:groupId'),
    approve: path('/group/approve-member/:groupId/:userId'),
    reject: path('/group/reject-member/:groupId/:userId'),
    leave: path('/group/leave/:groupId'),
    addMembers: path('/group/add-members/:groupId'),
    removeMembers: path('/group/remove-members/:groupId'),
    /** Ours: the spec names promoting (section 4) but no path. */
    promote: path('/group/promote/:groupId/:userId'),
  },
} as const;
