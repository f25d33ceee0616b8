import type { ChatListItem, ChatMessage, GroupChat, GroupRead, MessageDeleted, MessageRead, MessagesPage } from '../../api/chat';
import type { ReactionType } from '../../api/constants';

/** The chat screen's schema: who talks, the messages, context, input, events and effect inputs. */

/** A member on either side of a private chat. */
export interface ChatMember {
  id: string;
  username: string;
}

/**
 * The open conversation as the query parameters name it (spec: username, id, isGroup): the other
 * member, or a group chat (`username` is then the group's name, as the spec's URL has it).
 */
export interface ChatPeer extends ChatMember {
  isGroup: boolean;
}

/** A message of the open thread: stored ('sent'), or one of ours not yet acknowledged. */
export type MessageStatus = 'sent' | 'pending' | 'failed';
/** `error`: why a message of ours was not sent (the server's message). */
export type ThreadMessage = ChatMessage & { status: MessageStatus; error?: string };

/** What the composer sends: text, and a gif URL or an image (a data URL, uploaded before sending). */
export interface MessageDraft {
  body: string;
  gifUrl?: string;
  image?: string;
}

export type DeleteType = MessageDeleted['type'];

export type ChatEvent =
  | { type: 'chat.retryList' }
  /** The query parameters (username, id, isGroup) chose a conversation, or none. */
  | { type: 'chat.select'; peer: ChatPeer | null }
  | { type: 'chat.retryThread' }
  | { type: 'chat.loadOlder' }
  | ({ type: 'chat.send' } & MessageDraft)
  | { type: 'chat.retrySend'; clientId: string }
  | { type: 'chat.react'; messageId: string; reaction: ReactionType; change: 'add' | 'remove' }
  | { type: 'chat.delete'; messageId: string; mode: DeleteType }
  // From the socket, through the bus:
  | { type: 'chat.received'; message: ChatMessage }
  | { type: 'chat.read'; read: MessageRead }
  /** The member read a group chat (this tab or another): what is left unread there. */
  | { type: 'chat.groupRead'; read: GroupRead }
  | { type: 'chat.reaction'; message: ChatMessage }
  | { type: 'chat.deleted'; deleted: MessageDeleted }
  | { type: 'chat.listItem'; item: ChatListItem }
  /** A group chat as it now is (created, joined, renamed, members changed): kept if the member is in it. */
  | { type: 'chat.groupUpdated'; group: GroupChat }
  /** A group chat the member is no longer in (deleted, left, removed). */
  | { type: 'chat.groupRemoved'; groupId: string }
  | { type: 'chat.reconnected' };

/** `peerId`: the other member, or the group when `isGroup`. */
export interface FetchMessagesInput {
  peerId: string;
  isGroup: boolean;
  after?: number;
  before?: number;
}
export interface SendMessageInput {
  peerId: string;
  isGroup: boolean;
  body: string;
  gifUrl: string;
  /** An uploaded image's URL, or ''. */
  selectedImage: string;
  clientId: string;
}
/** A page of a thread; `keptAt`: the server could not be reached, this is the conversation's copy kept on this device, saved then (ms). */
export type ThreadPage = MessagesPage & { keptAt?: number };

export interface ChatLists {
  list: ChatListItem[];
  /** The group chats the member has accepted, each with its newest message and unread count (GET /group-chat/user-groups). */
  groups: (GroupChat & { lastMessage?: ChatMessage | null; unreadCount?: number })[];
  /** The server could not be reached: this is the copy kept on this device, saved at this time (ms). */
  keptAt?: number;
}
export interface ReactInput {
  messageId: string;
  reaction: ReactionType;
  change: 'add' | 'remove';
}
/** `receiverId`: the group's id for a group message (the path needs an id there; the server ignores it). */
export interface DeleteInput {
  messageId: string;
  senderId: string;
  receiverId: string;
  mode: DeleteType;
}
export type EditRequest = ({ kind: 'react' } & ReactInput) | ({ kind: 'delete' } & DeleteInput);

export interface ChatInput {
  me: ChatMember;
  /** Makes this screen's client ids (clientIds.ts): a random UUID in the app, fixed in tests. */
  clientSeed: string;
}

export interface ChatContext {
  me: ChatMember;
  clientSeed: string;
  /** Counter of the client ids handed out. */
  sent: number;
  /** Private conversations, newest first by createdAt (each: its newest message, unread count, lastSeq). */
  list: ChatListItem[];
  /** Group chats the member is in, newest first by updatedAt. */
  groups: GroupChat[];
  /** The newest group message known, by group: from the server's list, then as they arrive live. */
  groupLast: Record<string, ChatMessage>;
  /** Unread messages from others, by group: the server's count on each list load, one more per message that arrives. */
  groupUnread: Record<string, number>;
  listError: string | null;
  /** The list shows the copy kept on this device, saved at this time: the server was not reached. */
  listKeptAt: number | null;
  peer: ChatPeer | null;
  /** The open thread, oldest first; our unacknowledged messages last. */
  messages: ThreadMessage[];
  /** Every message up to this seq is known: a catch-up asks `after` it. */
  syncedSeq: number;
  hasOlder: boolean;
  /**
   * The thread shows the conversation's copy kept on this device, saved at this time (ms): the
   * server was not reached. Nothing is asked of the server for it (older pages, read marks) until
   * a catch-up has brought the thread up to date.
   */
  threadKeptAt: number | null;
  threadError: string | null;
  edit: EditRequest | null;
}
