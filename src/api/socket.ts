import type {
  ChatListItem,
  ChatMessage,
  ChatUsers,
  GroupAction,
  GroupChat,
  GroupDeleted,
  GroupMemberEvent,
  GroupRead,
  MessageDeleted,
  MessageRead,
  SocketAck,
} from './chat/schemas';
import type { GroupActionEvent } from './groups/schemas';
import type { BannedPayload, MyAppeal } from './moderation/schemas';
import type { Notification, NotificationsChangedPayload } from './notifications/schemas';
import type { Comment, Post, ReactionCounts, WatchPosts } from './posts/schemas';
import type { UserOnlinePayload, WatchPresence } from './users/schemas';

/**
 * Socket.io event names and payloads (spec section 7, "Real-time socket"), defined once.
 * The handshake carries the bearer token in `auth.token`; the server refuses sockets without one.
 */
export const SOCKET_PATH = '/socket.io';

/**
 * Ours (moderation): the namespace of the checkpoint pages. The main namespace refuses a banned
 * member; this one takes any live session and carries only `standing changed` (see docs/api.md).
 */
export const CHECKPOINT_NAMESPACE = '/checkpoint';

export const clientEvents = {
  joinRoom: 'join room',
  joinGroupRoom: 'join group room',
  leaveGroupRoom: 'leave group room',
  groupAction: 'group action',
  /** Ours: the members whose presence this socket follows (the people on screen); see watchPresenceSchema. */
  watchPresence: 'watch presence',
  /** Ours: the posts this socket shows (every list on screen); their own events reach it. See watchPostsSchema. */
  watchPosts: 'watch posts',
} as const;

export const serverEvents = {
  userOnline: 'user online',
  addChatUsers: 'add chat users',
  chatList: 'chat list',
  messageReceived: 'message received',
  messageRead: 'message read',
  messageReaction: 'message reaction',
  groupChatList: 'group chat list',
  groupUpdated: 'group updated',
  groupDeleted: 'group deleted',
  groupMemberPromoted: 'group member promoted',
  groupMemberRemoved: 'group member removed',
  groupMessageReceived: 'group message received',
  groupMessageReaction: 'group message reaction',
  /** Ours: the server ends a socket whose session ended (sign-out, ban, password change). */
  sessionEnded: 'session ended',
  /**
   * Ours: a member holds more sockets than the server allows (tabs, devices); their oldest is
   * sent this and closed. That tab does not reconnect by itself (it would close the next oldest)
   * until it is looked at again.
   */
  socketReplaced: 'socket replaced',
  /**
   * Ours (streams): each reaches exactly the members who may see the post, see docs/api.md. A new
   * post reaches every connected one; the rest (edits, deletion, counts, comments) only the sockets
   * that watch the post (`watch posts`).
   */
  postAdded: 'post added',
  /**
   * Ours: new posts in one frame, oldest first (the server sends the first new post at once, then
   * at most one frame a second with those made meanwhile). The client hands each on as `post added`.
   */
  postsAdded: 'posts added',
  postUpdated: 'post updated',
  /**
   * Ours: a post's own events (counts, comments, answers: WatchedPostEvent) in one frame, in the
   * order they happened (the server sends the first at once, then at most one frame a second with
   * those made meanwhile; of a post's counts only the newest). The client hands each on by its name.
   */
  postEvents: 'post events',
  /** Also sent to members who could see a post and no longer can (privacy changed). */
  postDeleted: 'post deleted',
  postReactions: 'post reactions',
  commentAdded: 'comment added',
  commentUpdated: 'comment updated',
  commentDeleted: 'comment deleted',
  questionAnswers: 'question answers',
  /** Ours: a follow or block changed, sent to the member's own sockets (every tab) and, for a block, the other member's. */
  relationChanged: 'relation changed',
  /** Ours (chat): a message withdrawn (deleteForEveryone: both members; deleteForMe: that member's sockets). */
  messageDeleted: 'message deleted',
  groupMessageDeleted: 'group message deleted',
  /** Ours (chat): the member read a group chat in some tab; their own sockets learn what is left unread. */
  groupRead: 'group read',
  /** Groups (the /group/... family): CREATE_GROUP to the creator and each invited member, and the other actions. */
  groupAction: 'group action',
  /** Ours (moderation): sent to every socket of a member just banned, just before the server closes them. */
  banned: 'banned',
  /**
   * Ours (moderation), on CHECKPOINT_NAMESPACE only: an admin decided the member's appeal or unbanned them; the
   * payload is the member's standing as GET /appeal now answers it (MyAppeal).
   */
  standingChanged: 'standing changed',
  /** Ours: "tell the member" (toast, badge), only to members whose setting of that type is on (docs/api.md). */
  notification: 'notification',
  /** Ours (notifications inbox): the member's inbox changed (read, deleted, withdrawn), to their own sockets. */
  notificationsChanged: 'notifications changed',
} as const;

/** Payload of each event of CHECKPOINT_NAMESPACE. */
export interface CheckpointEventPayloads {
  [serverEvents.standingChanged]: MyAppeal;
}

export interface SessionEndedPayload {
  /** `ended`: the member ended this session from another device (Settings > Where you are signed in). */
  reason: 'signout' | 'banned' | 'password-changed' | 'ended';
}

/**
 * A notification, never about the member's own doing. `messages` (not stored: chat keeps its own
 * unread counts): after the `message received` / `group message received` of that message, to its
 * receivers whose 'messages' setting is on (not a receiver who has the private chat open).
 * `inbox`: an entry of the member's inbox was made or has a new actor (src/api/notifications/schemas.ts),
 * with the member's unread count; the settings decided on the server whether it was made at all.
 */
export type NotificationPayload =
  { type: 'messages'; message: ChatMessage } | { type: 'inbox'; notification: Notification; unreadCount: number };

export interface PostEventPayload {
  post: Post;
}
export interface PostsAddedPayload {
  posts: Post[];
}
export interface PostDeletedPayload {
  postId: string;
}
/** The post's counts as the server computed them after a reaction changed. */
export interface PostReactionsPayload {
  postId: string;
  reactions: ReactionCounts;
}
export interface CommentEventPayload {
  comment: Comment;
  commentsCount: number;
}
export interface CommentDeletedPayload {
  postId: string;
  commentId: string;
  commentsCount: number;
}
export interface QuestionAnswersPayload {
  questionId: string;
  answersCount: number;
  acceptedAnswerId: string | null;
}

/** The events a post's watchers get (announced to the sockets that show the post), batched in `post events`. */
export type WatchedPostEventName =
  | typeof serverEvents.postReactions
  | typeof serverEvents.commentAdded
  | typeof serverEvents.commentUpdated
  | typeof serverEvents.commentDeleted
  | typeof serverEvents.questionAnswers;
export type WatchedPostEvent = { [E in WatchedPostEventName]: { event: E; payload: StreamEventPayloads[E] } }[WatchedPostEventName];
export interface PostEventsPayload {
  events: WatchedPostEvent[];
}

/**
 * `userId` is the other member. `following`: whether the receiver now follows them (their own
 * follow or unfollow, from any tab). `blocked: true`: a block now stands between the two (either
 * side), so their posts leave the receiver's lists; `blocked: false`: the receiver lifted theirs.
 */
export interface RelationChangedPayload {
  userId: string;
  following?: boolean;
  blocked?: boolean;
}

/** Payload of each server event of the streams, by event name. */
export interface StreamEventPayloads {
  [serverEvents.postAdded]: PostEventPayload;
  [serverEvents.postsAdded]: PostsAddedPayload;
  [serverEvents.postUpdated]: PostEventPayload;
  [serverEvents.postEvents]: PostEventsPayload;
  [serverEvents.postDeleted]: PostDeletedPayload;
  [serverEvents.postReactions]: PostReactionsPayload;
  [serverEvents.commentAdded]: CommentEventPayload;
  [serverEvents.commentUpdated]: CommentEventPayload;
  [serverEvents.commentDeleted]: CommentDeletedPayload;
  [serverEvents.questionAnswers]: QuestionAnswersPayload;
  [serverEvents.relationChanged]: RelationChangedPayload;
  /** Presence: one change per watched member going online or offline (docs/api.md). */
  [serverEvents.userOnline]: UserOnlinePayload;
  [serverEvents.groupAction]: GroupActionEvent;
  /** Inbox entries (the chat sends message notifications itself). */
  [serverEvents.notification]: NotificationPayload;
  [serverEvents.notificationsChanged]: NotificationsChangedPayload;
  /** The member was banned: the page moves to /checkpoint (the socket is closed next). */
  [serverEvents.banned]: BannedPayload;
}
export type StreamEvent = keyof StreamEventPayloads;

/** Payload of each server event of private and group chat, by event name (see docs/api.md, Chat). */
export interface ChatEventPayloads {
  [serverEvents.addChatUsers]: ChatUsers;
  [serverEvents.chatList]: ChatListItem;
  [serverEvents.messageReceived]: ChatMessage;
  [serverEvents.messageRead]: MessageRead;
  [serverEvents.messageReaction]: ChatMessage;
  [serverEvents.messageDeleted]: MessageDeleted;
  [serverEvents.groupChatList]: GroupChat;
  [serverEvents.groupUpdated]: GroupChat;
  [serverEvents.groupDeleted]: GroupDeleted;
  [serverEvents.groupMemberPromoted]: GroupMemberEvent;
  [serverEvents.groupMemberRemoved]: GroupMemberEvent;
  [serverEvents.groupMessageReceived]: ChatMessage;
  [serverEvents.groupMessageReaction]: ChatMessage;
  [serverEvents.groupMessageDeleted]: MessageDeleted;
  [serverEvents.groupRead]: GroupRead;
  [serverEvents.sessionEnded]: SessionEndedPayload;
  [serverEvents.socketReplaced]: Record<string, never>;
  [serverEvents.notification]: NotificationPayload;
}
export type ChatEvent = keyof ChatEventPayloads;

/** What a client emits; each takes an acknowledgement callback answering SocketAck. */
export interface ClientEventPayloads {
  /** Any payload; the server answers with the rooms it chose (the member's own room only). */
  [clientEvents.joinRoom]: unknown;
  [clientEvents.joinGroupRoom]: { groupId: string };
  [clientEvents.leaveGroupRoom]: { groupId: string };
  [clientEvents.groupAction]: GroupAction;
  [clientEvents.watchPresence]: WatchPresence;
  [clientEvents.watchPosts]: WatchPosts;
}
export type ClientEvent = keyof ClientEventPayloads;
export type { SocketAck };

/** The largest socket frame a client may send; a bigger one disconnects that socket. */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;
