import { produce } from 'immer';
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import type { CreateGroupChatBody, GroupChat } from '../../../api/chat';
import { groupPeer, type ChatMember } from '../chat.machine';
import { conversationHref } from '../../shell/routes';
import { nameError, type FoundUser } from '../../groups/createGroup.machine';
import { failureText } from '../../shared/failure';
import { groupChatSearchMachine } from './groupChatSearch.machine';
import type { ToastRequest } from '../../shell/toastRequest';

export type CreateGroupChatEvent =
  | { type: 'create.name'; value: string }
  /** Adds a member to the invitations, or takes them off again. */
  | { type: 'create.toggle'; user: FoundUser }
  | { type: 'create.submit' };

export interface CreateGroupChatContext {
  me: ChatMember;
  name: string;
  nameError: string | null;
  /** Invited on creation; each stays 'pending' until they accept. */
  invitees: FoundUser[];
  /** Why the server refused the group (shown in the dialog). */
  error: string | null;
  group: GroupChat | null;
}

export const CREATE_CHAT_FAILED = 'Could not create the group chat.';
export const createdText = (group: GroupChat) => `${group.name} created`;

/** POST /group-chat/create: the name and the invited members' ids. */
export const createChatBody = (c: CreateGroupChatContext): CreateGroupChatBody => ({
  name: c.name.trim(),
  members: c.invitees.map((u) => u._id),
});

/**
 * The "New group chat" dialog: a name (the group name rules, checked as it is typed) and members
 * to invite, found with the member search (a child actor). Once the server answers the group,
 * it joins the chat list, the socket is told (CREATE_GROUP, spec section 7) and the chat opens.
 */
export const groupChatCreateMachine = setup({
  types: {
    context: {} as CreateGroupChatContext,
    events: {} as CreateGroupChatEvent,
    input: {} as { me: ChatMember },
    output: {} as { group: GroupChat | null },
  },
  actors: {
    search: groupChatSearchMachine,
    /** Effect: POST /group-chat/create. */
    createGroupChat: requiredPromise<GroupChat, CreateGroupChatBody>('createGroupChat'),
  },
  actions: {
    /** Effect: the chat screen lists the group. */
    listGroup: (_, _group: GroupChat) => {},
    /** Effect: 'group action' CREATE_GROUP on the socket. */
    announce: (_, _group: GroupChat) => {},
    showToast: (_, _toast: ToastRequest) => {},
    navigate: (_, _to: { to: string }) => {},
  },
  guards: {
    isValid: ({ context }) => nameError(context.name) === null,
  },
}).createMachine({
  id: 'groupChatCreate',
  context: ({ input }) => ({ me: input.me, name: '', nameError: null, invitees: [], error: null, group: null }),
  // At the root: the search and its results survive a refused submit.
  invoke: { id: 'search', src: 'search', input: ({ context }) => ({ exclude: [context.me.id] }) },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'create.name': { actions: assign({ name: ({ event }) => event.value, nameError: ({ event }) => nameError(event.value) }) },
        'create.toggle': {
          actions: assign(({ context, event }) =>
            produce(context, (draft) => {
              const at = draft.invitees.findIndex((u) => u._id === event.user._id);
              if (at >= 0) draft.invitees.splice(at, 1);
              else draft.invitees.push(event.user);
            }),
          ),
        },
        'create.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ error: null }) },
          { actions: assign({ nameError: ({ context }) => nameError(context.name) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'createGroupChat',
        src: 'createGroupChat',
        input: ({ context }) => createChatBody(context),
        onDone: {
          target: 'created',
          actions: [
            assign({ group: ({ event }) => event.output }),
            { type: 'listGroup', params: ({ event }) => event.output },
            { type: 'announce', params: ({ event }) => event.output },
            { type: 'showToast', params: ({ event }) => ({ type: 'success' as const, description: createdText(event.output) }) },
            { type: 'navigate', params: ({ event }) => ({ to: conversationHref(groupPeer(event.output)) }) },
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, CREATE_CHAT_FAILED) }) },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ group: context.group }),
});

export type GroupChatCreateActorRef = ActorRefFrom<typeof groupChatCreateMachine>;
export type GroupChatCreateSnapshot = SnapshotFrom<typeof groupChatCreateMachine>;
export const selectCreating = (s: GroupChatCreateSnapshot) => s.matches('submitting');
