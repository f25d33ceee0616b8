import { path } from '../path';

/** Chat: private and group conversations (the Chat and Group Chat APIs of spec section 7): this area's part of the one path table (src/api/paths.ts). */
export const chatPaths = {
  chat: {
    conversationList: '/chat/message/conversation-list',
    /** How many conversations (private and group) have a message the member has not read. */
    unreadCount: '/chat/message/unread-count',
    /** `id`: the other member (private) or the group (isGroupChat); `after`: catch up from that seq. */
    messages: path('/chat/message/user/:id').query<{ isGroupChat?: boolean; after?: number; before?: number; limit?: number }>(),
    addChatUsers: '/chat/message/add-chat-users',
    removeChatUsers: '/chat/message/remove-chat-users',
    markAsRead: '/chat/message/mark-as-read',
    send: '/chat/message',
    reaction: '/chat/message/reaction',
    /** `type`: 'deleteForMe' | 'deleteForEveryone'. */
    markAsDeleted: path('/chat/message/mark-as-deleted/:messageId/:senderId/:receiverId/:type'),
  },
  groupChat: {
    create: '/group-chat/create',
    invitations: '/group-chat/invitations',
    accept: path('/group-chat/invitation/accept/:groupId'),
    decline: path('/group-chat/invitation/decline/:groupId'),
    leave: path('/group-chat/leave/:groupId'),
    userGroups: path('/group-chat/user-group/:userId'),
    one: path('/group-chat/:groupId'),
    addMembers: path('/group-chat/add-members/:groupId'),
    promote: path('/group-chat/promote/:groupId/:userId'),
    removeMember: path('/group-chat/remove-members/:groupId/:userId'),
    checkMember: path('/group-chat/check-member/:groupId/:userId'),
    read: path('/group-chat/read/:groupId'),
    sendMessage: '/group/message',
  },
} as const;
