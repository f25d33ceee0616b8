import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { serverEvents } from '../../../src/api/socket';
import { chatBadgeEventOf, chatBadgeLogic } from '../../../src/effects/chat/chatBadge';
import { createBus } from '../../../src/effects/shell/socket';
import { shownUnreadCount } from '../../../src/machines/shell/unreadBadge.connect';
import { BADGE_SETTLE_MS } from '../../../src/machines/shell/unreadBadge.machine';
import { msg } from './chat.model';

/** The Chat nav badge: the unread badge machine with the chat's effects (the machine's own model test is unreadBadge's). */
describe('chat badge effects', () => {
  afterEach(() => vi.useRealTimers());

  it("asks again on the socket's chat changes and reconnects, and on nothing else", () => {
    const refresh = { type: 'badge.refresh' };
    expect(chatBadgeEventOf({ event: 'reconnected' })).toEqual(refresh);
    expect(chatBadgeEventOf({ event: serverEvents.messageReceived, payload: msg(1, 'ben') })).toEqual(refresh);
    expect(chatBadgeEventOf({ event: serverEvents.groupRead, payload: { groupId: 'g1', unreadCount: 0 } })).toEqual(refresh);
    expect(
      chatBadgeEventOf({ event: serverEvents.messageRead, payload: { conversationId: 'c', readerId: 'a', senderId: 'b', lastSeq: 1 } }),
    ).toEqual(refresh);
    expect(chatBadgeEventOf({ event: serverEvents.postDeleted, payload: { postId: 'p1' } })).toBeNull();
  });

  it('runs the real machine: reads the count, a message arriving raises it, reading a conversation lowers it', async () => {
    const counts = [2, 3, 1];
    const calls: string[] = [];
    const api = {
      chat: {
        unreadCount: async () => {
          calls.push('/chat/message/unread-count');
          return { unreadCount: counts.shift() ?? 0 };
        },
      },
    } as unknown as ApiClient;
    const bus = createBus();
    const actor = createActor(chatBadgeLogic({ api, bus })).start();
    actor.send({ type: 'badge.start' });
    await vi.waitFor(() => expect(shownUnreadCount(actor.getSnapshot())).toBe(2));
    bus.publish({ event: serverEvents.messageReceived, payload: msg(1, 'ben') });
    await vi.waitFor(() => expect(shownUnreadCount(actor.getSnapshot())).toBe(3));
    bus.publish({ event: serverEvents.messageRead, payload: { conversationId: 'c', readerId: 'a', senderId: 'b', lastSeq: 1 } });
    await vi.waitFor(() => expect(shownUnreadCount(actor.getSnapshot())).toBe(1));
    expect(calls).toHaveLength(3);
    actor.send({ type: 'badge.stop' });
    expect(bus.size).toBe(0);
    expect(shownUnreadCount(actor.getSnapshot())).toBe(0);
    actor.stop();
  });

  it('a change while a read is on its way asks again (the answer on its way may be older); a burst asks once', async () => {
    const answers: ((n: { unreadCount: number }) => void)[] = [];
    const api = {
      chat: { unreadCount: () => new Promise<{ unreadCount: number }>((resolve) => answers.push(resolve)) },
    } as unknown as ApiClient;
    const bus = createBus();
    const actor = createActor(chatBadgeLogic({ api, bus })).start();
    actor.send({ type: 'badge.start' });
    expect(answers).toHaveLength(1);
    // A burst of changes: one more read, after a short pause.
    bus.publish({ event: serverEvents.groupRead, payload: { groupId: 'g1', unreadCount: 0 } });
    bus.publish({ event: serverEvents.messageReceived, payload: msg(2, 'ben') });
    bus.publish({ event: serverEvents.messageReceived, payload: msg(3, 'ben') });
    expect(answers).toHaveLength(1);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, BADGE_SETTLE_MS * 2));
    expect(answers).toHaveLength(2);
    answers[0]!({ unreadCount: 5 });
    answers[1]!({ unreadCount: 4 });
    await vi.waitFor(() => expect(shownUnreadCount(actor.getSnapshot())).toBe(4));
    actor.stop();
  });
});
