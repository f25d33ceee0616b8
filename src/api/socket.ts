/**
 * Socket.io event names and payloads (spec section 7, "Real-time socket"), defined once.
 * The handshake carries the bearer token in `auth.token`; the server refuses sockets without one.
 */
export const SOCKET_PATH = '/socket.io';

export const clientEvents = {
  joinRoom: 'join room',
  joinGroupRoom: 'join group room',
  leaveGroupRoom: 'leave group room',
  groupAction: 'group action',
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
} as const;

export interface SessionEndedPayload {
  reason: 'signout' | 'banned' | 'password-changed';
}
