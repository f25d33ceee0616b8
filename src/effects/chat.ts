import { fromCallback, fromPromise, type AnyActorRef, type EventObject } from 'xstate';
import type {
  ChatListItem, ChatMessage, ChatUsers, MessageDeleted, MessageRead, MessagesPage, SendMessageResponse,
} from '../api/chat';
import type { ApiClient } from '../api/client';
import { paths } from '../api/paths';
import { serverEvents } from '../api/socket';
import {
  chatMachine, otherOf, type ChatEvent, type ChatMember, type DeleteInput, type FetchMessagesInput, type ReactInput, type SendMessageInput,
} from '../machines/chat.machine';
import { failureText } from '../machines/failure';
import { api as defaultApi } from './api';
import { bridgeActions, type HasSystem } from './auth';
import { streamsBus, type Bus, type BusMessage } from './socket';

/** The chat HTTP calls (docs/api.md, Chat), on the app's client. */
export function chatApi(api: ApiClient) {
  const { http } = api;
  return {
    list: () => http<{ list: ChatListItem[] }>(paths.chat.conversationList).then((r) => r.list),
    messages: (input: FetchMessagesInput) =>
      http<MessagesPage>(paths.chat.messages(input.peerId, { isGroupChat: false, after: input.after, before: input.before })),
    send: (input: SendMessageInput) => http<SendMessageResponse>(paths.chat.send, { method: 'POST', body: input }).then((r) => r.chat),
    markRead: (input: { senderId: string; receiverId: string }) =>
      http<{ read: MessageRead }>(paths.chat.markAsRead, { method: 'PUT', body: input }).then((r) => r.read),
    react: (input: ReactInput) =>
      http<{ chat: ChatMessage }>(paths.chat.reaction, {
        method: 'PUT',
        body: { messageId: input.messageId, reaction: input.reaction, type: input.change },
      }).then((r) => r.chat),
    remove: (input: DeleteInput) =>
      http<{ deleted: MessageDeleted }>(paths.chat.markAsDeleted(input.messageId, input.senderId, input.receiverId, input.mode), {
        method: 'DELETE',
      }).then((r) => r.deleted),
    addChatUsers: (userOne: string, userTwo: string) =>
      http<{ chatUsers: ChatUsers }>(paths.chat.addChatUsers, { method: 'POST', body: { userOne, userTwo } }),
    removeChatUsers: (userOne: string, userTwo: string) =>
      http<{ chatUsers: ChatUsers }>(paths.chat.removeChatUsers, { method: 'POST', body: { userOne, userTwo } }),
  };
}

/** Bus messages as chat events. */
export function chatEventOf(message: BusMessage): ChatEvent | null {
  switch (message.event) {
    case 'reconnected':
      return { type: 'chat.reconnected' };
    case serverEvents.messageReceived:
      return { type: 'chat.received', message: message.payload };
    case serverEvents.messageRead:
      return { type: 'chat.read', read: message.payload };
    case serverEvents.messageReaction:
      return { type: 'chat.reaction', message: message.payload };
    case serverEvents.messageDeleted:
      return message.payload.isGroupChat ? null : { type: 'chat.deleted', deleted: message.payload };
    case serverEvents.chatList:
      return { type: 'chat.listItem', item: message.payload };
    default:
      return null;
  }
}

/**
 * What the sidebar's clean-up needs of the chat screen on display: the list it last showed (the
 * first chat supplies the other participant) and a way to detach its message listener.
 */
export const privateChat = {
  list: [] as ChatListItem[],
  detach: null as (() => void) | null,
};

/** The chat screen keeps the clean-up's copy of its list current. */
export function rememberChatList(list: ChatListItem[]) {
  privateChat.list = list;
}

export const liveChatActor = (bus: Bus) =>
  fromCallback<EventObject, { me: ChatMember }>(({ sendBack }) => {
    const unsubscribe = bus.subscribe((message) => {
      const event = chatEventOf(message);
      if (event) sendBack(event);
    });
    privateChat.detach = unsubscribe;
    return () => {
      unsubscribe();
      if (privateChat.detach === unsubscribe) privateChat.detach = null;
    };
  });

/** add-chat-users while a conversation is open (its messages arrive read), remove-chat-users when it closes. */
export const viewingActor = (calls: ReturnType<typeof chatApi>) =>
  fromCallback<EventObject, { me: ChatMember; peer: ChatMember }>(({ input }) => {
    calls.addChatUsers(input.me.username, input.peer.username).catch(() => {});
    return () => void calls.removeChatUsers(input.me.username, input.peer.username).catch(() => {});
  });

export interface ChatDeps {
  api?: ApiClient;
  bus?: Bus;
}

/** The chat machine with its real effects, bound to one app actor. */
export function chatLogic(app: HasSystem, { api = defaultApi, bus = streamsBus }: ChatDeps = {}) {
  const calls = chatApi(api);
  const bridge = bridgeActions(app);
  return chatMachine.provide({
    actors: {
      fetchList: fromPromise(() => calls.list()),
      fetchMessages: fromPromise(({ input }: { input: FetchMessagesInput }) => calls.messages(input)),
      sendMessage: fromPromise(({ input }: { input: SendMessageInput }) => calls.send(input)),
      markRead: fromPromise(({ input }: { input: { senderId: string; receiverId: string } }) => calls.markRead(input)),
      react: fromPromise(({ input }: { input: ReactInput }) => calls.react(input)),
      deleteMessage: fromPromise(({ input }: { input: DeleteInput }) => calls.remove(input)),
      viewing: viewingActor(calls),
      live: liveChatActor(bus),
    },
    actions: { showToast: bridge.showToast },
  });
}
export type ChatLogic = ReturnType<typeof chatLogic>;

/**
 * The sidebar's clean-up (every item but Chat, spec section 2): empties the cached private
 * messages, tells the server this member no longer has the chat open (remove-chat-users with
 * both usernames; the first chat in the list supplies the other participant), and detaches
 * the message listener. A refusal shows the server's message in an error toast.
 */
export function clearPrivateChat(system: { get(id: string): AnyActorRef | undefined }, api: ApiClient = defaultApi): Promise<void> {
  const first = privateChat.list[0];
  privateChat.list = [];
  privateChat.detach?.();
  privateChat.detach = null;
  const profile = system.get('session')?.getSnapshot().context.profile as { _id: string; username: string } | null | undefined;
  if (!first || !profile) return Promise.resolve();
  const other = otherOf({ id: profile._id, username: profile.username }, first);
  return chatApi(api)
    .removeChatUsers(profile.username, other.username)
    .then(
      () => {},
      (error: unknown) => {
        system.get('toasts')?.send({ type: 'toasts.show', toast: { type: 'error', description: failureText(error, 'Could not leave the chat.') } });
      },
    );
}
