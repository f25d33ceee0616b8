import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { dataUrlBlob } from '../../../src/api/media/uploads';
import { paths } from '../../../src/api/paths';
import { sendItem } from '../../../src/effects/offline/outbox';
import type { GroupPostOutboxItem } from '../../../src/machines/offline/outbox.connect';
import { createTestApp, type TestApp } from '../harness';
import { imageDataUrl, member, ok, type Member } from '../social';

/**
 * The outbox's group post (kind `groupPost`, docs/client-offline.md) sent by `sendItem` through the
 * real typed client against the real app on a local port: its client id makes a retry store it
 * once (the group route goes through the posts' idempotent create), with its image as the upload.
 */
let origin = '';
const clientOf = (who: Member) => createApiClient({ baseURL: origin, getToken: () => who.token });

describe('sending a group post from the outbox against the real server', () => {
  let t: TestApp;
  let admin: Member;
  let walker: Member;
  let groupId = '';
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [admin, walker] = [await member(t), await member(t)];
    const { group } = await ok(
      t,
      admin,
      'POST',
      paths.groups.create,
      { name: 'Harbour walkers', tags: ['walks'], category: ['Travel'], privacy: 'public' },
      201,
    );
    groupId = group._id;
    await ok(t, walker, 'POST', paths.groups.join(groupId));
  });
  afterAll(() => t.close());

  type Payload = GroupPostOutboxItem['payload'];
  const groupPost = (body: Payload['body'], image: Blob | null = null): GroupPostOutboxItem => ({
    kind: 'groupPost',
    clientId: randomUUID(),
    payload: { groupId, groupName: 'Harbour walkers', body, image },
    order: 1,
    state: 'sending',
    error: null,
  });
  const rows = (text: string) => t.database.db.selectFrom('posts').select('id').where('post', '=', text).execute();

  it("stores a member's text post once when it is sent again with its client id; it waits for review", async () => {
    const item = groupPost({ post: `Fog at dawn ${randomUUID()}`, feelings: '', bgColor: '#2196f3', gifUrl: '' });
    const first = (await sendItem(item, clientOf(walker))) as { _id: string };
    const again = await sendItem(item, clientOf(walker));
    expect(first).toMatchObject({ groupId, groupStatus: 'pending', post: item.payload.body.post ?? '', bgColor: '#2196f3' });
    expect(again).toEqual(first);
    expect(await rows(item.payload.body.post ?? '')).toEqual([{ id: first._id }]);
    expect((await clientOf(walker).posts.pendingOfGroup(groupId, 1)).posts.map((p) => p._id)).toContain(first._id);
  });

  it("stores an admin's image post once, with its image and alt text, accepted at once", async () => {
    const image = dataUrlBlob(await imageDataUrl('png'));
    const item = groupPost({ post: `Gulls ${randomUUID()}`, imageAlt: 'Two gulls' }, image);
    const first = (await sendItem(item, clientOf(admin))) as { _id: string; image: string };
    const again = await sendItem(item, clientOf(admin));
    expect(first).toMatchObject({ groupId, groupStatus: 'accepted', imageAlt: 'Two gulls' });
    expect(first.image).not.toBe('');
    expect(again).toEqual(first);
    expect(await rows(item.payload.body.post ?? '')).toHaveLength(1);
    expect((await clientOf(walker).posts.ofGroup(groupId, 1)).posts.map((p) => p._id)).toEqual([first._id]);
  });

  it('is refused with the server’s reason (a 4xx) for someone not in the group', async () => {
    const stranger = await member(t);
    const item = groupPost({ post: 'Not a member' });
    await expect(sendItem(item, clientOf(stranger))).rejects.toMatchObject({
      statusCode: 403,
      data: { message: 'Only members can post in this group' },
    });
  });
});
