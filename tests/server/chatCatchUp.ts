import type { ChatMessage, MessagesPage } from '../../src/api/chat';
import { paths } from '../../src/api/paths';
import { serverEvents } from '../../src/api/socket';
import { okHttp } from './chatSockets';
import type { Socket } from 'socket.io-client';

/**
 * What a client does to miss nothing: keep the messages of one conversation by seq; take live
 * events in order; on a gap, and after every (re)connect, fetch everything after the last seq.
 */
export function followConversation(opts: { socket: Socket; baseUrl: () => string; token: string; otherId: string; isGroupChat?: boolean }) {
  const messages: ChatMessage[] = [];
  let lastSeq = 0;
  let catching: Promise<void> | null = null;
  const add = (message: ChatMessage) => {
    if (message.seq <= lastSeq) return;
    messages.push(message);
    lastSeq = message.seq;
  };
  const catchUp = (): Promise<void> =>
    (catching ??= (async () => {
      try {
        for (;;) {
          const page: MessagesPage = await okHttp(
            opts.baseUrl(),
            opts.token,
            'GET',
            paths.chat.messages(opts.otherId, { isGroupChat: opts.isGroupChat ?? false, after: lastSeq }),
          );
          for (const message of page.messages) add(message);
          if (!page.hasMore) break;
        }
      } catch {
        // The server is away; the next connect catches up.
      } finally {
        catching = null;
      }
    })());
  const live = (message: ChatMessage) => {
    if (message.seq === lastSeq + 1) add(message);
    else if (message.seq > lastSeq + 1) void catchUp();
  };
  opts.socket.on(opts.isGroupChat ? serverEvents.groupMessageReceived : serverEvents.messageReceived, (message: ChatMessage) =>
    live(message),
  );
  opts.socket.on('connect', () => void catchUp());
  return { messages, catchUp, lastSeq: () => lastSeq };
}
