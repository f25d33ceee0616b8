import { describe, expect, it } from 'vitest';
import { paths } from '../../src/api/paths';
import { serverEvents } from '../../src/api/socket';
import { liveServer, type ChatClient } from './chatSockets';
import { dialects } from './harness';

/**
 * Follows, first reactions and comments notify the member they concern while that member's
 * setting ('follows', 'reactions', 'comments') is on; never about one's own doing, never twice for
 * the same follow or a changed reaction.
 */
describe.each(dialects)('follow, reaction and comment notifications on %s', (dialect) => {
  const { client, ok, drained } = liveServer(dialect);
  const notices = (c: ChatClient) => c.events.filter((e) => e.event === serverEvents.notification).map((e) => e.payload);
  const summaryOf = (c: ChatClient) => expect.objectContaining({ _id: c.id, username: c.username });

  it('a new follower is announced to the followed member once; following again, or back, is the other one’s news', async () => {
    const [ann, bob] = [await client(), await client()];
    await ok(ann, 'PUT', paths.follows.follow(bob.id));
    await ok(ann, 'PUT', paths.follows.follow(bob.id));
    await drained(ann, bob);
    expect(notices(bob)).toEqual([{ type: 'follows', from: summaryOf(ann) }]);
    expect(notices(ann)).toEqual([]);
    await ok(bob, 'PUT', paths.follows.follow(ann.id));
    await drained(ann, bob);
    expect(notices(ann)).toEqual([{ type: 'follows', from: summaryOf(bob) }]);
  });

  it('a first reaction and every comment on someone else’s post notify its author; their own do not', async () => {
    const [ann, bob] = [await client(), await client()];
    const { post } = await ok(ann, 'POST', paths.posts.create, { post: 'Sunrise over the bay', privacy: 'Public' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'like' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'love' });
    await ok(ann, 'POST', paths.reactions.react, { postId: post._id, type: 'wow' });
    await ok(bob, 'POST', paths.comments.create, { postId: post._id, comment: 'Lovely light' });
    await ok(ann, 'POST', paths.comments.create, { postId: post._id, comment: 'Thanks!' });
    await drained(ann, bob);
    expect(notices(ann)).toEqual([
      { type: 'reactions', from: summaryOf(bob), postId: post._id, reaction: 'like' },
      { type: 'comments', from: summaryOf(bob), postId: post._id },
    ]);
    expect(notices(bob)).toEqual([]);
  });

  it('with a setting off, that kind is not sent (the others still are)', async () => {
    const [ann, bob] = [await client(), await client()];
    const { user } = await ok(ann, 'PUT', paths.users.settings, { follows: false, comments: false });
    expect(user.notifications).toMatchObject({ follows: false, comments: false, reactions: true });
    const { post } = await ok(ann, 'POST', paths.posts.create, { post: 'Quiet please', privacy: 'Public' });
    await ok(bob, 'PUT', paths.follows.follow(ann.id));
    await ok(bob, 'POST', paths.comments.create, { postId: post._id, comment: 'shh' });
    await ok(bob, 'POST', paths.reactions.react, { postId: post._id, type: 'happy' });
    await drained(ann, bob);
    expect(notices(ann)).toEqual([{ type: 'reactions', from: summaryOf(bob), postId: post._id, reaction: 'happy' }]);
  });
});
