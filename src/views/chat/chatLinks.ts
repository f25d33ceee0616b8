import type { ChatMessage } from '../../api/chat';
import type { ChatMember } from '../../machines/chat/chat.machine';
import { conversationHref } from '../../machines/shell/routes';

/** The chat route for a conversation (private unless `isGroup`), from inside the member area's nested router. */
export const chatHref = (peer: (ChatMember & { isGroup?: boolean }) | null) => `~${conversationHref(peer)}`;

/** What a message shows in one line: its text, else what it carries. */
export function messageSummary(m: Pick<ChatMessage, 'body' | 'gifUrl' | 'selectedImage' | 'deleteForEveryone'>): string {
  return m.deleteForEveryone ? 'Message deleted' : m.body || (m.gifUrl ? 'GIF' : m.selectedImage ? 'Photo' : '');
}
