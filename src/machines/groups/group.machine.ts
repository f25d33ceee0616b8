import { produce } from 'immer';
import { and, assign, emit, enqueueActions, not, setup, stateIn, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { requiredCallback, requiredPromise } from '../shared/required';
import type { GroupPrivacy } from '../../api/groups';
import { GROUP_MESSAGES, updateGroupBodySchema, type Group, type GroupMembership, type GroupMembersPage, type UpdateGroupBody } from '../../api/groups';
import type { Post, PostResponse } from '../../api/posts';
import { GROUPS_HREF, type FoundUser, type GroupCategory } from './createGroup.machine';
import { groupChatSearchMachine, type MemberSearchActorRef } from '../chat/groupChatSearch.machine';
import { failureStatus, failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';

/**
 * One group's page (/app/social/group/{id}): the header with the viewer's membership actions,
 * tabs (Posts, Members; for group admins also Pending members, Pending posts and Settings),
 * and every admin action, one at a time, each with its in-flight state. Leaving as the last
 * admin names a successor; deleting the group, promoting and removing are confirmed first.
 * Group admins invite more members from Settings through a member search child ('inviteSearch'):
 * each result is selected or unselected (Select / Selected), then the selection is invited at once.
 */

export const GROUP_TABS = ['posts', 'members', 'pendingPosts', 'pendingMembers', 'settings'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

export const GROUP_LOAD_FAILED = 'Could not load this group. Please try again.';
export const PENDING_LOAD_FAILED = 'Could not load the join requests. Please try again.';
export const ACTION_FAILED = 'Something went wrong. Please try again.';
export const UPLOAD_FAILED = 'Error uploading image';
export const MEMBERS_FAILED = 'Could not load more members. Please try again.';
/** The server's words for the same refusals (service.leave). */
export const NAME_SUCCESSOR = 'Name another member as group admin before leaving';
export const SOLE_MEMBER = 'You are the only member: delete the group instead';

export type ViewerStanding = 'none' | 'invited' | 'requested' | 'member' | 'admin';

/** The member list as far as it is loaded: the group's first page, then the pages asked for. */
export const knownMembers = (c: Pick<GroupContext, 'group' | 'moreMembers'>): GroupMembership[] => (c.group ? [...c.group.members, ...c.moreMembers] : []);

/** Everyone the page knows is in the group (accepted and invited): nobody to invite again. */
export const memberIdsOf = (c: Pick<GroupContext, 'group' | 'moreMembers'>) => knownMembers(c).map((m) => m.userId);
/** The invite search's exclusions: every member the page knows. */
const notToInvite = (c: Pick<GroupContext, 'group' | 'moreMembers'>) => ({ type: 'search.exclude' as const, ids: memberIdsOf(c) });

export interface SettingsErrors {
  name: string | null;
  category: string | null;
  tag: string | null;
  form: string | null;
}

/** The Settings tab's form: the group's fields as the admin edits them. */
export interface SettingsForm {
  name: string;
  description: string;
  privacy: GroupPrivacy;
  categories: GroupCategory[];
  tags: string[];
  tagDraft: string;
  /** The image the group will have: an uploaded url, or '' for the letter placeholder. */
  profileImage: string;
  /** What the form shows: the chosen file's data URL while it uploads, else `profileImage`. */
  preview: string;
  errors: SettingsErrors;
}

export interface GroupContext {
  groupId: string;
  viewerId: string;
  /** Site admins read every group (docs/api.md) but are not group admins. */
  viewerIsSiteAdmin: boolean;
  group: Group | null;
  /**
   * Members after the group's first page, as "Load more members" read them. A new copy of the group
   * keeps them (the page's own promote and remove update them; a change made elsewhere to one of
   * them shows on the next visit).
   */
  moreMembers: GroupMembership[];
  /** Where the member list goes on; null when all of it is loaded. */
  membersCursor: string | null;
  error: string | null;
  pendingMembers: GroupMembership[];
  pendingError: string | null;
  /** The member or post the running action is about (its button says so). */
  target: string | null;
  /** The last admin's choice of successor in the leave dialog. */
  newAdminId: string;
  /** Settings → Invite members: the found members selected to invite, in the order chosen. */
  inviteSelection: FoundUser[];
  /** The leave or delete dialog's message. */
  dialogError: string | null;
  settings: SettingsForm;
}

export interface GroupInput {
  groupId: string;
  viewerId: string;
  viewerIsSiteAdmin?: boolean;
}

export type GroupEvent =
  | { type: 'group.retry' }
  | { type: 'group.tab'; tab: GroupTab }
  | { type: 'group.members.more' }
  // The viewer's membership:
  | { type: 'group.join' }
  | { type: 'group.acceptInvite' }
  | { type: 'group.declineInvite' }
  | { type: 'group.cancelRequest' }
  | { type: 'group.leave' }
  | { type: 'group.leave.successor'; userId: string }
  | { type: 'group.leave.confirm' }
  | { type: 'group.dialog.close' }
  // Group admins:
  | { type: 'group.pending.retry' }
  | { type: 'group.approve'; userId: string }
  | { type: 'group.reject'; userId: string }
  | { type: 'group.acceptPost'; postId: string }
  | { type: 'group.declinePost'; postId: string }
  | { type: 'group.promote'; userId: string }
  | { type: 'group.remove'; userId: string }
  | { type: 'group.delete' }
  | { type: 'group.delete.confirm' }
  | { type: 'group.promote.confirm' }
  | { type: 'group.remove.confirm' }
  /** Select or unselect a found member to invite. */
  | { type: 'group.invite'; user: FoundUser }
  /** Invite the selected members. */
  | { type: 'group.invite.send' }
  | { type: 'group.settings.name'; value: string }
  | { type: 'group.settings.description'; value: string }
  | { type: 'group.settings.privacy'; privacy: GroupPrivacy }
  | { type: 'group.settings.category'; category: GroupCategory }
  | { type: 'group.settings.tagDraft'; value: string }
  | { type: 'group.settings.tagAdd' }
  | { type: 'group.settings.tagRemove'; tag: string }
  /** An image file was chosen, read as a data URL (png). */
  | { type: 'group.settings.image'; dataUrl: string }
  | { type: 'group.settings.imageRemove' }
  | { type: 'group.settings.save' }
  // From the socket (a `group action` about this group), through the bus:
  | { type: 'group.changed' }
  | { type: 'group.deleted' };

export type GroupEmitted = { type: 'postDecided'; post: Post };

interface MessageAnswer {
  message: string;
}
export interface GroupAnswer extends MessageAnswer {
  group: Group;
}
export interface JoinAnswer extends GroupAnswer {
  status: 'pending' | 'accepted';
}

const noErrors: SettingsErrors = { name: null, category: null, tag: null, form: null };

const emptySettings: SettingsForm = {
  name: '',
  description: '',
  privacy: 'public',
  categories: [],
  tags: [],
  tagDraft: '',
  profileImage: '',
  preview: '',
  errors: noErrors,
};

export const settingsFrom = (group: Group): SettingsForm => ({
  name: group.name,
  description: group.description,
  privacy: group.privacy,
  categories: group.category as GroupCategory[],
  tags: group.tags,
  tagDraft: '',
  profileImage: group.profileImage,
  preview: group.profileImage,
  errors: noErrors,
});

/** PUT /group/{id} body from the form. */
export const settingsBody = (form: SettingsForm): UpdateGroupBody => ({
  name: form.name,
  description: form.description,
  privacy: form.privacy,
  category: form.categories,
  tags: form.tags,
  profileImage: form.profileImage,
});

/** The form's problems, in the contract's words (the create-group messages); all null when it may be sent. */
export function settingsErrors(form: SettingsForm): SettingsErrors {
  const parsed = updateGroupBodySchema.safeParse(settingsBody(form));
  const errors = { ...noErrors };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    const key = field === 'name' ? 'name' : field === 'category' ? 'category' : field === 'tags' ? 'tag' : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}
const settingsValid = (form: SettingsForm) => Object.values(settingsErrors(form)).every((e) => e === null);

/** Where the viewer stands with the group. */
export function standingOf(group: Group | null): ViewerStanding {
  const mine = group?.membership;
  if (!mine) return 'none';
  if (mine.status === 'pending') return mine.joinedBy === 'invited' ? 'invited' : 'requested';
  return mine.role === 'admin' ? 'admin' : 'member';
}

/** Whether the viewer may read the group's posts and member list (the server's rule). */
export const seesContent = (c: Pick<GroupContext, 'group' | 'viewerIsSiteAdmin'>) =>
  c.group !== null && (c.group.privacy === 'public' || c.viewerIsSiteAdmin || c.group.membership?.status === 'accepted');

/** Accepted members other than the viewer, as far as the list is loaded: who may take over as admin. */
export const successorsOf = (c: Pick<GroupContext, 'group' | 'moreMembers' | 'viewerId'>) =>
  knownMembers(c).filter((m) => m.status === 'accepted' && m.userId !== c.viewerId);

/** The viewer is the group's only admin: leaving needs a successor. */
export const isLastAdmin = (c: Pick<GroupContext, 'group' | 'viewerId'>) =>
  standingOf(c.group) === 'admin' && c.group!.admins.length === 1 && c.group!.admins[0] === c.viewerId;

/** Which tabs the viewer has, in order. */
export function tabsFor(c: Pick<GroupContext, 'group' | 'viewerIsSiteAdmin'>): GroupTab[] {
  if (!seesContent(c)) return [];
  const standing = standingOf(c.group);
  if (standing === 'admin') return [...GROUP_TABS];
  // A member sees their own posts waiting for review.
  if (standing === 'member') return ['posts', 'members', 'pendingPosts'];
  return ['posts', 'members'];
}

/** Why the leave dialog cannot go ahead yet, or null. */
export function leaveProblem(c: Pick<GroupContext, 'group' | 'moreMembers' | 'viewerId' | 'newAdminId'>): string | null {
  if (!isLastAdmin(c)) return null;
  const successors = successorsOf(c);
  if (successors.length === 0) return SOLE_MEMBER;
  return successors.some((m) => m.userId === c.newAdminId) ? null : NAME_SUCCESSOR;
}

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const failed = (error: unknown, fallback = ACTION_FAILED): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });
const said = (message: string): ToastRequest => ({ type: 'success', description: message });
const isUnknownGroup = (error: unknown) => {
  const status = failureStatus(error);
  // A malformed id (400) is a group that does not exist either.
  return status === 404 || status === 400;
};

/** A newly chosen settings image (re)starts its upload. */
const newImage = {
  'group.settings.image': { guard: 'isImage', target: 'uploading', reenter: true, actions: 'editSettings' },
} as const;

const groupSetup = setup({
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
    declineInvitation: requiredPromise<MessageAnswer, { groupId: string }>('declineInvitation'),
    /** Effect: PUT /group/leave/{id} {newAdminId?} (also withdraws a request). */
    leaveGroup: requiredPromise<MessageAnswer, { groupId: string; newAdminId?: string }>('leaveGroup'),
    /** Effect: PUT /group/approve-member/{id}/{userId}. */
    approveMember: requiredPromise<GroupAnswer, { groupId: string; userId: string }>('approveMember'),
    /** Effect: PUT /group/reject-member/{id}/{userId}. */
    rejectMember: requiredPromise<MessageAnswer, { groupId: string; userId: string }>('rejectMember'),
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
    deleteGroup: requiredPromise<MessageAnswer, { groupId: string }>('deleteGroup'),
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
        if (event.type !== 'group.invite') return context.inviteSelection;
        const chosen = context.inviteSelection.some((u) => u._id === event.user._id);
        return chosen ? context.inviteSelection.filter((u) => u._id !== event.user._id) : [...context.inviteSelection, event.user];
      },
    }),
    closeDialog: assign({ dialogError: null, newAdminId: '' }),
    editSettings: assign(({ context, event }) =>
      produce(context, (draft) => {
        const form = draft.settings;
        switch (event.type) {
          case 'group.settings.name':
            form.name = event.value;
            form.errors.name = settingsErrors({ ...context.settings, name: event.value }).name;
            return;
          case 'group.settings.description':
            form.description = event.value;
            return;
          case 'group.settings.privacy':
            form.privacy = event.privacy;
            return;
          case 'group.settings.category': {
            const at = form.categories.indexOf(event.category);
            if (at >= 0) form.categories.splice(at, 1);
            else form.categories.push(event.category);
            form.errors.category = form.categories.length ? null : GROUP_MESSAGES.categoryRequired;
            return;
          }
          case 'group.settings.tagDraft':
            form.tagDraft = event.value;
            return;
          case 'group.settings.tagAdd':
            form.tags.push(form.tagDraft.trim());
            form.tagDraft = '';
            form.errors.tag = null;
            return;
          case 'group.settings.tagRemove':
            form.tags = form.tags.filter((t) => t !== event.tag);
            form.errors.tag = form.tags.length ? null : GROUP_MESSAGES.tagRequired;
            return;
          case 'group.settings.image':
            form.preview = event.dataUrl;
            return;
          case 'group.settings.imageRemove':
            form.preview = '';
            form.profileImage = '';
            return;
          case 'group.settings.save':
            form.errors = settingsErrors(context.settings);
            return;
        }
      }),
    ),
  },
  guards: {
    tabAllowed: ({ context, event }, { tab }: { tab: GroupTab }) => event.type === 'group.tab' && event.tab === tab && tabsFor(context).includes(tab),
    isStranger: ({ context }) => standingOf(context.group) === 'none',
    isInvited: ({ context }) => standingOf(context.group) === 'invited',
    hasRequested: ({ context }) => standingOf(context.group) === 'requested',
    isMember: ({ context }) => standingOf(context.group) === 'member' || standingOf(context.group) === 'admin',
    isGroupAdmin: ({ context }) => standingOf(context.group) === 'admin',
    isPrivate: ({ context }) => context.group?.privacy === 'private',
    isUnknownGroup: ({ event }) => isUnknownGroup((event as { error?: unknown }).error),
    mayLeave: ({ context }) => leaveProblem(context) === null,
    isOtherMember: ({ context, event }) =>
      standingOf(context.group) === 'admin' &&
      'userId' in event &&
      event.userId !== context.viewerId &&
      knownMembers(context).some((m) => m.userId === event.userId),
    mayPromote: ({ context, event }) =>
      standingOf(context.group) === 'admin' &&
      'userId' in event &&
      knownMembers(context).some((m) => m.userId === event.userId && m.status === 'accepted' && m.role === 'member'),
    hasMoreMembers: ({ context }) => context.membersCursor !== null,
    hasInviteSelection: ({ context }) => context.inviteSelection.length > 0,
    isSuccessor: ({ context, event }) => event.type === 'group.leave.successor' && successorsOf(context).some((m) => m.userId === event.userId),
    settingsValid: ({ context }) => settingsValid(context.settings),
    canAddTag: ({ context }) => {
      const tag = context.settings.tagDraft.trim();
      return tag !== '' && !context.settings.tags.some((t) => sameTag(t, tag));
    },
    isImage: ({ event }) => event.type === 'group.settings.image' && event.dataUrl.startsWith('data:image/'),
  },
});

/**
 * Making a member admin or removing one (after its confirm): the server's copy of the group on
 * success; on a refusal back to the dialog, which shows the server's words.
 */
const memberRequest = (src: 'promoteMember' | 'removeMember', dialog: 'confirmingPromote' | 'confirmingRemove') =>
  groupSetup.createStateConfig({
    invoke: {
      id: src,
      src,
      input: ({ context }) => ({ groupId: context.groupId, userId: context.target! }),
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

export const groupMachine = groupSetup.createMachine({
  id: 'group',
  context: ({ input }) => ({
    groupId: input.groupId,
    viewerId: input.viewerId,
    viewerIsSiteAdmin: input.viewerIsSiteAdmin ?? false,
    group: null,
    moreMembers: [],
    membersCursor: null,
    error: null,
    pendingMembers: [],
    pendingError: null,
    target: null,
    newAdminId: '',
    inviteSelection: [],
    dialogError: null,
    settings: emptySettings,
  }),
  invoke: [
    { id: 'live', src: 'live', input: ({ context }) => ({ groupId: context.groupId }) },
    // For the whole page, so that every new copy of the group can tell it whom not to offer.
    { id: 'inviteSearch', src: 'inviteSearch', input: { exclude: [] } },
  ],
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchGroup',
        src: 'fetchGroup',
        input: ({ context }) => ({ groupId: context.groupId }),
        onDone: { target: 'loaded', actions: [{ type: 'setGroup', params: ({ event }) => event.output.group }, assign({ error: null })] },
        onError: [
          { guard: 'isUnknownGroup', target: 'notFound' },
          {
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => failureText(event.error, GROUP_LOAD_FAILED) }),
              { type: 'showToast', params: ({ event }) => failed(event.error, GROUP_LOAD_FAILED) },
            ],
          },
        ],
      },
    },
    failed: { on: { 'group.retry': 'loading' } },
    /**
     * Missing (never was, or deleted): the server's 404, nothing to do here. Private groups are
     * not hidden (only their posts and member list are), so they load like any other; should
     * news of this id arrive after all, the page loads it.
     */
    notFound: { on: { 'group.changed': 'loading' } },
    /** Left or deleted: on the way to the groups list. */
    gone: { type: 'final' },
    loaded: {
      type: 'parallel',
      on: {
        'group.deleted': { guard: not(stateIn({ loaded: { action: 'deleting' } })), target: 'notFound' },
      },
      states: {
        tab: {
          initial: 'posts',
          on: {
            'group.tab': GROUP_TABS.map((tab) => ({ guard: { type: 'tabAllowed' as const, params: { tab } }, target: `.${tab}` })),
          },
          states: {
            posts: {},
            members: {},
            pendingPosts: {},
            pendingMembers: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchPendingMembers',
                    src: 'fetchPendingMembers',
                    input: ({ context }) => ({ groupId: context.groupId }),
                    onDone: { target: 'ready', actions: assign({ pendingMembers: ({ event }) => event.output.pendingMembers, pendingError: null }) },
                    onError: { target: 'failed', actions: assign({ pendingError: ({ event }) => failureText(event.error, PENDING_LOAD_FAILED) }) },
                  },
                },
                // A new request arrives as a group action: read the list again.
                ready: { on: { 'group.changed': 'loading' } },
                failed: { on: { 'group.pending.retry': 'loading' } },
              },
            },
            settings: { entry: 'fillSettings' },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: { on: { 'group.changed': 'refreshing' } },
            refreshing: {
              on: { 'group.changed': { target: 'refreshing', reenter: true } },
              invoke: {
                id: 'refreshGroup',
                src: 'fetchGroup',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: { target: 'idle', actions: { type: 'setGroup', params: ({ event }) => event.output.group } },
                // Removed from a private group, or it is gone: the viewer may no longer see it.
                onError: [{ guard: 'isUnknownGroup', target: '#group.notFound' }, { target: 'idle' }],
              },
            },
          },
        },
        memberPages: {
          initial: 'idle',
          states: {
            idle: { on: { 'group.members.more': { guard: 'hasMoreMembers', target: 'loading' } } },
            loading: {
              invoke: {
                id: 'fetchMembers',
                src: 'fetchMembers',
                input: ({ context }) => ({ groupId: context.groupId, cursor: context.membersCursor! }),
                onDone: { target: 'idle', actions: { type: 'addMembers', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error, MEMBERS_FAILED) } },
              },
            },
          },
        },
        upload: {
          initial: 'idle',
          // On each state, not the region: re-entering a region of `loaded` re-enters all of
          // `loaded` (tabs, sync, the running action) with it (tests/machines/regions.test.ts).
          states: {
            idle: {
              on: { ...newImage, 'group.settings.imageRemove': { actions: 'editSettings' } },
            },
            uploading: {
              on: { ...newImage, 'group.settings.imageRemove': { target: 'idle', actions: 'editSettings' } },
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context }) => ({ image: context.settings.preview }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ settings: { ...context.settings, profileImage: event.output.url, preview: event.output.url } })),
                },
                onError: {
                  target: 'idle',
                  actions: [
                    // Back to the image the group has in the form.
                    assign(({ context }) => ({ settings: { ...context.settings, preview: context.settings.profileImage } })),
                    { type: 'showToast', params: ({ event }) => failed(event.error, UPLOAD_FAILED) },
                  ],
                },
              },
            },
          },
        },
        action: {
          initial: 'idle',
          states: {
            idle: {
              entry: assign({ target: null }),
              on: {
                'group.join': { guard: 'isStranger', target: 'joining' },
                'group.acceptInvite': { guard: 'isInvited', target: 'acceptingInvite' },
                'group.declineInvite': { guard: 'isInvited', target: 'decliningInvite' },
                'group.cancelRequest': { guard: 'hasRequested', target: 'withdrawing' },
                'group.leave': { guard: 'isMember', target: 'leaveDialog', actions: 'closeDialog' },
                'group.approve': { guard: 'isGroupAdmin', target: 'approving', actions: assign({ target: ({ event }) => event.userId }) },
                'group.reject': { guard: 'isGroupAdmin', target: 'rejecting', actions: assign({ target: ({ event }) => event.userId }) },
                'group.acceptPost': { guard: 'isGroupAdmin', target: 'acceptingPost', actions: assign({ target: ({ event }) => event.postId }) },
                'group.declinePost': { guard: 'isGroupAdmin', target: 'decliningPost', actions: assign({ target: ({ event }) => event.postId }) },
                'group.promote': { guard: 'mayPromote', target: 'confirmingPromote', actions: [assign({ target: ({ event }) => event.userId }), 'closeDialog'] },
                'group.remove': { guard: 'isOtherMember', target: 'confirmingRemove', actions: [assign({ target: ({ event }) => event.userId }), 'closeDialog'] },
                'group.invite': { guard: 'isGroupAdmin', actions: 'toggleInvite' },
                'group.invite.send': { guard: and(['isGroupAdmin', 'hasInviteSelection']), target: 'inviting' },
                'group.delete': { guard: 'isGroupAdmin', target: 'confirmingDelete', actions: 'closeDialog' },
                'group.settings.save': [
                  // The image must have finished uploading before the group can use its url.
                  { guard: and(['isGroupAdmin', 'settingsValid', not(stateIn({ loaded: { upload: 'uploading' } }))]), target: 'saving' },
                  { guard: 'isGroupAdmin', actions: 'editSettings' },
                ],
                'group.settings.name': { actions: 'editSettings' },
                'group.settings.description': { actions: 'editSettings' },
                'group.settings.privacy': { actions: 'editSettings' },
                'group.settings.category': { actions: 'editSettings' },
                'group.settings.tagDraft': { actions: 'editSettings' },
                'group.settings.tagAdd': { guard: 'canAddTag', actions: 'editSettings' },
                'group.settings.tagRemove': { actions: 'editSettings' },
              },
            },
            joining: {
              invoke: {
                id: 'joinGroup',
                src: 'joinGroup',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'setGroup', params: ({ event }) => event.output.group }, { type: 'showToast', params: ({ event }) => said(event.output.message) }],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            acceptingInvite: {
              invoke: {
                id: 'acceptInvitation',
                src: 'acceptInvitation',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: {
                  target: 'idle',
                  actions: [{ type: 'setGroup', params: ({ event }) => event.output.group }, { type: 'showToast', params: ({ event }) => said(event.output.message) }],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            decliningInvite: {
              invoke: {
                id: 'declineInvitation',
                src: 'declineInvitation',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: [
                  // A private group is closed to the viewer now: back to the groups list.
                  {
                    guard: 'isPrivate',
                    target: '#group.gone',
                    actions: [{ type: 'showToast', params: ({ event }) => said(event.output.message) }, { type: 'navigate', params: { to: GROUPS_HREF } }],
                  },
                  { target: '#group.loading', actions: { type: 'showToast', params: ({ event }) => said(event.output.message) } },
                ],
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            withdrawing: {
              invoke: {
                id: 'withdrawRequest',
                src: 'leaveGroup',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: {
                  target: '#group.loading',
                  actions: { type: 'showToast', params: { type: 'success' as const, description: 'Your request was withdrawn' } },
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            leaveDialog: {
              on: {
                'group.leave.successor': { guard: 'isSuccessor', actions: assign({ newAdminId: ({ event }) => event.userId, dialogError: null }) },
                'group.leave.confirm': [
                  { guard: 'mayLeave', target: 'leaving', actions: assign({ dialogError: null }) },
                  { actions: assign({ dialogError: ({ context }) => leaveProblem(context) }) },
                ],
                'group.dialog.close': { target: 'idle', actions: 'closeDialog' },
              },
            },
            leaving: {
              invoke: {
                id: 'leaveGroup',
                src: 'leaveGroup',
                input: ({ context }) => ({ groupId: context.groupId, ...(isLastAdmin(context) ? { newAdminId: context.newAdminId } : {}) }),
                onDone: [
                  {
                    guard: 'isPrivate',
                    target: '#group.gone',
                    actions: [{ type: 'showToast', params: ({ event }) => said(event.output.message) }, { type: 'navigate', params: { to: GROUPS_HREF } }],
                  },
                  { target: '#group.loading', actions: [{ type: 'showToast', params: ({ event }) => said(event.output.message) }, 'closeDialog'] },
                ],
                onError: {
                  target: 'leaveDialog',
                  actions: [
                    assign({ dialogError: ({ event }) => failureText(event.error, ACTION_FAILED) }),
                    { type: 'showToast', params: ({ event }) => failed(event.error) },
                  ],
                },
              },
            },
            approving: {
              invoke: {
                id: 'approveMember',
                src: 'approveMember',
                input: ({ context }) => ({ groupId: context.groupId, userId: context.target! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'setGroup', params: ({ event }) => event.output.group },
                    assign({ pendingMembers: ({ context }) => context.pendingMembers.filter((m) => m.userId !== context.target) }),
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            rejecting: {
              invoke: {
                id: 'rejectMember',
                src: 'rejectMember',
                input: ({ context }) => ({ groupId: context.groupId, userId: context.target! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign({ pendingMembers: ({ context }) => context.pendingMembers.filter((m) => m.userId !== context.target) }),
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            acceptingPost: {
              invoke: {
                id: 'acceptPost',
                src: 'decidePost',
                input: ({ context }) => ({ postId: context.target!, accept: true }),
                onDone: {
                  target: 'idle',
                  actions: [emit(({ event }) => ({ type: 'postDecided' as const, post: event.output.post })), { type: 'showToast', params: ({ event }) => said(event.output.message) }],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            decliningPost: {
              invoke: {
                id: 'declinePost',
                src: 'decidePost',
                input: ({ context }) => ({ postId: context.target!, accept: false }),
                onDone: {
                  target: 'idle',
                  actions: [emit(({ event }) => ({ type: 'postDecided' as const, post: event.output.post })), { type: 'showToast', params: ({ event }) => said(event.output.message) }],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            /** 'Make X an admin?': an admin cannot be demoted from here, so it is asked first. */
            confirmingPromote: {
              on: {
                'group.promote.confirm': { target: 'promoting', actions: assign({ dialogError: null }) },
                'group.dialog.close': { target: 'idle', actions: 'closeDialog' },
              },
            },
            promoting: memberRequest('promoteMember', 'confirmingPromote'),
            inviting: {
              invoke: {
                id: 'inviteMember',
                src: 'inviteMember',
                input: ({ context }) => ({ groupId: context.groupId, userIds: context.inviteSelection.map((u) => u._id) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'setGroup', params: ({ event }) => event.output.group },
                    assign({ inviteSelection: [] }),
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            /** 'Remove X?' (or withdraw X's invitation): a removed member of a private group loses it at once. */
            confirmingRemove: {
              on: {
                'group.remove.confirm': { target: 'removing', actions: assign({ dialogError: null }) },
                'group.dialog.close': { target: 'idle', actions: 'closeDialog' },
              },
            },
            removing: memberRequest('removeMember', 'confirmingRemove'),
            saving: {
              invoke: {
                id: 'updateGroup',
                src: 'updateGroup',
                input: ({ context }) => ({ groupId: context.groupId, body: settingsBody(context.settings) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'setGroup', params: ({ event }) => event.output.group },
                    'fillSettings',
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({ settings: { ...context.settings, errors: { ...context.settings.errors, form: failureText(event.error, ACTION_FAILED) } } })),
                    { type: 'showToast', params: ({ event }) => failed(event.error) },
                  ],
                },
              },
            },
            confirmingDelete: {
              on: {
                'group.delete.confirm': { target: 'deleting', actions: assign({ dialogError: null }) },
                'group.dialog.close': { target: 'idle', actions: 'closeDialog' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteGroup',
                src: 'deleteGroup',
                input: ({ context }) => ({ groupId: context.groupId }),
                onDone: {
                  target: '#group.gone',
                  actions: [{ type: 'showToast', params: ({ event }) => said(event.output.message) }, { type: 'navigate', params: { to: GROUPS_HREF } }],
                },
                onError: {
                  target: 'confirmingDelete',
                  actions: [
                    assign({ dialogError: ({ event }) => failureText(event.error, ACTION_FAILED) }),
                    { type: 'showToast', params: ({ event }) => failed(event.error) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type GroupActorRef = ActorRefFrom<typeof groupMachine>;
export type GroupSnapshot = SnapshotFrom<typeof groupMachine>;

export function selectTab(s: GroupSnapshot): GroupTab {
  for (const tab of GROUP_TABS) if (s.matches({ loaded: { tab } })) return tab;
  return 'posts';
}
/** Some request of the viewer's or an admin's is running: every action button waits. */
export const selectBusy = (s: GroupSnapshot) => s.matches('loaded') && !s.matches({ loaded: { action: 'idle' } }) && !selectDialog(s);
/** The open dialog, if any. */
export type GroupDialog = 'leave' | 'delete' | 'promote' | 'remove';
const DIALOG_STATES: Record<GroupDialog, [string, string]> = {
  leave: ['leaveDialog', 'leaving'],
  delete: ['confirmingDelete', 'deleting'],
  promote: ['confirmingPromote', 'promoting'],
  remove: ['confirmingRemove', 'removing'],
};
export function selectDialog(s: GroupSnapshot): GroupDialog | null {
  if (!s.matches('loaded')) return null;
  const action = (s.value as { loaded: { action: string } }).loaded.action;
  for (const [dialog, states] of Object.entries(DIALOG_STATES)) if (states.includes(action)) return dialog as GroupDialog;
  return null;
}
/** The member a promote or remove dialog is about. */
export const selectTargetMember = (s: GroupSnapshot) => knownMembers(s.context).find((m) => m.userId === s.context.target) ?? null;
export const selectKnownMembers = (s: GroupSnapshot) => knownMembers(s.context);
/** useSelector's compare for selectKnownMembers: the same rows, so unrelated snapshots do not re-render the list. */
export const sameMembers = (a: GroupMembership[], b: GroupMembership[]) => a.length === b.length && a.every((m, i) => m === b[i]);
export const selectLoadingMembers = (s: GroupSnapshot) => s.matches({ loaded: { memberPages: 'loading' } });
/** Which action runs, by its state name ('joining', 'approving', ...); null when none. */
export function selectRunning(s: GroupSnapshot): string | null {
  if (!s.matches('loaded')) return null;
  const value = (s.value as { loaded: { action: string } }).loaded.action;
  return value === 'idle' || value === 'leaveDialog' || value.startsWith('confirming') ? null : value;
}
/** The admins' invite search (Settings → Invite members). */
export const selectInviteSearch = (s: GroupSnapshot) => s.children.inviteSearch as MemberSearchActorRef | undefined;
export const selectUploading = (s: GroupSnapshot) => s.matches({ loaded: { upload: 'uploading' } });
