import { and, assign, emit, not, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { defined } from '../shared/defined';
import { failureText } from '../shared/failure';
import { GROUPS_HREF } from './createGroup.machine';
import { GROUP_TABS } from './group.types';
import { ACTION_FAILED, GROUP_LOAD_FAILED, MEMBERS_FAILED, PENDING_LOAD_FAILED, UPLOAD_FAILED } from './group.copy';
import { emptySettings, settingsBody } from './group.settings';
import { isLastAdmin, leaveProblem } from './group.standing';
import { failed, groupSetup, targetOf, memberRequest, newImage, said } from './group.setup';

/**
 * One group's page (/app/social/group/{id}): the header with the viewer's membership actions,
 * tabs (Posts, Members; for group admins also Pending members, Pending posts and Settings),
 * and every admin action, one at a time, each with its in-flight state. Leaving as the last
 * admin names a successor; deleting the group, promoting and removing are confirmed first.
 * Group admins invite more members from Settings through a member search child ('inviteSearch'):
 * each result is selected or unselected (Select / Selected), then the selection is invited at once.
 */

export * from './group.types';
export * from './group.copy';
export * from './group.settings';
export * from './group.standing';
export * from './group.selectors';

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
                    onDone: {
                      target: 'ready',
                      actions: assign({ pendingMembers: ({ event }) => event.output.pendingMembers, pendingError: null }),
                    },
                    onError: {
                      target: 'failed',
                      actions: assign({ pendingError: ({ event }) => failureText(event.error, PENDING_LOAD_FAILED) }),
                    },
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
                input: ({ context }) => ({ groupId: context.groupId, cursor: defined(context.membersCursor, 'the next page of members') }),
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
                  actions: assign(({ context, event }) => ({
                    settings: { ...context.settings, profileImage: event.output.url, preview: event.output.url },
                  })),
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
                'group.acceptPost': {
                  guard: 'isGroupAdmin',
                  target: 'acceptingPost',
                  actions: assign({ target: ({ event }) => event.postId }),
                },
                'group.declinePost': {
                  guard: 'isGroupAdmin',
                  target: 'decliningPost',
                  actions: assign({ target: ({ event }) => event.postId }),
                },
                'group.promote': {
                  guard: 'mayPromote',
                  target: 'confirmingPromote',
                  actions: [assign({ target: ({ event }) => event.userId }), 'closeDialog'],
                },
                'group.remove': {
                  guard: 'isOtherMember',
                  target: 'confirmingRemove',
                  actions: [assign({ target: ({ event }) => event.userId }), 'closeDialog'],
                },
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
                  actions: [
                    { type: 'setGroup', params: ({ event }) => event.output.group },
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
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
                  actions: [
                    { type: 'setGroup', params: ({ event }) => event.output.group },
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
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
                    actions: [
                      { type: 'showToast', params: ({ event }) => said(event.output.message) },
                      { type: 'navigate', params: { to: GROUPS_HREF } },
                    ],
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
                'group.leave.successor': {
                  guard: 'isSuccessor',
                  actions: assign({ newAdminId: ({ event }) => event.userId, dialogError: null }),
                },
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
                    actions: [
                      { type: 'showToast', params: ({ event }) => said(event.output.message) },
                      { type: 'navigate', params: { to: GROUPS_HREF } },
                    ],
                  },
                  {
                    target: '#group.loading',
                    actions: [{ type: 'showToast', params: ({ event }) => said(event.output.message) }, 'closeDialog'],
                  },
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
                input: ({ context }) => ({ groupId: context.groupId, userId: targetOf(context) }),
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
                input: ({ context }) => ({ groupId: context.groupId, userId: targetOf(context) }),
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
                input: ({ context }) => ({ postId: targetOf(context), accept: true }),
                onDone: {
                  target: 'idle',
                  actions: [
                    emit(({ event }) => ({ type: 'postDecided' as const, post: event.output.post })),
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'showToast', params: ({ event }) => failed(event.error) } },
              },
            },
            decliningPost: {
              invoke: {
                id: 'declinePost',
                src: 'decidePost',
                input: ({ context }) => ({ postId: targetOf(context), accept: false }),
                onDone: {
                  target: 'idle',
                  actions: [
                    emit(({ event }) => ({ type: 'postDecided' as const, post: event.output.post })),
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                  ],
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
                    assign(({ context, event }) => ({
                      settings: {
                        ...context.settings,
                        errors: { ...context.settings.errors, form: failureText(event.error, ACTION_FAILED) },
                      },
                    })),
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
                  actions: [
                    { type: 'showToast', params: ({ event }) => said(event.output.message) },
                    { type: 'navigate', params: { to: GROUPS_HREF } },
                  ],
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
