import type { ChatListItem, ChatMessage, GroupChat } from '../../api/chat';
import type { ChatSnapshot } from './chat.machine';
import { newestFirst } from './chat.thread';

/** What the chat views read from a snapshot. */

export const selectListLoading = (s: ChatSnapshot) =>
  s.matches({ list: 'loading' }) && s.context.list.length === 0 && s.context.groups.length === 0;
export const selectListFailed = (s: ChatSnapshot) => s.matches({ list: 'failed' });
export const selectThreadLoading = (s: ChatSnapshot) => s.matches({ conversation: { open: 'loading' } });
export const selectThreadFailed = (s: ChatSnapshot) => s.matches({ conversation: { open: 'failed' } });
export const selectThreadReady = (s: ChatSnapshot) => s.matches({ conversation: { open: 'ready' } });
export const selectLoadingOlder = (s: ChatSnapshot) => s.matches({ conversation: { open: { ready: { older: 'loading' } } } });
export const selectEditing = (s: ChatSnapshot) => s.context.edit !== null;

/** A row of the conversation list: a private conversation or a group chat. */
export type ConversationRow =
  | { kind: 'private'; key: string; at: string; item: ChatListItem }
  | { kind: 'group'; key: string; at: string; group: GroupChat; last: ChatMessage | null };

/** Private conversations and group chats in one list, newest first (a group by its last message, else its last change). */
export function conversationRows(list: ChatListItem[], groups: GroupChat[], groupLast: Record<string, ChatMessage>): ConversationRow[] {
  const rows: ConversationRow[] = [
    ...list.map((item) => ({ kind: 'private' as const, key: item.conversationId, at: item.createdAt, item })),
    ...groups.map((group) => {
      const last = groupLast[group._id] ?? null;
      const at = last && last.createdAt > group.updatedAt ? last.createdAt : group.updatedAt;
      return { kind: 'group' as const, key: group._id, at, group, last };
    }),
  ];
  return rows.sort((a, b) => newestFirst(a.at, b.at));
}
