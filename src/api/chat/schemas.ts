import { z } from 'zod';
import { CHAT_MESSAGE_MAX, EMPTY_MESSAGE, REACTION_TYPES } from '../constants';
import { clientIdSchema, gifUrlSchema, idSchema, reactionTypeSchema } from '../posts/schemas';

/**
 * Private and group chat: every body, answer and socket payload of the Chat API and the Group
 * chat API (spec section 7), defined once for client and server. docs/api.md explains them.
 *
 * Nothing lost: every message carries `seq`, its place in its conversation (1, 2, 3, ... with no
 * gap, in commit order). A client remembers the highest `seq` it has per conversation and, after a
 * reconnect, asks `GET /chat/message/user/{id}?after=<seq>` (and `isGroupChat=true` for groups).
 */

export { CHAT_MESSAGE_MAX, EMPTY_MESSAGE };
export const CHAT_PAGE_SIZE = 100;
/**
 * A private conversation's unread messages are counted up to this many (the chat list shows "99+"
 * from it): counting them all made each send cost more with every message its receiver left unread.
 */
export const CHAT_UNREAD_MAX = 100;
export const GROUP_MEMBERS_MAX = 200;
export const GROUP_NAME_RULES = {
  required: 'Group name is required',
  min: 'Group name must be at least 3 characters',
  max: 'Group name must not exceed 50 characters',
  chars: 'Group name must contain only letters, numbers, and spaces',
} as const;

const isImageUrl = (value: string) =>
  value === '' || value.startsWith('/media/image/upload/') || (URL.canParse(value) && new URL(value).protocol === 'https:');
/** An image already uploaded (POST /images/{kind} answers its url) or an https URL; '' for none. */
export const chatImageUrlSchema = z
  .string({ error: 'Image must be an uploaded image URL' })
  .trim()
  .max(2048, 'Image URL is too long')
  .refine(isImageUrl, 'Image must be an uploaded image URL');

const messageText = z
  .string({ error: 'Message must be text' })
  .max(CHAT_MESSAGE_MAX * 2, `Message must not exceed ${CHAT_MESSAGE_MAX} characters`)
  .transform((value) => value.trim())
  .pipe(z.string().max(CHAT_MESSAGE_MAX, `Message must not exceed ${CHAT_MESSAGE_MAX} characters`));

/** A member named by id or username (the spec sends usernames for the chat-user pair). */
const memberRef = z.string({ error: 'Member is required' }).trim().min(1, 'Member is required').max(64, 'Member is too long');

const messageContent = {
  body: messageText.default(''),
  gifUrl: gifUrlSchema.default(''),
  selectedImage: chatImageUrlSchema.default(''),
  clientId: clientIdSchema.optional(),
  // The spec's client sends these too; the server decides them and ignores what is sent.
  isRead: z.unknown().optional(),
  isGroupChat: z.unknown().optional(),
};

const notEmpty = (value: { body: string; gifUrl: string; selectedImage: string }) =>
  value.body !== '' || value.gifUrl !== '' || value.selectedImage !== '';

/** POST /chat/message. The sender is the token's member; receiver display fields are ignored. */
export const sendMessageBodySchema = z
  .object({
    receiverId: idSchema('Receiver'),
    conversationId: z.unknown().optional(),
    receiverUsername: z.unknown().optional(),
    receiverAvatarColor: z.unknown().optional(),
    receiverProfilePicture: z.unknown().optional(),
    ...messageContent,
  })
  .refine(notEmpty, { message: EMPTY_MESSAGE, path: ['body'] });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** POST /group/message: the spec's group message payload. */
export const sendGroupMessageBodySchema = z
  .object({ groupId: idSchema('Group'), groupName: z.unknown().optional(), ...messageContent })
  .refine(notEmpty, { message: EMPTY_MESSAGE, path: ['body'] });
export type SendGroupMessageBody = z.input<typeof sendGroupMessageBodySchema>;

/** add-chat-users / remove-chat-users: the pair; the acting member is always the token's. */
export const chatUsersBodySchema = z.object({ userOne: memberRef, userTwo: memberRef });
export type ChatUsersBody = z.input<typeof chatUsersBodySchema>;

/** PUT /chat/message/mark-as-read: the pair; the reader is always the token's member. */
export const markAsReadBodySchema = z.object({ senderId: idSchema('Sender'), receiverId: idSchema('Receiver') });
export type MarkAsReadBody = z.input<typeof markAsReadBodySchema>;

export const messageReactionChangeSchema = z.enum(['add', 'remove'], { error: 'Reaction change must be add or remove' });
/** PUT /chat/message/reaction (private and group messages alike). */
export const messageReactionBodySchema = z.object({
  messageId: idSchema('Message'),
  conversationId: z.unknown().optional(),
  reaction: reactionTypeSchema,
  type: messageReactionChangeSchema.default('add'),
});
export type MessageReactionBody = z.input<typeof messageReactionBodySchema>;

export const deleteTypeSchema = z.enum(['deleteForMe', 'deleteForEveryone'], {
  error: 'Delete type must be deleteForMe or deleteForEveryone',
});
/** DELETE /chat/message/mark-as-deleted/{messageId}/{senderId}/{receiverId}/{type}: the ids in the middle are checked and ignored. */
export const deleteMessageParamsSchema = z.object({
  messageId: idSchema('Message'),
  senderId: idSchema('Sender'),
  receiverId: idSchema('Receiver'),
  type: deleteTypeSchema,
});

const seqQuery = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be a whole number`)
    .max(Number.MAX_SAFE_INTEGER, `${what} is too large`);
/** GET /chat/message/user/{id}: `after` catches up (oldest first); `before` scrolls back; neither: the latest page. */
export const messagesQuerySchema = z
  .object({
    isGroupChat: z.enum(['true', 'false', ''], { error: 'isGroupChat must be true or false' }).optional(),
    after: seqQuery('after').optional(),
    before: seqQuery('before').optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be from 1 to 100')
      .max(CHAT_PAGE_SIZE, 'limit must be from 1 to 100')
      .optional(),
  })
  .refine((q) => q.after === undefined || q.before === undefined, { message: 'Send either after or before, not both', path: ['after'] });

export const messageReactionSchema = z.object({ userId: z.string(), senderName: z.string(), type: z.enum(REACTION_TYPES) });

export const chatMessageSchema = z.object({
  _id: z.string(),
  /** Place in the conversation: 1, 2, 3, ... without gaps, in the order messages were stored. */
  seq: z.number().int(),
  conversationId: z.string(),
  senderId: z.string(),
  senderUsername: z.string(),
  senderAvatarColor: z.string(),
  senderProfilePicture: z.string(),
  /** '' in a group message. */
  receiverId: z.string(),
  receiverUsername: z.string(),
  receiverAvatarColor: z.string(),
  receiverProfilePicture: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  gifUrl: z.string(),
  selectedImage: z.string(),
  isGroupChat: z.boolean(),
  /** '' in a private message. */
  groupId: z.string(),
  groupName: z.string(),
  reaction: z.array(messageReactionSchema),
  /** The sender withdrew it: body and media are emptied, the place in the conversation stays. */
  deleteForEveryone: z.boolean(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendMessageResponseSchema = z.object({ message: z.string(), chat: chatMessageSchema });
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

export const messagesPageSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** The conversation's newest seq (0 when empty). */
  lastSeq: z.number().int(),
  /** More messages exist in the direction asked (after: newer; before or none: older). */
  hasMore: z.boolean(),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

/** A conversation as the chat list shows it: its newest message, plus unread count and lastSeq. */
export const chatListItemSchema = chatMessageSchema.extend({ unreadCount: z.number().int(), lastSeq: z.number().int() });
export type ChatListItem = z.infer<typeof chatListItemSchema>;
export const conversationListSchema = z.object({ list: z.array(chatListItemSchema) });
/** GET /chat/message/unread-count: conversations (private and group) with a message the member has not read. */
export const chatUnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type ChatUnreadCount = z.infer<typeof chatUnreadCountSchema>;

export const chatUsersSchema = z.object({ userOne: z.string(), userTwo: z.string(), viewing: z.boolean() });
export type ChatUsers = z.infer<typeof chatUsersSchema>;
export const chatUsersResponseSchema = z.object({ message: z.string(), chatUsers: chatUsersSchema });

export const messageReadSchema = z.object({
  conversationId: z.string(),
  readerId: z.string(),
  senderId: z.string(),
  lastSeq: z.number().int(),
});
export type MessageRead = z.infer<typeof messageReadSchema>;
export const markAsReadResponseSchema = z.object({ message: z.string(), read: messageReadSchema });

export const messageDeletedSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  seq: z.number().int(),
  type: deleteTypeSchema,
  isGroupChat: z.boolean(),
  groupId: z.string(),
});
export type MessageDeleted = z.infer<typeof messageDeletedSchema>;
export const deleteMessageResponseSchema = z.object({ message: z.string(), deleted: messageDeletedSchema });

/* ----- Group chats ----- */

export const groupNameSchema = z
  .string({ error: GROUP_NAME_RULES.required })
  .trim()
  .min(1, GROUP_NAME_RULES.required)
  .min(3, GROUP_NAME_RULES.min)
  .max(50, GROUP_NAME_RULES.max)
  .regex(/^[\p{Script=Latin}\p{N} ]+$/u, GROUP_NAME_RULES.chars);
const description = z.string({ error: 'Description must be text' }).trim().max(1000, 'Description must not exceed 1000 characters');
const memberIds = z
  .array(idSchema('Member'), { error: 'Members must be a list of member ids' })
  .max(GROUP_MEMBERS_MAX, `A group has at most ${GROUP_MEMBERS_MAX} members`);
/** The spec's invited-member shape is accepted too: only its userId is read. */
const memberEntry = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && 'userId' in value ? (value as { userId: unknown }).userId : value),
  idSchema('Member'),
);
const membersInput = z
  .array(memberEntry, { error: 'Members must be a list of member ids' })
  .max(GROUP_MEMBERS_MAX, `A group has at most ${GROUP_MEMBERS_MAX} members`);
export const groupPrivacySchema = z.enum(['public', 'private'], { error: 'Privacy must be public or private' });

export const createGroupChatBodySchema = z.object({
  name: groupNameSchema,
  description: description.default(''),
  privacy: groupPrivacySchema.default('public'),
  members: membersInput.default([]),
  profileImage: chatImageUrlSchema.default(''),
  tags: z.unknown().optional(),
  category: z.unknown().optional(),
});
export type CreateGroupChatBody = z.input<typeof createGroupChatBodySchema>;

export const updateGroupChatBodySchema = z
  .object({
    name: groupNameSchema.optional(),
    description: description.optional(),
    privacy: groupPrivacySchema.optional(),
    profileImage: chatImageUrlSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update', path: ['name'] });
export type UpdateGroupChatBody = z.input<typeof updateGroupChatBodySchema>;

export const addMembersBodySchema = z.object({ members: membersInput.min(1, 'Add at least one member') });
export type AddMembersBody = z.input<typeof addMembersBodySchema>;
export { memberIds as groupMemberIdsSchema };

export const groupMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  avatarColor: z.string(),
  profilePicture: z.string(),
  /** 'pending': invited, not yet a member (receives nothing of the group). */
  state: z.enum(['pending', 'accepted']),
  role: z.enum(['admin', 'member']),
  joinedBy: z.enum(['creator', 'invited']),
  invitedBy: z.string().nullable(),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupChatSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  privacy: groupPrivacySchema,
  profileImage: z.string(),
  createdBy: z.string(),
  members: z.array(groupMemberSchema),
  /** User ids of the group admins. */
  admins: z.array(z.string()),
  lastSeq: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GroupChat = z.infer<typeof groupChatSchema>;

export const groupChatResponseSchema = z.object({ message: z.string(), group: groupChatSchema });
/** A group chat in the member's list: with its newest message the member may see (null before the first). */
export const groupChatListItemSchema = groupChatSchema.extend({
  lastMessage: chatMessageSchema.nullable(),
  /** Messages from others after what the member has read (PUT /group-chat/read/{groupId}). */
  unreadCount: z.number().int(),
});
export const groupReadBodySchema = z.object({
  seq: z.number({ error: 'seq must be a whole number' }).int('seq must be a whole number').min(0, 'seq must be 0 or more'),
});
export type GroupReadBody = z.infer<typeof groupReadBodySchema>;
export const groupReadSchema = z.object({ groupId: z.string(), unreadCount: z.number().int() });
export type GroupRead = z.infer<typeof groupReadSchema>;
export type GroupChatListItem = z.infer<typeof groupChatListItemSchema>;
export const groupChatsSchema = z.object({ groups: z.array(groupChatListItemSchema) });
export const pendingGroupsSchema = z.object({ pendingGroups: z.array(groupChatSchema) });
export const groupDeletedSchema = z.object({ groupId: z.string() });
export type GroupDeleted = z.infer<typeof groupDeletedSchema>;
export const groupMemberEventSchema = z.object({ groupId: z.string(), userId: z.string(), group: groupChatSchema.nullable() });
export type GroupMemberEvent = z.infer<typeof groupMemberEventSchema>;
export const checkMemberSchema = z.object({
  isMember: z.boolean(),
  state: z.enum(['pending', 'accepted']).nullable(),
  isAdmin: z.boolean(),
});
export const groupIdResponseSchema = z.object({ message: z.string(), groupId: z.string() });

/* ----- The replies' types, as the typed client (./client.ts) reads them ----- */

export type ConversationList = z.infer<typeof conversationListSchema>;
export type ChatUsersResponse = z.infer<typeof chatUsersResponseSchema>;
export type MarkAsReadResponse = z.infer<typeof markAsReadResponseSchema>;
export type DeleteMessageResponse = z.infer<typeof deleteMessageResponseSchema>;
export type GroupChatResponse = z.infer<typeof groupChatResponseSchema>;
export type GroupChats = z.infer<typeof groupChatsSchema>;
export type PendingGroupChats = z.infer<typeof pendingGroupsSchema>;
export type GroupIdResponse = z.infer<typeof groupIdResponseSchema>;
export type CheckMember = z.infer<typeof checkMemberSchema>;

/* ----- What clients emit (the server decides rooms; names sent by clients are never trusted) ----- */

export const joinGroupRoomSchema = z.object({ groupId: idSchema('Group') });
export const groupActionSchema = z.object({
  type: z.enum(['CREATE_GROUP', 'UPDATE_GROUP', 'DELETE_GROUP', 'JOIN_GROUP', 'LEAVE_GROUP']),
  groupId: idSchema('Group'),
  groupName: z.string().max(100).optional(),
  groupPicture: z.string().max(2048).optional(),
  members: z.array(z.unknown()).max(GROUP_MEMBERS_MAX).optional(),
});
export type GroupAction = z.input<typeof groupActionSchema>;
/** The acknowledgement of every client event: the rooms the socket is now in (its own and its groups'), or why not. */
export interface SocketAck {
  ok: boolean;
  message?: string;
  groups?: string[];
  /** `watch presence`: which of the watched members are online now. */
  online?: string[];
}
