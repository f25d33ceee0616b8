import { assertEvent, assign, enqueueActions, setup, type EventObject } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import { type Group, type GroupMembership, type GroupMembersPage, type UpdateGroupBody } from '../../api/groups';
import type { PostResponse } from '../../api/posts';
import { groupChatSearchMachine } from '../chat/groupChat/groupChatSearch.machine';
import { defined } from '../shared/defined';
import { failureStatus, failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';
import type { GroupAnswer, GroupContext, GroupEmitted, GroupEvent, GroupInput, GroupTab, JoinAnswer, GroupIdAnswer } from './group.types';
import { ACTION_FAILED } from './group.copy';
import { editedSettings, emptySettings, sameTag, settingsFrom, settingsValid } from './group.settings';
import { knownMembers, leaveProblem, memberIdsOf, notToInvite, standingOf, successorsOf, tabsFor } from './group.standing';

/** The group page's effects, actions and guards: what its chart (group.machine.ts) is built from. */

/** The member or post the running action is about: set by the event that started it. */
export const targetOf = (c: Pick<GroupContext, 'target'>) => defined(c.target, "the action's member or post");

export const failed = (error: unknown, fallback = ACTION_FAILED): ToastRequest => ({
  type: 'error',
  description: failureText(error, fallback),
});
export const said = (message: string): ToastRequest => ({ type: 'success', description: message });
const isUnknownGroup = (error: unknown) => {
  const status = failureStatus(error);
  // A malformed id (400) is a group that does not exist either.
  return status === 404 || status === 400;
};

/** A newly chosen settings image (re)starts its upload. */
export const newImage = {
  'group.settings.image': { guard: 'isImage', target: 'uploading', reenter: true, actions: 'editSettings' },
} as const;

export const groupSetup = setup({
  types: {
    context: {} as GroupContext,
    events: {} as GroupEvent,
    input: {} as GroupInput,
    emitted: {} as GroupEmitted,
  },
  actors: {
    /** Effect: GET /group/{id}. */
    fetchGroup: requiredPromise<{ group: Group }, { groupId: string }>('fetchGroup'),
    /** Effect: GET /group/{id}/members?cursor=. */
    fetchMembers: requiredPromise<GroupMembersPage, { groupId: string; cursor: string }>('fetchMembers'),
    /** Effect: GET /group/pending-admin/{id}. */
    fetchPendingMembers: requiredPromise<{ pendingMembers: GroupMembership[] }, { groupId: string }>('fetchPendingMembers'),
    /** Effect: POST /group/join/{id}. */
    joinGroup: requiredPromise<JoinAnswer, { groupId: string }>('joinGroup'),
    /** Effect: PUT /group/invitation/accept/{id}. */
    acceptInvitation: requiredPromise<GroupAnswer, { groupId: string }>('acceptInvitation'),
    /** Effect: PUT /group/invitation/decline/{id}. */
    declineInvitation: requiredPromise<GroupIdAnswer, { groupId: string }>('declineInvitation'),
    /** Effect: PUT /group/leave/{id} {newAdminId?} (also withdraws a request). */
    leaveGroup: requiredPromise<GroupIdAnswer, { groupId: string; newAdminId?: string }>('leaveGroup'),
    /** Effect: PUT /group/approve-member/{id}/{userId}. */
    approveMember: requiredPromise<GroupAnswer, { groupId: string; userId: string }>('approveMember'),
    /** Effect: PUT /group/reject-member/{id}/{userId}. */
    rejectMember: requiredPromise<GroupIdAnswer, { groupId: string; userId: string }>('rejectMember'),
    /** Effect: PUT /group/post/{postId}/accept or /decline. */
    decidePost: requiredPromise<PostResponse, { postId: string; accept: boolean }>('decidePost'),
    /** Effect: PUT /group/promote/{id}/{userId}. */
    promoteMember: requiredPromise<GroupAnswer, { groupId: string; userId: string }>('promoteMember'),
    /** Effect: PUT /group/add-members/{id} {members: userIds}. */
    inviteMember: requiredPromise<GroupAnswer, { groupId: string; userIds: string[] }>('inviteMember'),
    /** The admins' member search (Settings → Invite members); its searchUsers effect is provided with the page's. */
    inviteSearch: groupChatSearchMachine,
    /** Effect: PUT /group/remove-members/{id} {members: [userId]}. */
    removeMember: requiredPromise<GroupAnswer, { groupId: string; userId: string }>('removeMember'),
    /** Effect: PUT /group/{id}. */
    updateGroup: requiredPromise<GroupAnswer, { groupId: string; body: UpdateGroupBody }>('updateGroup'),
    /** Effect: DELETE /group/{id}. */
    deleteGroup: requiredPromise<GroupIdAnswer, { groupId: string }>('deleteGroup'),
    /** Effect: POST /images/group-avatar {image} -> {url}. */
    uploadImage: requiredPromise<{ url: string }, { image: string }>('uploadImage'),
    /** Effect: `group action` socket messages about this group, as group events. */
    live: requiredCallback<EventObject, { groupId: string }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    navigate: (_, _to: { to: string }) => {},
    /** The group as the server tells it; the invite search (alive while loaded) stops offering whoever is in it. */
    setGroup: enqueueActions(({ context, enqueue }, group: Group) => {
      // Pages read further on stay (minus whoever the new first page holds) and go on from where they were.
      const first = new Set(group.members.map((m) => m.userId));
      const moreMembers = context.moreMembers.filter((m) => !first.has(m.userId));
      // Someone selected who is in the group by now (invited by another admin, joined) is no one to invite.
      const inGroup = new Set(memberIdsOf({ group, moreMembers }));
      enqueue.assign({
        group,
        moreMembers,
        membersCursor: moreMembers.length > 0 ? context.membersCursor : group.membersNextCursor,
        inviteSelection: context.inviteSelection.filter((u) => !inGroup.has(u._id)),
      });
      enqueue.sendTo('inviteSearch', notToInvite({ group, moreMembers }));
    }),
    /** The admin's own promote or remove, on a member of the pages read further on. */
    settleTarget: enqueueActions(({ context, enqueue }, { removed }: { removed: boolean }) => {
      const moreMembers = removed
        ? context.moreMembers.filter((m) => m.userId !== context.target)
        : context.moreMembers.map((m) => (m.userId === context.target ? { ...m, role: 'admin' as const } : m));
      enqueue.assign({ moreMembers });
      enqueue.sendTo('inviteSearch', notToInvite({ group: context.group, moreMembers }));
    }),
    /** The next page of members, after those shown (a member already shown is not repeated). */
    addMembers: enqueueActions(({ context, enqueue }, page: GroupMembersPage) => {
      const shown = new Set(memberIdsOf(context));
      const moreMembers = [...context.moreMembers, ...page.members.filter((m) => !shown.has(m.userId))];
      enqueue.assign({ moreMembers, membersCursor: page.nextCursor });
      enqueue.sendTo('inviteSearch', notToInvite({ group: context.group, moreMembers }));
    }),
    fillSettings: assign(({ context }) => ({ settings: context.group ? settingsFrom(context.group) : emptySettings })),
    toggleInvite: assign({
      inviteSelection: ({ context, event }) => {
        assertEvent(event, 'group.invite');
        const chosen = context.inviteSelection.some((u) => u._id === event.user._id);
        return chosen ? context.inviteSelection.filter((u) => u._id !== event.user._id) : [...context.inviteSelection, event.user];
      },
    }),
    closeDialog: assign({ dialogError: null, newAdminId: '' }),
    editSettings: assign(({ context, event }) => editedSettings(context, event)),
  },
  guards: {
    tabAllowed: ({ context, event }, { tab }: { tab: GroupTab }) => {
      assertEvent(event, 'group.tab');
      return event.tab === tab && tabsFor(context).includes(tab);
    },
    isStranger: ({ context }) => standingOf(context.group) === 'none',
    isInvited: ({ context }) => standingOf(context.group) === 'invited',
    hasRequested: ({ context }) => standingOf(context.group) === 'requested',
    isMember: ({ context }) => standingOf(context.group) === 'member' || standingOf(context.group) === 'admin',
    isGroupAdmin: ({ context }) => standingOf(context.group) === 'admin',
    isPrivate: ({ context }) => context.group?.privacy === 'private',
    isUnknownGroup: ({ event }) => isUnknownGroup((event as { error?: unknown }).error),
    mayLeave: ({ context }) => leaveProblem(context) === null,
    isOtherMember: ({ context, event }) => {
      assertEvent(event, 'group.remove');
      return (
        standingOf(context.group) === 'admin' &&
        event.userId !== context.viewerId &&
        knownMembers(context).some((m) => m.userId === event.userId)
      );
    },
    mayPromote: ({ context, event }) => {
      assertEvent(event, 'group.promote');
      return (
        standingOf(context.group) === 'admin' &&
        knownMembers(context).some((m) => m.userId === event.userId && m.status === 'accepted' && m.role === 'member')
      );
    },
    hasMoreMembers: ({ context }) => context.membersCursor !== null,
    hasInviteSelection: ({ context }) => context.inviteSelection.length > 0,
    isSuccessor: ({ context, event }) => {
      assertEvent(event, 'group.leave.successor');
      return successorsOf(context).some((m) => m.userId === event.userId);
    },
    settingsValid: ({ context }) => settingsValid(context.settings),
    canAddTag: ({ context }) => {
      const tag = context.settings.tagDraft.trim();
      return tag !== '' && !context.settings.tags.some((t) => sameTag(t, tag));
    },
    isImage: ({ event }) => {
      assertEvent(event, 'group.settings.image');
      return event.dataUrl.startsWith('data:image/');
    },
  },
});

/**
 * Making a member admin or removing one (after its confirm): the server's copy of the group on
 * success; on a refusal back to the dialog, which shows the server's words.
 */
export const memberRequest = (src: 'promoteMember' | 'removeMember', dialog: 'confirmingPromote' | 'confirmingRemove') =>
  groupSetup.createStateConfig({
    invoke: {
      id: src,
      src,
      input: ({ context }) => ({ groupId: context.groupId, userId: targetOf(context) }),
      onDone: {
        target: 'idle',
        actions: [
          { type: 'setGroup', params: ({ event }) => event.output.group },
          { type: 'settleTarget', params: { removed: src === 'removeMember' } },
          { type: 'showToast', params: ({ event }) => said(event.output.message) },
          'closeDialog',
        ],
      },
      onError: {
        target: dialog,
        actions: [
          assign({ dialogError: ({ event }) => failureText(event.error, ACTION_FAILED) }),
          { type: 'showToast', params: ({ event }) => failed(event.error) },
        ],
      },
    },
  });
