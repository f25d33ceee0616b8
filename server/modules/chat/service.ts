import type { FastifyBaseLogger } from 'fastify';
import type { ChatListItem, ChatMessage, GroupChat, GroupChatListItem, GroupRead, MessagesPage } from '../../../src/api/chat';
import { CHAT_PAGE_SIZE } from '../../../src/api/chat';
import type { ReactionType } from '../../../src/api/constants';
import { serverEvents } from '../../../src/api/socket';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import { badRequest, forbidden, notFound } from '../../http/httpError';
import type { ChatRooms } from '../../realtime/chatRooms';
import type { Notifier } from '../notifications/service';
import type { MessageNotifier } from './notifications';
import type { ChatStore } from './store';

export const MESSAGE_NOT_FOUND = 'Message not found';
export const GROUP_NOT_FOUND = 'Group not found';
export const USER_NOT_FOUND = 'User not found';
export const CANNOT_MESSAGE = 'You cannot message this member';
export const NOT_A_MEMBER = 'Accept the invitation to this group first';
export const ADMINS_ONLY = 'Only group admins can do that';

/** The acting member: always from the token. */
export interface Me {
  userId: string;
  username: string;
}

interface Content {
  body: string;
  gifUrl: string;
  selectedImage: string;
  clientId?: string | undefined;
}

export interface ChatServiceDeps {
  store: ChatStore;
  /** Members in a block with this one, either way (ProfileStore's). */
  blockPartners: (userId: string) => Promise<string[]>;
  rooms: ChatRooms;
  clock: Clock;
  notifier: MessageNotifier;
  log: FastifyBaseLogger;
  /** Group chat invitations reach the inbox (messages do not: chat keeps its own unread counts). */
  inbox?: Pick<Notifier, 'notify' | 'forgetTarget'>;
}

/**
 * Private and group chat: the rules (blocks, membership, who may do what) and the events.
 * Every message is stored before any event leaves; events then go to the members' own rooms
 * (private) or the group room (accepted members only).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { store, rooms, clock } = deps;
  const now = () => clock.now().toISOString();

  async function otherMember(me: Me, userId: string) {
    if (userId === me.userId) throw badRequest('You cannot chat with yourself');
    const other = await store.memberByRef(userId);
    if (!other) throw notFound(USER_NOT_FOUND);
    return other;
  }

  const blocked = (a: string, b: string): Promise<boolean> => store.blockedBetween(a, b);

  /** The other member of a pair the client names; the acting member is the token's whatever the body says. */
  async function otherOfPair(me: Me, one: string, two: string) {
    const isMe = (ref: string) => ref.toLowerCase() === me.userId || ref.toLowerCase() === me.username.toLowerCase();
    const ref = !isMe(two) ? two : !isMe(one) ? one : null;
    if (ref === null) throw badRequest('You cannot chat with yourself');
    const other = await store.memberByRef(ref);
    if (!other) throw notFound(USER_NOT_FOUND);
    return other;
  }

  /** A group the member has accepted; 404 for strangers (a group is not revealed), 403 while pending. */
  async function acceptedGroup(me: Me, groupId: string) {
    const membership = await store.membership(groupId, me.userId);
    if (!membership) throw notFound(GROUP_NOT_FOUND);
    if (membership.state !== 'accepted') throw forbidden(NOT_A_MEMBER);
    return membership;
  }

  async function adminOf(me: Me, groupId: string) {
    const membership = await acceptedGroup(me, groupId);
    if (membership.role !== 'admin') throw forbidden(ADMINS_ONLY);
    return membership;
  }

  async function groupOrThrow(groupId: string): Promise<GroupChat> {
    const group = await store.presentGroup(groupId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  const pendingIds = (group: GroupChat) => group.members.filter((m) => m.state === 'pending').map((m) => m.userId);

  /** Tells the group room and the pending invitees (who are not in the room) about a change. */
  function announceGroup(group: GroupChat): void {
    rooms.toGroup(group._id, serverEvents.groupUpdated, group);
    rooms.toUsers(pendingIds(group), serverEvents.groupUpdated, group);
  }

  /** Members that may be invited: existing, not the inviter, not in a block with the inviter. */
  async function invitable(inviterId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)].filter((id) => id !== inviterId);
    const existing = await store.existingUsers(unique);
    if (existing.length !== unique.length) throw notFound(USER_NOT_FOUND);
    const blockedIds = new Set(await store.blockedAmong(inviterId, existing));
    if (blockedIds.size > 0) throw forbidden('You cannot invite this member');
    return existing;
  }

  async function messageOf(me: Me, messageId: string): Promise<ChatMessage> {
    const message = await store.message(messageId);
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    if (message.isGroupChat) {
      const membership = await store.membership(message.groupId, me.userId);
      if (membership?.state !== 'accepted') throw notFound(MESSAGE_NOT_FOUND);
      if (message.senderId !== me.userId && (await blocked(me.userId, message.senderId))) throw notFound(MESSAGE_NOT_FOUND);
    } else if (message.senderId !== me.userId && message.receiverId !== me.userId) {
      throw notFound(MESSAGE_NOT_FOUND);
    }
    return message;
  }

  const participants = (message: ChatMessage) => [message.senderId, message.receiverId];

  async function invitedTo(me: Me, groupId: string, to: string[]): Promise<void> {
    if (to.length > 0)
      await deps.inbox?.notify({ kind: 'groupChatInvite', to, actorId: me.userId, target: { type: 'groupChat', id: groupId } });
  }

  return {
    /* ----- private chat ----- */

    /**
     * Before the message is announced: the rules (receiver, block), its conversation, and the
     * durable write. Everything the events carry is known by then (the message is presented from
     * what was written, not read back), so the receiver is told at once; the notification follows.
     */
    async send(me: Me, receiverId: string, content: Content): Promise<ChatMessage> {
      if (receiverId.toLowerCase() === me.userId) throw badRequest('You cannot chat with yourself');
      // One statement: both members, a block between them, their conversation, whether the receiver
      // has it open and wants to be notified.
      const pair = await store.senderAndReceiver(me.userId, receiverId.toLowerCase());
      const { sender, receiver } = pair;
      if (!receiver || !sender) throw notFound(USER_NOT_FOUND);
      if (pair.blocked) throw forbidden(CANNOT_MESSAGE);
      const at = now();
      const conversationId = pair.conversationId ?? (await store.privateConversation(me.userId, receiver.id, at));
      const fields = {
        conversationId,
        senderId: me.userId,
        receiverId: receiver.id,
        groupId: null,
        body: content.body,
        gifUrl: content.gifUrl,
        selectedImage: content.selectedImage,
        // The receiver has this conversation open ("add chat users"): it arrives read.
        isRead: pair.receiverViewing,
        clientId: content.clientId ?? null,
        now: at,
      };
      // Answering is reading: what the other member sent before is marked read in the message's own
      // transaction, so the sender's list never shows "You: ..." beside an unread count (and the
      // other member's bubbles say Read).
      const stored = await store.insertMessage(fields, { receiverId: receiver.id });
      if (stored.duplicate) return (await store.message(stored.id))!;
      const message = store.presentNew(fields, stored, sender, receiver);
      // The receiver's sockets first: they are the ones waiting; the sender has the answer coming.
      rooms.toUsers([receiver.id, me.userId], serverEvents.messageReceived, message);
      // The conversation's newest seq is this message's: it was bumped in the same transaction.
      // Not `{...message, unreadCount, lastSeq}`: properties added after a spread cost a new hidden class each (store.presentNew).
      const item: ChatListItem = Object.assign({}, message, { unreadCount: 0, lastSeq: message.seq });
      rooms.toUsers([me.userId], serverEvents.chatList, item);
      // The receiver's count with this message, read by the transaction's bump (ChatStore.insertMessage).
      rooms.toUsers([receiver.id], serverEvents.chatList, { ...item, unreadCount: stored.receiverUnread });
      if (stored.hadUnread)
        rooms.toUsers([me.userId, receiver.id], serverEvents.messageRead, {
          conversationId: message.conversationId,
          readerId: me.userId,
          senderId: receiver.id,
          lastSeq: message.seq,
        });
      deps.notifier.privateMessage(message, pair.receiverNotified);
      return message;
    },

    async messages(
      me: Me,
      id: string,
      opts: { isGroupChat: boolean; after?: number | undefined; before?: number | undefined; limit?: number | undefined },
    ): Promise<MessagesPage> {
      const limit = opts.limit ?? CHAT_PAGE_SIZE;
      const range = {
        ...(opts.after !== undefined ? { after: opts.after } : {}),
        ...(opts.before !== undefined ? { before: opts.before } : {}),
        limit,
      };
      if (opts.isGroupChat) {
        await acceptedGroup(me, id);
        const conversation = await store.conversation(id);
        const page = await store.messages(id, me.userId, { ...range, group: true });
        return { ...page, lastSeq: Number(conversation?.last_seq ?? 0) };
      }
      const other = await otherMember(me, id);
      if (await blocked(me.userId, other.id)) throw notFound(USER_NOT_FOUND);
      const conversation = await store.findPrivateConversation(me.userId, other.id);
      if (!conversation) return { messages: [], lastSeq: 0, hasMore: false };
      const page = await store.messages(conversation.id, me.userId, { ...range, group: false });
      return { ...page, lastSeq: Number(conversation.last_seq) };
    },

    async conversationList(me: Me): Promise<ChatListItem[]> {
      const list = await store.conversationList(me.userId);
      // Each message is presented for this list alone: its count and seq are added to it, not spread into a copy.
      return list.map(({ message, unreadCount, lastSeq }) => Object.assign(message, { unreadCount, lastSeq }));
    },

    /** Conversations (private and group) with something the member has not read: the Chat badge. */
    async unreadCount(me: Me): Promise<{ unreadCount: number }> {
      const privateCount = await store.unreadPrivateConversations(me.userId);
      const groupIds = await store.groupIdsOf(me.userId, 'accepted');
      const groupCounts = await Promise.all(groupIds.map((id) => store.groupUnread(id, me.userId)));
      return { unreadCount: privateCount + groupCounts.filter((n) => n > 0).length };
    },

    async setViewing(me: Me, one: string, two: string, viewing: boolean) {
      const other = await otherOfPair(me, one, two);
      await store.setViewing(me.userId, other.id, viewing, now());
      const chatUsers = { userOne: me.username, userTwo: other.username, viewing };
      // Only the member's own sockets hear of it: whether someone has a chat open is theirs.
      rooms.toUsers([me.userId], serverEvents.addChatUsers, chatUsers);
      return chatUsers;
    },

    async markRead(me: Me, senderId: string, receiverId: string) {
      const other = await otherOfPair(me, senderId, receiverId);
      const conversation = await store.findPrivateConversation(me.userId, other.id);
      const read = {
        conversationId: conversation?.id ?? '',
        readerId: me.userId,
        senderId: other.id,
        lastSeq: Number(conversation?.last_seq ?? 0),
      };
      if (!conversation) return read;
      await store.markRead(conversation.id, me.userId);
      const blockedPair = await blocked(me.userId, other.id);
      rooms.toUsers(blockedPair ? [me.userId] : [me.userId, other.id], serverEvents.messageRead, read);
      return read;
    },

    async react(me: Me, messageId: string, type: ReactionType, change: 'add' | 'remove'): Promise<ChatMessage> {
      const message = await messageOf(me, messageId);
      if (message.deleteForEveryone) throw badRequest('This message was deleted');
      if (!message.isGroupChat && (await blocked(me.userId, message.senderId === me.userId ? message.receiverId : message.senderId)))
        throw forbidden(CANNOT_MESSAGE);
      if (change === 'add') await store.react(messageId, me.userId, type, now());
      else await store.unreact(messageId, me.userId);
      const updated = (await store.message(messageId))!;
      if (updated.isGroupChat)
        rooms.toGroup(
          updated.groupId,
          serverEvents.groupMessageReaction,
          updated,
          await store.blockedAmong(updated.senderId, await acceptedIdsOf(updated.groupId)),
        );
      else rooms.toUsers(participants(updated), serverEvents.messageReaction, updated);
      return updated;
    },

    async remove(me: Me, messageId: string, type: 'deleteForMe' | 'deleteForEveryone') {
      const message = await messageOf(me, messageId);
      const deleted = {
        conversationId: message.conversationId,
        messageId,
        seq: message.seq,
        type,
        isGroupChat: message.isGroupChat,
        groupId: message.groupId,
      };
      if (type === 'deleteForMe') {
        await store.hideFor(messageId, me.userId);
        rooms.toUsers([me.userId], message.isGroupChat ? serverEvents.groupMessageDeleted : serverEvents.messageDeleted, deleted);
        return deleted;
      }
      if (message.senderId !== me.userId) throw forbidden('You can only delete your own messages for everyone');
      await store.withdraw(messageId);
      if (message.isGroupChat) rooms.toGroup(message.groupId, serverEvents.groupMessageDeleted, deleted);
      else rooms.toUsers(participants(message), serverEvents.messageDeleted, deleted);
      return deleted;
    },

    /* ----- group chat ----- */

    /**
     * As a private send: rules and the durable write first, then the room is told at once. Members
     * in a block with the sender are left out through their own rooms (the sender's block partners
     * are few; the group's members are many), and the notification leaves out those whose setting is
     * off the same way: the member list is never read.
     */
    async sendToGroup(me: Me, groupId: string, content: Content): Promise<ChatMessage> {
      const sender = await store.groupSender(groupId, me.userId);
      if (!sender) throw notFound(GROUP_NOT_FOUND);
      if (sender.state !== 'accepted') throw forbidden(NOT_A_MEMBER);
      const fields = {
        conversationId: groupId,
        senderId: me.userId,
        receiverId: null,
        groupId,
        body: content.body,
        gifUrl: content.gifUrl,
        selectedImage: content.selectedImage,
        isRead: false,
        clientId: content.clientId ?? null,
        now: now(),
      };
      const stored = await store.insertMessage(fields);
      if (stored.duplicate) return (await store.message(stored.id))!;
      const message = store.presentNew(fields, stored, sender, null, sender.group_name);
      // Members in a block with the sender do not get it (and do not read it later either).
      const excluded = await deps.blockPartners(me.userId);
      rooms.toGroup(groupId, serverEvents.groupMessageReceived, message, excluded);
      // Writing in a group is reading it: the sender's unread count there goes to none, in every tab.
      if ((await store.groupUnread(groupId, me.userId)) > 0) {
        await store.markGroupRead(groupId, me.userId, message.seq, message.seq);
        rooms.toUsers([me.userId], serverEvents.groupRead, { groupId, unreadCount: await store.groupUnread(groupId, me.userId) });
      }
      await deps.notifier.groupMessage(message, excluded);
      return message;
    },

    async createGroup(
      me: Me,
      body: { name: string; description: string; privacy: 'public' | 'private'; members: string[]; profileImage: string },
    ): Promise<GroupChat> {
      const invited = await invitable(me.userId, body.members);
      const id = newId();
      await store.createGroup(
        {
          id,
          name: body.name,
          description: body.description,
          privacy: body.privacy,
          profile_image: body.profileImage,
          created_by: me.userId,
          created_at: now(),
        },
        invited,
      );
      rooms.joinGroup(me.userId, id);
      const group = (await store.presentGroup(id))!;
      rooms.toUsers([me.userId, ...invited], serverEvents.groupChatList, group);
      await invitedTo(me, id, invited);
      return group;
    },

    async invitations(me: Me): Promise<GroupChat[]> {
      const ids = await store.groupIdsOf(me.userId, 'pending');
      return (await Promise.all(ids.map((id) => store.presentGroup(id)))).filter((g): g is GroupChat => g !== null);
    },

    /**
     * The member's group chats, each with its newest message as the member sees it (not one they
     * deleted for themselves, nor one from a member in a block with them), newest activity first.
     */
    async myGroups(me: Me, userId: string): Promise<GroupChatListItem[]> {
      if (userId !== me.userId) throw forbidden('You can only list your own groups');
      const ids = await store.groupIdsOf(me.userId, 'accepted');
      const groups = (await Promise.all(ids.map((id) => store.presentGroup(id)))).filter((g): g is GroupChat => g !== null);
      const items = await Promise.all(
        groups.map(async (group) => ({
          ...group,
          lastMessage: (await store.messages(group._id, me.userId, { limit: 1, group: true })).messages[0] ?? null,
          unreadCount: await store.groupUnread(group._id, me.userId),
        })),
      );
      const activeAt = (item: GroupChatListItem) =>
        item.lastMessage && item.lastMessage.createdAt > item.updatedAt ? item.lastMessage.createdAt : item.updatedAt;
      return items.sort((a, b) => (activeAt(a) < activeAt(b) ? 1 : -1));
    },

    /** The member has read the group chat up to `seq`: what is left unread. */
    async markGroupRead(me: Me, groupId: string, seq: number): Promise<GroupRead> {
      await acceptedGroup(me, groupId);
      const conversation = await store.conversation(groupId);
      await store.markGroupRead(groupId, me.userId, seq, Number(conversation?.last_seq ?? 0));
      const read = { groupId, unreadCount: await store.groupUnread(groupId, me.userId) };
      // Every tab of the member: the badge goes wherever the group was read.
      rooms.toUsers([me.userId], serverEvents.groupRead, read);
      return read;
    },

    async group(me: Me, groupId: string): Promise<GroupChat> {
      await acceptedGroup(me, groupId);
      return groupOrThrow(groupId);
    },

    async respond(me: Me, groupId: string, accept: boolean): Promise<GroupChat | null> {
      const membership = await store.membership(groupId, me.userId);
      if (!membership || membership.state !== 'pending') throw notFound('Invitation not found');
      if (accept) {
        await store.setMember(groupId, me.userId, { state: 'accepted', joined_at: now() });
        rooms.joinGroup(me.userId, groupId);
        const group = await groupOrThrow(groupId);
        rooms.toUsers([me.userId], serverEvents.groupChatList, group);
        announceGroup(group);
        return group;
      }
      await store.removeMember(groupId, me.userId);
      const group = await groupOrThrow(groupId);
      announceGroup(group);
      return null;
    },

    async leave(me: Me, groupId: string): Promise<void> {
      const membership = await acceptedGroup(me, groupId);
      await store.removeMember(groupId, me.userId);
      rooms.leaveGroup(me.userId, groupId);
      let group = await groupOrThrow(groupId);
      const accepted = group.members.filter((m) => m.state === 'accepted');
      if (accepted.length === 0) {
        await store.deleteGroup(groupId);
        rooms.toUsers(pendingIds(group), serverEvents.groupDeleted, { groupId });
        rooms.toUsers([me.userId], serverEvents.groupDeleted, { groupId });
        await deps.inbox?.forgetTarget(groupId);
        return;
      }
      // The last admin leaving hands the group to the longest-standing member.
      if (membership.role === 'admin' && group.admins.length === 0) {
        await store.setMember(groupId, accepted[0]!.userId, { role: 'admin' });
        group = await groupOrThrow(groupId);
      }
      rooms.toGroup(groupId, serverEvents.groupMemberRemoved, { groupId, userId: me.userId, group });
      rooms.toUsers([me.userId], serverEvents.groupMemberRemoved, { groupId, userId: me.userId, group: null });
    },

    async update(
      me: Me,
      groupId: string,
      changes: {
        name?: string | undefined;
        description?: string | undefined;
        privacy?: 'public' | 'private' | undefined;
        profileImage?: string | undefined;
      },
    ): Promise<GroupChat> {
      await adminOf(me, groupId);
      await store.updateGroup(
        groupId,
        {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...(changes.privacy !== undefined ? { privacy: changes.privacy } : {}),
          ...(changes.profileImage !== undefined ? { profile_image: changes.profileImage } : {}),
        },
        now(),
      );
      const group = await groupOrThrow(groupId);
      announceGroup(group);
      return group;
    },

    async addMembers(me: Me, groupId: string, members: string[]): Promise<GroupChat> {
      await adminOf(me, groupId);
      const invited = await invitable(me.userId, members);
      await store.invite(groupId, me.userId, invited, now());
      const group = await groupOrThrow(groupId);
      announceGroup(group);
      rooms.toUsers(invited, serverEvents.groupChatList, group);
      await invitedTo(me, groupId, invited);
      return group;
    },

    async promote(me: Me, groupId: string, userId: string): Promise<GroupChat> {
      await adminOf(me, groupId);
      const target = await store.membership(groupId, userId);
      if (!target || target.state !== 'accepted') throw notFound('Member not found');
      await store.setMember(groupId, userId, { role: 'admin' });
      const group = await groupOrThrow(groupId);
      rooms.toGroup(groupId, serverEvents.groupMemberPromoted, { groupId, userId, group });
      return group;
    },

    async removeMember(me: Me, groupId: string, userId: string): Promise<GroupChat> {
      if (userId === me.userId) throw badRequest('Use leave to leave a group');
      await adminOf(me, groupId);
      const target = await store.membership(groupId, userId);
      if (!target) throw notFound('Member not found');
      await store.removeMember(groupId, userId);
      rooms.leaveGroup(userId, groupId);
      const group = await groupOrThrow(groupId);
      rooms.toGroup(groupId, serverEvents.groupMemberRemoved, { groupId, userId, group });
      rooms.toUsers([userId], serverEvents.groupMemberRemoved, { groupId, userId, group: null });
      return group;
    },

    async deleteGroup(me: Me, groupId: string): Promise<void> {
      await adminOf(me, groupId);
      const group = await groupOrThrow(groupId);
      await store.deleteGroup(groupId);
      rooms.toGroup(groupId, serverEvents.groupDeleted, { groupId });
      rooms.toUsers(pendingIds(group), serverEvents.groupDeleted, { groupId });
      rooms.closeGroup(groupId);
      await deps.inbox?.forgetTarget(groupId);
    },

    async checkMember(me: Me, groupId: string, userId: string) {
      if (userId !== me.userId) await acceptedGroup(me, groupId);
      const membership = await store.membership(groupId, userId);
      return {
        isMember: membership?.state === 'accepted',
        state: membership?.state ?? null,
        isAdmin: membership?.state === 'accepted' && membership.role === 'admin',
      };
    },

    /** The groups whose rooms a member's socket may be in: accepted memberships only. */
    acceptedGroupIds: (userId: string) => store.groupIdsOf(userId, 'accepted'),
    isAcceptedMember: async (userId: string, groupId: string) => (await store.membership(groupId, userId))?.state === 'accepted',
  };

  function acceptedIdsOf(groupId: string): Promise<string[]> {
    return store.groupIdsOfMembers(groupId, 'accepted');
  }
}

export type ChatService = ReturnType<typeof createChatService>;
