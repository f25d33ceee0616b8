import fs from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import { CHAT_UNREAD_MAX } from '../../../src/api/chat';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/schema';
import { createChatStore } from '../../../server/modules/chat/store';
import { startServer, type RunningServer } from '../../../server/main';
import { okHttp, openSocket, record, signUpMember, waitFor, type ChatClient } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';

/**
 * The unread counts agree with the last line: answering a conversation reads it (private and
 * group), the live `chat list` row carries each member's own count, and the Chat badge counts
 * conversations with something unread.
 */
describe.each(dialects)('chat unread counts on %s', (dialect) => {
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
  const rowWith = async (who: ChatClient, other: ChatClient) =>
    (await ok(who, 'GET', paths.chat.conversationList)).list.find((i: { senderId: string; receiverId: string }) =>
      [i.senderId, i.receiverId].includes(other.id),
    );
  const badge = async (who: ChatClient) => (await ok(who, 'GET', paths.chat.unreadCount)).unreadCount;

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

  it('a reply reads the conversation: the sender lists no unread, the receiver its own count, live and on reload', async () => {
    await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'one' });
    await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'two' });
    expect((await rowWith(bob, ann)).unreadCount).toBe(2);
    expect(await badge(bob)).toBe(1);

    const { chat } = await ok(bob, 'POST', paths.chat.send, { receiverId: ann.id, body: 'answer' });
    // Bob's own row: his message last, nothing unread; Ann's: one unread (the answer).
    expect(await rowWith(bob, ann)).toMatchObject({ body: 'answer', senderId: bob.id, unreadCount: 0 });
    expect(await rowWith(ann, bob)).toMatchObject({ body: 'answer', unreadCount: 1 });
    expect(await waitFor(() => got(bob, serverEvents.chatList, (i) => i._id === chat._id), 'bob row')).toMatchObject({ unreadCount: 0 });
    expect(await waitFor(() => got(ann, serverEvents.chatList, (i) => i._id === chat._id), 'ann row')).toMatchObject({ unreadCount: 1 });
    // Ann hears that her two messages were read.
    expect(await waitFor(() => got(ann, serverEvents.messageRead, (r) => r.readerId === bob.id), 'read')).toMatchObject({
      senderId: ann.id,
      conversationId: chat.conversationId,
    });
    const messages = (await ok(ann, 'GET', paths.chat.messages(bob.id))).messages;
    expect(messages.filter((m: { senderId: string }) => m.senderId === ann.id).map((m: { isRead: boolean }) => m.isRead)).toEqual([
      true,
      true,
    ]);
    expect(await badge(bob)).toBe(0);
    expect(await badge(ann)).toBe(1);
  });

  it('the receiver’s live row counts each message as it comes, withdrawn ones not; a send with nothing to read says nothing was read', async () => {
    const [eve, fay] = [await client(), await client()];
    try {
      const send = async (from: ChatClient, to: ChatClient, body: string) =>
        (await ok(from, 'POST', paths.chat.send, { receiverId: to.id, body })).chat._id as string;
      const liveCount = async (who: ChatClient, messageId: string) =>
        (await waitFor(() => got(who, serverEvents.chatList, (i) => i._id === messageId), `row of ${messageId}`)).unreadCount;
      const first = await send(eve, fay, 'a');
      expect(await liveCount(fay, first)).toBe(1);
      expect(await liveCount(fay, await send(eve, fay, 'b'))).toBe(2);
      await ok(eve, 'DELETE', paths.chat.markAsDeleted(first, eve.id, fay.id, 'deleteForEveryone'));
      expect(await liveCount(fay, await send(eve, fay, 'c'))).toBe(2);
      expect((await rowWith(fay, eve)).unreadCount).toBe(2);
      // Eve had nothing of Fay's to read: no member hears of a read.
      expect(got(eve, serverEvents.messageRead)).toBeUndefined();
      expect(got(fay, serverEvents.messageRead)).toBeUndefined();

      const answer = await send(fay, eve, 'answer');
      expect(await liveCount(eve, answer)).toBe(1);
      expect(await liveCount(fay, answer)).toBe(0);
      expect(await waitFor(() => got(eve, serverEvents.messageRead, (r) => r.readerId === fay.id), 'read')).toMatchObject({
        senderId: eve.id,
      });
      expect((await rowWith(fay, eve)).unreadCount).toBe(0);
    } finally {
      for (const c of [eve, fay]) c.socket.close();
    }
  });

  it('the badge counts conversations, groups included; writing in a group reads it', async () => {
    await ok(cat, 'POST', paths.chat.send, { receiverId: ann.id, body: 'from cat' });
    expect(await badge(ann)).toBe(2);
    const { group } = await ok(bob, 'POST', paths.groupChat.create, { name: 'Unread group', members: [ann.id, cat.id] });
    await ok(ann, 'PUT', paths.groupChat.accept(group._id));
    await ok(cat, 'PUT', paths.groupChat.accept(group._id));
    await ok(bob, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'g1' });
    await ok(cat, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'g2' });
    expect(await badge(ann)).toBe(3);
    const unreadIn = async (who: ChatClient) =>
      (await ok(who, 'GET', paths.groupChat.userGroups(who.id))).groups.find((g: { _id: string }) => g._id === group._id).unreadCount;
    expect(await unreadIn(ann)).toBe(2);

    await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'g3' });
    expect(await unreadIn(ann)).toBe(0);
    expect(await waitFor(() => got(ann, serverEvents.groupRead, (r) => r.groupId === group._id), 'group read')).toEqual({
      groupId: group._id,
      unreadCount: 0,
    });
    expect(await badge(ann)).toBe(2);
    await ok(ann, 'PUT', paths.chat.markAsRead, { senderId: cat.id, receiverId: ann.id });
    expect(await badge(ann)).toBe(1);
  });

  it('the badge counts each conversation once however much is unread, none across a block, none deleted for everyone', async () => {
    const [eve, fay, gus, hal] = [await client(), await client(), await client(), await client()];
    try {
      for (const from of [fay, gus, hal])
        for (let n = 1; n <= 3; n += 1) await ok(from, 'POST', paths.chat.send, { receiverId: eve.id, body: `m${n}` });
      expect(await badge(eve)).toBe(3);
      // Blocked either way: that conversation leaves the badge, and comes back on unblock.
      await ok(eve, 'PUT', paths.follows.block(gus.id));
      expect(await badge(eve)).toBe(2);
      await ok(hal, 'PUT', paths.follows.block(eve.id));
      expect(await badge(eve)).toBe(1);
      await ok(eve, 'PUT', paths.follows.unblock(gus.id));
      expect(await badge(eve)).toBe(2);
      // Fay takes back every message: nothing of hers is left to read.
      const fromFay = (await ok(eve, 'GET', paths.chat.messages(fay.id))).messages as { _id: string }[];
      for (const m of fromFay) await ok(fay, 'DELETE', paths.chat.markAsDeleted(m._id, fay.id, eve.id, 'deleteForEveryone'));
      expect(await badge(eve)).toBe(1);
      expect(await badge(fay)).toBe(0);
    } finally {
      for (const c of [eve, fay, gus, hal]) c.socket.close();
    }
  });

  // SQLite's plan (PostgreSQL plans by its statistics, which a test database of a few rows does not have).
  if (dialect === 'sqlite')
    it('the badge seeks the unread index once per conversation, never reading the messages in order of anything else', async () => {
      if (config.database.kind !== 'sqlite') throw new Error('expected SQLite');
      const captured: CompiledQuery[] = [];
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: new BetterSqlite3(config.database.file, { readonly: true }) }),
        log: (event) => void (event.level === 'query' && captured.push(event.query)),
      });
      try {
        await createChatStore({ db, dialect: 'sqlite', destroy: () => db.destroy() }).unreadPrivateConversations(ann.id);
        expect(captured).toHaveLength(1);
        const plan = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${captured[0]!.sql}`, [...captured[0]!.parameters]),
        );
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toMatch(
          /SEARCH n USING (COVERING )?INDEX chat_messages_unread_idx \(receiver_id=\? AND is_read=\? AND conversation_id>\?\)/,
        );
        expect(details).not.toMatch(/SCAN (chat_messages|m|n)\b/);
        expect(details).not.toMatch(/TEMP B-TREE/);
      } finally {
        await db.destroy();
      }
    });

  it('counts a group’s unread messages up to CHAT_UNREAD_MAX too; reading it still reads them all', async () => {
    const [gil, ida] = [await client(), await client()];
    try {
      const { group } = await ok(gil, 'POST', paths.groupChat.create, { name: 'Busy group', members: [ida.id] });
      await ok(ida, 'PUT', paths.groupChat.accept(group._id));
      for (let n = 1; n <= CHAT_UNREAD_MAX + 2; n += 1)
        await ok(gil, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: `g${n}` });
      const unreadIn = async (who: ChatClient) =>
        (await ok(who, 'GET', paths.groupChat.userGroups(who.id))).groups.find((g: { _id: string }) => g._id === group._id).unreadCount;
      expect(await unreadIn(ida)).toBe(CHAT_UNREAD_MAX);
      expect(await badge(ida)).toBe(1);
      await ok(ida, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'caught up' });
      expect(await unreadIn(ida)).toBe(0);
      expect(await unreadIn(gil)).toBe(1);
      expect(await badge(ida)).toBe(0);
    } finally {
      for (const c of [gil, ida]) c.socket.close();
    }
  });

  it('counts a conversation’s unread messages up to CHAT_UNREAD_MAX, in the list and the live row; a reply still reads them all', async () => {
    const dan = await client();
    try {
      let last = '';
      for (let n = 1; n <= CHAT_UNREAD_MAX + 2; n += 1)
        last = (await ok(dan, 'POST', paths.chat.send, { receiverId: ann.id, body: `m${n}` })).chat._id;
      expect((await rowWith(ann, dan)).unreadCount).toBe(CHAT_UNREAD_MAX);
      expect(await waitFor(() => got(ann, serverEvents.chatList, (i) => i._id === last), 'ann row')).toMatchObject({
        unreadCount: CHAT_UNREAD_MAX,
      });
      await ok(ann, 'POST', paths.chat.send, { receiverId: dan.id, body: 'caught up' });
      expect((await rowWith(ann, dan)).unreadCount).toBe(0);
      expect((await rowWith(dan, ann)).unreadCount).toBe(1);
    } finally {
      dan.socket.close();
    }
  });
});
