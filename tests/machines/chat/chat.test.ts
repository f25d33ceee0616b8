import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, GroupChat } from '../../../src/api/chat';
import type { ApiClient } from '../../../src/api/client';
import { createChatApi } from '../../../src/api/chat/client';

/** A client whose typed chat calls go through this fake http, as the app's go through ofetch. */
const withChatApi = (http: (...args: never[]) => Promise<unknown>) => ({ http, ...createChatApi(http as never) }) as unknown as ApiClient;
import { chatApi, chatEventOf, invitationEventOf, liveChatActor, viewingActor } from '../../../src/effects/chat/chat';
import { navigationLogic } from '../../../src/effects/shell/navigation';
import { privateChatCacheLogic } from '../../../src/effects/chat/privateChatCache';
import { createBus } from '../../../src/effects/shell/socket';
import {
  chatMachine,
  conversationRows,
  draftError,
  GROUP_GONE,
  NOT_AN_IMAGE,
  type ChatContext,
  type ChatLists,
  type FetchMessagesInput,
  type ThreadPage,
} from '../../../src/machines/chat/chat.machine';
import { createActor, fromCallback, fromPromise, fromTransition, setup, waitFor, type AnyActorRef } from 'xstate';
import { refused } from '../../fixtures/streams';
import { KEPT_LIST_RETRY_MS } from '../../../src/api/constants';
import { ben as gBen, GIF, groupMessage, PNG, team, UPLOADED } from './groupChat/groupChatFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import {
  C1,
  KEPT_AT,
  ben,
  chatModel,
  gm1,
  gm2,
  gm3,
  gm4,
  gm5,
  groupSerialize,
  input,
  item,
  itemBen,
  m2,
  m3,
  m5,
  me,
  msg,
  other,
  renamed,
  serialize,
  teamPeer,
  withoutMe,
} from './chat.model';

const coverage = new TransitionCoverage(chatMachine);

describe('chat machine', () => {
  const paths = pathsOf(chatModel, 'direct chats');
  beforeEach(() => void vi.useFakeTimers());

  it('walks a bounded graph', () => {
    console.log(`chat: ${paths.length} cover paths`);
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const handedOff: { clientId: string; payload: unknown }[] = [];
    await replay(chatMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          toOutbox: (_: unknown, handOff: { clientId: string; payload: unknown }) => void handedOff.push(handOff),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: ChatContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & { error?: unknown };
        // Newest first, never the same conversation twice.
        const times = c.list.map((i) => i.createdAt);
        expect([...times].sort().reverse()).toEqual(times);
        expect(new Set(c.list.map((i) => i.conversationId)).size).toBe(c.list.length);
        // A message is never shown twice, and the stored ones are in seq order.
        const ids = c.messages.map((m) => m._id);
        expect(new Set(ids).size).toBe(ids.length);
        const clientIds = c.messages.map((m) => m.clientId).filter(Boolean);
        expect(new Set(clientIds).size).toBe(clientIds.length);
        const seqs = c.messages.filter((m) => m.status === 'sent').map((m) => m.seq);
        expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
        // Only this conversation's messages.
        for (const m of c.messages) expect([m.senderId, m.receiverId].sort()).toEqual(['me', 'u2']);
        if (
          e.type === 'xstate.error.actor.list' ||
          e.type === 'xstate.error.actor.markRead' ||
          e.type === 'xstate.error.actor.react' ||
          e.type === 'xstate.error.actor.delete' ||
          e.type === 'xstate.error.actor.older' ||
          e.type === 'xstate.error.actor.catchUp'
        ) {
          const expected = e.error instanceof Error ? e.error.message : (e.error as { data: { message: string } }).data.message;
          expect(toasts.at(-1)).toEqual({ type: 'error', description: expected });
        }
        if (e.type === 'xstate.error.actor.thread') expect(c.threadError).toBe('User not found');
        if (e.type === 'chat.select' && snapshot.children.thread)
          expect(snapshot.children.thread.getSnapshot().input).toEqual({ peerId: c.peer!.id, isGroup: false });
        if (e.type === 'chat.send') {
          const body = (e as unknown as { body: string }).body;
          const pending = c.messages.filter((m) => m.status === 'pending');
          if (body.trim()) {
            expect(pending.map((m) => m.body)).toEqual(['hi']);
            expect(snapshot.children.send?.getSnapshot().input).toEqual({
              peerId: 'u2',
              isGroup: false,
              body: 'hi',
              gifUrl: '',
              selectedImage: '',
              clientId: C1,
            });
          } else expect(pending).toEqual([]);
        }
        // A refused send shows as failed, unless the socket's echo already proved it stored; one
        // that got no answer leaves the thread for the outbox (with its client id), which sends it.
        if (e.type === 'xstate.error.actor.send') {
          const mine = c.messages.find((m) => m.clientId === C1);
          const noReply = e.error instanceof Error;
          if (ids.includes('m4')) expect(mine?.status).toBe('sent');
          else if (noReply) {
            expect(mine).toBeUndefined();
            expect(handedOff.at(-1)).toEqual({
              kind: 'chatMessage',
              clientId: C1,
              payload: { peerId: 'u2', peerName: 'ben', isGroup: false, body: 'hi', gifUrl: '', image: '', selectedImage: '' },
            });
          } else expect([mine?.status, mine?.error]).toEqual(['failed', 'You cannot message this member']);
        }
        if (snapshot.children.send) {
          const sending = snapshot.children.send.getSnapshot().input as { clientId: string };
          expect(sending.clientId).toBe(C1);
        }
        if (
          e.type === 'xstate.done.actor.send' ||
          (e.type === 'chat.received' && (e as unknown as { message: ChatMessage }).message._id === 'm4')
        ) {
          expect(c.messages.filter((m) => m.clientId === C1).map((m) => `${m._id}:${m.status}`)).toEqual(['m4:sent']);
        }
        if (e.type === 'xstate.done.actor.thread' && snapshot.children.markRead)
          expect(snapshot.children.markRead.getSnapshot().input).toEqual({ senderId: 'u2', receiverId: 'me' });
        if (e.type === 'xstate.done.actor.markRead') {
          expect(c.messages.filter((m) => m.senderId === 'u2' && m.seq <= 3).every((m) => m.isRead)).toBe(true);
          if (c.list.length) expect(c.list.find((i) => i.conversationId === 'conv-ben')?.unreadCount).toBe(0);
        }
        if (e.type === 'chat.read' && c.messages.length) expect(c.messages.find((m) => m._id === 'm3')?.isRead).toBe(true);
        if (e.type === 'chat.react' && snapshot.children.react)
          expect(snapshot.children.react.getSnapshot().input).toEqual({ messageId: 'm3', reaction: 'like', change: 'add' });
        if (e.type === 'chat.delete' && snapshot.children.delete)
          expect(snapshot.children.delete.getSnapshot().input).toEqual({
            messageId: 'm3',
            senderId: 'me',
            receiverId: 'u2',
            mode: 'deleteForEveryone',
          });
        if (e.type === 'xstate.done.actor.delete') {
          const m = c.messages.find((x) => x._id === 'm3')!;
          expect([m.deleteForEveryone, m.body, m.reaction]).toEqual([true, '', []]);
        }
        if (e.type === 'chat.deleted' && c.messages.length) expect(ids).not.toContain('m2');
        if (e.type === 'chat.loadOlder' && snapshot.children.older)
          expect(snapshot.children.older.getSnapshot().input).toEqual({ peerId: 'u2', isGroup: false, before: 2 });
        if (e.type === 'chat.reconnected' && snapshot.children.catchUp)
          expect(snapshot.children.catchUp.getSnapshot().input).toEqual({ peerId: 'u2', isGroup: false, after: 3 });
        if (e.type === 'chat.received') {
          // In order: taken, nothing asked; after a gap: taken, and what is missing is asked for.
          const id = (e as unknown as { message: ChatMessage }).message._id;
          if (id === 'm4b')
            expect([c.syncedSeq, snapshot.matches({ conversation: { open: { ready: { sync: 'live' } } } })]).toEqual([4, true]);
          if (id === 'm5' && snapshot.children.catchUp)
            expect(snapshot.children.catchUp.getSnapshot().input).toEqual({ peerId: 'u2', isGroup: false, after: 3 });
        }
        if (e.type === 'xstate.done.actor.catchUp') {
          const out = (e as unknown as { output: { hasMore: boolean } }).output;
          // The next page continues from the last seq held without a gap.
          if (out.hasMore)
            expect(snapshot.children.catchUp?.getSnapshot().input).toEqual({ peerId: 'u2', isGroup: false, after: c.syncedSeq });
          else expect(c.syncedSeq).toBe(5);
        }
      },
    });
  });
});

describe('chat effects', () => {
  it('maps socket events to chat events', () => {
    expect(chatEventOf({ event: 'reconnected' })).toEqual({ type: 'chat.reconnected' });
    expect(chatEventOf({ event: 'message received', payload: m5 })).toEqual({ type: 'chat.received', message: m5 });
    expect(chatEventOf({ event: 'chat list', payload: itemBen })).toEqual({ type: 'chat.listItem', item: itemBen });
    const deleted = { conversationId: 'g', messageId: 'x', seq: 1, type: 'deleteForMe' as const, isGroupChat: true, groupId: 'g' };
    expect(chatEventOf({ event: 'message deleted', payload: deleted })).toBeNull();
    expect(chatEventOf({ event: 'reset', feed: 'streams' })).toBeNull();
  });

  it('maps group chat socket events to chat and invitation events', () => {
    const gm = groupMessage(3, gBen);
    const g = team();
    expect(chatEventOf({ event: 'group message received', payload: gm })).toEqual({ type: 'chat.received', message: gm });
    expect(chatEventOf({ event: 'group message reaction', payload: gm })).toEqual({ type: 'chat.reaction', message: gm });
    const deleted = {
      conversationId: 'g1',
      messageId: 'gm3',
      seq: 3,
      type: 'deleteForEveryone' as const,
      isGroupChat: true,
      groupId: 'g1',
    };
    expect(chatEventOf({ event: 'group message deleted', payload: deleted })).toEqual({ type: 'chat.deleted', deleted });
    for (const event of ['group chat list', 'group updated'] as const) {
      expect(chatEventOf({ event, payload: g })).toEqual({ type: 'chat.groupUpdated', group: g });
      expect(invitationEventOf({ event, payload: g })).toEqual({ type: 'invitations.group', group: g });
    }
    for (const event of ['group member promoted', 'group member removed'] as const) {
      expect(chatEventOf({ event, payload: { groupId: 'g1', userId: 'u2', group: g } })).toEqual({ type: 'chat.groupUpdated', group: g });
    }
    // The member removed hears it without the group.
    expect(chatEventOf({ event: 'group member removed', payload: { groupId: 'g1', userId: 'me', group: null } })).toEqual({
      type: 'chat.groupRemoved',
      groupId: 'g1',
    });
    expect(chatEventOf({ event: 'group deleted', payload: { groupId: 'g1' } })).toEqual({ type: 'chat.groupRemoved', groupId: 'g1' });
    expect(invitationEventOf({ event: 'group deleted', payload: { groupId: 'g1' } })).toEqual({
      type: 'invitations.removed',
      groupId: 'g1',
    });
    expect(invitationEventOf({ event: 'reconnected' })).toEqual({ type: 'invitations.reconnected' });
    expect(invitationEventOf({ event: 'message received', payload: m5 })).toBeNull();
  });

  it('opening a group asks to join its room (and leaves nothing on close); a private chat says add/remove chat users', () => {
    const http = vi.fn(async () => ({}));
    const emit = vi.fn(async () => ({ ok: true }));
    const calls = chatApi(withChatApi(http));
    const group = createActor(viewingActor(calls, emit as never), {
      input: { me, peer: { id: 'g1', username: 'Team', isGroup: true } },
    }).start();
    group.stop();
    expect(emit).toHaveBeenCalledWith('join group room', { groupId: 'g1' });
    expect(http).not.toHaveBeenCalled();
    const direct = createActor(
      viewingActor(calls, emit as never, createBus(), () => true),
      { input: { me, peer: ben } },
    ).start();
    direct.stop();
    expect(http.mock.calls).toEqual([
      ['/chat/message/add-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'ben' } }],
      ['/chat/message/remove-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'ben' } }],
    ]);
  });

  it('a private chat closed by a sign-out (no token left) says nothing more: the call would only be refused', () => {
    const http = vi.fn(async () => ({}));
    const calls = chatApi(withChatApi(http));
    const direct = createActor(
      viewingActor(calls, vi.fn() as never, createBus(), () => false),
      { input: { me, peer: ben } },
    ).start();
    direct.stop();
    expect(http.mock.calls).toEqual([['/chat/message/add-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'ben' } }]]);
  });

  it('another tab closing the same private chat (add chat users, viewing false) makes this open one say add-chat-users again', () => {
    const http = vi.fn(async () => ({}));
    const bus = createBus();
    const calls = chatApi(withChatApi(http));
    const direct = createActor(
      viewingActor(calls, vi.fn() as never, bus, () => true),
      { input: { me, peer: ben } },
    ).start();
    const add = ['/chat/message/add-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'ben' } }];
    const remove = ['/chat/message/remove-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'ben' } }];
    expect(http.mock.calls).toEqual([add]);
    // Another pair, or the view turned on: nothing to do.
    bus.publish({ event: 'add chat users', payload: { userOne: 'ada', userTwo: 'cy', viewing: false } });
    bus.publish({ event: 'add chat users', payload: { userOne: 'ada', userTwo: 'ben', viewing: true } });
    expect(http.mock.calls).toEqual([add]);
    // This pair turned off elsewhere (either order of the names): said again.
    bus.publish({ event: 'add chat users', payload: { userOne: 'ada', userTwo: 'ben', viewing: false } });
    bus.publish({ event: 'add chat users', payload: { userOne: 'ben', userTwo: 'ada', viewing: false } });
    expect(http.mock.calls).toEqual([add, add, add]);
    // Closed here: its own remove-chat-users echo brings nothing back.
    direct.stop();
    bus.publish({ event: 'add chat users', payload: { userOne: 'ada', userTwo: 'ben', viewing: false } });
    expect(http.mock.calls).toEqual([add, add, add, remove]);
  });

  it('sends to the group path or the private one, and asks for group pages with isGroupChat', async () => {
    const http = vi.fn(async (..._args: unknown[]) => ({ chat: m5 }));
    const calls = chatApi(withChatApi(http));
    const content = { body: 'hi', gifUrl: '', selectedImage: UPLOADED, clientId: C1 };
    await calls.send({ peerId: 'g1', isGroup: true, ...content });
    await calls.send({ peerId: 'u2', isGroup: false, ...content });
    await calls.messages({ peerId: 'g1', isGroup: true, after: 4 });
    expect(http.mock.calls).toEqual([
      ['/group/message', { method: 'POST', body: { groupId: 'g1', ...content } }],
      ['/chat/message', { method: 'POST', body: { receiverId: 'u2', ...content } }],
      ['/chat/message/user/g1?isGroupChat=true&after=4'],
    ]);
  });

  /** The app's clean-up as main.tsx runs it: the session, a toast queue, the sidebar and the private chat cache, one system. */
  const appWith = (http: (...args: unknown[]) => Promise<unknown>) => {
    const toasts = vi.fn();
    const app = createActor(
      setup({
        actors: {
          session: fromTransition((s) => s, { profile: { _id: 'me', username: 'ada' } }),
          toasts: fromCallback(({ receive }) => void receive(toasts)),
          navigation: navigationLogic,
          privateChatCache: privateChatCacheLogic({ api: withChatApi(http) }),
        },
      }).createMachine({
        invoke: [
          { id: 'session', systemId: 'session', src: 'session' },
          { id: 'toasts', systemId: 'toasts', src: 'toasts' },
          { id: 'navigation', systemId: 'navigation', src: 'navigation' },
          { id: 'privateChatCache', systemId: 'privateChatCache', src: 'privateChatCache' },
        ],
      }),
    ).start();
    const cache = app.system.get('privateChatCache') as AnyActorRef;
    const leave = (section = 'streams') => app.system.get('navigation')!.send({ type: 'navigation.select', section });
    return { app, cache, toasts, leave };
  };

  it('the sidebar clean-up: remove-chat-users with both usernames (the first chat names the other), listener detached', async () => {
    const bus = createBus();
    const http = vi.fn(async (..._args: unknown[]) => ({}));
    const { app, cache, toasts, leave } = appWith(http);
    const live = createActor(liveChatActor(bus, app), { input: { me } }).start();
    expect(bus.size).toBe(1);
    expect(cache.getSnapshot().matches({ listener: 'attached' })).toBe(true);
    cache.send({ type: 'privateChat.listed', list: [item(msg(9, 'carl'), 0), itemBen] });
    leave();
    await vi.waitFor(() => expect(cache.getSnapshot().matches({ leaving: 'idle' })).toBe(true));
    expect(http).toHaveBeenCalledWith('/chat/message/remove-chat-users', { method: 'POST', body: { userOne: 'ada', userTwo: 'carl' } });
    expect(bus.size).toBe(0);
    expect(cache.getSnapshot().context.list).toEqual([]);
    expect(cache.getSnapshot().matches({ listener: 'detached' })).toBe(true);
    expect(toasts).not.toHaveBeenCalled();
    live.stop();
    // Chat itself is no clean-up.
    leave('chat');
    expect(http).toHaveBeenCalledTimes(1);
    app.stop();
  });

  it('the chat screen closing detaches its listener from the cache', () => {
    const bus = createBus();
    const { app, cache } = appWith(async () => ({}));
    const live = createActor(liveChatActor(bus, app), { input: { me } }).start();
    expect(cache.getSnapshot().matches({ listener: 'attached' })).toBe(true);
    live.stop();
    expect(bus.size).toBe(0);
    expect(cache.getSnapshot().matches({ listener: 'detached' })).toBe(true);
    app.stop();
  });

  it('the sidebar clean-up shows the server’s message when refused', async () => {
    const { cache, toasts, leave } = appWith(async () => Promise.reject(refused('User not found', 404)));
    cache.send({ type: 'privateChat.listed', list: [itemBen] });
    leave();
    await vi.waitFor(() =>
      expect(toasts).toHaveBeenCalledWith({ type: 'toasts.show', toast: { type: 'error', description: 'User not found' } }),
    );
  });

  it('the sidebar clean-up calls nothing without a chat', async () => {
    const http = vi.fn(async () => ({}));
    const { cache, leave } = appWith(http);
    leave();
    expect(cache.getSnapshot().matches({ leaving: 'idle' })).toBe(true);
    await Promise.resolve();
    expect(http).not.toHaveBeenCalled();
  });
});

describe('chat machine: group chats and attachments', () => {
  const paths = pathsOf(chatModel, 'group chats and attachments');
  beforeEach(() => void vi.useFakeTimers());

  it('walks a bounded graph', () => {
    console.log(`chat (groups): ${paths.length} cover paths`);
    expect(paths.length).toBeGreaterThan(10);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const handedOff: unknown[] = [];
    await replay(chatMachine, path, {
      input,
      coverage,
      serialize: groupSerialize as never,
      provide: { actions: { toOutbox: (_: unknown, handOff: unknown) => void handedOff.push(handOff) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: ChatContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & Record<string, unknown>;
        const childInput = (id: string) => snapshot.children[id]?.getSnapshot().input;
        // Only this group's messages, and no private read marking in a group.
        for (const x of c.messages) expect(x.groupId).toBe('g1');
        expect(snapshot.children.markRead).toBeUndefined();
        // Group unread: the list's count, one more per message from another member; the open group is marked read
        // up to what its thread holds, and shows none meanwhile.
        const before = path.steps[path.steps.indexOf(step) - 1].state.context as ChatContext;
        if (e.type === 'xstate.done.actor.list') {
          // The list's count, unless a message newer than the list's newest came live meanwhile.
          const listed = (e.output as ChatLists).groups[0];
          const liveNewer = (before.groupLast.g1?.seq ?? 0) > (listed.lastMessage?.seq ?? 0);
          expect(c.groupUnread).toEqual({
            g1: liveNewer ? Math.max(listed.unreadCount ?? 0, before.groupUnread.g1 ?? 0) : (listed.unreadCount ?? 0),
          });
        }
        if (e.type === 'chat.received' && !snapshot.matches({ conversation: { open: { ready: { read: 'markingGroup' } } } })) {
          const m = e.message as ChatMessage;
          const counted = m.groupId === 'g1' && c.groups.some((g) => g._id === 'g1') && m.senderId !== 'me';
          expect(c.groupUnread.g1 ?? 0).toBe((before.groupUnread.g1 ?? 0) + (counted ? 1 : 0));
        }
        if (snapshot.matches({ conversation: { open: { ready: { read: 'markingGroup' } } } })) {
          expect(c.groupUnread.g1).toBe(0);
          expect(childInput('markGroupRead')).toEqual({ groupId: 'g1', seq: expect.any(Number) });
          expect((childInput('markGroupRead') as { seq: number }).seq).toBeLessThanOrEqual(c.syncedSeq);
        }
        if (e.type === 'chat.groupRead') expect(c.groupUnread.g1).toBe(0);
        if (e.type === 'xstate.error.actor.markGroupRead')
          expect(snapshot.matches({ conversation: { open: { ready: { read: 'failed' } } } })).toBe(true);
        // Group chats the member is not in never show; the newest change first.
        for (const g of c.groups) expect(g.members.some((x) => x.userId === 'me' && x.state === 'accepted')).toBe(true);
        const changed = c.groups.map((g) => g.updatedAt);
        expect([...changed].sort().reverse()).toEqual(changed);
        if (e.type === 'chat.select' && e.peer) {
          // Choosing a conversation leaves the loaded list alone (no reload).
          expect(snapshot.matches({ list: 'loaded' })).toBe(true);
          expect(childInput('viewing')).toEqual({ me, peer: teamPeer });
          expect(childInput('thread')).toEqual({ peerId: 'g1', isGroup: true });
        }
        if (e.type === 'chat.send') {
          const pending = c.messages.filter((x) => x.status === 'pending');
          const draft = e as unknown as { body: string; gifUrl?: string; image?: string };
          if (draft.image === PNG) {
            expect(pending.map((x) => [x.selectedImage, x.isGroupChat, x.groupId, x.receiverId])).toEqual([[PNG, true, 'g1', '']]);
            expect(childInput('upload')).toEqual({ image: PNG });
          } else if (draft.gifUrl === ` ${GIF} `) {
            expect(childInput('send')).toEqual({ peerId: 'g1', isGroup: true, body: '', gifUrl: GIF, selectedImage: '', clientId: C1 });
          } else expect(pending).toEqual([]);
        }
        if (e.type === 'xstate.done.actor.upload')
          expect(childInput('send')).toEqual({ peerId: 'g1', isGroup: true, body: '', gifUrl: '', selectedImage: UPLOADED, clientId: C1 });
        if (e.type === 'xstate.error.actor.upload') {
          const mine = c.messages.find((x) => x.clientId === C1);
          if (e.error instanceof Error) {
            // No answer: the outbox keeps it with its picture, and uploads it when it sends it.
            expect(mine).toBeUndefined();
            expect(handedOff.at(-1)).toEqual({
              kind: 'chatMessage',
              clientId: C1,
              payload: { peerId: 'g1', peerName: 'Team', isGroup: true, body: '', gifUrl: '', image: PNG, selectedImage: '' },
            });
          }
          // Refused: still the picture it was, to try again.
          else expect([mine?.status, mine?.error, mine?.selectedImage]).toEqual(['failed', 'Image is too large: the limit is 10 MB', PNG]);
        }
        if (e.type === 'chat.retrySend' && c.messages.find((x) => x.clientId === C1)?.selectedImage === PNG)
          expect(childInput('upload')).toEqual({ image: PNG });
        if (e.type === 'xstate.done.actor.send') expect(c.messages.filter((x) => x.clientId === C1).map((x) => x.status)).toEqual(['sent']);
        if (e.type === 'chat.received') {
          const id = (e.message as ChatMessage)._id;
          if (id === 'gx7') expect(c.groupLast.g9).toBeUndefined();
          if (id === 'gm3') expect(c.groupLast.g1?._id).toBe('gm3');
          if (id === 'gm5') expect(childInput('catchUp')).toEqual({ peerId: 'g1', isGroup: true, after: 2 });
        }
        if (e.type === 'chat.reconnected' && snapshot.children.catchUp)
          expect(childInput('catchUp')).toEqual({ peerId: 'g1', isGroup: true, after: 2 });
        if (e.type === 'xstate.done.actor.catchUp') expect([c.syncedSeq, c.messages.map((x) => x.seq)]).toEqual([5, [1, 2, 3, 4, 5]]);
        if (e.type === 'chat.delete')
          expect(childInput('delete')).toEqual({ messageId: 'gm2', senderId: 'me', receiverId: 'g1', mode: 'deleteForEveryone' });
        if (e.type === 'chat.groupUpdated') {
          const g = e.group as GroupChat;
          if (g === renamed) expect(c.groups.find((x) => x._id === 'g1')?.name).toBe('Team Two');
          if (g === other) expect(c.groups.map((x) => x._id)).toContain('g2');
        }
        if ((e.type === 'chat.groupUpdated' && e.group === withoutMe) || e.type === 'chat.groupRemoved') {
          expect(c.groups.map((x) => x._id)).not.toContain('g1');
          if (c.peer)
            expect([snapshot.matches({ conversation: { open: 'failed' } }), c.threadError, c.messages]).toEqual([true, GROUP_GONE, []]);
        }
      },
    });
  });

  it("takes each group's newest message from the list (after a reload too), unless a newer one already came live", async () => {
    const answers: ChatLists[] = [
      {
        list: [],
        groups: [
          { ...team(), lastMessage: gm2 },
          { ...team({ _id: 'g2', name: 'Quiet' }), lastMessage: null },
        ],
      },
      { list: [], groups: [{ ...team(), lastMessage: gm3 }] },
    ];
    const listed = chatMachine.provide({ actors: { fetchList: fromPromise(async (): Promise<ChatLists> => answers.shift()!) } });
    const actor = createActor(listed, { input }).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    let c = actor.getSnapshot().context;
    expect(c.groupLast).toEqual({ g1: gm2 });
    expect(c.groups.map((g) => ['lastMessage', 'unreadCount'].some((key) => Object.keys(g).includes(key)))).toEqual([false, false]);
    expect(conversationRows([], c.groups, c.groupLast).find((r) => r.key === 'g1')).toMatchObject({ kind: 'group', last: gm2 });
    // Live, then a reload whose list is older than what came live: the live one stays; g2 is gone.
    actor.send({ type: 'chat.received', message: gm5 });
    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }) && answers.length === 0);
    c = actor.getSnapshot().context;
    expect(c.groupLast).toEqual({ g1: gm5 });
    // The list was read before gm5 was stored: its count (none given) does not wipe the live one.
    expect(c.groupUnread).toEqual({ g1: 1 });
    actor.stop();
  });

  it('a second drop while catching up asks again from what it holds: messages sent during it are not left for the next gap', async () => {
    const asked: (number | undefined)[] = [];
    const answers: ((value: { messages: ChatMessage[]; lastSeq: number; hasMore: boolean }) => void)[] = [];
    const machine = chatMachine.provide({
      actors: {
        fetchList: fromPromise(async (): Promise<ChatLists> => ({ list: [itemBen], groups: [] })),
        fetchMessages: fromPromise(({ input }: { input: FetchMessagesInput }) => {
          asked.push(input.after);
          return new Promise((resolve) => answers.push(resolve));
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'chat.select', peer: ben });
    await waitFor(actor, () => answers.length === 1);
    answers[0]!({ messages: [m2, m3], lastSeq: 3, hasMore: false });
    await waitFor(actor, (s) => s.matches({ conversation: { open: { ready: { sync: 'live' } } } }));
    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, () => answers.length === 2);
    // The catch-up's answer is on its way when the socket drops and comes back again.
    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, () => answers.length === 3);
    expect(asked).toEqual([undefined, 3, 3]);
    answers[1]!({ messages: [], lastSeq: 3, hasMore: false });
    answers[2]!({ messages: [msg(4, 'ben')], lastSeq: 4, hasMore: false });
    await waitFor(actor, (s) => s.matches({ conversation: { open: { ready: { sync: 'live' } } } }) && s.context.syncedSeq === 4);
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
    actor.stop();
  });

  it('keeps the newest group message for the list, withdrawn or dropped as deletes say, and lists rows newest first', () => {
    const actor = createActor(chatMachine, { input }).start();
    actor.send({ type: 'chat.groupUpdated', group: team() });
    actor.send({ type: 'chat.received', message: gm3 });
    actor.send({ type: 'chat.received', message: gm1 });
    expect(actor.getSnapshot().context.groupLast.g1?._id).toBe('gm3');
    actor.send({
      type: 'chat.deleted',
      deleted: { conversationId: 'g1', messageId: 'gm3', seq: 3, type: 'deleteForEveryone', isGroupChat: true, groupId: 'g1' },
    });
    expect(actor.getSnapshot().context.groupLast.g1).toMatchObject({ deleteForEveryone: true, body: '' });
    actor.send({
      type: 'chat.deleted',
      deleted: { conversationId: 'g1', messageId: 'gm3', seq: 3, type: 'deleteForMe', isGroupChat: true, groupId: 'g1' },
    });
    expect(actor.getSnapshot().context.groupLast.g1).toBeUndefined();
    actor.send({ type: 'chat.received', message: gm4 });
    const c = actor.getSnapshot().context;
    const older = item(msg(3, 'me', { createdAt: '2025-01-01T11:12:00.000Z' }), 0);
    const newer = item(msg(9, 'carl', { createdAt: '2025-01-01T11:20:00.000Z' }), 0);
    // The group's row is as new as its last message (11:14), between the two private ones.
    expect(conversationRows([newer, older], c.groups, c.groupLast).map((r) => r.key)).toEqual(['conv-carl', 'g1', 'conv-ben']);
    actor.stop();
  });

  it('checks a draft with the server’s rules', () => {
    expect(draftError({ body: '   ' })).toBe('Message must not be empty');
    expect(draftError({ body: '', gifUrl: 'http://x.org/a.gif' })).toBe('GIF URL must be an https URL');
    expect(draftError({ body: '', gifUrl: 'javascript:alert(1)' })).toBe('GIF URL must be an https URL');
    expect(draftError({ body: '', image: 'data:text/html;base64,AAAA' })).toBe(NOT_AN_IMAGE);
    expect(draftError({ body: 'x'.repeat(5001) })).toBe('Message must not exceed 5000 characters');
    expect(draftError({ body: '', gifUrl: GIF })).toBeNull();
    expect(draftError({ body: '', image: PNG })).toBeNull();
    expect(draftError({ body: ' hi ' })).toBeNull();
  });
});

afterAll(() => {
  console.log(coverage.summary('chat', stateCount(chatMachine)));
  expect(coverage.missed).toEqual([]);
});

describe('the chat list read offline', () => {
  it('shows the kept list as such, and the server’s list replaces it when the socket is back', async () => {
    const answers: ChatLists[] = [
      { list: [itemBen], groups: [], keptAt: Date.parse('2025-01-01T10:42:00.000Z') },
      { list: [itemBen], groups: [] },
    ];
    const actor = createActor(
      chatMachine.provide({
        actors: {
          fetchList: fromPromise<ChatLists, { userId: string }>(async () => answers.shift()!),
          viewing: fromCallback(() => () => {}),
          live: fromCallback(() => () => {}),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(actor.getSnapshot().context.listKeptAt).toBe(Date.parse('2025-01-01T10:42:00.000Z'));
    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }) && s.context.listKeptAt === null);
    expect(actor.getSnapshot().context.list.map((i) => i._id)).toEqual([itemBen._id]);
    actor.stop();
  });

  it('after a 5xx with the socket still up, asks again by itself every KEPT_LIST_RETRY_MS until the server answers', async () => {
    vi.useFakeTimers();
    const answers: ChatLists[] = [
      { list: [itemBen], groups: [], keptAt: KEPT_AT },
      { list: [itemBen], groups: [], keptAt: KEPT_AT },
      { list: [itemBen], groups: [] },
    ];
    let asked = 0;
    const actor = createActor(
      chatMachine.provide({
        actors: {
          fetchList: fromPromise<ChatLists, { userId: string }>(async () => (asked++, answers.shift()!)),
          viewing: fromCallback(() => () => {}),
          live: fromCallback(() => () => {}),
        },
      }),
      { input },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    expect(actor.getSnapshot().context.listKeptAt).toBe(KEPT_AT);
    await vi.advanceTimersByTimeAsync(KEPT_LIST_RETRY_MS - 1);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toBe(2);
    expect(actor.getSnapshot().context.listKeptAt).toBe(KEPT_AT);
    await vi.advanceTimersByTimeAsync(KEPT_LIST_RETRY_MS);
    expect(asked).toBe(3);
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(actor.getSnapshot().context.listKeptAt).toBeNull();
    // The server's list stays: nothing more is asked.
    await vi.advanceTimersByTimeAsync(KEPT_LIST_RETRY_MS * 3);
    expect(asked).toBe(3);
    actor.stop();
    vi.useRealTimers();
  });
});

describe('a conversation read offline', () => {
  const KEPT_AT = Date.parse('2025-01-01T10:42:00.000Z');

  it('shows the kept thread as such: no read mark or older page is asked until a catch-up brings the server’s', async () => {
    const marked = vi.fn();
    const asked: FetchMessagesInput[] = [];
    const actor = createActor(
      chatMachine.provide({
        actors: {
          fetchList: fromPromise<ChatLists, { userId: string }>(async () => ({ list: [itemBen], groups: [] })),
          fetchMessages: fromPromise(async ({ input: i }: { input: FetchMessagesInput }): Promise<ThreadPage> => {
            asked.push(i);
            // The kept copy (ben's m2 unread, older ones on the server), then the catch-up after it.
            return i.after === undefined
              ? { messages: [m2, m3], lastSeq: 3, hasMore: true, keptAt: KEPT_AT }
              : { messages: [m5], lastSeq: 5, hasMore: false };
          }),
          markRead: fromPromise(async () => {
            marked();
            return { conversationId: 'c1', readerId: 'me', senderId: 'u2', lastSeq: 5 };
          }),
          viewing: fromCallback(() => () => {}),
          live: fromCallback(() => () => {}),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'chat.select', peer: ben });
    await waitFor(actor, (s) => s.matches({ conversation: { open: 'ready' } }));
    const kept = actor.getSnapshot();
    expect(kept.context.threadKeptAt).toBe(KEPT_AT);
    expect(kept.context.messages.map((m) => m.seq)).toEqual([2, 3]);
    expect(kept.matches({ conversation: { open: { ready: { read: 'idle' } } } })).toBe(true);
    // Written offline: it goes out after the kept messages (the outbox takes it when no server answers).
    actor.send({ type: 'chat.loadOlder' });
    expect(actor.getSnapshot().matches({ conversation: { open: { ready: { older: 'idle' } } } })).toBe(true);
    expect(marked).not.toHaveBeenCalled();

    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, (s) => s.context.threadKeptAt === null && s.matches({ conversation: { open: { ready: { sync: 'live' } } } }));
    expect(asked.at(-1)).toEqual({ peerId: 'u2', isGroup: false, after: 3 });
    expect(actor.getSnapshot().context.messages.map((m) => m.seq)).toEqual([2, 3, 5]);
    // The server is reached again: ben's messages are marked read, older pages are offered.
    await vi.waitFor(() => expect(marked).toHaveBeenCalledTimes(1));
    expect(actor.getSnapshot().context.hasOlder).toBe(true);
    actor.stop();
  });

  it('a catch-up that pages on clears the kept mark at its first page', async () => {
    const actor = createActor(
      chatMachine.provide({
        actors: {
          fetchList: fromPromise<ChatLists, { userId: string }>(async () => ({ list: [], groups: [] })),
          fetchMessages: fromPromise(async ({ input: i }: { input: FetchMessagesInput }): Promise<ThreadPage> =>
            i.after === undefined
              ? { messages: [m3], lastSeq: 3, hasMore: false, keptAt: KEPT_AT }
              : i.after === 3
                ? { messages: [msg(4, 'ben')], lastSeq: 6, hasMore: true }
                : { messages: [m5], lastSeq: 6, hasMore: false },
          ),
          markRead: fromPromise(async () => ({ conversationId: 'c1', readerId: 'me', senderId: 'u2', lastSeq: 5 })),
          viewing: fromCallback(() => () => {}),
          live: fromCallback(() => () => {}),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'chat.select', peer: ben });
    await waitFor(actor, (s) => s.context.threadKeptAt === KEPT_AT);
    actor.send({ type: 'chat.reconnected' });
    await waitFor(actor, (s) => s.context.messages.some((m) => m.seq === 5));
    expect(actor.getSnapshot().context.threadKeptAt).toBeNull();
    actor.stop();
  });
});
