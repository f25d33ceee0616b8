import type { $Fetch } from 'ofetch';
import { chatPaths as paths } from './paths';
import type {
  AddMembersBody,
  ChatUsersBody,
  ChatUsersResponse,
  CheckMember,
  ChatUnreadCount,
  ConversationList,
  CreateGroupChatBody,
  DeleteMessageResponse,
  GroupChatResponse,
  GroupChats,
  GroupIdResponse,
  GroupRead,
  GroupReadBody,
  MarkAsReadBody,
  MarkAsReadResponse,
  MessageReactionBody,
  MessagesPage,
  PendingGroupChats,
  SendGroupMessageBody,
  SendMessageBody,
  SendMessageResponse,
  UpdateGroupChatBody,
} from './schemas';

type MessagesQuery = Parameters<typeof paths.chat.messages>[1];

/** The chat part of the typed client: private conversations (chat) and group chats (groupChat). */
export function createChatApi(http: $Fetch) {
  return {
    chat: {
      conversationList: () => http<ConversationList>(paths.chat.conversationList),
      unreadCount: () => http<ChatUnreadCount>(paths.chat.unreadCount),
      /** `id`: the other member, or the group with `isGroupChat`. */
      messages: (id: string, query?: MessagesQuery) => http<MessagesPage>(paths.chat.messages(id, query)),
      send: (body: SendMessageBody) => http<SendMessageResponse>(paths.chat.send, { method: 'POST', body }),
      markAsRead: (body: MarkAsReadBody) => http<MarkAsReadResponse>(paths.chat.markAsRead, { method: 'PUT', body }),
      react: (body: MessageReactionBody) => http<SendMessageResponse>(paths.chat.reaction, { method: 'PUT', body }),
      markAsDeleted: (messageId: string, senderId: string, receiverId: string, type: 'deleteForMe' | 'deleteForEveryone') =>
        http<DeleteMessageResponse>(paths.chat.markAsDeleted(messageId, senderId, receiverId, type), { method: 'DELETE' }),
      addChatUsers: (body: ChatUsersBody) => http<ChatUsersResponse>(paths.chat.addChatUsers, { method: 'POST', body }),
      removeChatUsers: (body: ChatUsersBody) => http<ChatUsersResponse>(paths.chat.removeChatUsers, { method: 'POST', body }),
    },
    groupChat: {
      create: (body: CreateGroupChatBody) => http<GroupChatResponse>(paths.groupChat.create, { method: 'POST', body }),
      invitations: () => http<PendingGroupChats>(paths.groupChat.invitations),
      accept: (groupId: string) => http<GroupChatResponse>(paths.groupChat.accept(groupId), { method: 'PUT' }),
      decline: (groupId: string) => http<GroupIdResponse>(paths.groupChat.decline(groupId), { method: 'PUT' }),
      leave: (groupId: string) => http<GroupIdResponse>(paths.groupChat.leave(groupId), { method: 'PUT' }),
      userGroups: (userId: string) => http<GroupChats>(paths.groupChat.userGroups(userId)),
      read: (groupId: string, body: GroupReadBody) => http<GroupRead>(paths.groupChat.read(groupId), { method: 'PUT', body }),
      one: (groupId: string) => http<GroupChatResponse>(paths.groupChat.one(groupId)),
      update: (groupId: string, body: UpdateGroupChatBody) =>
        http<GroupChatResponse>(paths.groupChat.one(groupId), { method: 'PUT', body }),
      remove: (groupId: string) => http<GroupIdResponse>(paths.groupChat.one(groupId), { method: 'DELETE' }),
      addMembers: (groupId: string, body: AddMembersBody) =>
        http<GroupChatResponse>(paths.groupChat.addMembers(groupId), { method: 'PUT', body }),
      promote: (groupId: string, userId: string) => http<GroupChatResponse>(paths.groupChat.promote(groupId, userId), { method: 'PUT' }),
      removeMember: (groupId: string, userId: string) =>
        http<GroupChatResponse>(paths.groupChat.removeMember(groupId, userId), { method: 'DELETE' }),
      checkMember: (groupId: string, userId: string) => http<CheckMember>(paths.groupChat.checkMember(groupId, userId)),
      sendMessage: (body: SendGroupMessageBody) => http<SendMessageResponse>(paths.groupChat.sendMessage, { method: 'POST', body }),
    },
  };
}

export type ChatApi = ReturnType<typeof createChatApi>;
