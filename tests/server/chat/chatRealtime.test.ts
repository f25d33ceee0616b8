import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { clientEvents, serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { emitAck, http, okHttp, openSocket, record, settle, signUpMember, waitFor, type ChatClient } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';

describe.each(dialects)('chat over real sockets on %s', (dialect) => {
  let config: Config;
  let server: RunningServer;
  let ann: ChatClient, bob: ChatClient, cat: ChatClient;
  const ok = (who: ChatClient, method: string, url: string, body?: unknown) => okHttp(server.url, who.token, method, url, body);

  async function client(): Promise<ChatClient> {
    const member = await signUpMember(server.url);
    const c: ChatClient = { ...member, socket: await openSocket(server.url, member.token), events: [] };
    record(c);
    return c;
  }
  const got = (c: ChatClient, event: string, match: (payload: any) => boolean = () => true) =>
    c.events.find((e) => e.event === event && match(e.payload))?.payload;

  beforeAll(async () => {
    config = { ...(await testConfig(dialect)), port: 0 };
    server = await startServer(config, { handleSignals: false });
    [ann, bob, cat] = [await client(), await client(), await client()];
  });
  afterAll(async () => {
    for (const c of [ann, bob, cat]) c?.socket.close();
    await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('delivers a stored message to both members (only), then read, reaction and deletion events', async () => {
    const { chat } = await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'hello in real time' });
    const received = await waitFor(() => got(bob, serverEvents.messageReceived, (m) => m._id === chat._id), 'message received');
    expect(received).toEqual(chat);
    await waitFor(() => got(ann, serverEvents.messageReceived, (m) => m._id === chat._id), 'sender echo');
    await waitFor(() => got(bob, serverEvents.chatList, (m) => m._id === chat._id), 'chat list');

    await ok(bob, 'PUT', paths.chat.markAsRead, { senderId: ann.id, receiverId: bob.id });
    expect(await waitFor(() => got(ann, serverEvents.messageRead), 'message read')).toMatchObject({
      readerId: bob.id,
      senderId: ann.id,
      conversationId: chat.conversationId,
    });

    await ok(bob, 'PUT', paths.chat.reaction, { messageId: chat._id, reaction: 'wow' });
    expect((await waitFor(() => got(ann, serverEvents.messageReaction), 'message reaction')).reaction).toEqual([
      { userId: bob.id, senderName: bob.username, type: 'wow' },
    ]);

    await ok(ann, 'DELETE', paths.chat.markAsDeleted(chat._id, ann.id, bob.id, 'deleteForEveryone'));
    expect(await waitFor(() => got(bob, serverEvents.messageDeleted), 'message deleted')).toMatchObject({
      messageId: chat._id,
      type: 'deleteForEveryone',
    });
    await settle();
    for (const event of [
      serverEvents.messageReceived,
      serverEvents.messageRead,
      serverEvents.messageReaction,
      serverEvents.messageDeleted,
    ]) {
      expect(got(cat, event), `cat got ${event}`).toBeUndefined();
    }
  });

  it('puts sockets only in rooms the server chose: no foreign group rooms, pending members get nothing', async () => {
    const { group } = await ok(ann, 'POST', paths.groupChat.create, { name: 'Realtime group', members: [bob.id, cat.id] });
    await ok(bob, 'PUT', paths.groupChat.accept(group._id));
    // Cat is pending: asking to join the room is refused, and nothing of the group reaches Cat.
    expect(await emitAck(cat.socket, clientEvents.joinGroupRoom, { groupId: group._id })).toMatchObject({ ok: false, groups: [] });
    expect(
      await emitAck(cat.socket, clientEvents.groupAction, {
        type: 'CREATE_GROUP',
        groupId: group._id,
        groupName: 'x',
        groupPicture: '',
        members: [cat.id],
      }),
    ).toMatchObject({ ok: true, groups: [] });
    expect(await emitAck(cat.socket, clientEvents.joinRoom, `group:${group._id}`)).toEqual({ ok: true, groups: [] });
    expect(await emitAck(cat.socket, clientEvents.joinGroupRoom, { groupId: 'not-an-id' })).toMatchObject({
      ok: false,
      message: 'Invalid group id',
    });

    const { chat } = await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'group hello' });
    await waitFor(() => got(bob, serverEvents.groupMessageReceived, (m) => m._id === chat._id), 'group message');
    await ok(bob, 'PUT', paths.chat.reaction, { messageId: chat._id, reaction: 'like' });
    await waitFor(() => got(ann, serverEvents.groupMessageReaction, (m) => m._id === chat._id), 'group reaction');
    await settle();
    expect(got(cat, serverEvents.groupMessageReceived)).toBeUndefined();
    expect(got(cat, serverEvents.groupMessageReaction)).toBeUndefined();
    // Reading the group reaches the reader's own sockets (every tab drops the badge), no one else's.
    await ok(bob, 'PUT', paths.groupChat.read(group._id), { seq: chat.seq });
    expect(await waitFor(() => got(bob, serverEvents.groupRead), 'group read')).toEqual({ groupId: group._id, unreadCount: 0 });
    await settle();
    expect(got(ann, serverEvents.groupRead)).toBeUndefined();

    // Once Cat accepts, Cat's socket is moved into the room by the server; removed, moved out.
    await ok(cat, 'PUT', paths.groupChat.accept(group._id));
    const second = (await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'now you too' })).chat;
    await waitFor(() => got(cat, serverEvents.groupMessageReceived, (m) => m._id === second._id), 'group message after accepting');
    await ok(ann, 'PUT', paths.groupChat.promote(group._id, bob.id));
    await waitFor(() => got(cat, serverEvents.groupMemberPromoted, (p) => p.userId === bob.id), 'promoted');
    await ok(ann, 'DELETE', paths.groupChat.removeMember(group._id, cat.id));
    await waitFor(() => got(cat, serverEvents.groupMemberRemoved, (p) => p.userId === cat.id), 'removed');
    const third = (await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'cat is gone' })).chat;
    await waitFor(() => got(bob, serverEvents.groupMessageReceived, (m) => m._id === third._id), 'bob still gets it');
    await settle();
    expect(got(cat, serverEvents.groupMessageReceived, (m) => m._id === third._id)).toBeUndefined();
    expect(await emitAck(cat.socket, clientEvents.joinGroupRoom, { groupId: group._id })).toMatchObject({ ok: false });

    await ok(ann, 'DELETE', paths.groupChat.one(group._id));
    await waitFor(() => got(bob, serverEvents.groupDeleted, (p) => p.groupId === group._id), 'group deleted');
  });

  it('refuses a socket without a token, with a bad token, or from another site', async () => {
    await expect(openSocket(server.url, '')).rejects.toThrow();
    await expect(openSocket(server.url, 'not-a-token')).rejects.toThrow();
    await expect(openSocket(server.url, ann.token, { extraHeaders: { origin: 'https://evil.example' } })).rejects.toThrow();
    const sameSite = await openSocket(server.url, ann.token, { extraHeaders: { origin: config.publicUrl } });
    sameSite.close();
  });

  it('add chat users reaches every socket of the caller (another tab), never the other member; a tab that says it again makes messages arrive read', async () => {
    // Bob has the chat with Ann open in two tabs; one of them closes it.
    const secondTab: ChatClient = { ...bob, socket: await openSocket(server.url, bob.token), events: [] };
    record(secondTab);
    try {
      await ok(bob, 'POST', paths.chat.addChatUsers, { userOne: bob.username, userTwo: ann.username });
      expect(await waitFor(() => got(secondTab, serverEvents.addChatUsers, (p) => p.viewing), 'viewing on, in the other tab')).toEqual({
        userOne: bob.username,
        userTwo: ann.username,
        viewing: true,
      });
      await ok(bob, 'POST', paths.chat.removeChatUsers, { userOne: bob.username, userTwo: ann.username });
      await waitFor(() => got(secondTab, serverEvents.addChatUsers, (p) => !p.viewing), 'viewing off, in the other tab');
      const { chat: unread } = await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'while no tab says it views' });
      expect(unread.isRead).toBe(false);
      // The tab that still shows the chat says so again (src/effects/chat/chat.ts, viewing): read on arrival.
      await ok(bob, 'POST', paths.chat.addChatUsers, { userOne: bob.username, userTwo: ann.username });
      const { chat: read } = await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'on screen in the other tab' });
      expect(read.isRead).toBe(true);
      await ok(bob, 'POST', paths.chat.removeChatUsers, { userOne: bob.username, userTwo: ann.username });
      await settle();
      expect(got(ann, serverEvents.addChatUsers), 'ann got add chat users').toBeUndefined();
      expect(got(cat, serverEvents.addChatUsers), 'cat got add chat users').toBeUndefined();
    } finally {
      secondTab.socket.close();
    }
  });

  it('disconnects a sender of an oversized frame and keeps serving everyone else', async () => {
    const member = await signUpMember(server.url);
    const socket = await openSocket(server.url, member.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    socket.emit(clientEvents.joinGroupRoom, { groupId: 'x'.repeat(64 * 1024) });
    expect(await closed).toBeTruthy();
    // The server is fine: others still chat.
    const { chat } = await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'still here' });
    await waitFor(() => got(bob, serverEvents.messageReceived, (m) => m._id === chat._id), 'delivery after the oversized frame');
  });

  it("sign-out and ban close the member's sockets within a second, and the old token cannot reconnect", async () => {
    for (const end of ['signout', 'ban'] as const) {
      const member = await signUpMember(server.url);
      const socket = await openSocket(server.url, member.token);
      const ended = new Promise<unknown>((resolve) => socket.once(serverEvents.sessionEnded, resolve));
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      const started = Date.now();
      if (end === 'signout') await okHttp(server.url, member.token, 'GET', '/signout');
      else await server.app.services.users.setBanned(member.id, true, new Date().toISOString());
      expect(await ended).toEqual({ reason: end === 'signout' ? 'signout' : 'banned' });
      await closed;
      expect(Date.now() - started).toBeLessThan(1000);
      await expect(openSocket(server.url, member.token)).rejects.toThrow();
      expect((await http(server.url, member.token, 'GET', paths.chat.conversationList)).status).toBeGreaterThanOrEqual(401);
    }
  });

  it('a password reset closes every socket of the member', async () => {
    const member = await signUpMember(server.url);
    const socket = await openSocket(server.url, member.token);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    server.app.services.sessionEvents.ended({ userId: member.id, reason: 'password-changed' });
    await closed;
    expect(ann.socket.connected).toBe(true);
  });
});
