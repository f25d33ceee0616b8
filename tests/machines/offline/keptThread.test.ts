import { describe, expect, it, vi } from 'vitest';
import type { MessagesPage } from '../../../src/api/chat';
import { KEPT_LIMITS, KEPT_THREAD_MESSAGES, keptThreadId } from '../../../src/api/offline/kept';
import { keptThreadOf, keptThreadOfMessage, withDeleted, withMessages, withReaction, withRead } from '../../../src/effects/chat/keptThread';
import { withKept } from '../../../src/effects/offline/keptLoad';
import { noAnswer, refused } from '../../fixtures/streams';
import { me, msg } from '../chat/chat.model';
import { ben as gBen, groupMessage } from '../chat/groupChat/groupChatFixtures';

/** The pure half of a conversation's kept copy (src/effects/chat/keptThread.ts); IndexedDB's half runs in Chromium (tests/e2e/keptStore.test.ts). */

const page = (seqs: number[], hasMore = false): MessagesPage => ({
  messages: seqs.map((seq) => msg(seq, seq % 2 ? 'me' : 'ben')),
  lastSeq: Math.max(0, ...seqs),
  hasMore,
});

describe('a kept conversation', () => {
  it('is named by the other member or the group, from a load or from a message either way', () => {
    expect(keptThreadOf({ peerId: 'u2', isGroup: false })).toBe(keptThreadId('u2', false));
    expect(keptThreadOf({ peerId: 'g1', isGroup: true })).toBe('group:g1');
    expect(keptThreadOfMessage(me, msg(2, 'ben'))).toBe('private:u2');
    expect(keptThreadOfMessage(me, msg(3, 'me'))).toBe('private:u2');
    expect(keptThreadOfMessage(me, groupMessage(1, gBen))).toBe(keptThreadId(groupMessage(1, gBen).groupId, true));
  });

  it('keeps the newest KEPT_THREAD_MESSAGES, oldest first, each once; dropping some means older ones exist', () => {
    const full = page(Array.from({ length: 80 }, (_, i) => i + 1));
    const kept = withMessages(full, []);
    expect(kept.messages).toHaveLength(KEPT_THREAD_MESSAGES);
    expect(kept.messages[0]!.seq).toBe(80 - KEPT_THREAD_MESSAGES + 1);
    expect(kept.messages.at(-1)!.seq).toBe(80);
    expect(kept.hasMore).toBe(true);
    expect(withMessages(page([1, 2]), []).hasMore).toBe(false);
    expect(withMessages(page([1, 2], true), []).hasMore).toBe(true);
  });

  it('takes what arrives live in seq order, once, the later copy winning, and follows the newest seq', () => {
    const kept = withMessages(page([2, 3]), [msg(5, 'ben'), msg(4, 'me'), msg(3, 'me', { body: 'edited' })]);
    expect(kept.messages.map((m) => m.seq)).toEqual([2, 3, 4, 5]);
    expect(kept.messages.find((m) => m.seq === 3)!.body).toBe('edited');
    expect(kept.lastSeq).toBe(5);
    expect(withMessages(page([2, 3]), []).lastSeq).toBe(3);
  });

  it('applies reactions, deletions and read marks only where it holds the message', () => {
    const kept = page([2, 3]);
    const reacted = msg(2, 'ben', { reaction: [{ userId: 'me', type: 'like' }] as never });
    expect(withReaction(kept, reacted)!.messages[0]!.reaction).toEqual(reacted.reaction);
    expect(withReaction(kept, msg(9, 'ben'))).toBeNull();

    const deleted = { conversationId: 'conv-ben', messageId: 'm2', seq: 2, isGroupChat: false, groupId: '' };
    expect(withDeleted(kept, { ...deleted, type: 'deleteForMe' })!.messages.map((m) => m.seq)).toEqual([3]);
    const withdrawn = withDeleted(kept, { ...deleted, type: 'deleteForEveryone' })!.messages[0]!;
    expect([withdrawn.deleteForEveryone, withdrawn.body]).toEqual([true, '']);
    expect(withDeleted(kept, { ...deleted, messageId: 'nope', type: 'deleteForMe' })).toBeNull();

    const read = { conversationId: 'conv-ben', readerId: 'me', senderId: 'u2', lastSeq: 2 };
    expect(withRead(kept, read)!.messages[0]!.isRead).toBe(true);
    // Nothing left unread of that sender there, or another conversation: unchanged.
    expect(withRead(withRead(kept, read)!, read)).toBeNull();
    expect(withRead(kept, { ...read, conversationId: 'conv-carl' })).toBeNull();
  });

  it('is bounded: 30 conversations of 50 messages each', () => {
    expect(KEPT_LIMITS.thread).toBe(30);
    expect(KEPT_THREAD_MESSAGES).toBe(50);
  });
});

describe('withKept', () => {
  const slot = { member: null, kind: 'thread' as const, id: 'private:u2' };

  it('answers the server’s value, and its bound is only what is kept', async () => {
    const bound = vi.fn((p: MessagesPage) => withMessages(p, []));
    const value = page(Array.from({ length: 60 }, (_, i) => i + 1));
    const mark = vi.fn();
    expect(await withKept(slot, async () => value, mark, bound)).toBe(value);
    expect(bound).toHaveBeenCalledWith(value);
    expect(mark).not.toHaveBeenCalled();
  });

  it('lets a refusal (4xx) stand, and with nothing kept a failure to reach the server too', async () => {
    await expect(
      withKept(
        slot,
        () => Promise.reject(refused('User not found', 404)),
        (v) => v,
      ),
    ).rejects.toMatchObject({
      data: { message: 'User not found' },
    });
    await expect(
      withKept(
        slot,
        () => Promise.reject(noAnswer()),
        (v) => v,
      ),
    ).rejects.toThrow('fetch failed');
  });
});
