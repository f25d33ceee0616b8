import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ChatMessage } from '../../../src/api/chat';
import { NOTIFICATION_KINDS, type Notification } from '../../../src/api/notifications';
import { serverEvents, type NotificationPayload } from '../../../src/api/socket';
import { noticeOf } from '../../../src/effects/shell/noticeOf';
import { noticesLogic, openConversation } from '../../../src/effects/shell/notices';
import { INBOX_ROUTE } from '../../../src/machines/notifications/inbox.machine';
import { createBus } from '../../../src/effects/shell/socket';
import { appMachine } from '../../../src/machines/shell/app.machine';
import type { ToastQueueContext } from '../../../src/machines/shell/toastQueue.machine';

const message = (overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: 'm1',
  seq: 1,
  conversationId: 'c1',
  senderId: 'u2',
  senderUsername: 'ben',
  senderAvatarColor: '#123456',
  senderProfilePicture: '',
  receiverId: 'u1',
  receiverUsername: 'ada',
  receiverAvatarColor: '#654321',
  receiverProfilePicture: '',
  body: 'hi',
  isRead: false,
  gifUrl: '',
  selectedImage: '',
  isGroupChat: false,
  groupId: '',
  groupName: '',
  reaction: [],
  deleteForEveryone: false,
  clientId: null,
  createdAt: '2026-11-26T00:00:00.000Z',
  ...overrides,
});
const inGroup = message({ isGroupChat: true, groupId: 'g1', groupName: 'Night Owls', receiverId: '' });
const at = (pathname: string, search = '') => ({ pathname, search });

describe('message notices', () => {
  it('reads the open conversation from the chat route only', () => {
    expect(openConversation(at('/app/social/chat/messages', '?username=ben&id=u2&isGroup=false'))).toEqual({ id: 'u2', isGroup: false });
    expect(openConversation(at('/app/social/chat/messages', '?username=Night+Owls&id=g1&isGroup=true'))).toEqual({
      id: 'g1',
      isGroup: true,
    });
    expect(openConversation(at('/app/social/chat/messages'))).toBeNull();
    expect(openConversation(at('/app/social/streams', '?id=u2'))).toBeNull();
  });

  it('names the sender (and the group), and stays quiet for the conversation on screen', () => {
    expect(noticeOf({ type: 'messages', message: message() }, null)).toEqual({ type: 'info', description: 'New message from ben' });
    expect(noticeOf({ type: 'messages', message: inGroup }, { id: 'u2', isGroup: false })).toEqual({
      type: 'info',
      description: 'New message from ben in Night Owls',
    });
    expect(noticeOf({ type: 'messages', message: message() }, { id: 'u2', isGroup: false })).toBeNull();
    expect(noticeOf({ type: 'messages', message: inGroup }, { id: 'g1', isGroup: true })).toBeNull();
    // A private chat with someone else open: still told.
    expect(noticeOf({ type: 'messages', message: message() }, { id: 'u3', isGroup: false })).not.toBeNull();
  });

  it('names the newest actor of a new inbox entry, except while the inbox is on screen', () => {
    const ben = { _id: 'u2', username: 'ben', avatarColor: '#1e88e5', avatarImage: '', profilePicture: '' };
    const ada = { ...ben, _id: 'u3', username: 'ada' };
    const entry = (kind: Notification['kind'], over: Partial<Notification> = {}): NotificationPayload => ({
      type: 'inbox',
      unreadCount: 2,
      notification: {
        _id: 'n1',
        kind,
        target: { type: 'post', id: 'p1', label: 'Sunrise' },
        actors: [ben, ada],
        actorCount: 4,
        read: false,
        detail: '',
        createdAt: '2026-11-26T00:00:00.000Z',
        updatedAt: '2026-11-26T00:00:00.000Z',
        ...over,
      },
    });
    const chatOpen = { id: 'u2', isGroup: false };
    expect(noticeOf(entry('follow', { target: { type: 'profile', id: 'u2', label: 'ben' } }), chatOpen)).toEqual({
      type: 'info',
      description: 'ben started following you',
    });
    expect(noticeOf(entry('mention'), null)).toEqual({ type: 'info', description: 'ben mentioned you in a post' });
    expect(noticeOf(entry('appealApproved', { actors: [], actorCount: 0, target: { type: 'appeal', id: 'a1', label: '' } }), null)).toEqual(
      {
        type: 'info',
        description: 'Your appeal was approved: your account is active again',
      },
    );
    expect(noticeOf(entry('follow'), null, true)).toBeNull();
    // A type this client does not know (a newer server): nothing.
    expect(noticeOf({ type: 'mentions' } as never, null)).toBeNull();
  });

  it('toasts only what needs the member now: reactions, comments, answers, invitations and group news go to the inbox alone', () => {
    const entry = (kind: Notification['kind']): NotificationPayload => ({
      type: 'inbox',
      unreadCount: 1,
      notification: {
        _id: 'n1',
        kind,
        target: { type: 'post', id: 'p1', label: 'Sunrise' },
        actors: [{ _id: 'u2', username: 'ben', avatarColor: '#1e88e5', avatarImage: '', profilePicture: '' }],
        actorCount: 1,
        read: false,
        detail: '',
        createdAt: '2026-11-26T00:00:00.000Z',
        updatedAt: '2026-11-26T00:00:00.000Z',
      },
    });
    const toasted = NOTIFICATION_KINDS.filter((kind) => noticeOf(entry(kind), null) !== null);
    expect(toasted).toEqual([
      'follow',
      'mention',
      'reportResolved',
      'reportDismissed',
      'appealApproved',
      'appealRejected',
      'banned',
      'unbanned',
      // The member asked for it and may have left the settings page: their data is ready.
      'dataExportReady',
    ]);
    for (const kind of ['reaction', 'comment', 'answer', 'groupInvite'] as const) expect(noticeOf(entry(kind), null)).toBeNull();
  });

  it("turns socket notifications into the app's toasts, in the order they came", async () => {
    const bus = createBus();
    let location = at('/app/social/streams');
    const app = createActor(appMachine.provide({ actors: { notices: noticesLogic(bus, () => location) } }), {
      input: { storedTheme: null },
    }).start();
    const toasts = () =>
      (app.system.get('toasts')!.getSnapshot().context as ToastQueueContext).toasts.map((t) => t.notification.description);
    bus.publish({ event: serverEvents.notification, payload: { type: 'messages', message: message() } });
    bus.publish({ event: serverEvents.postDeleted, payload: { postId: 'p1' } });
    location = at('/app/social/chat/messages', '?username=ben&id=u2&isGroup=false');
    bus.publish({ event: serverEvents.notification, payload: { type: 'messages', message: message({ _id: 'm2' }) } });
    const follow: NotificationPayload = {
      type: 'inbox',
      unreadCount: 1,
      notification: {
        _id: 'n1',
        kind: 'follow',
        target: { type: 'profile', id: 'u2', label: 'ben' },
        actorCount: 1,
        read: false,
        detail: '',
        actors: [{ _id: 'u2', username: 'ben', avatarColor: '#1e88e5', avatarImage: '', profilePicture: '' }],
        createdAt: '2026-11-26T00:00:00.000Z',
        updatedAt: '2026-11-26T00:00:00.000Z',
      },
    };
    bus.publish({ event: serverEvents.notification, payload: follow });
    location = at(INBOX_ROUTE);
    bus.publish({ event: serverEvents.notification, payload: { ...follow, notification: { ...follow.notification, kind: 'mention' } } });
    // What a notice says comes with the first notification: each is told about where the member was when it came.
    await vi.waitFor(() => expect(toasts()).toEqual(['New message from ben', 'ben started following you']));
    app.stop();
    expect(bus.size).toBe(0);
  });
});
