import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { fetchPageActor } from '../../../src/effects/streams/streams';
import { createTestApp, type TestApp } from '../harness';
import { block, member, post, type Member } from '../social';

/**
 * The post page's read (src/effects/streams/streams.ts, source `post`) through the real typed client
 * against the real app: a post that is missing, malformed or hidden from the member is one
 * not-found answer, which the page shows as "This post is gone" (an empty list), not a failure.
 */
describe("the post page's read against the real server", () => {
  let t: TestApp;
  let origin = '';
  let author: Member;
  let reader: Member;
  const read = (who: Member, postId: string) =>
    toPromise(
      createActor(fetchPageActor(createApiClient({ baseURL: origin, getToken: () => who.token })), {
        input: { source: { kind: 'post', postId }, order: null },
      }).start(),
    );

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [author, reader] = [await member(t), await member(t)];
  });
  afterAll(() => t.close());

  it('reads a post the member may see', async () => {
    const p = await post(t, author, { post: 'visible' });
    expect((await read(reader, p._id)).posts.map((x) => x._id)).toEqual([p._id]);
  });

  it('reads a missing, malformed or hidden post as nothing to show', async () => {
    const hidden = await post(t, author, { post: 'mine only', privacy: 'Private' });
    const blocked = await post(t, author, { post: 'before the block' });
    await block(t, author, reader);
    for (const postId of ['01890000-0000-7000-8000-000000000000', 'not-an-id', hidden._id, blocked._id]) {
      expect(await read(reader, postId), postId).toMatchObject({ posts: [], nextCursor: null, total: 0 });
    }
  });

  it('still fails on anything but not-found (signed out: 401)', async () => {
    const p = await post(t, author, { post: 'x' });
    const signedOut = { ...reader, token: 'not-a-token' };
    await expect(read(signedOut, p._id)).rejects.toMatchObject({ data: { statusCode: 401 } });
  });
});
