import { produce, type Draft } from 'immer';
import type { ChatListItem, ChatMessage, GroupChat, MessageDeleted, MessageRead, MessagesPage } from '../../api/chat';
import { CHAT_MESSAGE_MAX, EMPTY_MESSAGE } from '../../api/constants';
import { gifUrlSchema } from '../../api/posts';
import { defined } from '../shared/defined';
import { failureText } from '../shared/failure';
import type { ToastRequest } from '../shell/toastRequest';
import type { OutboxHandOff } from '../offline/outbox.types';
import { GROUP_GONE, MESSAGE_TOO_LONG, NOT_AN_IMAGE } from './chat.copy';
import type { ChatContext, ChatEvent, ChatLists, ChatMember, ChatPeer, MessageDraft, ThreadMessage } from './chat.types';

/** The conversation list and the open thread as pure updates of the chat's context. */

/** Why a draft cannot be sent (the server's own rules), or null. */
export function draftError(draft: MessageDraft): string | null {
  const gif = draft.gifUrl?.trim() ?? '';
  const image = draft.image ?? '';
  if (gif !== '') {
    const parsed = gifUrlSchema.safeParse(gif);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'GIF URL must be an https URL';
  }
  if (image !== '' && !image.startsWith('data:image/')) return NOT_AN_IMAGE;
  const body = draft.body.trim();
  if (body.length > CHAT_MESSAGE_MAX) return MESSAGE_TOO_LONG;
  return body === '' && gif === '' && image === '' ? EMPTY_MESSAGE : null;
}

export const groupPeer = (group: GroupChat): ChatPeer => ({ id: group._id, username: group.name, isGroup: true });

/** Whether the member is an accepted member of a group chat. */
export const isAcceptedIn = (group: GroupChat, userId: string) => group.members.some((m) => m.userId === userId && m.state === 'accepted');

export const noThread = {
  messages: [] as ThreadMessage[],
  syncedSeq: 0,
  hasOlder: false,
  threadKeptAt: null,
  threadError: null,
  edit: null,
};

export const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
/**
 * A private row as the list keeps it: when the member's own message is the newest, nothing is unread
 * (answering is reading; the server marks it so), so a row never reads "You: ..." beside a count.
 */
export const agreeing = (item: ChatListItem, meId: string): ChatListItem =>
  item.senderId === meId && item.unreadCount !== 0 ? { ...item, unreadCount: 0 } : item;
/** Newest first by createdAt (spec: the chat list is sorted newest first). */
export const sortList = (list: ChatListItem[]) => list.sort((a, b) => newestFirst(a.createdAt, b.createdAt));
/** The newer of what is known live and what the list says, group by group (by seq); groups no longer listed drop out. */
export function newestGroupMessages(known: Record<string, ChatMessage>, groups: ChatLists['groups']): Record<string, ChatMessage> {
  const next: Record<string, ChatMessage> = {};
  for (const group of groups) {
    const listed = group.lastMessage ?? null;
    const live = known[group._id];
    const newest = live && (!listed || live.seq >= listed.seq) ? live : listed;
    if (newest) next[group._id] = newest;
  }
  return next;
}
/**
 * The list's unread counts, except where a message newer than the list's own newest came live
 * meanwhile (a list read just before it was stored): that group keeps the count it has now.
 */
export function listedUnread(context: Pick<ChatContext, 'groupLast' | 'groupUnread'>, groups: ChatLists['groups']): Record<string, number> {
  return Object.fromEntries(
    groups.map((group) => {
      const listed = group.unreadCount ?? 0;
      const live = context.groupLast[group._id];
      const liveIsNewer = live !== undefined && live.seq > (group.lastMessage?.seq ?? 0);
      return [group._id, liveIsNewer ? Math.max(listed, context.groupUnread[group._id] ?? 0) : listed];
    }),
  );
}
export const sortGroups = (groups: GroupChat[]) => groups.sort((a, b) => newestFirst(a.updatedAt, b.updatedAt));

/** Whether a message belongs to the open conversation: the private one with `peer`, or the group `peer`. */
export const inConversation = (me: ChatMember, peer: ChatPeer | null, m: ChatMessage) =>
  peer !== null &&
  (peer.isGroup
    ? m.isGroupChat && m.groupId === peer.id
    : !m.isGroupChat && ((m.senderId === peer.id && m.receiverId === me.id) || (m.senderId === me.id && m.receiverId === peer.id)));

/** The other member of a private message. */
export const otherOf = (me: ChatMember, m: ChatMessage): ChatMember =>
  m.senderId === me.id ? { id: m.receiverId, username: m.receiverUsername } : { id: m.senderId, username: m.senderUsername };

export const order = (m: ThreadMessage) => (m.status === 'sent' ? m.seq : Number.MAX_SAFE_INTEGER);

/**
 * A stored message into the thread: it replaces the entry with its _id or its clientId (our
 * pending copy, or the socket's echo of it), else it goes in by seq. Never twice.
 */
export function takeMessage(draft: Draft<ChatContext>, message: ChatMessage) {
  const stored: ThreadMessage = { ...message, status: 'sent' };
  const same = draft.messages.filter((m) => m._id === message._id || (message.clientId !== null && m.clientId === message.clientId));
  if (same.length) {
    const index = draft.messages.indexOf(same[0]);
    draft.messages[index] = stored;
    for (const extra of same.slice(1)) draft.messages.splice(draft.messages.indexOf(extra), 1);
  } else {
    const at = draft.messages.findIndex((m) => order(m as ThreadMessage) > stored.seq);
    if (at === -1) draft.messages.push(stored);
    else draft.messages.splice(at, 0, stored);
  }
  draft.messages.sort((a, b) => order(a as ThreadMessage) - order(b as ThreadMessage));
  while (draft.messages.some((m) => m.status === 'sent' && m.seq === draft.syncedSeq + 1)) draft.syncedSeq += 1;
}

export function applyDeleted(draft: Draft<ChatContext>, deleted: MessageDeleted) {
  if (deleted.type === 'deleteForMe') {
    draft.messages = draft.messages.filter((m) => m._id !== deleted.messageId);
    if (draft.groupLast[deleted.groupId]?._id === deleted.messageId) delete draft.groupLast[deleted.groupId];
    return;
  }
  const withdraw = (m: Draft<ChatMessage>) => {
    m.deleteForEveryone = true;
    m.body = '';
    m.gifUrl = '';
    m.selectedImage = '';
    m.reaction = [];
  };
  for (const m of draft.messages) if (m._id === deleted.messageId) withdraw(m);
  for (const item of draft.list) if (item._id === deleted.messageId) withdraw(item);
  const last = draft.groupLast[deleted.groupId];
  if (last?._id === deleted.messageId) withdraw(last);
}

export function applyRead(draft: Draft<ChatContext>, read: MessageRead) {
  for (const m of draft.messages) if (m.senderId === read.senderId && m.status === 'sent' && m.seq <= read.lastSeq) m.isRead = true;
  for (const item of draft.list) {
    if (item.conversationId !== read.conversationId) continue;
    if (read.readerId === draft.me.id) item.unreadCount = 0;
    if (item.senderId === read.senderId && item.seq <= read.lastSeq) item.isRead = true;
  }
}

export function applyReaction(draft: Draft<ChatContext>, message: ChatMessage) {
  for (const m of draft.messages) if (m._id === message._id) m.reaction = message.reaction;
  for (const item of draft.list) if (item._id === message._id) item.reaction = message.reaction;
}

export function takePage(draft: Draft<ChatContext>, page: MessagesPage) {
  for (const m of page.messages) takeMessage(draft, m);
  draft.syncedSeq = Math.max(draft.syncedSeq, page.lastSeq);
}

export const change =
  (recipe: (draft: Draft<ChatContext>, event: ChatEvent) => void) =>
  ({ context, event }: { context: ChatContext; event: ChatEvent }) =>
    produce(context, (draft) => recipe(draft, event));

export const toast = (error: unknown, fallback: string): ToastRequest => ({ type: 'error', description: failureText(error, fallback) });

export const firstPending = (context: ChatContext) => context.messages.find((m) => m.status === 'pending');

/** Our first pending message did not go out: it waits, marked failed with the reason, for a retry. */
export const failFirstPending = (context: ChatContext, error: unknown, fallback: string) =>
  produce(context, (draft) => {
    const m = draft.messages.find((x) => x.status === 'pending');
    if (!m) return;
    m.status = 'failed';
    m.error = failureText(error, fallback);
  });

export const isOpenGroup = (context: ChatContext, groupId: string) => context.peer?.isGroup === true && context.peer.id === groupId;
/** The open conversation: the thread's states are only entered with one chosen. */
export const peerOf = (context: Pick<ChatContext, 'peer'>) => defined(context.peer, 'the open conversation');
export const threadOf = (context: ChatContext) => {
  const peer = peerOf(context);
  return { peerId: peer.id, isGroup: peer.isGroup };
};
/** The first pending message as the outbox keeps it (an image not uploaded yet goes as its data URL). */
export function handOffOf(context: ChatContext): OutboxHandOff {
  const m = sendingOf(context);
  const peer = peerOf(context);
  const local = m.selectedImage.startsWith('data:');
  return {
    kind: 'chatMessage',
    clientId: defined(m.clientId, 'the client id of a queued message'),
    payload: {
      peerId: peer.id,
      peerName: peer.username,
      isGroup: peer.isGroup,
      body: m.body,
      gifUrl: m.gifUrl,
      image: local ? m.selectedImage : '',
      selectedImage: local ? '' : m.selectedImage,
    },
  };
}

/** The message going out now: the sending states are only entered with one pending. */
export const sendingOf = (context: ChatContext) => defined(firstPending(context), 'the pending message');
export const goneThread = { ...noThread, threadError: GROUP_GONE };
