import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../src/api/paths';
import { POST_WATCH_MAX } from '../../../src/api/posts';
import { clientEvents, serverEvents } from '../../../src/api/socket';
import type { Config } from '../../../server/config';
import { startServer, type RunningServer } from '../../../server/main';
import { emitAck, okHttp, onEachPostEvent, openSocket, record, settle, signUpMember, waitFor, type ChatClient } from '../chatSockets';
import { dialects, dropTestSchema, testConfig } from '../harness';

/**
 * A post's socket events go to the members who may see it among those connected now, and the
 * audience query is asked about connected members only: members with no socket cost nothing
 * (PostStore.audienceWork counts the ids each query was given and the members it answered: the
 * offline members follow the author and belong to the group, so a query over every member would
 * answer them too). A new post goes to every connected member who may see it; the events of an
 * existing post (counts, comments, edits, deletion) only to the sockets that watch it (`watch
 * posts`), and of those only to members who may see it when the event is sent.
 */

type Role = 'author' | 'follower' | 'stranger' | 'blockedByAuthor' | 'blocksAuthor' | 'admin' | 'groupMember';
type Member = Omit<ChatClient, 'socket'> & { socket: ChatClient['socket'] | null; server: RunningServer };
const POST_EVENTS = [
  serverEvents.postAdded,
  serverEvents.postUpdated,
  serverEvents.postDeleted,
  serverEvents.postReactions,
  serverEvents.commentAdded,
  serverEvents.questionAnswers,
] as string[];
/** Members with no socket who follow the author and belong to the group: a scan of every member would find them. */
const OFFLINE = 4;

/** Which post events (by name) each member is expected to get; members left out expect none. */
type Expected = Partial<Record<Role, string[]>>;

/** Servers (one, or two sharing PostgreSQL and Redis) and a connected member per role on the given server, plus offline members. */
function audienceWorld(start: () => Promise<{ config: Config; servers: RunningServer[] }>, serverOf: (role: Role) => number) {
  let config: Config;
  let servers: RunningServer[] = [];
  const members = {} as Record<Role, Member>;
  const offline: Member[] = [];
  let groupId = '';
  const roles: Role[] = ['author', 'follower', 'stranger', 'blockedByAuthor', 'blocksAuthor', 'admin', 'groupMember'];

  async function member(server: RunningServer, connected: boolean): Promise<Member> {
    const signed = await signUpMember(server.url);
    const m: Member = { ...signed, socket: connected ? await openSocket(server.url, signed.token) : null, events: [], server };
    if (m.socket) record(m as ChatClient);
    return m;
  }
  const ok = (who: Member, method: string, url: string, body?: unknown, on: RunningServer = who.server) =>
    okHttp(on.url, who.token, method, url, body);

  beforeAll(async () => {
    ({ config, servers } = await start());
    for (const role of roles) members[role] = await member(servers[serverOf(role)]!, true);
    for (let i = 0; i < OFFLINE; i += 1) offline.push(await member(servers[i % servers.length]!, false));
    const { author } = members;
    await servers[0]!.app.services.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', members.admin.id).execute();
    for (const who of [members.follower, members.blockedByAuthor, ...offline]) await ok(who, 'PUT', `/user/follow/${author.id}`);
    await ok(author, 'PUT', `/user/block/${members.blockedByAuthor.id}`);
    await ok(members.blocksAuthor, 'PUT', `/user/block/${author.id}`);
    const inGroup = [members.groupMember, ...offline];
    const { group } = await ok(author, 'POST', paths.groups.create, {
      name: 'Quiet Room',
      privacy: 'private',
      tags: ['x'],
      category: ['Music'],
      members: inGroup.map((m) => m.id),
    });
    groupId = group._id;
    for (const who of inGroup) await ok(who, 'PUT', `/group/invitation/accept/${groupId}`);
  });
  afterAll(async () => {
    for (const m of [...Object.values(members), ...offline]) m.socket?.close();
    for (const server of servers) await server.close();
    await dropTestSchema(config);
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  const work = (server: RunningServer) => ({ ...server.app.services.postStore.audienceWork });
  const connectedCount = () => roles.length;

  /**
   * Runs the action (through `on`, the first server by default) and checks each member got exactly
   * the expected events about its post (`postId`, or the post the action answers), and what the
   * audience queries of that server were asked and answered.
   */
  async function expectPostEvents<T extends { post?: { _id: string } }>(
    expected: Expected,
    action: () => Promise<T>,
    options: { on?: RunningServer; postId?: string } = {},
  ) {
    const on = options.on ?? servers[0]!;
    for (const role of roles) members[role].events = [];
    const before = work(on);
    const result = await action();
    const postId = options.postId ?? result.post!._id;
    const about = (payload: any) => (payload.post?._id ?? payload.postId ?? payload.comment?.postId ?? payload.questionId) === postId;
    const names = (role: Role) =>
      members[role].events
        .filter((e) => POST_EVENTS.includes(e.event) && about(e.payload))
        .map((e) => e.event)
        .sort();
    const want = (role: Role) => [...(expected[role] ?? [])].sort();
    // A late event fails the comparison below, which shows who got what.
    await waitFor(() => roles.every((role) => want(role).every((event) => names(role).includes(event))), 'the expected post events').catch(
      () => undefined,
    );
    // Same process: an acknowledgement asked for now comes back after any frame already sent. Across processes: a pause.
    if (servers.length === 1) await Promise.all(roles.map((role) => emitAck(members[role].socket!, clientEvents.joinRoom, null)));
    else await settle(200);
    // Read after the events arrived: sockets are told after the answer (posts/service.ts).
    const after = work(on);
    expect(Object.fromEntries(roles.map((role) => [role, names(role)]))).toEqual(
      Object.fromEntries(roles.map((role) => [role, want(role)])),
    );
    return {
      result,
      asked: after.asked - before.asked,
      queries: after.queries - before.queries,
      found: after.found - before.found,
      payload: (role: Role, event: string) => members[role].events.find((e) => e.event === event && about(e.payload))?.payload,
    };
  }

  /** A Public post by the author, once every connected member who may see it has it (so nothing of it arrives later). */
  const publicPost = async (text: string): Promise<{ _id: string }> =>
    (
      await expectPostEvents({ author: added, follower: added, stranger: added, admin: added, groupMember: added }, () =>
        ok(members.author, 'POST', '/post', { post: text, privacy: 'Public' }),
      )
    ).result.post;

  /** These members' sockets (every connected role by default) watch these posts, and no others. */
  async function watch(postIds: string[], who: Role[] = roles): Promise<void> {
    for (const role of who) expect(await emitAck(members[role].socket!, clientEvents.watchPosts, { postIds })).toEqual({ ok: true });
  }

  return {
    members,
    offline,
    roles,
    ok,
    expectPostEvents,
    publicPost,
    watch,
    connectedCount,
    groupId: () => groupId,
    servers: () => servers,
  };
}

const added = [serverEvents.postAdded];
const updated = [serverEvents.postUpdated];
const deleted = [serverEvents.postDeleted];
const reactions = [serverEvents.postReactions];
const commented = [serverEvents.commentAdded];

describe.each(dialects)("a post's socket audience among the connected members on %s (one process)", (dialect) => {
  const world = audienceWorld(
    async () => {
      const config = { ...(await testConfig(dialect)), port: 0 };
      return { config, servers: [await startServer(config, { handleSignals: false })] };
    },
    () => 0,
  );
  const { members: m, ok, expectPostEvents, publicPost } = world;

  it('a Public, a Followers and a Private post reach exactly who may see them; only connected members who could see such a post are asked about', async () => {
    const made = await expectPostEvents({ author: added, follower: added, stranger: added, admin: added, groupMember: added }, () =>
      ok(m.author, 'POST', '/post', { post: 'for everyone', privacy: 'Public' }),
    );
    expect(made.queries).toBe(1);
    expect(made.asked).toBe(world.connectedCount());
    expect(made.found).toBe(5);
    expect(made.payload('admin', serverEvents.postAdded).post.email).toBe(made.result.post.email);
    expect(made.payload('stranger', serverEvents.postAdded).post).not.toHaveProperty('email');
    const followers = await expectPostEvents({ author: added, follower: added, admin: added }, () =>
      ok(m.author, 'POST', '/post', { post: 'for followers', privacy: 'Followers' }),
    );
    // Of the connected, only who could see a Followers post at all is asked: its author, their followers, admins.
    expect(followers.asked).toBe(3);
    expect(followers.found).toBe(3);
    const own = await expectPostEvents({ author: added, admin: added }, () =>
      ok(m.author, 'POST', '/post', { post: 'for me', privacy: 'Private' }),
    );
    expect(own.asked).toBe(2);
  });

  it('a Followers post by a member with more followers than members connected asks every connected member, and still reaches only who may see it', async () => {
    const server = world.servers()[0]!;
    for (let i = 0; i <= world.connectedCount(); i += 1) {
      const fan = await signUpMember(server.url);
      await okHttp(server.url, fan.token, 'PUT', `/user/follow/${m.stranger.id}`);
    }
    const post = await expectPostEvents({ stranger: added, admin: added }, () =>
      ok(m.stranger, 'POST', '/post', { post: 'to my many followers', privacy: 'Followers' }),
    );
    expect(post.asked).toBe(world.connectedCount());
    expect(post.found).toBe(2);
  });

  it("a private group's post reaches its connected members and admins; a non-member gets nothing", async () => {
    const post = await expectPostEvents({ author: added, groupMember: added, admin: added }, () =>
      ok(m.author, 'POST', paths.posts.group.create(world.groupId()), { post: 'members only' }),
    );
    expect(post.asked).toBe(world.connectedCount());
    expect(post.found).toBe(3);
  });

  it('a privacy change tells who loses sight, who keeps it and who gains it, asking before and after', async () => {
    const post = await publicPost('changing');
    await world.watch([post._id]);
    const narrowed = await expectPostEvents(
      { author: updated, follower: updated, admin: updated, stranger: deleted, groupMember: deleted },
      () => ok(m.author, 'PUT', `/post/${post._id}`, { privacy: 'Followers' }),
    );
    expect(narrowed.queries).toBe(2);
    expect(narrowed.asked).toBe(2 * world.connectedCount());
    expect(narrowed.found).toBe(5 + 3);
    await expectPostEvents({ author: updated, follower: updated, admin: updated, stranger: added, groupMember: added }, () =>
      ok(m.author, 'PUT', `/post/${post._id}`, { privacy: 'Public' }),
    );
  });

  it('a hidden post leaves everyone but its author and admins, and an unhide brings it back', async () => {
    const post = await publicPost('questionable');
    await world.watch([post._id]);
    await expectPostEvents({ author: updated, admin: updated, follower: deleted, stranger: deleted, groupMember: deleted }, () =>
      ok(m.admin, 'POST', paths.admin.hide, { postId: post._id, reason: 'Spam' }),
    );
    await expectPostEvents({ author: updated, admin: updated, follower: added, stranger: added, groupMember: added }, () =>
      ok(m.admin, 'POST', paths.admin.unhide, { postId: post._id }),
    );
  });

  it('counts and deletions go to the watching audience; a member counts once connected and watching, and no longer once gone', async () => {
    const post = await publicPost('count me');
    await world.watch([post._id]);
    const everyone: Expected = {
      author: [serverEvents.postReactions],
      follower: [serverEvents.postReactions],
      stranger: [serverEvents.postReactions],
      admin: [serverEvents.postReactions],
      groupMember: [serverEvents.postReactions],
    };
    const reacted = await expectPostEvents(everyone, () => ok(m.follower, 'POST', '/post/reaction', { postId: post._id, type: 'like' }), {
      postId: post._id,
    });
    expect(reacted.asked).toBe(world.connectedCount());

    const late = world.offline[0]!;
    const socket = await openSocket(late.server.url, late.token);
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: [post._id] })).toEqual({ ok: true });
    const got: string[] = [];
    onEachPostEvent(socket, ({ event }) => void got.push(event));
    const withLate = await expectPostEvents(everyone, () => ok(m.stranger, 'POST', '/post/reaction', { postId: post._id, type: 'love' }), {
      postId: post._id,
    });
    expect(withLate.asked).toBe(world.connectedCount() + 1);
    expect(withLate.found).toBe(6);
    await emitAck(socket, clientEvents.joinRoom, null);
    expect(got).toEqual([serverEvents.postReactions]);
    socket.close();
    while ((await late.server.app.services.postWatch.watchers(post._id)).has(late.id)) await settle(10);

    const removed = await expectPostEvents(
      { author: deleted, follower: deleted, stranger: deleted, admin: deleted, groupMember: deleted },
      () => ok(m.author, 'DELETE', `/post/${post._id}`),
      { postId: post._id },
    );
    expect(removed.asked).toBe(world.connectedCount());
  });

  it('a watch is answered {ok:false, message} for a bad list; [] watches nothing', async () => {
    const socket = m.stranger.socket!;
    expect(await emitAck(socket, clientEvents.watchPosts, null)).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: 'all' })).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: ['nope'] })).toEqual({ ok: false, message: 'Invalid post id' });
    const tooMany = Array.from({ length: POST_WATCH_MAX + 1 }, () => randomUUID());
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: tooMany })).toEqual({
      ok: false,
      message: `Watch at most ${POST_WATCH_MAX} posts at once`,
    });
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: tooMany.slice(0, POST_WATCH_MAX) })).toEqual({ ok: true });
    expect(await emitAck(socket, clientEvents.watchPosts, { postIds: [] })).toEqual({ ok: true });
    expect(await m.stranger.server.app.services.postWatch.watchers(tooMany[0]!)).toEqual(new Set());
  });

  it("a post's counts, comments and edits reach the members who watch it and may see it, not those who only may see it", async () => {
    const post = await publicPost('watched by few');
    await world.watch([], world.roles);
    await world.watch([post._id], ['author', 'follower', 'blocksAuthor']);
    const reacted = await expectPostEvents(
      { author: reactions, follower: reactions },
      () => ok(m.stranger, 'POST', '/post/reaction', { postId: post._id, type: 'like' }),
      { postId: post._id },
    );
    // Asked about the three watchers only; the one in a block with the author is not in the answer.
    expect(reacted.asked).toBe(3);
    expect(reacted.found).toBe(2);
    await expectPostEvents(
      { author: commented, follower: commented },
      () => ok(m.stranger, 'POST', '/post/comment', { postId: post._id, comment: 'seen by watchers' }),
      { postId: post._id },
    );
    await expectPostEvents(
      { author: updated, follower: updated },
      () => ok(m.author, 'PUT', `/post/${post._id}`, { post: 'watched by few, edited' }),
      { postId: post._id },
    );
    await world.watch([], world.roles);
    const unwatched = await expectPostEvents({}, () => ok(m.stranger, 'POST', '/post/reaction', { postId: post._id, type: 'love' }), {
      postId: post._id,
    });
    expect(unwatched.queries).toBe(0);
    await expectPostEvents({}, () => ok(m.author, 'DELETE', `/post/${post._id}`), { postId: post._id });
  });

  it("a question's answer counts reach its watchers only", async () => {
    const { result } = await expectPostEvents({ author: added, follower: added, stranger: added, admin: added, groupMember: added }, () =>
      ok(m.author, 'POST', paths.questions.create, { post: 'who watches?', privacy: 'Public' }),
    );
    const question = result.post;
    await world.watch([question._id], ['author', 'stranger']);
    await expectPostEvents(
      { author: [serverEvents.questionAnswers], stranger: [serverEvents.questionAnswers] },
      () => ok(m.follower, 'POST', paths.questions.answer(question._id), { answer: 'the watchers' }),
      { postId: question._id },
    );
  });

  it('a watcher who may no longer see the post gets none of its events: hidden, made private', async () => {
    const hidden = await publicPost('soon hidden');
    await world.watch([hidden._id]);
    await expectPostEvents({ author: updated, admin: updated, follower: deleted, stranger: deleted, groupMember: deleted }, () =>
      ok(m.admin, 'POST', paths.admin.hide, { postId: hidden._id, reason: 'Spam' }),
    );
    await expectPostEvents(
      { author: reactions, admin: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: hidden._id, type: 'sad' }),
      { postId: hidden._id },
    );

    const narrowed = await publicPost('soon private');
    await world.watch([narrowed._id]);
    await expectPostEvents({ author: updated, admin: updated, follower: deleted, stranger: deleted, groupMember: deleted }, () =>
      ok(m.author, 'PUT', `/post/${narrowed._id}`, { privacy: 'Private' }),
    );
    await expectPostEvents(
      { author: reactions, admin: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: narrowed._id, type: 'wow' }),
      { postId: narrowed._id },
    );
    await expectPostEvents(
      { author: commented, admin: commented },
      () => ok(m.admin, 'POST', '/post/comment', { postId: narrowed._id, comment: 'still here' }),
      { postId: narrowed._id },
    );
  });

  it('a watcher who may no longer see the post gets none of its events: a block either way after the watch', async () => {
    const post = await publicPost('before the blocks');
    await world.watch([post._id]);
    await ok(m.follower, 'PUT', `/user/block/${m.author.id}`);
    await ok(m.author, 'PUT', `/user/block/${m.stranger.id}`);
    await expectPostEvents(
      { author: reactions, admin: reactions, groupMember: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: post._id, type: 'like' }),
      { postId: post._id },
    );
    await ok(m.follower, 'PUT', `/user/unblock/${m.author.id}`);
    await ok(m.author, 'PUT', `/user/unblock/${m.stranger.id}`);
    await ok(m.follower, 'PUT', `/user/follow/${m.author.id}`);
    await expectPostEvents(
      { author: reactions, admin: reactions, groupMember: reactions, follower: reactions, stranger: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: post._id, type: 'love' }),
      { postId: post._id },
    );
  });

  it('a watcher who may no longer see the post gets none of its events: the group left', async () => {
    const { result } = await expectPostEvents({ author: added, groupMember: added, admin: added }, () =>
      ok(m.author, 'POST', paths.posts.group.create(world.groupId()), { post: 'members, for now' }),
    );
    await world.watch([result.post._id]);
    await expectPostEvents(
      { author: reactions, admin: reactions, groupMember: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: result.post._id, type: 'like' }),
      { postId: result.post._id },
    );
    await ok(m.groupMember, 'PUT', paths.groups.leave(world.groupId()), {});
    await expectPostEvents(
      { author: reactions, admin: reactions },
      () => ok(m.admin, 'POST', '/post/reaction', { postId: result.post._id, type: 'happy' }),
      { postId: result.post._id },
    );
  });
});

describe('with nobody connected', () => {
  let config: Config;
  let server: RunningServer;
  beforeAll(async () => {
    config = { ...(await testConfig('sqlite')), port: 0 };
    server = await startServer(config, { handleSignals: false });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(config.dataDir, { recursive: true, force: true });
  });

  it('a post, an edit, a reaction and a deletion run no audience query at all', async () => {
    const author = await signUpMember(server.url);
    const reader = await signUpMember(server.url);
    await okHttp(server.url, reader.token, 'PUT', `/user/follow/${author.id}`);
    const { post } = await okHttp(server.url, author.token, 'POST', '/post', { post: 'into the quiet', privacy: 'Public' });
    await okHttp(server.url, author.token, 'PUT', `/post/${post._id}`, { privacy: 'Followers' });
    await okHttp(server.url, reader.token, 'POST', '/post/reaction', { postId: post._id, type: 'like' });
    await okHttp(server.url, author.token, 'DELETE', `/post/${post._id}`);
    expect(server.app.services.postStore.audienceWork).toEqual({ queries: 0, asked: 0, found: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  "a post's socket audience across two processes (PostgreSQL and Redis)",
  () => {
    // Members alternate between the processes; the author is on the first.
    const onSecond: Role[] = ['follower', 'admin', 'groupMember', 'blocksAuthor'];
    const world = audienceWorld(
      async () => {
        const config = { ...(await testConfig('postgres')), port: 0, redisUrl: process.env.TEST_REDIS_URL! };
        return {
          config,
          servers: [await startServer(config, { handleSignals: false }), await startServer(config, { handleSignals: false })],
        };
      },
      (role) => (onSecond.includes(role) ? 1 : 0),
    );
    const { members: m, ok, expectPostEvents, publicPost } = world;

    it('members on either process get exactly what they may see of a post made on the other', async () => {
      const made = await expectPostEvents({ author: added, follower: added, stranger: added, admin: added, groupMember: added }, () =>
        ok(m.author, 'POST', '/post', { post: 'across processes', privacy: 'Public' }),
      );
      // Asked about the connected members of both processes (the test's own SOCKET_REDIS_KEY keeps other
      // servers on the same Redis out), and only they answered: the offline followers were not among them.
      expect(made.asked).toBe(world.connectedCount());
      expect(made.found).toBe(5);
      await expectPostEvents({ author: added, follower: added, admin: added }, () =>
        ok(m.author, 'POST', '/post', { post: 'followers, anywhere', privacy: 'Followers' }),
      );
      await expectPostEvents({ author: added, admin: added }, () => ok(m.author, 'POST', '/post', { post: 'only me', privacy: 'Private' }));
      await expectPostEvents({ author: added, groupMember: added, admin: added }, () =>
        ok(m.author, 'POST', paths.posts.group.create(world.groupId()), { post: 'the group, anywhere' }),
      );
    });

    it('a change made through the second process reaches both: who loses sight, who keeps it, who regains it', async () => {
      const [, second] = world.servers();
      const post = await publicPost('soon narrower');
      await world.watch([post._id]);
      const narrowed = await expectPostEvents(
        { author: updated, follower: updated, admin: updated, stranger: deleted, groupMember: deleted },
        () => ok(m.author, 'PUT', `/post/${post._id}`, { privacy: 'Followers' }, second),
        { on: second },
      );
      expect(narrowed.found).toBe(5 + 3);
      await expectPostEvents(
        { author: updated, admin: updated, follower: deleted },
        () => ok(m.admin, 'POST', paths.admin.hide, { postId: post._id, reason: 'Spam' }, second),
        { on: second },
      );
      await expectPostEvents({ author: updated, admin: updated, follower: added }, () =>
        ok(m.admin, 'POST', paths.admin.unhide, { postId: post._id }),
      );
    });

    it('counts and comments reach the watchers on either process who may see the post, and no one else', async () => {
      const [first, second] = world.servers();
      const post = await publicPost('watched on both');
      // follower and admin are on the second process, author and blocksAuthor on the first; stranger and groupMember do not watch.
      await world.watch([], world.roles);
      await world.watch([post._id], ['author', 'follower', 'admin', 'blocksAuthor']);
      const reacted = await expectPostEvents(
        { author: reactions, follower: reactions, admin: reactions },
        () => ok(m.stranger, 'POST', '/post/reaction', { postId: post._id, type: 'like' }, second),
        { on: second, postId: post._id },
      );
      expect(reacted.asked).toBe(4);
      expect(reacted.found).toBe(3);
      await expectPostEvents(
        { author: commented, follower: commented, admin: commented },
        () => ok(m.groupMember, 'POST', '/post/comment', { postId: post._id, comment: 'from afar' }, first),
        { on: first, postId: post._id },
      );
      await world.watch([], ['follower']);
      await expectPostEvents({ author: deleted, admin: deleted }, () => ok(m.author, 'DELETE', `/post/${post._id}`, undefined, second), {
        on: second,
        postId: post._id,
      });
    });
  },
);
