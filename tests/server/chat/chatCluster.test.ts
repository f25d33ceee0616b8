import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { okHttp, openSocket, record, settle, signUpMember, waitFor, type ChatClient } from '../chatSockets';
import { dropTestSchema, testConfig } from '../harness';

/** Two server processes' worth of app (each its own HTTP server, socket.io and Redis adapter) on one PostgreSQL schema and one Redis. */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)('chat between two servers over PostgreSQL and Redis', () => {
  let config: Config;
  let one: RunningServer, two: RunningServer;
  let ann: ChatClient, bob: ChatClient, cat: ChatClient;
  const got = (c: ChatClient, event: string, match: (payload: any) => boolean = () => true) =>
    c.events.find((e) => e.event === event && match(e.payload))?.payload;

  async function client(server: RunningServer): Promise<ChatClient> {
    const member = await signUpMember(server.url);
    const c: ChatClient = { ...member, socket: await openSocket(server.url, member.token), events: [] };
    record(c);
    return c;
  }

  beforeAll(async () => {
    config = { ...(await testConfig('postgres')), port: 0, redisUrl: process.env.TEST_REDIS_URL! };
    one = await startServer(config, { handleSignals: false });
    two = await startServer(config, { handleSignals: false });
    ann = await client(one);
    bob = await client(two);
    cat = await client(two);
  });
  afterAll(async () => {
    for (const c of [ann, bob, cat]) c?.socket.close();
    await one?.close();
    await two?.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('delivers private messages, reads and reactions between members on different servers', async () => {
    const { chat } = await okHttp(one.url, ann.token, 'POST', paths.chat.send, { receiverId: bob.id, body: 'across servers' });
    expect(await waitFor(() => got(bob, serverEvents.messageReceived, (m) => m._id === chat._id), 'message on the other server')).toEqual(
      chat,
    );
    const reply = (await okHttp(two.url, bob.token, 'POST', paths.chat.send, { receiverId: ann.id, body: 'and back' })).chat;
    await waitFor(() => got(ann, serverEvents.messageReceived, (m) => m._id === reply._id), 'reply');
    expect(reply.seq).toBe(2);
    await okHttp(two.url, bob.token, 'PUT', paths.chat.markAsRead, { senderId: ann.id, receiverId: bob.id });
    await waitFor(() => got(ann, serverEvents.messageRead), 'read');
    await okHttp(one.url, ann.token, 'PUT', paths.chat.reaction, { messageId: reply._id, reaction: 'happy' });
    await waitFor(() => got(bob, serverEvents.messageReaction, (m) => m._id === reply._id), 'reaction');
    await settle();
    expect(got(cat, serverEvents.messageReceived)).toBeUndefined();
  });

  it('numbers concurrent sends from both servers 1, 2, 3, ... with no gap or repeat', async () => {
    const pair = await Promise.all([signUpMember(one.url), signUpMember(two.url)]);
    const sends = Array.from({ length: 20 }, (_, i) =>
      okHttp(i % 2 ? one.url : two.url, pair[i % 2]!.token, 'POST', paths.chat.send, { receiverId: pair[(i + 1) % 2]!.id, body: `m${i}` }),
    );
    const seqs = (await Promise.all(sends)).map((answer) => answer.chat.seq).sort((a: number, b: number) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('moves sockets into group rooms across servers; pending members get nothing', async () => {
    const { group } = await okHttp(one.url, ann.token, 'POST', paths.groupChat.create, {
      name: 'Cluster group',
      members: [bob.id, cat.id],
    });
    await okHttp(two.url, bob.token, 'PUT', paths.groupChat.accept(group._id));
    const { chat } = await okHttp(one.url, ann.token, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'hello group' });
    await waitFor(() => got(bob, serverEvents.groupMessageReceived, (m) => m._id === chat._id), 'group message on the other server');
    const back = (await okHttp(two.url, bob.token, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'hello ann' })).chat;
    await waitFor(() => got(ann, serverEvents.groupMessageReceived, (m) => m._id === back._id), 'group message back');
    await settle();
    expect(got(cat, serverEvents.groupMessageReceived)).toBeUndefined();
  });

  it("a ban on one server closes the member's socket on the other", async () => {
    let closed = false;
    cat.socket.once('disconnect', () => void (closed = true));
    await one.app.services.users.setBanned(cat.id, true, new Date().toISOString());
    // Pushed by the ban itself (no polling); how fast is the chat bench's business, not a test's.
    await waitFor(() => closed || undefined, "the banned member's socket closed on the other server");
    expect(got(cat, serverEvents.sessionEnded)).toEqual({ reason: 'banned' });
    await expect(openSocket(two.url, cat.token)).rejects.toThrow();
  });
});
