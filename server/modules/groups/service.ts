import type { CreateGroupBody, Group, GroupActionEvent, GroupMembership, GroupMembersPage, UpdateGroupBody } from '../../../src/api/groups';
import { GROUP_MESSAGES } from '../../../src/api/groups';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { GroupsTable } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/httpError';
import type { MediaStorage } from '../../media/storage';
import type { Fanout } from '../../realtime/fanout';
import type { Notifier } from '../notifications/service';
import type { PageRequest } from '../../core/paging';
import { pictureOf } from '../../core/presentUser';
import type { NewPost, PostService, PostsAnswer } from '../posts/service';
import type { PostsForOthers } from '../posts/forOthers';
import type { Viewer } from '../../core/visibility';
import { drawPlaceholder } from './placeholder';
import type { GroupListNarrow, GroupStore, MemberRow } from './store';
import type { Cursor } from '../../../src/api/pages';

const { notFound: GROUP_NOT_FOUND, adminsOnly: ADMINS_ONLY } = GROUP_MESSAGES;

const presentMember = (row: MemberRow): GroupMembership => ({
  userId: row.user_id,
  username: row.username,
  avatarColor: row.avatar_color || '#000000',
  profilePicture: pictureOf(row),
  joinedAt: row.joined_at,
  role: row.role,
  joinedBy: row.joined_by,
  status: row.status,
  invitedBy: row.invited_by,
});

interface GroupDeps {
  store: GroupStore;
  posts: PostService;
  postsForOthers: Pick<PostsForOthers, 'findVisible'>;
  fanout: Fanout;
  media: MediaStorage;
  clock: Clock;
  /** Invitations, join requests and admins' decisions reach the members' inboxes. */
  notifier?: Pick<Notifier, 'notify' | 'withdraw' | 'forgetTarget'>;
}

/** Groups: membership transitions, group admin powers and group posts (docs/api.md, Groups). */
export function createGroupService(deps: GroupDeps) {
  const { store, fanout } = deps;
  const now = () => deps.clock.now().toISOString();
  const tell = async (
    kind: 'groupInvite' | 'joinRequest' | 'joinApproved' | 'joinDeclined',
    to: string[],
    actorId: string,
    groupId: string,
  ) => {
    if (to.length > 0) await deps.notifier?.notify({ kind, to, actorId, target: { type: 'group', id: groupId } });
  };

  /** May the viewer read the group's member list, and see its pending members too? */
  function memberListAccess(viewer: Viewer, group: GroupsTable, mine: MemberRow | undefined) {
    const isGroupAdmin = mine?.status === 'accepted' && mine.role === 'admin';
    return {
      sees: viewer.isAdmin || group.privacy === 'public' || mine?.status === 'accepted',
      withPending: isGroupAdmin || viewer.isAdmin,
    };
  }

  /**
   * Groups as this viewer sees them: count, admins and the viewer's own membership, read for all
   * of them at once (never every member of every group). `withMembers` (one group's page): also the
   * first page of its member list, where the viewer may read it; the rest comes from
   * GET /group/{groupId}/members.
   */
  async function present(viewer: Viewer, listed: GroupsTable[], { withMembers = false } = {}): Promise<Group[]> {
    const groups = await Promise.all(listed.map(withImage));
    const ids = groups.map((g) => g.id);
    const [rows, counts] = await Promise.all([store.members(viewer, ids, { adminsAndViewer: true }), store.counts(ids)]);
    return Promise.all(
      groups.map(async (g) => {
        const known = rows.filter((m) => m.group_id === g.id);
        const mine = known.find((m) => m.user_id === viewer.id);
        const access = memberListAccess(viewer, g, mine);
        const first =
          withMembers && access.sees ? await store.memberPage(viewer, g.id, access.withPending) : { items: [], nextCursor: null };
        return {
          _id: g.id,
          name: g.name,
          description: g.description,
          privacy: g.privacy,
          profileImage: g.profile_image,
          tags: JSON.parse(g.tags) as string[],
          category: JSON.parse(g.categories) as string[],
          createdBy: g.created_by,
          createdAt: g.created_at,
          updatedAt: g.updated_at,
          memberCount: counts.get(g.id) ?? 0,
          admins: access.sees ? known.filter((m) => m.status === 'accepted' && m.role === 'admin').map((m) => m.user_id) : [],
          members: first.items.map(presentMember),
          membership: mine ? presentMember(mine) : null,
          membersNextCursor: first.nextCursor,
        };
      }),
    );
  }
  /**
   * The group with an image: one without (made before groups had a placeholder) gets its own drawn
   * and kept, once; when two readers race, the first kept wins and the other's file is removed.
   */
  async function withImage(group: GroupsTable): Promise<GroupsTable> {
    if (group.profile_image !== '') return group;
    const drawn = await drawPlaceholder(deps.media, group);
    if (await store.setImageIfNone(group.id, drawn.url)) return { ...group, profile_image: drawn.url };
    await deps.media.removeImage(drawn.version, drawn.id).catch(() => undefined);
    return (await store.find(group.id)) ?? group;
  }

  const presentOne = async (viewer: Viewer, group: GroupsTable) => (await present(viewer, [group], { withMembers: true }))[0]!;

  async function known(viewer: Viewer, groupId: string): Promise<GroupsTable> {
    const group = await store.findKnown(viewer, groupId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  /** The group if the viewer is one of its admins: 404 when they may not know it, else 403. */
  async function asGroupAdmin(viewer: Viewer, groupId: string): Promise<GroupsTable> {
    const group = await known(viewer, groupId);
    const mine = await store.membership(groupId, viewer.id);
    if (!mine || mine.status !== 'accepted' || mine.role !== 'admin') throw forbidden(ADMINS_ONLY);
    return group;
  }

  /**
   * `group action` to `to`, carrying the memberships the change is about (the joiner, the leaver, the
   * promoted, the invitees), never the whole member list: a join to a group of thousands is one small
   * frame per member, and pending invitations reach no one but those they concern and group admins.
   */
  function announce(type: GroupActionEvent['type'], group: GroupsTable, to: string[], about: MemberRow[] = []) {
    fanout.toUsers(to, serverEvents.groupAction, {
      type,
      groupId: group.id,
      groupName: group.name,
      groupPicture: group.profile_image,
      members: about.map(presentMember),
    });
  }

  /** These members' rows of the group, as they stand now (members without one are left out). */
  const membershipsOf = async (groupId: string, userIds: string[]) =>
    (await Promise.all(userIds.map((userId) => store.membership(groupId, userId)))).filter((row): row is MemberRow => row !== undefined);

  /** A pending request: the group admins see it in their list and inbox, and live on an open group page. */
  async function requestReachesAdmins(viewer: Viewer, group: GroupsTable) {
    const admins = await store.admins(group.id);
    announce('JOIN_GROUP', group, admins, await membershipsOf(group.id, [viewer.id]));
    await tell('joinRequest', admins, viewer.id, group.id);
  }

  async function askToJoin(viewer: Viewer, group: GroupsTable) {
    await store.insertMembers([
      {
        group_id: group.id,
        user_id: viewer.id,
        role: 'member',
        status: 'pending',
        joined_by: 'request',
        invited_by: null,
        joined_at: now(),
      },
    ]);
    await requestReachesAdmins(viewer, group);
  }

  async function invite(viewer: Viewer, group: GroupsTable, ids: string[]): Promise<string[]> {
    const wanted = [...new Set(ids)].filter((id) => id !== viewer.id);
    const found = await store.existingUsers(viewer, wanted);
    if (found.length !== wanted.length) throw notFound('User not found');
    const at = now();
    const fresh: string[] = [];
    for (const userId of found) {
      if (await store.membership(group.id, userId)) continue;
      fresh.push(userId);
    }
    await store.insertMembers(
      fresh.map((userId) => ({
        group_id: group.id,
        user_id: userId,
        role: 'member',
        status: 'pending',
        joined_by: 'invited',
        invited_by: viewer.id,
        joined_at: at,
      })),
    );
    return fresh;
  }

  return {
    async create(
      viewer: Viewer,
      body: CreateGroupBody & {
        privacy: 'public' | 'private';
        tags: string[];
        category: string[];
        members: string[];
        description: string;
        profileImage: string;
      },
    ): Promise<Group> {
      const at = now();
      const id = newId();
      const image = body.profileImage || (await drawPlaceholder(deps.media, { id, name: body.name })).url;
      const group: GroupsTable = {
        id,
        name: body.name,
        description: body.description,
        privacy: body.privacy,
        profile_image: image,
        tags: JSON.stringify(body.tags),
        categories: JSON.stringify(body.category),
        created_by: viewer.id,
        created_at: at,
        updated_at: at,
      };
      const wanted = [...new Set(body.members)].filter((id) => id !== viewer.id);
      const found = await store.existingUsers(viewer, wanted);
      if (found.length !== wanted.length) throw notFound('User not found');
      await store.db.transaction().execute(async (trx) => {
        await store.insertGroup(group, trx);
        await store.insertMembers(
          [
            {
              group_id: group.id,
              user_id: viewer.id,
              role: 'admin',
              status: 'accepted',
              joined_by: 'creator',
              invited_by: null,
              joined_at: at,
            },
            ...found.map((userId) => ({
              group_id: group.id,
              user_id: userId,
              role: 'member' as const,
              status: 'pending' as const,
              joined_by: 'invited' as const,
              invited_by: viewer.id,
              joined_at: at,
            })),
          ],
          trx,
        );
      });
      // The spec's CREATE_GROUP carries the new group's members: the creator and the invitees.
      announce('CREATE_GROUP', group, [viewer.id, ...found], await membershipsOf(group.id, [viewer.id, ...found]));
      await tell('groupInvite', found, viewer.id, group.id);
      return presentOne(viewer, group);
    },

    get: async (viewer: Viewer, groupId: string) => presentOne(viewer, await known(viewer, groupId)),

    /**
     * The member list after `cursor` (the group answer holds its first page). A private group's
     * list is its members' only: anyone else gets the 404 an unknown group gets.
     */
    async memberPage(viewer: Viewer, groupId: string, cursor?: Cursor): Promise<GroupMembersPage> {
      const group = await known(viewer, groupId);
      const access = memberListAccess(viewer, group, await store.membership(groupId, viewer.id));
      if (!access.sees) throw notFound(GROUP_NOT_FOUND);
      const page = await store.memberPage(viewer, groupId, access.withPending, cursor);
      return { members: page.items.map(presentMember), nextCursor: page.nextCursor };
    },

    /** Groups rows as this viewer sees them (search results). */
    present: (viewer: Viewer, rows: GroupsTable[]) => present(viewer, rows),

    /** A member's groups or invitations (whole). */
    list: async (viewer: Viewer, narrow: GroupListNarrow) => present(viewer, (await store.list(viewer, narrow)).items),
    /** Groups to discover or search results, a page at a time. */
    page: async (viewer: Viewer, narrow: GroupListNarrow, cursor?: Cursor) => {
      const page = await store.list(viewer, narrow, cursor);
      return { groups: await present(viewer, page.items), nextCursor: page.nextCursor };
    },

    async acceptInvitation(viewer: Viewer, groupId: string): Promise<Group> {
      const mine = await store.membership(groupId, viewer.id);
      if (!mine || mine.status !== 'pending' || mine.joined_by !== 'invited') throw notFound('Invitation not found');
      await store.updateMember(groupId, viewer.id, { status: 'accepted', joined_at: now() });
      const group = (await store.find(groupId))!;
      announce('JOIN_GROUP', group, await store.acceptedIds(groupId), await membershipsOf(groupId, [viewer.id]));
      return presentOne(viewer, group);
    },

    async declineInvitation(viewer: Viewer, groupId: string): Promise<void> {
      const mine = await store.membership(groupId, viewer.id);
      if (!mine || mine.status !== 'pending' || mine.joined_by !== 'invited') throw notFound('Invitation not found');
      await store.deleteMember(groupId, viewer.id);
    },

    /**
     * Public: a member at once. An invitation is accepted. Private: a request ("Ask to join"),
     * pending until a group admin approves or rejects it; the admins see it in their list, their
     * inbox and live on an open group page.
     */
    async join(viewer: Viewer, groupId: string): Promise<{ status: 'pending' | 'accepted'; group: Group }> {
      const group = await known(viewer, groupId);
      const mine = await store.membership(groupId, viewer.id);
      if (mine?.status === 'accepted') throw conflict('You are already a member of this group');
      if (mine?.joined_by === 'request') throw conflict('You have already asked to join this group');
      let status: 'pending' | 'accepted';
      if (mine) {
        await store.updateMember(groupId, viewer.id, { status: 'accepted', joined_at: now() });
        status = 'accepted';
      } else if (group.privacy === 'private') {
        await askToJoin(viewer, group);
        return { status: 'pending', group: await presentOne(viewer, group) };
      } else {
        status = 'accepted';
        await store.insertMembers([
          {
            group_id: groupId,
            user_id: viewer.id,
            role: 'member',
            status,
            joined_by: 'joined',
            invited_by: null,
            joined_at: now(),
          },
        ]);
      }
      announce('JOIN_GROUP', group, await store.acceptedIds(groupId), await membershipsOf(groupId, [viewer.id]));
      return { status, group: await presentOne(viewer, group) };
    },

    async pendingRequests(viewer: Viewer, groupId: string): Promise<GroupMembership[]> {
      await asGroupAdmin(viewer, groupId);
      return (await store.pendingRequests(viewer, groupId)).map(presentMember);
    },

    async approve(viewer: Viewer, groupId: string, userId: string): Promise<Group> {
      const group = await asGroupAdmin(viewer, groupId);
      const theirs = await store.membership(groupId, userId);
      if (!theirs || theirs.status !== 'pending' || theirs.joined_by !== 'request') throw notFound('Join request not found');
      await store.updateMember(groupId, userId, { status: 'accepted', joined_at: now() });
      announce('JOIN_GROUP', group, await store.acceptedIds(groupId), await membershipsOf(groupId, [userId]));
      await tell('joinApproved', [userId], viewer.id, groupId);
      return presentOne(viewer, group);
    },

    async reject(viewer: Viewer, groupId: string, userId: string): Promise<void> {
      const group = await asGroupAdmin(viewer, groupId);
      const theirs = await store.membership(groupId, userId);
      if (!theirs || theirs.status !== 'pending' || theirs.joined_by !== 'request') throw notFound('Join request not found');
      await store.deleteMember(groupId, userId);
      // The asker's open page offers "Ask to join" again; the other admins' pending lists lose the request.
      announce('LEAVE_GROUP', group, [userId, ...(await store.admins(groupId))], [theirs]);
      await tell('joinDeclined', [userId], viewer.id, groupId);
    },

    /** The last admin names a member to take over (`newAdminId`); the only member deletes the group instead. */
    async leave(viewer: Viewer, groupId: string, newAdminId?: string): Promise<'left' | 'withdrawn'> {
      const mine = await store.membership(groupId, viewer.id);
      if (!mine) throw notFound(GROUP_NOT_FOUND);
      const group = (await store.find(groupId))!;
      if (mine.status === 'accepted' && mine.role === 'admin') {
        const admins = await store.admins(groupId);
        if (admins.length === 1) {
          const others = (await store.acceptedIds(groupId)).filter((id) => id !== viewer.id);
          if (others.length === 0) throw badRequest('You are the only member: delete the group instead');
          if (!newAdminId) throw badRequest('Name another member as group admin before leaving');
          if (!others.includes(newAdminId)) throw badRequest('The new admin must be a member of the group');
          await store.updateMember(groupId, newAdminId, { role: 'admin' });
        }
      }
      const before = await store.acceptedIds(groupId);
      await store.deleteMember(groupId, viewer.id);
      announce('LEAVE_GROUP', group, before, [mine]);
      // Withdrawing a join request: the admins' entry loses the member.
      if (mine.status === 'pending' && mine.joined_by === 'request') {
        await deps.notifier?.withdraw({ kind: 'joinRequest', actorId: viewer.id, targetId: groupId });
        return 'withdrawn';
      }
      return 'left';
    },

    async update(viewer: Viewer, groupId: string, body: UpdateGroupBody & { tags?: string[]; category?: string[] }): Promise<Group> {
      const previous = await asGroupAdmin(viewer, groupId);
      const changes: Partial<GroupsTable> = { updated_at: now() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.privacy !== undefined) changes.privacy = body.privacy;
      // Removing the image brings back the group's placeholder (of its name as it will be).
      if (body.profileImage !== undefined)
        changes.profile_image =
          body.profileImage || (await drawPlaceholder(deps.media, { id: groupId, name: body.name ?? previous.name })).url;
      if (body.tags !== undefined) changes.tags = JSON.stringify(body.tags);
      if (body.category !== undefined) changes.categories = JSON.stringify(body.category);
      await store.updateGroup(groupId, changes);
      const group = (await store.find(groupId))!;
      const accepted = await store.acceptedIds(groupId);
      announce('UPDATE_GROUP', group, accepted);
      if (previous.privacy === 'public' && group.privacy === 'private') {
        // Anyone may have been reading the public group: whoever is not a member is told it changed
        // (without its member list), so an open group page reloads and finds it closed.
        fanout.toAllExcept(accepted, serverEvents.groupAction, {
          type: 'UPDATE_GROUP',
          groupId,
          groupName: group.name,
          groupPicture: group.profile_image,
          members: [],
        });
      }
      return presentOne(viewer, group);
    },

    async remove(viewer: Viewer, groupId: string): Promise<void> {
      const group = await asGroupAdmin(viewer, groupId);
      const audience = (await store.members({ id: '', isAdmin: true }, [groupId])).map((m) => m.user_id);
      const media = await store.deleteGroup(groupId);
      for (const file of media) {
        if (file.image_id) await deps.media.removeImage(file.image_version, file.image_id).catch(() => undefined);
        if (file.video_id) await deps.media.removeVideo(file.video_version, file.video_id).catch(() => undefined);
        if (file.video_poster_id) await deps.media.removeImage(file.video_poster_version, file.video_poster_id).catch(() => undefined);
      }
      fanout.toUsers(audience, serverEvents.groupAction, {
        type: 'DELETE_GROUP',
        groupId,
        groupName: group.name,
        groupPicture: group.profile_image,
        members: [],
      });
      await deps.notifier?.forgetTarget(groupId);
    },

    async addMembers(viewer: Viewer, groupId: string, members: string[]): Promise<Group> {
      const group = await asGroupAdmin(viewer, groupId);
      const fresh = await invite(viewer, group, members);
      announce('CREATE_GROUP', group, fresh, await membershipsOf(groupId, fresh));
      await tell('groupInvite', fresh, viewer.id, groupId);
      return presentOne(viewer, group);
    },

    async removeMembers(viewer: Viewer, groupId: string, members: string[]): Promise<Group> {
      const group = await asGroupAdmin(viewer, groupId);
      if (members.includes(viewer.id)) throw badRequest('Use leave to leave a group yourself');
      const before = await store.acceptedIds(groupId);
      const leaving = await membershipsOf(groupId, [...new Set(members)]);
      for (const userId of new Set(members)) await store.deleteMember(groupId, userId);
      announce('LEAVE_GROUP', group, [...new Set([...before, ...members])], leaving);
      return presentOne(viewer, group);
    },

    async promote(viewer: Viewer, groupId: string, userId: string): Promise<Group> {
      const group = await asGroupAdmin(viewer, groupId);
      const theirs = await store.membership(groupId, userId);
      if (!theirs || theirs.status !== 'accepted') throw notFound('Member not found');
      await store.updateMember(groupId, userId, { role: 'admin' });
      announce('UPDATE_GROUP', group, await store.acceptedIds(groupId), await membershipsOf(groupId, [userId]));
      return presentOne(viewer, group);
    },

    /* ----- Group posts ----- */

    async createPost(viewer: Viewer, groupId: string, input: Omit<NewPost, 'kind' | 'privacy' | 'group'>) {
      await known(viewer, groupId);
      const mine = await store.membership(groupId, viewer.id);
      if (!mine || mine.status !== 'accepted') throw forbidden('Only members can post in this group');
      const status = mine.role === 'admin' ? 'accepted' : 'pending';
      return deps.posts.create(viewer, { ...input, kind: 'post', privacy: 'Public', group: { id: groupId, status } });
    },

    /** Accepted posts, or (`pending`) the pending ones the viewer may see: group admins all, members their own. */
    async postsPage(viewer: Viewer, groupId: string, status: 'accepted' | 'pending', request: PageRequest): Promise<PostsAnswer> {
      await known(viewer, groupId);
      if (!(await store.seesContent(viewer, groupId))) throw notFound(GROUP_NOT_FOUND);
      return deps.posts.list(viewer, { kind: 'post', groupId, groupStatus: status }, request);
    },

    async decidePost(viewer: Viewer, postId: string, status: 'accepted' | 'declined') {
      const row = await deps.postsForOthers.findVisible(viewer, postId);
      if (!row || !row.group_id) throw notFound('Post not found');
      await asGroupAdmin(viewer, row.group_id);
      await deps.posts.setGroupStatus(postId, status);
      await deps.notifier?.notify({
        kind: status === 'accepted' ? 'groupPostApproved' : 'groupPostDeclined',
        to: row.user_id,
        actorId: viewer.id,
        target: { type: 'post', id: postId },
      });
      return deps.posts.get(viewer, postId);
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
