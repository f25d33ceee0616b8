import { describe, expect, it } from 'vitest';
import { messageRights } from '../../../src/machines/chat/chat.connect';
import type { ThreadMessage } from '../../../src/machines/chat/chat.machine';
import { ben, groupMessage, me } from './groupChat/groupChatFixtures';

const message = (from: { id: string; username: string }, overrides: Partial<ThreadMessage> = {}): ThreadMessage => ({
  ...groupMessage(1, from),
  status: 'sent',
  ...overrides,
});

describe('chat connect: what the member may do with a message', () => {
  it('reacts to and deletes any stored message, deletes their own for everyone', () => {
    expect(messageRights(message(me), me)).toMatchObject({
      mine: true,
      canReact: true,
      canDelete: true,
      canDeleteForEveryone: true,
      canRetry: false,
    });
    expect(messageRights(message(ben), me)).toMatchObject({ mine: false, canReact: true, canDelete: true, canDeleteForEveryone: false });
  });

  it('offers nothing on a withdrawn or unsent message but Retry on a failed one', () => {
    expect(messageRights(message(ben, { deleteForEveryone: true }), me)).toMatchObject({
      withdrawn: true,
      canReact: false,
      canDelete: false,
    });
    expect(messageRights(message(me, { status: 'pending' }), me)).toMatchObject({ canReact: false, canDelete: false, canRetry: false });
    expect(messageRights(message(me, { status: 'failed' }), me)).toMatchObject({ canReact: false, canRetry: true });
  });

  it("knows the member's own reaction", () => {
    const reacted = message(ben, { reaction: [{ userId: me.id, senderName: me.username, type: 'like' }] as ThreadMessage['reaction'] });
    expect(messageRights(reacted, me).myReaction).toBe('like');
    expect(messageRights(reacted, ben).myReaction).toBeNull();
  });
});
