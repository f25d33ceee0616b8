import { describe, expect, it } from 'vitest';
import { groupActionEventSchema } from '../../../src/api/groups';
import { API_BASE } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import { dialects } from '../harness';
import { socketWorld } from '../socketWorld';

/**
 * Groups over real sockets: who hears of a new group (CREATE_GROUP), and who receives a group's
 * posts as its membership changes (private group, pending member, pending post, removal).
 */
type Role = 'owner' | 'invitee' | 'outsider' | 'siteAdmin';
const ROLES: Role[] = ['owner', 'invitee', 'outsider', 'siteAdmin'];
const EVENTS = [
  serverEvents.groupAction,
  serverEvents.postAdded,
  serverEvents.postUpdated,
  serverEvents.postDeleted,
  serverEvents.notification,
] as const;

describe.each(dialects)('group events over real sockets on %s', (dialect) => {
  const world = socketWorld(dialect, { roles: ROLES, events: EVENTS, siteAdmins: ['siteAdmin'] });
  const { clients, api, expectFanout, watch } = world;

  it('a private group: CREATE_GROUP to its creator and invitee, posts to accepted members only, removal bites at once', async () => {
    const created = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () =>
      api('owner', 'POST', '/group/create', {
        name: 'Night Owls',
        privacy: 'private',
        tags: ['late'],
        category: ['Music'],
        members: [clients.invitee.id],
      }),
    );
    const groupId: string = created.result.group._id;
    const announced = groupActionEventSchema.parse(created.got.invitee);
    expect(announced).toMatchObject({ type: 'CREATE_GROUP', groupId, groupName: 'Night Owls' });
    expect(announced.members.find((m) => m.userId === clients.invitee.id)).toMatchObject({
      status: 'pending',
      joinedBy: 'invited',
      invitedBy: clients.owner.id,
    });

    // The invitee is still pending: a group admin's post reaches the owner and site admins only.
    await expectFanout(serverEvents.postAdded, ['owner', 'siteAdmin'], () =>
      api('owner', 'POST', `/post/group/${groupId}`, { post: 'before you joined' }),
    );

    // JOIN_GROUP carries the joiner only, never the whole member list.
    const joined = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () =>
      api('invitee', 'PUT', `/group/invitation/accept/${groupId}`),
    );
    expect(groupActionEventSchema.parse(joined.got.owner)).toMatchObject({
      type: 'JOIN_GROUP',
      members: [{ userId: clients.invitee.id, status: 'accepted' }],
    });

    // A member's post waits for a group admin: only its author and the admins hear of it.
    const pending = await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () =>
      api('invitee', 'POST', `/post/group/${groupId}`, { post: 'may I?' }),
    );
    const postId: string = pending.result.post._id;
    await watch([postId]);
    // Accepted: news to nobody new here, but every accepted member gets the change.
    await expectFanout(serverEvents.postUpdated, ['owner', 'invitee', 'siteAdmin'], () =>
      api('owner', 'PUT', `/group/post/${postId}/accept`),
    );
    await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () =>
      api('owner', 'POST', `/post/group/${groupId}`, { post: 'welcome' }),
    );

    // Removed: the next group post no longer reaches the former member.
    const removed = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () =>
      api('owner', 'PUT', `/group/remove-members/${groupId}`, { members: [clients.invitee.id] }),
    );
    expect(groupActionEventSchema.parse(removed.got.invitee)).toMatchObject({
      type: 'LEAVE_GROUP',
      members: [{ userId: clients.invitee.id }],
    });
    await expectFanout(serverEvents.postAdded, ['owner', 'siteAdmin'], () =>
      api('owner', 'POST', `/post/group/${groupId}`, { post: 'after you left' }),
    );
  });

  it('asking to join a private group reaches its admins live (group action and inbox); cancelling, rejecting and approving too', async () => {
    const { group } = await api('owner', 'POST', '/group/create', {
      name: 'Quiet Corner',
      privacy: 'private',
      tags: ['x'],
      category: ['Music'],
    });
    const asked = await expectFanout(serverEvents.groupAction, ['owner'], () => api('outsider', 'POST', `/group/join/${group._id}`));
    expect(groupActionEventSchema.parse(asked.got.owner)).toMatchObject({
      type: 'JOIN_GROUP',
      groupId: group._id,
      members: [{ userId: clients.outsider.id, status: 'pending', joinedBy: 'request' }],
    });
    const inbox = await expectFanout(serverEvents.notification, ['owner'], () => api('invitee', 'POST', `/group/join/${group._id}`));
    expect(inbox.got.owner).toMatchObject({ type: 'inbox', notification: { kind: 'joinRequest' } });
    // Cancelled: the admins' open pending list hears of it.
    await expectFanout(serverEvents.groupAction, ['owner'], () => api('outsider', 'PUT', `/group/leave/${group._id}`, {}));
    // Rejected: the asker's open page and the admins hear of it.
    const rejected = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () =>
      api('owner', 'PUT', `/group/reject-member/${group._id}/${clients.invitee.id}`),
    );
    expect(rejected.got.invitee).toMatchObject({ type: 'LEAVE_GROUP', members: [{ userId: clients.invitee.id }] });
    await api('outsider', 'POST', `/group/join/${group._id}`);
    await expectFanout(serverEvents.groupAction, ['owner', 'outsider'], () =>
      api('owner', 'PUT', `/group/approve-member/${group._id}/${clients.outsider.id}`),
    );
  });

  it('a public group: an accepted post is news to members who could not see it pending, and to those whose screen does not show it', async () => {
    const { group } = await api('owner', 'POST', '/group/create', {
      name: 'Open Garden',
      privacy: 'public',
      tags: ['plants'],
      category: ['Lifestyle'],
    });
    await api('invitee', 'POST', `/group/join/${group._id}`);
    const pending = await expectFanout(serverEvents.postAdded, ['owner', 'invitee', 'siteAdmin'], () =>
      api('invitee', 'POST', `/post/group/${group._id}`, { post: 'tomatoes' }),
    );
    const postId: string = pending.result.post._id;
    // Only the owner's screen shows it (the pending posts tab).
    await watch([postId], ['owner']);
    // The owner gets the update; everyone else who may now read it gets it as new, its author and the
    // site admin too: they saw it pending, but no list of theirs holds it (their group's posts, the streams).
    await expectFanout(serverEvents.postUpdated, ['owner'], () => api('owner', 'PUT', `/group/post/${postId}/accept`));
    for (const role of ['outsider', 'invitee', 'siteAdmin'] as const) {
      expect(
        clients[role].events.filter((e) => e.event === serverEvents.postAdded).map((e) => e.payload.post._id),
        role,
      ).toEqual([postId]);
    }
  });

  it('a public group turning private tells non-members (without its member list) so open pages close', async () => {
    const { group } = await api('owner', 'POST', '/group/create', {
      name: 'Closing Soon',
      privacy: 'public',
      tags: ['x'],
      category: ['Music'],
    });
    const narrowed = await expectFanout(serverEvents.groupAction, ['owner', 'invitee', 'outsider', 'siteAdmin'], () =>
      api('owner', 'PUT', `/group/${group._id}`, { privacy: 'private' }),
    );
    expect(narrowed.got.outsider).toEqual({
      type: 'UPDATE_GROUP',
      groupId: group._id,
      groupName: 'Closing Soon',
      groupPicture: group.profileImage,
      members: [],
    });
    // Members are told the group changed, not who is in it (a group page reads its members itself).
    expect(narrowed.got.owner.members).toEqual([]);
    // Renaming a group that is already private stays among its members.
    await expectFanout(serverEvents.groupAction, ['owner'], () => api('owner', 'PUT', `/group/${group._id}`, { name: 'Closed Now' }));
  });

  it('DELETE_GROUP reaches every member and the group posts are gone', async () => {
    const { group } = await api('owner', 'POST', '/group/create', {
      name: 'Short Lived',
      privacy: 'private',
      tags: ['x'],
      category: ['Music'],
      members: [clients.invitee.id],
    });
    await api('invitee', 'PUT', `/group/invitation/accept/${group._id}`);
    const { post } = await api('owner', 'POST', `/post/group/${group._id}`, { post: 'soon gone' });
    const deleted = await expectFanout(serverEvents.groupAction, ['owner', 'invitee'], () => api('owner', 'DELETE', `/group/${group._id}`));
    expect(deleted.got.invitee).toMatchObject({ type: 'DELETE_GROUP', groupId: group._id });
    const response = await fetch(`${world.server().url}${API_BASE}/post/${post._id}`, {
      headers: { authorization: `Bearer ${clients.siteAdmin.token}` },
    });
    expect(response.status).toBe(404);
  });
});
