import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { defined } from '../../shared/defined';
import { requiredCallback, requiredPromise } from '../../shared/required';
import type { GroupChat } from '../../../api/chat';
import { groupPeer, type ChatMember } from '../chat.machine';
import { conversationHref } from '../../shell/routes';
import { failureText } from '../../shared/failure';
import { failedOnNetwork } from '../../shared/sendRetry';
import type { ToastRequest } from '../../shell/toastRequest';

export type InvitationsEvent =
  | { type: 'invitations.retry' }
  | { type: 'invitations.accept'; groupId: string }
  | { type: 'invitations.decline'; groupId: string }
  // From the socket, through the bus:
  /** A group chat as it now is: an invitation while the member is pending in it. */
  | { type: 'invitations.group'; group: GroupChat }
  | { type: 'invitations.removed'; groupId: string }
  | { type: 'invitations.reconnected' };

export interface Answer {
  groupId: string;
  accept: boolean;
}

export interface InvitationsContext {
  me: ChatMember;
  /** Group chats the member is invited to, newest invitation first. */
  pending: GroupChat[];
  error: string | null;
  answer: Answer | null;
}

export const INVITATIONS_FAILED = 'Could not load your invitations.';
export const ANSWER_FAILED = 'Could not answer the invitation.';
export const DECLINED = 'Invitation declined';
export const joinedText = (group: GroupChat) => `You joined ${group.name}`;

export const isPendingIn = (group: GroupChat, userId: string) => group.members.some((m) => m.userId === userId && m.state === 'pending');
const invitedAt = (group: GroupChat, userId: string) => group.members.find((m) => m.userId === userId)?.joinedAt ?? '';
const sortPending = (pending: GroupChat[], userId: string) =>
  pending.sort((a, b) => (invitedAt(a, userId) < invitedAt(b, userId) ? 1 : invitedAt(a, userId) > invitedAt(b, userId) ? -1 : 0));

/**
 * Group chat invitations (GET /group-chat/invitations -> {pendingGroups}): accept or decline, one
 * answer at a time. They arrive and leave live: the server's 'group chat list' / 'group updated'
 * carry the group as it now is (kept while the member is pending in it), 'group deleted' ends it.
 * Accepting answers the group: it joins the chat list and opens. A load that got no answer
 * (offline) waits quietly, with nothing shown, until the socket is back (docs/client-offline.md).
 */
export const groupChatInvitationsMachine = setup({
  types: { context: {} as InvitationsContext, events: {} as InvitationsEvent, input: {} as { me: ChatMember } },
  actors: {
    /** Effect: GET /group-chat/invitations. */
    fetchInvitations: requiredPromise<GroupChat[]>('fetchInvitations'),
    /** Effect: PUT accept (answers the group) or decline (answers null). */
    answer: requiredPromise<GroupChat | null, Answer>('answer'),
    /** Effect: socket messages as invitation events. */
    live: requiredCallback<EventObject, { me: ChatMember }>(),
  },
  actions: {
    showToast: (_, _toast: ToastRequest) => {},
    /** Effect: the chat screen lists the group. */
    listGroup: (_, _group: GroupChat) => {},
    navigate: (_, _to: { to: string }) => {},
    take: assign(({ context, event }) =>
      produce(context, (draft) => {
        if (event.type !== 'invitations.group') return;
        draft.pending = draft.pending.filter((g) => g._id !== event.group._id);
        if (!isPendingIn(event.group, draft.me.id)) return;
        draft.pending.push(event.group);
        sortPending(draft.pending as GroupChat[], draft.me.id);
      }),
    ),
    drop: assign({
      pending: ({ context, event }) =>
        event.type === 'invitations.removed' ? context.pending.filter((g) => g._id !== event.groupId) : context.pending,
    }),
  },
  guards: {
    isInvited: ({ context, event }) =>
      (event.type === 'invitations.accept' || event.type === 'invitations.decline') && context.pending.some((g) => g._id === event.groupId),
    wasAccepted: ({ context }) => context.answer?.accept === true,
    /** The load got no answer (the browser offline: then it was not even sent). */
    gotNoAnswer: ({ event }) => failedOnNetwork((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'groupChatInvitations',
  context: ({ input }) => ({ me: input.me, pending: [], error: null, answer: null }),
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ me: context.me }) },
  on: {
    'invitations.group': { actions: 'take' },
    'invitations.removed': { actions: 'drop' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'invitations',
        src: 'fetchInvitations',
        onDone: {
          target: 'loaded',
          actions: assign({ pending: ({ context, event }) => sortPending([...event.output], context.me.id), error: null }),
        },
        onError: [
          { guard: 'gotNoAnswer', target: 'offline', actions: assign({ error: null }) },
          { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, INVITATIONS_FAILED) }) },
        ],
      },
    },
    failed: { on: { 'invitations.retry': 'loading', 'invitations.reconnected': 'loading' } },
    /** No answer: nothing to say but the network, which the chat page says already; loads again when the socket is back. */
    offline: { on: { 'invitations.reconnected': 'loading' } },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invitations.accept': {
              guard: 'isInvited',
              target: 'answering',
              actions: assign({ answer: ({ event }) => ({ groupId: event.groupId, accept: true }) }),
            },
            'invitations.decline': {
              guard: 'isInvited',
              target: 'answering',
              actions: assign({ answer: ({ event }) => ({ groupId: event.groupId, accept: false }) }),
            },
            'invitations.reconnected': '#groupChatInvitations.loading',
          },
        },
        answering: {
          invoke: {
            id: 'answer',
            src: 'answer',
            input: ({ context }) => defined(context.answer, 'the invitation being answered'),
            onDone: [
              {
                guard: 'wasAccepted',
                target: 'idle',
                actions: [
                  // The server's answer is the group as joined: listed, and opened.
                  { type: 'listGroup', params: ({ event }) => defined(event.output, 'the group chat') },
                  {
                    type: 'showToast',
                    params: ({ event }) => ({ type: 'success' as const, description: joinedText(defined(event.output, 'the group chat')) }),
                  },
                  {
                    type: 'navigate',
                    params: ({ event }) => ({ to: conversationHref(groupPeer(defined(event.output, 'the group chat'))) }),
                  },
                  assign(({ context }) => ({
                    pending: context.pending.filter((g) => g._id !== defined(context.answer, 'the invitation being answered').groupId),
                    answer: null,
                  })),
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'showToast', params: { type: 'info' as const, description: DECLINED } },
                  assign(({ context }) => ({
                    pending: context.pending.filter((g) => g._id !== defined(context.answer, 'the invitation being answered').groupId),
                    answer: null,
                  })),
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'showToast',
                  params: ({ event }) => ({ type: 'error' as const, description: failureText(event.error, ANSWER_FAILED) }),
                },
                assign({ answer: null }),
              ],
            },
          },
        },
      },
    },
  },
});

export type InvitationsActorRef = ActorRefFrom<typeof groupChatInvitationsMachine>;
export type InvitationsSnapshot = SnapshotFrom<typeof groupChatInvitationsMachine>;
export const selectAnswering = (s: InvitationsSnapshot) => s.context.answer;
