import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { defined } from '../../shared/defined';
import { requiredPromise } from '../../shared/required';
import type { GroupChat } from '../../../api/chat';
import { CHAT_HREF, type ChatMember } from '../chat.machine';
import { nameError, type FoundUser } from '../../groups/createGroup.machine';
import { failureText } from '../../shared/failure';
import { groupChatSearchMachine } from './groupChatSearch.machine';
import type { ToastRequest } from '../../shell/toastRequest';

/** A member the request is about. */
export interface MemberRef {
  userId: string;
  username: string;
}

/** What the member asked of the server; `groupId` and the group's name travel with it. */
export type ManageRequest =
  | { kind: 'rename'; name: string }
  | ({ kind: 'invite' } & MemberRef)
  | ({ kind: 'promote' } & MemberRef)
  | ({ kind: 'remove' } & MemberRef)
  | { kind: 'delete' }
  | { kind: 'leave' };
export type ManageInput = ManageRequest & { groupId: string };

export type ManageEvent =
  /** A keystroke in the Group name field: its whole value as it now is. */
  | { type: 'manage.nameChange'; name: string }
  | { type: 'manage.rename' }
  | { type: 'manage.invite'; user: FoundUser }
  | { type: 'manage.promote'; member: MemberRef }
  | { type: 'manage.remove'; member: MemberRef }
  | { type: 'manage.delete' }
  | { type: 'manage.leave' }
  | { type: 'manage.confirm' }
  | { type: 'manage.cancel' };

export interface ManageContext {
  me: ChatMember;
  groupId: string;
  groupName: string;
  /** What the Group name field holds. */
  nameDraft: string;
  /** Everyone in the group (pending included): the search does not offer them. */
  memberIds: string[];
  nameError: string | null;
  /** The server's refusal of the last request (shown in the panel). */
  error: string | null;
  /** The request waiting for "Are you sure?" (remove, delete, leave), or being made. */
  request: ManageRequest | null;
}

export const MANAGE_FAILED = 'That did not work. Please try again.';

/** The success toast of each request. */
export function doneText(request: ManageRequest, groupName: string): string {
  switch (request.kind) {
    case 'rename':
      return `Group renamed to ${request.name}`;
    case 'invite':
      return `${request.username} invited`;
    case 'promote':
      return `${request.username} is now an admin`;
    case 'remove':
      return `${request.username} removed from the group`;
    case 'delete':
      return `${groupName} deleted`;
    case 'leave':
      return `You left ${groupName}`;
  }
}

const memberIds = (group: GroupChat) => group.members.map((m) => m.userId);
const isFarewell = (request: ManageRequest | null) => request?.kind === 'delete' || request?.kind === 'leave';

/**
 * A group chat's info panel: every member may leave; admins rename, invite members (found with
 * the member search child), promote, remove and delete the group. Removing, deleting and
 * leaving ask first. One request at a time; the server's answer is the group as it now is (the
 * chat list takes it) and a refusal stays on the panel. Deleting or leaving ends the panel: the
 * group leaves the list and the chat closes.
 * The server refuses admin requests from members, whatever the view offers.
 */
export const groupChatManageMachine = setup({
  types: {
    context: {} as ManageContext,
    events: {} as ManageEvent,
    input: {} as { me: ChatMember; group: GroupChat },
  },
  actors: {
    search: groupChatSearchMachine,
    /** Effect: the request's call (PUT rename / add-members / promote, DELETE member / group, PUT leave). */
    request: requiredPromise<GroupChat | null, ManageInput>('request'),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the chat screen takes the group as it now is. */
    listGroup: (_, _group: GroupChat) => {},
    /** Effect: the chat screen drops the group. */
    unlistGroup: (_, _params: { groupId: string }) => {},
    navigate: (_, _to: { to: string }) => {},
  },
  guards: {
    validName: ({ context }) => nameError(context.nameDraft) === null,
    isFarewell: ({ context }) => isFarewell(context.request),
  },
}).createMachine({
  id: 'groupChatManage',
  context: ({ input }) => ({
    me: input.me,
    groupId: input.group._id,
    groupName: input.group.name,
    nameDraft: input.group.name,
    memberIds: memberIds(input.group),
    nameError: null,
    error: null,
    request: null,
  }),
  invoke: { id: 'search', src: 'search', input: ({ context }) => ({ exclude: context.memberIds }) },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'manage.nameChange': { actions: assign({ nameDraft: ({ event }) => event.name }) },
        'manage.rename': [
          {
            guard: 'validName',
            target: 'working',
            actions: assign({ request: ({ context }) => ({ kind: 'rename' as const, name: context.nameDraft.trim() }), nameError: null }),
          },
          { actions: assign({ nameError: ({ context }) => nameError(context.nameDraft) }) },
        ],
        'manage.invite': {
          target: 'working',
          actions: assign({ request: ({ event }) => ({ kind: 'invite' as const, userId: event.user._id, username: event.user.username }) }),
        },
        'manage.promote': {
          target: 'working',
          actions: assign({ request: ({ event }) => ({ kind: 'promote' as const, ...event.member }) }),
        },
        'manage.remove': {
          target: 'confirming',
          actions: assign({ request: ({ event }) => ({ kind: 'remove' as const, ...event.member }) }),
        },
        'manage.delete': { target: 'confirming', actions: assign({ request: { kind: 'delete' as const } }) },
        'manage.leave': { target: 'confirming', actions: assign({ request: { kind: 'leave' as const } }) },
      },
    },
    confirming: {
      on: {
        'manage.confirm': 'working',
        'manage.cancel': { target: 'idle', actions: assign({ request: null }) },
      },
    },
    working: {
      entry: assign({ error: null }),
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({ ...defined(context.request, 'the running request'), groupId: context.groupId }),
        onDone: [
          {
            guard: 'isFarewell',
            target: 'done',
            actions: [
              {
                type: 'showToast',
                params: ({ context }) => ({
                  type: 'success' as const,
                  description: doneText(defined(context.request, 'the running request'), context.groupName),
                }),
              },
              { type: 'unlistGroup', params: ({ context }) => ({ groupId: context.groupId }) },
              { type: 'navigate', params: { to: CHAT_HREF } },
            ],
          },
          {
            target: 'idle',
            actions: [
              {
                type: 'showToast',
                params: ({ context }) => ({
                  type: 'success' as const,
                  description: doneText(defined(context.request, 'the running request'), context.groupName),
                }),
              },
              { type: 'listGroup', params: ({ event }) => defined(event.output, 'the group chat') },
              // Whoever is in the group now is no longer offered by the search.
              sendTo('search', ({ event }) => ({
                type: 'search.exclude' as const,
                ids: memberIds(defined(event.output, 'the group chat')),
              })),
              assign({
                request: null,
                groupName: ({ event }) => defined(event.output, 'the group chat').name,
                memberIds: ({ event }) => memberIds(defined(event.output, 'the group chat')),
              }),
            ],
          },
        ],
        onError: { target: 'idle', actions: assign({ request: null, error: ({ event }) => failureText(event.error, MANAGE_FAILED) }) },
      },
    },
    done: { type: 'final' },
  },
});

export type GroupChatManageActorRef = ActorRefFrom<typeof groupChatManageMachine>;
export type GroupChatManageSnapshot = SnapshotFrom<typeof groupChatManageMachine>;
export const selectWorking = (s: GroupChatManageSnapshot) => s.matches('working');
export const selectConfirming = (s: GroupChatManageSnapshot) => (s.matches('confirming') ? s.context.request : null);
