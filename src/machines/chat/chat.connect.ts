import type { ChatListItem, ChatMessage, GroupChat } from '../../api/chat';
import {
  conversationRows,
  groupPeer,
  otherOf,
  selectEditing,
  selectListFailed,
  selectListLoading,
  selectLoadingOlder,
  selectThreadFailed,
  selectThreadReady,
  type ChatMember,
  type ChatPeer,
  type ChatSnapshot,
  type ThreadMessage,
} from './chat.machine';

/**
 * What the chat screen shows and what the member may do there, read from the chat machine's
 * snapshot: the conversation list, the open thread, and each message's options.
 */

export {
  conversationRows,
  groupPeer,
  otherOf,
  selectEditing,
  selectListFailed,
  selectListLoading,
  selectLoadingOlder,
  selectThreadFailed,
  selectThreadReady,
};

export const selectList = (s: ChatSnapshot) => s.context.list;
export const selectGroups = (s: ChatSnapshot) => s.context.groups;
export const selectGroupLast = (s: ChatSnapshot) => s.context.groupLast;
export const selectGroupUnread = (s: ChatSnapshot) => s.context.groupUnread;
export const selectListError = (s: ChatSnapshot) => s.context.listError;
/** When the kept list shown was saved (ms), or null when it is the server's. */
export const selectListKeptAt = (s: ChatSnapshot) => s.context.listKeptAt;

export const selectMessages = (s: ChatSnapshot) => s.context.messages;
export const selectThreadError = (s: ChatSnapshot) => s.context.threadError;
/** Older pages are offered once the thread is the server's (not its kept copy). */
export const selectHasOlder = (s: ChatSnapshot) => s.context.hasOlder && s.context.threadKeptAt === null;
/** When the kept thread shown was saved (ms), or null when it is the server's. */
export const selectThreadKeptAt = (s: ChatSnapshot) => s.context.threadKeptAt;
/** Until the thread has loaded (or failed), including the moment before the selection reaches the machine. */
export const selectThreadWaiting = (s: ChatSnapshot) => !selectThreadReady(s) && !selectThreadFailed(s);

/** The group chat `groupId` as the list knows it, or null. */
export const selectGroupChat = (s: ChatSnapshot, groupId: string): GroupChat | null =>
  s.context.groups.find((g) => g._id === groupId) ?? null;
/** The open conversation's name: a group's current name, else the name in the address. */
export const selectConversationName = (s: ChatSnapshot, peer: ChatPeer) =>
  peer.isGroup ? (selectGroupChat(s, peer.id)?.name ?? peer.username) : peer.username;

/** The other member's face in a private conversation, as the list knows it ('color|picture'; a string so useSelector compares by value). */
export function selectPeerFace(s: ChatSnapshot, peerId: string): string | null {
  const item = s.context.list.find((i) => i.senderId === peerId || i.receiverId === peerId);
  if (!item) return null;
  return item.senderId === peerId
    ? `${item.senderAvatarColor}|${item.senderProfilePicture}`
    : `${item.receiverAvatarColor}|${item.receiverProfilePicture}`;
}

/** The member sent this message. */
export const isMine = (message: Pick<ChatMessage, 'senderId'>, me: ChatMember) => message.senderId === me.id;

/** The other member's face in a private conversation's list row. */
export const faceOfOther = (item: ChatListItem, me: ChatMember) =>
  isMine(item, me)
    ? { avatarColor: item.receiverAvatarColor, profilePicture: item.receiverProfilePicture }
    : { avatarColor: item.senderAvatarColor, profilePicture: item.senderProfilePicture };

/** How many have joined a group chat (invitees not counted). */
export const memberCount = (group: GroupChat) => group.members.filter((m) => m.state === 'accepted').length;

/**
 * What the member sees of one message and may do with it (the chat machine's `canRetry` and
 * `isKnown` guards): react and delete a stored message, delete their own for everyone, retry
 * their own that failed.
 */
export function messageRights(message: ThreadMessage, me: ChatMember) {
  const mine = isMine(message, me);
  const withdrawn = message.deleteForEveryone;
  const stored = message.status === 'sent' && !withdrawn;
  return {
    mine,
    withdrawn,
    myReaction: message.reaction.find((r) => r.userId === me.id)?.type ?? null,
    canReact: stored,
    canDelete: stored,
    canDeleteForEveryone: stored && mine,
    canRetry: message.status === 'failed',
  };
}
