/** Group chats, their members and messages as the server answers them, for the chat tests. */
import type { ChatMessage, GroupChat, GroupMember } from '../../../../src/api/chat';

export const me = { id: 'me', username: 'ada' };
export const ben = { id: 'u2', username: 'ben' };
export const cleo = { id: 'u3', username: 'cleo' };
export const PNG = 'data:image/png;base64,iVBORw0KGgo=';
export const UPLOADED = '/media/image/upload/v1/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
export const GIF = 'https://media.example.org/party.gif';
const at = (minute: number) => `2025-01-01T11:${String(minute).padStart(2, '0')}:00.000Z`;

export function member(who: { id: string; username: string }, extra: Partial<GroupMember> = {}): GroupMember {
  return {
    userId: who.id,
    username: who.username,
    avatarColor: '#1d4ed8',
    profilePicture: '',
    state: 'accepted',
    role: 'member',
    joinedBy: 'invited',
    invitedBy: me.id,
    joinedAt: at(0),
    ...extra,
  };
}

/** 'Team': Ada (admin, creator) and Ben; Cleo invited. */
export function team(overrides: Partial<GroupChat> = {}): GroupChat {
  return {
    _id: 'g1',
    name: 'Team',
    description: '',
    privacy: 'public',
    profileImage: '',
    createdBy: me.id,
    members: [member(me, { role: 'admin', joinedBy: 'creator', invitedBy: null }), member(ben), member(cleo, { state: 'pending' })],
    admins: [me.id],
    lastSeq: 2,
    createdAt: at(1),
    updatedAt: at(1),
    ...overrides,
  };
}

export function groupMessage(seq: number, from: { id: string; username: string }, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    _id: `gm${seq}`,
    seq,
    conversationId: 'g1',
    senderId: from.id,
    senderUsername: from.username,
    senderAvatarColor: '#1d4ed8',
    senderProfilePicture: '',
    receiverId: '',
    receiverUsername: '',
    receiverAvatarColor: '',
    receiverProfilePicture: '',
    body: `group message ${seq}`,
    isRead: false,
    gifUrl: '',
    selectedImage: '',
    isGroupChat: true,
    groupId: 'g1',
    groupName: 'Team',
    reaction: [],
    deleteForEveryone: false,
    clientId: null,
    createdAt: at(10 + seq),
    ...overrides,
  };
}
