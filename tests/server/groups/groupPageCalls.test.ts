import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { groupCalls } from '../../../src/effects/groups/group';
import { publish } from '../../../src/effects/composer/composer';
import { createTestApp, type TestApp } from '../harness';
import { member, ok, type Member } from '../social';

/**
 * The group page's own calls (src/effects/groups/group.ts, the group posts of the typed client and the
 * composer's group post) through the real typed client against the real app on a local port:
 * the paths, bodies and answers the client relies on are the server's.
 */
let origin = '';
const clientOf = (who: Member) => createApiClient({ baseURL: origin, getToken: () => who.token });

const failureOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { data?: { message: string; statusCode: number } }) => error.data ?? null,
  );

describe("the group page's calls against the real server", () => {
  let t: TestApp;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    [alice, bob, carol] = [await member(t), await member(t), await member(t)];
  });
  afterAll(() => t.close());

  it('joins, posts for review, accepts, promotes, hands over admin on leaving, updates and deletes', async () => {
    const asAlice = clientOf(alice);
    const asBob = clientOf(bob);
    const asCarol = clientOf(carol);
    const { group } = await ok(
      t,
      alice,
      'POST',
      '/group/create',
      { name: 'Harbour walkers', tags: ['walks'], category: ['Travel'], privacy: 'private' },
      201,
    );
    const aliceCalls = groupCalls(asAlice);
    const bobCalls = groupCalls(asBob);

    // A stranger to a private group sees its card, not its posts or members; a request the admin approves.
    expect((await groupCalls(asCarol).one(group._id)).group).toMatchObject({ name: 'Harbour walkers', membership: null, members: [] });
    expect(await failureOf(asCarol.posts.ofGroup(group._id, 1))).toEqual({ message: 'Group not found', statusCode: 404 });
    const asked = await bobCalls.join(group._id);
    expect(asked).toMatchObject({
      message: 'Your request to join was sent',
      status: 'pending',
      group: { membership: { status: 'pending', joinedBy: 'request' } },
    });
    expect((await aliceCalls.pendingMembers(group._id)).pendingMembers.map((m) => m.userId)).toEqual([bob.id]);
    const approved = await aliceCalls.approve(group._id, bob.id);
    expect(approved.message).toBe('Member approved');
    expect(approved.group.memberCount).toBe(2);

    // A member's post waits; the admin sees it pending and accepts it.
    const sent = await publish(
      { kind: 'createGroupPost', groupId: group._id, body: { post: 'Walk at dawn', feelings: '', bgColor: '#ffffff', gifUrl: '' } },
      asBob,
    );
    expect(sent).toMatchObject({ groupId: group._id, groupStatus: 'pending' });
    expect((await asAlice.posts.pendingOfGroup(group._id, 1)).posts.map((p) => p._id)).toEqual([sent._id]);
    expect((await asAlice.posts.ofGroup(group._id, 1)).posts).toEqual([]);
    const accepted = await asAlice.posts.acceptInGroup(sent._id);
    expect(accepted.post.groupStatus).toBe('accepted');
    expect((await asBob.posts.ofGroup(group._id, 1)).posts.map((p) => p._id)).toEqual([sent._id]);

    // The last admin cannot leave without a successor; naming bob works.
    expect(await failureOf(aliceCalls.leave(group._id))).toEqual({
      message: 'Name another member as group admin before leaving',
      statusCode: 400,
    });
    expect((await aliceCalls.leave(group._id, bob.id)).message).toBe('You left the group');
    const seenByBob = (await bobCalls.one(group._id)).group;
    expect(seenByBob.admins).toEqual([bob.id]);

    // Bob, now the admin: promote/remove need members; update with the form's body; delete.
    expect(await failureOf(bobCalls.promote(group._id, carol.id))).toEqual({ message: 'Member not found', statusCode: 404 });
    const updated = await bobCalls.update(group._id, {
      name: 'Harbour walkers club',
      description: '',
      privacy: 'public',
      category: ['Travel', 'Sports'],
      tags: ['walks', 'dawn'],
      profileImage: '',
    });
    expect(updated.group).toMatchObject({
      name: 'Harbour walkers club',
      privacy: 'public',
      category: ['Travel', 'Sports'],
      tags: ['walks', 'dawn'],
    });
    expect((await groupCalls(asCarol).join(group._id)).status).toBe('accepted');
    expect((await bobCalls.promote(group._id, carol.id)).group.admins.sort()).toEqual([bob.id, carol.id].sort());
    expect((await bobCalls.removeMember(group._id, carol.id)).group.members.map((m) => m.userId)).toEqual([bob.id]);
    expect((await bobCalls.remove(group._id)).message).toBe('Group deleted');
    expect(await failureOf(bobCalls.one(group._id))).toEqual({ message: 'Group not found', statusCode: 404 });
  });

  it("declines an invitation with the same calls the page makes; a private group's request is withdrawn with leave", async () => {
    const { group } = await ok(
      t,
      alice,
      'POST',
      '/group/create',
      { name: 'Night owls', tags: ['late'], category: ['Other'], privacy: 'private', members: [bob.id] },
      201,
    );
    const bobCalls = groupCalls(clientOf(bob));
    expect((await bobCalls.one(group._id)).group.membership).toMatchObject({ status: 'pending', joinedBy: 'invited' });
    expect((await bobCalls.declineInvitation(group._id)).message).toBe('Invitation declined');
    expect((await bobCalls.one(group._id)).group.membership).toBeNull();

    const carolCalls = groupCalls(clientOf(carol));
    expect((await carolCalls.join(group._id)).status).toBe('pending');
    expect((await carolCalls.leave(group._id)).message).toBe('Your request was withdrawn');
    expect((await carolCalls.one(group._id)).group.membership).toBeNull();
    const accept = await failureOf(carolCalls.acceptInvitation(group._id));
    expect(accept).toEqual({ message: 'Invitation not found', statusCode: 404 });
  });
});
