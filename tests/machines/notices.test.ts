import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ChatMessage } from '../../src/api/chat';
import { serverEvents } from '../../src/api/socket';
import { noticeOf, noticesLogic, openConversation } from '../../src/effects/notices';
import { createBus } from '../../src/effects/socket';
import { appMachine } from '../../src/machines/app.machine';
import type { ToastQueueContext } from '../../src/machines/toastQueue.machine';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: 'm1', seq: 1, conversationId: 'c1', senderId: 'u2', senderUsername: 'ben', senderAvatarColor: '#123456', senderProfilePicture: '',
  receiverId: 'u1', receiverUsername: 'ada', receiverAvatarColor: '#654321', receiverProfilePicture: '', body: 'hi', isRead: false,
  gifUrl: '', selectedImage: '', isGroupChat: false, groupId: '', groupName: '', reaction: [], deleteForEveryone: false, clientId: null,
  createdAt: '2026-11-26T00:00:00.000Z', ...overrides,
});
const inGroup = message({ isGroupChat: true, groupId: 'g1', groupName: 'Night Owls', receiverId: '' });
const at = (pathname: string, search = '') => ({ pathname, search });

describe('message notices', () => {
  it('reads the open conversation from the chat route only', () => {
    expect(openConversation(at('/app/social/chat/messages', '?username=ben&id=u2&isGroup=false'))).toEqual({ id: 'u2', isGroup: false });
    expect(openConversation(at('/app/social/chat/messages', '?username=Night+Owls&id=g1&isGroup=true'))).toEqual({ id: 'g1', isGroup: true });
    expect(openConversation(at('/app/social/chat/messages'))).toBeNull();
    expect(openConversation(at('/app/social/streams', '?id=u2'))).toBeNull();
  });

  it('names the sender (and the group), and stays quiet for the conversation on screen', () => {
    expect(noticeOf({ type: 'messages', message: message() }, null)).toEqual({ type: 'info', description: 'New message from ben' });
    expect(noticeOf({ type: 'messages', message: inGroup }, { id: 'u2', isGroup: false })).toEqual({ type: 'info', description: 'New message from ben in Night Owls' });
    expect(noticeOf({ type: 'messages', message: message() }, { id: 'u2', isGroup: false })).toBeNull();
    expect(noticeOf({ type: 'messages', message: inGroup }, { id: 'g1', isGroup: true })).toBeNull();
    // A private chat with someone else open: still told.
    expect(noticeOf({ type: 'messages', message: message() }, { id: 'u3', isGroup: false })).not.toBeNull();
  });

  it('names who followed, reacted or commented, wherever the member is', () => {
    const from = { _id: 'u2', username: 'ben', avatarColor: '#1e88e5', avatarImage: '', profilePicture: '' };
    const chatOpen = { id: 'u2', isGroup: false };
    expect(noticeOf({ type: 'follows', from }, chatOpen)).toEqual({ type: 'info', description: 'ben started following you' });
    expect(noticeOf({ type: 'reactions', from, postId: 'p1', reaction: 'love' }, null)).toEqual({ type: 'info', description: 'ben reacted to your post' });
    expect(noticeOf({ type: 'comments', from, postId: 'p1' }, null)).toEqual({ type: 'info', description: 'ben commented on your post' });
    // A type this client does not know (a newer server): nothing.
    expect(noticeOf({ type: 'mentions' } as never, null)).toBeNull();
  });

  it('turns socket notifications into the app\'s toasts', () => {
    const bus = createBus();
    let location = at('/app/social/streams');
    const app = createActor(appMachine.provide({ actors: { notices: noticesLogic(bus, () => location) } }), { input: { storedTheme: null } }).start();
    const toasts = () => (app.system.get('toasts')!.getSnapshot().context as ToastQueueContext).toasts.map((t) => t.notification.description);
    bus.publish({ event: serverEvents.notification, payload: { type: 'messages', message: message() } });
    bus.publish({ event: serverEvents.postDeleted, payload: { postId: 'p1' } });
    location = at('/app/social/chat/messages', '?username=ben&id=u2&isGroup=false');
    bus.publish({ event: serverEvents.notification, payload: { type: 'messages', message: message({ _id: 'm2' }) } });
    expect(toasts()).toEqual(['New message from ben']);
    app.stop();
    expect(bus.size).toBe(0);
  });
});
