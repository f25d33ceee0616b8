import { beforeAll, describe, expect, it } from 'vitest';
import {
  serverEvents,
  type PostEventsPayload,
  type PostsAddedPayload,
  type StreamEvent,
  type WatchedPostEvent,
} from '../../../src/api/socket';
import { NEW_POSTS_WINDOW_MS, POST_EVENTS_WINDOW_MS } from '../../../server/modules/posts/announce';
import { settle, waitFor } from '../chatSockets';
import { dialects } from '../harness';
import { socketWorld } from '../socketWorld';

type Role = 'author' | 'follower' | 'stranger' | 'blockedByAuthor' | 'blocksAuthor' | 'admin' | 'blocksStranger';
const ROLES: Role[] = ['author', 'follower', 'stranger', 'blockedByAuthor', 'blocksAuthor', 'admin', 'blocksStranger'];
const STREAM_EVENTS: StreamEvent[] = [
  serverEvents.postAdded,
  serverEvents.postUpdated,
  serverEvents.postDeleted,
  serverEvents.postReactions,
  serverEvents.commentAdded,
  serverEvents.commentUpdated,
  serverEvents.commentDeleted,
  serverEvents.questionAnswers,
  serverEvents.relationChanged,
];

describe.each(dialects)('stream events over real sockets on %s', (dialect) => {
  const world = socketWorld(dialect, { roles: ROLES, events: STREAM_EVENTS, siteAdmins: ['admin'] });
  const { clients, api, expectFanout, watch } = world;
  beforeAll(async () => {
    await api('follower', 'PUT', `/user/follow/${clients.author.id}`);
    await api('blockedByAuthor', 'PUT', `/user/follow/${clients.author.id}`);
    await api('author', 'PUT', `/user/block/${clients.blockedByAuthor.id}`);
    await api('blocksAuthor', 'PUT', `/user/block/${clients.author.id}`);
    await api('blocksStranger', 'PUT', `/user/block/${clients.stranger.id}`);
  });

  it('sends a Public post to every member except those in a block with the author, e-mail only to author and admins', async () => {
    const { result, got } = await expectFanout(serverEvents.postAdded, ['author', 'follower', 'stranger', 'admin', 'blocksStranger'], () =>
      api('author', 'POST', '/post', { post: 'hello everyone', privacy: 'Public' }),
    );
    expect(got.follower.post).toMatchObject({ _id: result.post._id, post: 'hello everyone' });
    expect(got.follower.post).not.toHaveProperty('email');
    expect(got.stranger.post).not.toHaveProperty('email');
    expect(got.author.post.email).toBe(result.post.email);
    expect(got.admin.post.email).toBe(result.post.email);
  });

  it('sends a Followers post to followers, the author and admins; a Private one to the author and admins', async () => {
    await expectFanout(serverEvents.postAdded, ['author', 'follower', 'admin'], () =>
      api('author', 'POST', '/post', { post: 'friends', privacy: 'Followers' }),
    );
    await expectFanout(serverEvents.postAdded, ['author', 'admin'], () =>
      api('author', 'POST', '/post', { post: 'diary', privacy: 'Private' }),
    );
  });

  it('sends new posts made close together in one frame per socket, oldest first, each to who may see it', async () => {
    const frames = Object.fromEntries(ROLES.map((role) => [role, [] as string[][]])) as Record<Role, string[][]>;
    const listeners = ROLES.map((role) => {
      const listener = ({ posts }: PostsAddedPayload) => void frames[role].push(posts.map((post) => post.post));
      clients[role].socket.on(serverEvents.postsAdded, listener);
      return () => void clients[role].socket.off(serverEvents.postsAdded, listener);
    });
    // A window in which nothing is made: the next post goes out at once.
    await settle(NEW_POSTS_WINDOW_MS + 200);
    const started = performance.now();
    await api('author', 'POST', '/post', { post: 'batch one', privacy: 'Public' });
    await api('author', 'POST', '/post', { post: 'batch two', privacy: 'Followers' });
    await api('author', 'POST', '/post', { post: 'batch three', privacy: 'Public' });
    const madeWithinOneWindow = performance.now() - started < NEW_POSTS_WINDOW_MS;
    await waitFor(() => frames.stranger.flat().includes('batch three'), 'the last post');
    await settle(NEW_POSTS_WINDOW_MS + 200);
    const all = ['batch one', 'batch two', 'batch three'];
    const expected: Partial<Record<Role, string[]>> = {
      author: all,
      follower: all,
      admin: all,
      stranger: ['batch one', 'batch three'],
      blocksStranger: ['batch one', 'batch three'],
    };
    for (const role of ROLES) expect(frames[role].flat(), role).toEqual(expected[role] ?? []);
    if (madeWithinOneWindow) {
      // The first at once, the two made during its window together when it ended.
      expect(frames.follower).toEqual([['batch one'], ['batch two', 'batch three']]);
      expect(frames.stranger).toEqual([['batch one'], ['batch three']]);
    }
    for (const stop of listeners) stop();
  });

  it("sends reaction counts and comments to the post's audience, leaving out who is in a block with the commenter", async () => {
    const { post } = await api('author', 'POST', '/post', { post: 'react to me', privacy: 'Public' });
    await watch([post._id]);
    const everyone: Role[] = ['author', 'follower', 'stranger', 'admin', 'blocksStranger'];
    const reacted = await expectFanout(serverEvents.postReactions, everyone, () =>
      api('follower', 'POST', '/post/reaction', { postId: post._id, type: 'love' }),
    );
    expect(reacted.got.stranger).toEqual({ postId: post._id, reactions: { like: 0, love: 1, angry: 0, happy: 0, sad: 0, wow: 0 } });
    const commented = await expectFanout(serverEvents.commentAdded, ['author', 'follower', 'stranger', 'admin'], () =>
      api('stranger', 'POST', '/post/comment', { postId: post._id, comment: 'hi' }),
    );
    expect(commented.got.follower).toMatchObject({ commentsCount: 1, comment: { postId: post._id, comment: 'hi' } });
    await expectFanout(serverEvents.commentDeleted, everyone, () =>
      api('stranger', 'DELETE', `/post/comment/${commented.result.comment._id}`),
    );
  });

  it("sends a post's events made close together in one frame per watching socket: in order, only the newest counts", async () => {
    const { post } = await api('author', 'POST', '/post', { post: 'busy post', privacy: 'Public' });
    await watch([post._id]);
    const told = (sent: WatchedPostEvent) =>
      sent.event === serverEvents.postReactions
        ? `${Object.values(sent.payload.reactions).reduce((a, b) => a + b, 0)} reactions`
        : sent.event === serverEvents.commentAdded
          ? `comment ${sent.payload.comment.comment}`
          : sent.event;
    const frames = Object.fromEntries(ROLES.map((role) => [role, [] as string[][]])) as Record<Role, string[][]>;
    const listeners = ROLES.map((role) => {
      const listener = ({ events }: PostEventsPayload) => void frames[role].push(events.map(told));
      clients[role].socket.on(serverEvents.postEvents, listener);
      return () => void clients[role].socket.off(serverEvents.postEvents, listener);
    });
    // A window in which nothing happens: the next event goes out at once.
    await settle(POST_EVENTS_WINDOW_MS + 200);
    const started = performance.now();
    await api('follower', 'POST', '/post/reaction', { postId: post._id, type: 'love' });
    await api('author', 'POST', '/post/reaction', { postId: post._id, type: 'like' });
    await api('stranger', 'POST', '/post/comment', { postId: post._id, comment: 'first' });
    await api('admin', 'POST', '/post/reaction', { postId: post._id, type: 'wow' });
    const madeWithinOneWindow = performance.now() - started < POST_EVENTS_WINDOW_MS;
    await waitFor(() => frames.author.flat().includes('3 reactions'), 'the last counts');
    await settle(POST_EVENTS_WINDOW_MS + 200);
    for (const stop of listeners) stop();
    const watchers: Role[] = ['author', 'follower', 'stranger', 'admin', 'blocksStranger'];
    for (const role of ROLES) {
      const got = frames[role].flat();
      if (!watchers.includes(role)) expect(got, role).toEqual([]);
      else {
        // The comment never reaches who is in a block with the commenter; the counts always end on the newest.
        expect(got.includes('comment first'), role).toBe(role !== 'blocksStranger');
        expect(got.at(-1), role).toBe('3 reactions');
      }
    }
    if (madeWithinOneWindow) {
      // The first at once; the three made during its window together when it ended, the first counts
      // of them left out (the newest say all).
      expect(frames.follower).toEqual([['1 reactions'], ['comment first', '3 reactions']]);
      expect(frames.blocksStranger).toEqual([['1 reactions'], ['3 reactions']]);
    }
  });

  it('gives each recipient of a new or changed post their own reaction, saved mark and following', async () => {
    const added = await expectFanout(serverEvents.postAdded, ['author', 'follower', 'stranger', 'admin', 'blocksStranger'], () =>
      api('author', 'POST', '/post', { post: 'per reader', privacy: 'Public' }),
    );
    const viewerFields = (p: any) => ({ userReaction: p.userReaction, saved: p.saved, followingAuthor: p.followingAuthor });
    expect(viewerFields(added.got.follower.post)).toEqual({ userReaction: null, saved: false, followingAuthor: true });
    expect(viewerFields(added.got.stranger.post)).toEqual({ userReaction: null, saved: false, followingAuthor: false });
    const id = added.result.post._id;
    await watch([id]);
    await api('follower', 'POST', '/post/reaction', { postId: id, type: 'happy' });
    await api('follower', 'POST', '/favpost', { postId: id });
    const updated = await expectFanout(serverEvents.postUpdated, ['author', 'follower', 'stranger', 'admin', 'blocksStranger'], () =>
      api('author', 'PUT', `/post/${id}`, { post: 'per reader, edited' }),
    );
    expect(viewerFields(updated.got.follower.post)).toEqual({ userReaction: 'happy', saved: true, followingAuthor: true });
    expect(viewerFields(updated.got.stranger.post)).toEqual({ userReaction: null, saved: false, followingAuthor: false });
    expect(updated.got.follower.post).not.toHaveProperty('email');
    expect(updated.got.author.post.email).toBe(added.result.post.email);
  });

  it('tells members who lose sight of an edited post that it is gone, and the rest that it changed', async () => {
    const { post } = await api('author', 'POST', '/post', { post: 'soon private', privacy: 'Public' });
    await watch([post._id]);
    for (const role of ROLES) clients[role].events = [];
    await expectFanout(serverEvents.postUpdated, ['author', 'admin'], () =>
      api('author', 'PUT', `/post/${post._id}`, { privacy: 'Private' }),
    );
    const gone = ROLES.filter((role) =>
      clients[role].events.some((e) => e.event === serverEvents.postDeleted && e.payload.postId === post._id),
    );
    expect(gone.sort()).toEqual(['blocksStranger', 'follower', 'stranger'].sort());
    await expectFanout(serverEvents.postDeleted, ['author', 'admin'], () => api('author', 'DELETE', `/post/${post._id}`));
  });

  it('tells every tab of a member about their follows and blocks, and the blocked member about the block', async () => {
    const followed = await expectFanout(serverEvents.relationChanged, ['stranger'], () =>
      api('stranger', 'PUT', `/user/follow/${clients.admin.id}`),
    );
    expect(followed.got.stranger).toEqual({ userId: clients.admin.id, following: true });
    const unfollowed = await expectFanout(serverEvents.relationChanged, ['stranger'], () =>
      api('stranger', 'PUT', `/user/unfollow/${clients.admin.id}`),
    );
    expect(unfollowed.got.stranger).toEqual({ userId: clients.admin.id, following: false });
    const blocked = await expectFanout(serverEvents.relationChanged, ['stranger', 'admin'], () =>
      api('stranger', 'PUT', `/user/block/${clients.admin.id}`),
    );
    expect(blocked.got.stranger).toEqual({ userId: clients.admin.id, following: false, blocked: true });
    expect(blocked.got.admin).toEqual({ userId: clients.stranger.id, following: false, blocked: true });
    const unblocked = await expectFanout(serverEvents.relationChanged, ['stranger'], () =>
      api('stranger', 'PUT', `/user/unblock/${clients.admin.id}`),
    );
    expect(unblocked.got.stranger).toEqual({ userId: clients.admin.id, blocked: false });
  });
});
