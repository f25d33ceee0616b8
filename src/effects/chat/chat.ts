import { fromCallback, fromPromise, sendTo, type AnyActorRef, type EventObject } from 'xstate';
import { changeKept, keptMemberOf } from '../offline/kept';
import { withKept } from '../offline/keptLoad';
import { keepLive, keptThreadOf, withMessages } from './keptThread';
import type { CreateGroupChatBody, GroupChat, MessagesPage } from '../../api/chat';
import type { ApiClient } from '../../api/client';
import { clientEvents, serverEvents } from '../../api/socket';
import {
  chatMachine,
  type ChatEvent,
  type ChatLists,
  type ChatMember,
  type ChatPeer,
  type DeleteInput,
  type FetchMessagesInput,
  type ReactInput,
  type SendMessageInput,
  type ThreadPage,
} from '../../machines/chat/chat.machine';
import { rejectIfQueuedBehind } from '../offline/queuedBehind';
import { groupChatCreateMachine } from '../../machines/chat/groupChat/groupChatCreate.machine';
import {
  groupChatInvitationsMachine,
  type Answer,
  type InvitationsEvent,
} from '../../machines/chat/groupChat/groupChatInvitations.machine';
import { groupChatManageMachine, type ManageInput } from '../../machines/chat/groupChat/groupChatManage.machine';
import type { PrivateChatCacheActorRef } from '../../machines/chat/privateChatCache.machine';
import { clientOf } from '../shell/api';
import { storage } from '../shell/storage';
import { bridgeActions, type HasSystem } from '../shell/bridge';
import { inReplay } from '../debug/journal';
import { memberSearchLogic } from '../people/memberSearch';
import { emitToServer, streamsBus, type Bus, type BusMessage } from '../shell/socket';
import { createChatApi } from '../../api/chat/client';
import { createMediaApi } from '../../api/media/client';
import { createUsersApi } from '../../api/users/client';

/** The parts of the typed client this module calls. */
type Calls = Pick<ApiClient, 'chat' | 'groupChat' | 'images' | 'follows' | 'users'>;

const defaultApi: Calls = clientOf(createChatApi, createMediaApi, createUsersApi);

/** The chat HTTP calls (docs/api.md, Chat), on the app's client. */
export function chatApi(api: Calls) {
  const { chat, groupChat } = api;
  return {
    list: () => chat.conversationList().then((r) => r.list),
    messages: (input: FetchMessagesInput) =>
      chat.messages(input.peerId, { isGroupChat: input.isGroup, after: input.after, before: input.before }),
    send: ({ peerId, isGroup, ...content }: SendMessageInput) =>
      (isGroup ? groupChat.sendMessage({ groupId: peerId, ...content }) : chat.send({ receiverId: peerId, ...content })).then(
        (r) => r.chat,
      ),
    uploadImage: (image: string) => api.images.upload('chat', image).then(({ url }) => ({ url })),
    markRead: (input: { senderId: string; receiverId: string }) => chat.markAsRead(input).then((r) => r.read),
    markGroupRead: ({ groupId, seq }: { groupId: string; seq: number }) => groupChat.read(groupId, { seq }),
    react: (input: ReactInput) =>
      chat.react({ messageId: input.messageId, reaction: input.reaction, type: input.change }).then((r) => r.chat),
    remove: (input: DeleteInput) =>
      chat.markAsDeleted(input.messageId, input.senderId, input.receiverId, input.mode).then((r) => r.deleted),
    addChatUsers: (userOne: string, userTwo: string) => chat.addChatUsers({ userOne, userTwo }),
    removeChatUsers: (userOne: string, userTwo: string) => chat.removeChatUsers({ userOne, userTwo }),
  };
}

/** The group chat HTTP calls (docs/api.md, Group chat). */
export function groupChatApi(api: Calls) {
  const { groupChat } = api;
  const group = (answer: Promise<{ group: GroupChat }>) => answer.then((r) => r.group);
  return {
    mine: (userId: string) => groupChat.userGroups(userId).then((r) => r.groups),
    create: (body: CreateGroupChatBody) => group(groupChat.create(body)),
    invitations: () => groupChat.invitations().then((r) => r.pendingGroups),
    answer: ({ groupId, accept }: Answer): Promise<GroupChat | null> =>
      accept ? group(groupChat.accept(groupId)) : groupChat.decline(groupId).then(() => null),
    /** One admin request, or leaving; deleting and leaving answer null. */
    manage: (input: ManageInput): Promise<GroupChat | null> => {
      const { groupId } = input;
      switch (input.kind) {
        case 'rename':
          return group(groupChat.update(groupId, { name: input.name }));
        case 'invite':
          return group(groupChat.addMembers(groupId, { members: [input.userId] }));
        case 'promote':
          return group(groupChat.promote(groupId, input.userId));
        case 'remove':
          return group(groupChat.removeMember(groupId, input.userId));
        case 'delete':
          return groupChat.remove(groupId).then(() => null);
        case 'leave':
          return groupChat.leave(groupId).then(() => null);
      }
    },
  };
}

/** Bus messages as chat events. */
export function chatEventOf(message: BusMessage): ChatEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'chat.reconnected' };
    case serverEvents.messageReceived:
    case serverEvents.groupMessageReceived:
      return { type: 'chat.received', message: message.payload };
    case serverEvents.messageRead:
      return { type: 'chat.read', read: message.payload };
    case serverEvents.groupRead:
      return { type: 'chat.groupRead', read: message.payload };
    case serverEvents.messageReaction:
    case serverEvents.groupMessageReaction:
      return { type: 'chat.reaction', message: message.payload };
    case serverEvents.messageDeleted:
      return message.payload.isGroupChat ? null : { type: 'chat.deleted', deleted: message.payload };
    case serverEvents.groupMessageDeleted:
      return { type: 'chat.deleted', deleted: message.payload };
    case serverEvents.chatList:
      return { type: 'chat.listItem', item: message.payload };
    case serverEvents.groupChatList:
    case serverEvents.groupUpdated:
      return { type: 'chat.groupUpdated', group: message.payload };
    case serverEvents.groupMemberPromoted:
    case serverEvents.groupMemberRemoved:
      // The member removed hears it with no group: it is gone for them.
      return message.payload.group
        ? { type: 'chat.groupUpdated', group: message.payload.group }
        : { type: 'chat.groupRemoved', groupId: message.payload.groupId };
    case serverEvents.groupDeleted:
      return { type: 'chat.groupRemoved', groupId: message.payload.groupId };
    default:
      return null;
  }
}

/** Bus messages as invitation events: a group as it now is (kept while pending in it), or gone. */
export function invitationEventOf(message: BusMessage): InvitationsEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'invitations.reconnected' };
    case serverEvents.groupChatList:
    case serverEvents.groupUpdated:
      return { type: 'invitations.group', group: message.payload };
    case serverEvents.groupDeleted:
      return { type: 'invitations.removed', groupId: message.payload.groupId };
    default:
      return null;
  }
}

/**
 * The chat screen's message listener: bus messages as chat events. It tells the app's private
 * chat cache (systemId 'privateChatCache') that it is attached and when it stops, and stops
 * listening when the cache says so (the sidebar's clean-up emits `privateChat.detach`). What
 * arrives in a conversation the member keeps (./keptThread.ts) goes into its kept copy too. In a
 * replay it leaves the live cache and the kept store alone.
 */
export const liveChatActor = (bus: Bus, app?: HasSystem) =>
  fromCallback<EventObject, { me: ChatMember }>(({ sendBack, self, input }) => {
    const live = app && !inReplay(self);
    const cache = live ? (app.system.get('privateChatCache') as PrivateChatCacheActorRef | undefined) : undefined;
    let unsubscribe: (() => void) | null = bus.subscribe((message) => {
      const event = chatEventOf(message);
      if (!event) return;
      if (live) keepLive(keptMemberOf(app), input.me, event);
      sendBack(event);
    });
    const detach = () => {
      unsubscribe?.();
      unsubscribe = null;
    };
    const detaching = cache?.on('privateChat.detach', detach);
    cache?.send({ type: 'privateChat.attached' });
    return () => {
      detaching?.unsubscribe();
      const attached = unsubscribe !== null;
      detach();
      if (attached) cache?.send({ type: 'privateChat.detached' });
    };
  });

export type Emit = typeof emitToServer;

/**
 * add-chat-users while a private conversation is open (its messages arrive read), remove-chat-users
 * when it closes. A group asks to join its room; it is not left on closing, because the server
 * keeps the socket in every accepted group's room and the list lives on those events.
 *
 * The server keeps one "viewing" per member and pair, not per tab, and tells all the member's
 * sockets of each change (`add chat users`). So when another tab closes this same chat
 * (`viewing: false` for this pair) while this one still shows it, this tab says add-chat-users
 * again: otherwise the messages on screen here would arrive unread, with a notice.
 */
export const viewingActor = (
  calls: ReturnType<typeof chatApi>,
  emit: Emit = emitToServer,
  bus: Bus = streamsBus,
  signedIn: () => boolean = () => storage.token() !== null,
) =>
  fromCallback<EventObject, { me: ChatMember; peer: ChatPeer }>(({ input }) => {
    if (input.peer.isGroup) {
      void emit(clientEvents.joinGroupRoom, { groupId: input.peer.id });
      return () => {};
    }
    const { username: mine } = input.me;
    const { username: theirs } = input.peer;
    const view = () => void calls.addChatUsers(mine, theirs).catch(() => {});
    view();
    const unsubscribe = bus.subscribe((message) => {
      if (message.event !== serverEvents.addChatUsers || message.payload.viewing) return;
      const { userOne, userTwo } = message.payload;
      if ((userOne === mine && userTwo === theirs) || (userOne === theirs && userTwo === mine)) view();
    });
    return () => {
      // Stop listening first: this tab's own remove-chat-users must not bring the view back.
      unsubscribe();
      // Closed by a sign-out: the session (and the server's viewing with it) is gone, and a call
      // without a token would only be refused.
      if (signedIn()) void calls.removeChatUsers(mine, theirs).catch(() => {});
    };
  });

export interface ChatDeps {
  api?: Calls;
  bus?: Bus;
  emit?: Emit;
  navigate?: Parameters<typeof bridgeActions>[1];
}

/** The chat machine with its real effects, bound to one app actor. */
export function chatLogic(app: HasSystem, { api = defaultApi, bus = streamsBus, emit = emitToServer }: ChatDeps = {}) {
  const calls = chatApi(api);
  const groups = groupChatApi(api);
  const bridge = bridgeActions(app);
  return chatMachine.provide({
    actors: {
      fetchList: fromPromise(({ input }: { input: { userId: string } }): Promise<ChatLists> =>
        // Kept for reading offline (src/effects/offline/keptLoad.ts): the member's chat list.
        withKept(
          { member: keptMemberOf(app), kind: 'chats', id: 'list' },
          async () => {
            const [list, mine] = await Promise.all([calls.list(), groups.mine(input.userId)]);
            return { list, groups: mine };
          },
          (lists, savedAt) => ({ ...lists, keptAt: savedAt }),
        ),
      ),
      uploadImage: fromPromise(({ input }: { input: { image: string } }) => calls.uploadImage(input.image)),
      fetchMessages: fromPromise(({ input }: { input: FetchMessagesInput }): Promise<ThreadPage> => {
        const slot = { member: keptMemberOf(app), kind: 'thread' as const, id: keptThreadOf(input) };
        // A conversation's newest page is kept (its last KEPT_THREAD_MESSAGES), and read back when the server cannot be reached.
        if (input.after === undefined && input.before === undefined) {
          return withKept<ThreadPage>(
            slot,
            () => calls.messages(input),
            (page, savedAt) => ({ ...page, keptAt: savedAt }),
            (page) => withMessages(page, []),
          );
        }
        // What a catch-up brings goes into the kept copy too; older pages are not kept.
        return calls.messages(input).then((page) => {
          if (input.after !== undefined)
            void changeKept<MessagesPage>(slot.member, 'thread', slot.id, (kept) => withMessages(kept, page.messages));
          return page;
        });
      }),
      sendMessage: fromPromise(async ({ input }: { input: SendMessageInput }) => {
        rejectIfQueuedBehind(app);
        return calls.send(input);
      }),
      markRead: fromPromise(({ input }: { input: { senderId: string; receiverId: string } }) => calls.markRead(input)),
      markGroupRead: fromPromise(({ input }: { input: { groupId: string; seq: number } }) => calls.markGroupRead(input)),
      react: fromPromise(({ input }: { input: ReactInput }) => calls.react(input)),
      deleteMessage: fromPromise(({ input }: { input: DeleteInput }) => calls.remove(input)),
      viewing: viewingActor(calls, emit, bus),
      live: liveChatActor(bus, app),
    },
    actions: { showToast: bridge.showToast, toOutbox: bridge.toOutbox },
  });
}
export type ChatLogic = ReturnType<typeof chatLogic>;

/** The chat screen's actor, which the group chat flows keep current. */
type ChatRef = AnyActorRef;

/** The group chat flows' ways into the chat screen's list. */
const listActions = (chat: ChatRef) => {
  const target = (_: { self: AnyActorRef }) => chat;
  return {
    listGroup: sendTo(target, (_: unknown, group: GroupChat) => ({ type: 'chat.groupUpdated' as const, group })),
    unlistGroup: sendTo(target, (_: unknown, { groupId }: { groupId: string }) => ({ type: 'chat.groupRemoved' as const, groupId })),
  };
};

/** The "New group chat" dialog with its effects (CREATE_GROUP on the socket: the server re-checks this socket's rooms). */
export function groupChatCreateLogic(app: HasSystem, chat: ChatRef, { api = defaultApi, emit = emitToServer, navigate }: ChatDeps = {}) {
  const calls = groupChatApi(api);
  const bridge = bridgeActions(app, navigate);
  return groupChatCreateMachine.provide({
    actors: {
      search: memberSearchLogic(api),
      createGroupChat: fromPromise(({ input }: { input: CreateGroupChatBody }) => calls.create(input)),
    },
    actions: {
      listGroup: listActions(chat).listGroup,
      announce: (_, group: GroupChat) =>
        void emit(clientEvents.groupAction, {
          type: 'CREATE_GROUP',
          groupId: group._id,
          groupName: group.name,
          groupPicture: group.profileImage,
          members: group.members.map((m) => ({ userId: m.userId, state: m.state })),
        }),
      showToast: bridge.showToast,
      navigate: bridge.navigate,
    },
  });
}

/** Invitations with their effects. */
export function groupChatInvitationsLogic(app: HasSystem, chat: ChatRef, { api = defaultApi, bus = streamsBus, navigate }: ChatDeps = {}) {
  const calls = groupChatApi(api);
  const bridge = bridgeActions(app, navigate);
  return groupChatInvitationsMachine.provide({
    actors: {
      fetchInvitations: fromPromise(() => calls.invitations()),
      answer: fromPromise(({ input }: { input: Answer }) => calls.answer(input)),
      live: fromCallback<EventObject, { me: ChatMember }>(({ sendBack }) =>
        bus.subscribe((message) => {
          const event = invitationEventOf(message);
          if (event) sendBack(event);
        }),
      ),
    },
    actions: { listGroup: listActions(chat).listGroup, showToast: bridge.showToast, navigate: bridge.navigate },
  });
}

/** A group chat's info panel with its effects. */
export function groupChatManageLogic(app: HasSystem, chat: ChatRef, { api = defaultApi, navigate }: ChatDeps = {}) {
  const calls = groupChatApi(api);
  const bridge = bridgeActions(app, navigate);
  return groupChatManageMachine.provide({
    actors: {
      search: memberSearchLogic(api),
      request: fromPromise(({ input }: { input: ManageInput }) => calls.manage(input)),
    },
    actions: { ...listActions(chat), showToast: bridge.showToast, navigate: bridge.navigate },
  });
}
