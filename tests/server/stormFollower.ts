/**
 * One conversation followed by the chat machine's protocol without the screen's machinery, for
 * the 300-client storm bench (the app's chat machine costs milliseconds of CPU per message per
 * tab: fine for one screen, too much for 300 clients in one process). The rules are the chat
 * machine's (src/machines/chat/chat.machine.ts, sync and outbox regions), over the app's own chat
 * effects (chatApi):
 * - the thread loads its latest page; a live message of the conversation is taken by seq (by
 *   _id or clientId never twice); one beyond the synced seq + 1 also starts a catch-up;
 * - `reconnected` on the bus starts a catch-up (ignored while one runs or the thread loads, as
 *   the machine does); a catch-up asks `after` the synced seq, page by page; a failed one stops;
 * - our messages go out one at a time with a clientId; a refused one waits, failed, for a retry.
 * No vitest here.
 */
import { clientIdOf } from '../../src/machines/shared/clientIds';
import type { ChatMessage, MessagesPage } from '../../src/api/chat';
import type { ApiClient } from '../../src/api/client';
import { serverEvents } from '../../src/api/socket';
import { chatApi } from '../../src/effects/chat/chat';
import type { Bus } from '../../src/effects/shell/socket';
import { failureText } from '../../src/machines/shared/failure';
import { inConversation, SEND_FAILED, type ChatPeer } from '../../src/machines/chat/chat.machine';
import type { StormMember, StormTab } from './stormClient';

interface Outgoing {
  body: string;
  clientId: string;
  status: 'pending' | 'failed';
  error?: string;
}

export function followConversation(opts: {
  key: string;
  peer: ChatPeer;
  member: StormMember;
  clientSeed: string;
  api: ApiClient;
  bus: Bus;
}): StormTab {
  const calls = chatApi(opts.api);
  const me = { id: opts.member.id, username: opts.member.username };
  const thread = { peerId: opts.peer.id, isGroup: opts.peer.isGroup };
  const held: ChatMessage[] = [];
  const heldIds = new Set<string>();
  const heldSeqs = new Set<number>();
  let syncedSeq = 0;
  let state: 'loading' | 'live' | 'catchingUp' | 'failed' = 'loading';
  const outbox: Outgoing[] = [];
  let sending = false;
  let sent = 0;
  let stopped = false;

  const tab: StormTab = {
    key: opts.key,
    peer: opts.peer,
    changedAt: Date.now(),
    stored: () => held,
    unsent: () => outbox,
    ready: () => state === 'live' || state === 'catchingUp',
    send(body) {
      sent += 1;
      outbox.push({ body, clientId: clientIdOf(opts.clientSeed, sent), status: 'pending' });
      void drain();
    },
    retry(clientId) {
      for (const m of outbox) if (m.clientId === clientId && m.status === 'failed') m.status = 'pending';
      void drain();
    },
    describe: () => `synced to ${syncedSeq}; ${state}; ${outbox.length} unsent`,
    stop() {
      stopped = true;
      unsubscribe();
    },
  };

  const changed = () => void (tab.changedAt = Date.now());

  /** As the machine's takeMessage: replaces our pending copy or the same message, else in by seq. */
  function take(message: ChatMessage): void {
    const mine = message.clientId === null ? -1 : outbox.findIndex((m) => m.clientId === message.clientId);
    if (mine >= 0) outbox.splice(mine, 1);
    if (!heldIds.has(message._id)) {
      let at = held.length;
      while (at > 0 && held[at - 1]!.seq > message.seq) at -= 1;
      held.splice(at, 0, message);
      heldIds.add(message._id);
      heldSeqs.add(message.seq);
      changed();
    }
    const before = syncedSeq;
    while (heldSeqs.has(syncedSeq + 1)) syncedSeq += 1;
    if (syncedSeq !== before) changed();
  }

  const setSynced = (seq: number) => {
    if (seq <= syncedSeq) return;
    syncedSeq = seq;
    changed();
  };

  async function catchUp(): Promise<void> {
    state = 'catchingUp';
    try {
      for (;;) {
        const page: MessagesPage = await calls.messages({ ...thread, after: syncedSeq });
        if (stopped) return;
        for (const m of page.messages) take(m);
        // A page is contiguous from `after`: its last seq is known even if some of it was deleted for us.
        if (page.hasMore) setSynced(page.messages.at(-1)?.seq ?? 0);
        else {
          setSynced(page.lastSeq);
          break;
        }
      }
    } catch {
      // The machine shows a toast and goes live: the next reconnect or gap catches up.
    }
    state = 'live';
  }

  async function drain(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      for (let next = outbox.find((m) => m.status === 'pending'); next && !stopped; next = outbox.find((m) => m.status === 'pending')) {
        const outgoing = next;
        try {
          take(await calls.send({ ...thread, body: outgoing.body, gifUrl: '', selectedImage: '', clientId: outgoing.clientId }));
        } catch (error) {
          // Unless the echo already proved it stored (then it left the outbox).
          if (outbox.includes(outgoing)) {
            outgoing.status = 'failed';
            outgoing.error = failureText(error, SEND_FAILED);
          }
        }
      }
    } finally {
      sending = false;
    }
  }

  const unsubscribe = opts.bus.subscribe((message) => {
    if (stopped) return;
    if (message.event === 'reconnected') {
      if (state === 'live') void catchUp();
      return;
    }
    if (message.event !== serverEvents.messageReceived && message.event !== serverEvents.groupMessageReceived) return;
    const received = message.payload;
    if (!inConversation(me, opts.peer, received)) return;
    const gap = received.seq > syncedSeq + 1;
    take(received);
    if (gap && state === 'live') void catchUp();
  });

  void calls.messages(thread).then(
    (page) => {
      for (const m of page.messages) take(m);
      setSynced(page.lastSeq);
      state = 'live';
    },
    () => void (state = 'failed'),
  );
  return tab;
}
