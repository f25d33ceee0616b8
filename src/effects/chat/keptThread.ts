import type { ChatMessage, MessageDeleted, MessageRead, MessagesPage } from '../../api/chat';
import { KEPT_THREAD_MESSAGES, keptThreadId } from '../../api/offline/kept';
import type { ChatEvent, ChatMember, FetchMessagesInput } from '../../machines/chat/chat.machine';
import { changeKept } from '../offline/kept';

/**
 * A conversation's kept messages (docs/client-offline.md, "Reading offline"): its newest page as
 * loaded, then what arrives live in it (a message, a reaction, a deletion, a read mark), so that
 * offline the thread shows what the member last saw. Only stored messages: the member's unsent
 * ones live in the outbox, which the thread shows after these.
 */

/** The kept copy's id of the conversation a thread load asks for. */
export const keptThreadOf = (input: Pick<FetchMessagesInput, 'peerId' | 'isGroup'>) => keptThreadId(input.peerId, input.isGroup);

/** The conversation a stored message belongs to, as the member sees it (the other member, or the group). */
export const keptThreadOfMessage = (me: ChatMember, m: ChatMessage) =>
  m.isGroupChat ? keptThreadId(m.groupId, true) : keptThreadId(m.senderId === me.id ? m.receiverId : m.senderId, false);

/** The newest KEPT_THREAD_MESSAGES of `page` and `messages`, oldest first, each once (the later copy wins). */
export function withMessages(page: MessagesPage, messages: readonly ChatMessage[]): MessagesPage {
  const byId = new Map(page.messages.map((m) => [m._id, m]));
  for (const m of messages) byId.set(m._id, m);
  const all = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const kept = all.slice(-KEPT_THREAD_MESSAGES);
  return {
    messages: kept,
    lastSeq: Math.max(page.lastSeq, ...messages.map((m) => m.seq)),
    // Older ones exist where the server said so, or where some were dropped here.
    hasMore: page.hasMore || kept.length < all.length,
  };
}

/** A reaction seen live, where the copy holds the message; null: not this conversation. */
export function withReaction(page: MessagesPage, message: ChatMessage): MessagesPage | null {
  if (!page.messages.some((m) => m._id === message._id)) return null;
  return { ...page, messages: page.messages.map((m) => (m._id === message._id ? { ...m, reaction: message.reaction } : m)) };
}

/** A deletion seen live: gone for the member, or withdrawn for everyone (nothing of it kept). */
export function withDeleted(page: MessagesPage, deleted: MessageDeleted): MessagesPage | null {
  if (!page.messages.some((m) => m._id === deleted.messageId)) return null;
  if (deleted.type === 'deleteForMe') return { ...page, messages: page.messages.filter((m) => m._id !== deleted.messageId) };
  const withdrawn = (m: ChatMessage): ChatMessage =>
    m._id === deleted.messageId ? { ...m, deleteForEveryone: true, body: '', gifUrl: '', selectedImage: '', reaction: [] } : m;
  return { ...page, messages: page.messages.map(withdrawn) };
}

/** A read mark seen live: the sender's messages up to its seq, in its conversation. */
export function withRead(page: MessagesPage, read: MessageRead): MessagesPage | null {
  const hit = (m: ChatMessage) => m.conversationId === read.conversationId && m.senderId === read.senderId && m.seq <= read.lastSeq;
  if (!page.messages.some((m) => hit(m) && !m.isRead)) return null;
  return { ...page, messages: page.messages.map((m) => (hit(m) ? { ...m, isRead: true } : m)) };
}

/** A chat event from the socket into the member's kept conversations (only those kept already). */
export function keepLive(member: string | null, me: ChatMember, event: ChatEvent): void {
  switch (event.type) {
    case 'chat.received':
      void changeKept<MessagesPage>(member, 'thread', keptThreadOfMessage(me, event.message), (page) =>
        withMessages(page, [event.message]),
      );
      return;
    case 'chat.reaction':
      void changeKept<MessagesPage>(member, 'thread', keptThreadOfMessage(me, event.message), (page) => withReaction(page, event.message));
      return;
    case 'chat.deleted':
      void changeKept<MessagesPage>(member, 'thread', null, (page) => withDeleted(page, event.deleted));
      return;
    case 'chat.read':
      void changeKept<MessagesPage>(member, 'thread', null, (page) => withRead(page, event.read));
      return;
    default:
  }
}
