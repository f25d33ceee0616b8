import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../../src/api/auth';
import { EMPTY_MESSAGE, GROUP_NAME_RULES, groupChatsSchema } from '../../../src/api/chat';
import { paths } from '../../../src/api/paths';
import { bearer, createTestApp, dialects, signUp, type TestApp } from '../harness';

type Member = AuthResponse & { id: string };

describe.each(dialects)('chat API on %s', (dialect) => {
  let t: TestApp;
  let ann: Member, bob: Member, cat: Member, dan: Member;

  const call = (who: Member | null, method: string, url: string, payload?: unknown) =>
    t.api({
      method: method as 'GET',
      url,
      ...(who ? { headers: bearer(who.token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const ok = async (who: Member, method: string, url: string, payload?: unknown) => {
    const response = await call(who, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const send = (from: Member, to: Member, body: string, extra: object = {}) =>
    ok(from, 'POST', paths.chat.send, { receiverId: to.id, body, ...extra });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const make = async () => {
      const member = await signUp(t);
      return { ...member, id: member.user._id };
    };
    [ann, bob, cat, dan] = [await make(), await make(), await make(), await make()];
  });
  afterAll(() => t.close());

  it('stores a message, answers it with its seq, and lists the conversation for both members only', async () => {
    const first = await send(ann, bob, '  hello bob  ');
    expect(first.chat).toMatchObject({
      senderId: ann.id,
      receiverId: bob.id,
      body: 'hello bob',
      seq: 1,
      isRead: false,
      isGroupChat: false,
      senderUsername: ann.user.username,
      receiverUsername: bob.user.username,
    });
    const second = await send(bob, ann, 'hi ann');
    expect(second.chat.seq).toBe(2);
    expect(second.chat.conversationId).toBe(first.chat.conversationId);

    const forBob = await ok(bob, 'GET', paths.chat.messages(ann.id));
    expect(forBob.messages.map((m: { body: string }) => m.body)).toEqual(['hello bob', 'hi ann']);
    expect(forBob.lastSeq).toBe(2);
    const after = await ok(bob, 'GET', paths.chat.messages(ann.id, { after: 1 }));
    expect(after.messages.map((m: { seq: number }) => m.seq)).toEqual([2]);
    const list = await ok(ann, 'GET', paths.chat.conversationList);
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ body: 'hi ann', lastSeq: 2, unreadCount: 1 });

    // Cat cannot read Ann and Bob's conversation: asking for either gives Cat's own (empty) one.
    expect((await ok(cat, 'GET', paths.chat.messages(ann.id))).messages).toEqual([]);
    expect((await ok(cat, 'GET', paths.chat.conversationList)).list).toEqual([]);
    // Nor react to, delete or see a message of it.
    expect((await call(cat, 'PUT', paths.chat.reaction, { messageId: first.chat._id, reaction: 'like' })).statusCode).toBe(404);
    expect((await call(cat, 'DELETE', paths.chat.markAsDeleted(first.chat._id, ann.id, bob.id, 'deleteForMe'))).statusCode).toBe(404);
  });

  it('lists each conversation by the newest message the member still sees, with its reactions and their own unread count', async () => {
    const member = async () => {
      const made = await signUp(t);
      return { ...made, id: made.user._id };
    };
    const [eve, fay, gus] = [await member(), await member(), await member()];
    await send(fay, eve, 'fay one');
    await send(fay, eve, 'fay two');
    const { chat: loved } = await send(gus, eve, 'gus one');
    await ok(eve, 'PUT', paths.chat.reaction, { messageId: loved._id, reaction: 'love', type: 'add' });
    // Eve answers Fay (which reads Fay's two), then deletes her answer for herself.
    const { chat: answer } = await send(eve, fay, 'eve to fay');
    await ok(eve, 'DELETE', paths.chat.markAsDeleted(answer._id, eve.id, fay.id, 'deleteForMe'));
    const row = (item: { body: string; unreadCount: number; lastSeq: number; reaction: unknown[] }) => [
      item.body,
      item.unreadCount,
      item.lastSeq,
      item.reaction,
    ];
    expect((await ok(eve, 'GET', paths.chat.conversationList)).list.map(row)).toEqual([
      ['fay two', 0, 3, []],
      ['gus one', 1, 1, [{ userId: eve.id, senderName: eve.user.username, type: 'love' }]],
    ]);
    expect((await ok(fay, 'GET', paths.chat.conversationList)).list.map(row)).toEqual([['eve to fay', 1, 3, []]]);
  });

  it('stores a retried send (same clientId) once', async () => {
    const clientId = randomUUID();
    const one = await send(ann, cat, 'once', { clientId });
    const two = await send(ann, cat, 'once', { clientId });
    expect(two.chat._id).toBe(one.chat._id);
    expect((await ok(cat, 'GET', paths.chat.messages(ann.id))).messages).toHaveLength(1);
  });

  it("marks as read only what was sent to the token's member, whatever the body says", async () => {
    // Cat names Ann and Bob: Cat is the reader regardless, so Ann-Bob stays unread.
    await ok(cat, 'PUT', paths.chat.markAsRead, { senderId: ann.id, receiverId: bob.id });
    expect(
      (await ok(ann, 'GET', paths.chat.conversationList)).list.find((i: { receiverId: string; senderId: string }) =>
        [i.senderId, i.receiverId].includes(bob.id),
      ).unreadCount,
    ).toBe(1);
    const read = await ok(ann, 'PUT', paths.chat.markAsRead, { senderId: bob.id, receiverId: ann.id });
    expect(read.read).toMatchObject({ readerId: ann.id, senderId: bob.id, lastSeq: 2 });
    const messages = (await ok(ann, 'GET', paths.chat.messages(bob.id))).messages;
    expect(messages.find((m: { senderId: string }) => m.senderId === bob.id).isRead).toBe(true);
    // Ann's own message was read by Bob when he answered it (answering reads), not by Ann's call.
    expect(messages.find((m: { senderId: string }) => m.senderId === ann.id).isRead).toBe(true);
  });

  it('reacts, and deletes for me or (sender only) for everyone', async () => {
    const { chat } = await send(ann, bob, 'react to me');
    const reacted = await ok(bob, 'PUT', paths.chat.reaction, { messageId: chat._id, reaction: 'love', type: 'add' });
    expect(reacted.chat.reaction).toEqual([{ userId: bob.id, senderName: bob.user.username, type: 'love' }]);
    expect((await call(bob, 'DELETE', paths.chat.markAsDeleted(chat._id, ann.id, bob.id, 'deleteForEveryone'))).statusCode).toBe(403);
    await ok(bob, 'DELETE', paths.chat.markAsDeleted(chat._id, bob.id, ann.id, 'deleteForMe'));
    expect((await ok(bob, 'GET', paths.chat.messages(ann.id))).messages.some((m: { _id: string }) => m._id === chat._id)).toBe(false);
    expect((await ok(ann, 'GET', paths.chat.messages(bob.id))).messages.some((m: { _id: string }) => m._id === chat._id)).toBe(true);
    const gone = await ok(ann, 'DELETE', paths.chat.markAsDeleted(chat._id, ann.id, bob.id, 'deleteForEveryone'));
    expect(gone.deleted).toMatchObject({ messageId: chat._id, type: 'deleteForEveryone' });
    const withdrawn = (await ok(ann, 'GET', paths.chat.messages(bob.id))).messages.find((m: { _id: string }) => m._id === chat._id);
    expect(withdrawn).toMatchObject({ body: '', deleteForEveryone: true, reaction: [] });
  });

  it("add/remove chat users act for the token's member only", async () => {
    const added = await ok(ann, 'POST', paths.chat.addChatUsers, { userOne: ann.user.username, userTwo: bob.user.username });
    expect(added.chatUsers).toEqual({ userOne: ann.user.username, userTwo: bob.user.username, viewing: true });
    // Ann has Bob's chat open: Bob's next message arrives read.
    expect((await send(bob, ann, 'seen at once')).chat.isRead).toBe(true);
    const removed = await ok(ann, 'POST', paths.chat.removeChatUsers, { userOne: bob.user.username, userTwo: ann.user.username });
    expect(removed.chatUsers).toEqual({ userOne: ann.user.username, userTwo: bob.user.username, viewing: false });
    expect((await send(bob, ann, 'not seen')).chat.isRead).toBe(false);
  });

  it('refuses messages between members when either blocks the other, and hides the conversation', async () => {
    await send(dan, cat, 'before the block');
    await ok(cat, 'PUT', paths.follows.block(dan.id));
    for (const [from, to] of [
      [dan, cat],
      [cat, dan],
    ] as const) {
      const response = await call(from, 'POST', paths.chat.send, { receiverId: to.id, body: 'hello?' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You cannot message this member');
      expect((await call(from, 'GET', paths.chat.messages(to.id))).statusCode).toBe(404);
    }
    expect((await ok(dan, 'GET', paths.chat.conversationList)).list).toEqual([]);
    await ok(cat, 'PUT', paths.follows.unblock(dan.id));
    await send(dan, cat, 'after the block');
  });

  it('answers bad input on every chat endpoint with 400 and the one error shape', async () => {
    const bad: [string, string, unknown, string][] = [
      ['POST', paths.chat.send, { receiverId: 'nope', body: 'x' }, 'Invalid receiver id'],
      ['POST', paths.chat.send, { receiverId: bob.id, body: '   ' }, EMPTY_MESSAGE],
      ['POST', paths.chat.send, { receiverId: bob.id, body: 'x'.repeat(5001) }, 'Message must not exceed 5000 characters'],
      ['POST', paths.chat.send, { receiverId: bob.id, body: 'x', gifUrl: 'http://gif' }, 'GIF URL must be an https URL'],
      [
        'POST',
        paths.chat.send,
        { receiverId: bob.id, body: 'x', selectedImage: 'javascript:alert(1)' },
        'Image must be an uploaded image URL',
      ],
      ['POST', paths.chat.send, { receiverId: bob.id, body: 'x', clientId: 'has spaces' }, 'Client id must be a UUID'],
      ['POST', paths.chat.send, { receiverId: ann.id, body: 'me' }, 'You cannot chat with yourself'],
      ['GET', paths.chat.messages('nope'), undefined, 'User not found'],
      ['GET', `${paths.chat.messages(bob.id)}?after=-1`, undefined, 'after must be a whole number'],
      ['GET', `${paths.chat.messages(bob.id)}?after=1&before=3`, undefined, 'Send either after or before, not both'],
      ['GET', `${paths.chat.messages(bob.id)}?isGroupChat=maybe`, undefined, 'isGroupChat must be true or false'],
      ['POST', paths.chat.addChatUsers, { userOne: ann.user.username }, 'Member is required'],
      ['POST', paths.chat.removeChatUsers, { userOne: ann.user.username, userTwo: ann.user.username }, 'You cannot chat with yourself'],
      ['PUT', paths.chat.markAsRead, { senderId: 'x', receiverId: ann.id }, 'Invalid sender id'],
      [
        'PUT',
        paths.chat.reaction,
        { messageId: randomUUID(), reaction: 'meh' },
        'Reaction type must be one of like, love, angry, happy, sad, wow',
      ],
      ['PUT', paths.chat.reaction, { messageId: 'x', reaction: 'like' }, 'Invalid message id'],
      [
        'DELETE',
        paths.chat.markAsDeleted(randomUUID(), ann.id, bob.id, 'deleteForAll' as 'deleteForMe'),
        undefined,
        'Delete type must be deleteForMe or deleteForEveryone',
      ],
      ['DELETE', paths.chat.markAsDeleted('x', ann.id, bob.id, 'deleteForMe'), undefined, 'Message not found'],
      ['POST', paths.groupChat.create, { name: 'ab' }, GROUP_NAME_RULES.min],
      ['POST', paths.groupChat.create, { name: 'bad <name>' }, GROUP_NAME_RULES.chars],
      ['POST', paths.groupChat.create, { name: 'Good name', members: ['x'] }, 'Invalid member id'],
      ['PUT', paths.groupChat.accept('x'), undefined, 'Group not found'],
      ['PUT', paths.groupChat.decline('x'), undefined, 'Group not found'],
      ['PUT', paths.groupChat.leave('x'), undefined, 'Group not found'],
      ['GET', paths.groupChat.userGroups('x'), undefined, 'User not found'],
      ['GET', paths.groupChat.one('x'), undefined, 'Group not found'],
      ['PUT', paths.groupChat.one(randomUUID()), {}, 'Nothing to update'],
      ['PUT', paths.groupChat.addMembers(randomUUID()), { members: [] }, 'Add at least one member'],
      ['PUT', paths.groupChat.promote('x', ann.id), undefined, 'Group not found'],
      ['DELETE', paths.groupChat.removeMember(randomUUID(), 'x'), undefined, 'User not found'],
      ['DELETE', paths.groupChat.one('x'), undefined, 'Group not found'],
      ['GET', paths.groupChat.checkMember('x', ann.id), undefined, 'Group not found'],
      ['POST', paths.groupChat.sendMessage, { groupId: 'x', body: 'hi' }, 'Invalid group id'],
      ['POST', paths.groupChat.sendMessage, { groupId: randomUUID(), body: '' }, EMPTY_MESSAGE],
      ['PUT', paths.groupChat.read('x'), { seq: 1 }, 'Group not found'],
      ['PUT', paths.groupChat.read(randomUUID()), { seq: 'one' }, 'seq must be a whole number'],
      ['PUT', paths.groupChat.read(randomUUID()), { seq: 1.5 }, 'seq must be a whole number'],
    ];
    for (const [method, url, payload, message] of bad) {
      const response = await call(ann, method, url, payload);
      // A malformed id in the path names nothing: the 404 of a missing item (in a body it is a 400).
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(message.endsWith(' not found') ? 404 : 400);
      expect(response.json().message, `${method} ${url}`).toBe(message);
    }
    const noBody = await call(ann, 'PUT', paths.groupChat.read(randomUUID()), undefined);
    expect([noBody.statusCode, typeof noBody.json().message]).toEqual([400, 'string']);
    const malformed = await t.api({
      method: 'POST',
      url: paths.chat.send,
      headers: { ...bearer(ann.token), 'content-type': 'application/json' },
      payload: '{"receiverId":',
    });
    expect(malformed.statusCode).toBe(400);
    for (const url of [paths.chat.conversationList, paths.groupChat.invitations])
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
  });

  it('group chat: pending members read nothing, non-admins cannot promote or remove, admins can', async () => {
    const created = await ok(ann, 'POST', paths.groupChat.create, {
      name: 'Study group',
      members: [bob.id, { userId: cat.id }],
      tags: ['x'],
      category: ['Science'],
    });
    const group = created.group;
    expect(group.admins).toEqual([ann.id]);
    expect(group.members.find((m: { userId: string }) => m.userId === bob.id)).toMatchObject({
      state: 'pending',
      role: 'member',
      invitedBy: ann.id,
    });
    await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, groupName: 'ignored', body: 'welcome' });

    // Pending: no messages, no group details, cannot send; the invitation is listed.
    expect((await call(bob, 'GET', paths.chat.messages(group._id, { isGroupChat: true }))).statusCode).toBe(403);
    expect((await call(bob, 'GET', paths.groupChat.one(group._id))).statusCode).toBe(403);
    expect((await call(bob, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'hi' })).statusCode).toBe(403);
    expect((await ok(bob, 'GET', paths.groupChat.invitations)).pendingGroups.map((g: { _id: string }) => g._id)).toEqual([group._id]);
    // A stranger: the group is not revealed.
    expect((await call(dan, 'GET', paths.chat.messages(group._id, { isGroupChat: true }))).statusCode).toBe(404);
    expect((await call(dan, 'GET', paths.groupChat.checkMember(group._id, ann.id))).statusCode).toBe(404);

    await ok(bob, 'PUT', paths.groupChat.accept(group._id));
    const read = await ok(bob, 'GET', paths.chat.messages(group._id, { isGroupChat: true }));
    expect(read.messages.map((m: { body: string; groupName: string }) => [m.body, m.groupName])).toEqual([['welcome', 'Study group']]);
    await ok(cat, 'PUT', paths.groupChat.decline(group._id));
    expect((await ok(cat, 'GET', paths.groupChat.invitations)).pendingGroups).toEqual([]);
    expect(await ok(bob, 'GET', paths.groupChat.checkMember(group._id, bob.id))).toEqual({
      isMember: true,
      state: 'accepted',
      isAdmin: false,
    });

    // Non-admin Bob cannot promote, remove, update, invite or delete.
    await ok(ann, 'PUT', paths.groupChat.addMembers(group._id), { members: [dan.id] });
    await ok(dan, 'PUT', paths.groupChat.accept(group._id));
    for (const [method, url, payload] of [
      ['PUT', paths.groupChat.promote(group._id, dan.id), undefined],
      ['DELETE', paths.groupChat.removeMember(group._id, dan.id), undefined],
      ['PUT', paths.groupChat.one(group._id), { name: 'Taken over' }],
      ['PUT', paths.groupChat.addMembers(group._id), { members: [cat.id] }],
      ['DELETE', paths.groupChat.one(group._id), undefined],
    ] as const) {
      const response = await call(bob, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('Only group admins can do that');
    }
    // Reading another member's group list is refused; one's own works.
    expect((await call(bob, 'GET', paths.groupChat.userGroups(ann.id))).statusCode).toBe(403);
    expect((await ok(bob, 'GET', paths.groupChat.userGroups(bob.id))).groups.map((g: { _id: string }) => g._id)).toEqual([group._id]);

    const promoted = await ok(ann, 'PUT', paths.groupChat.promote(group._id, bob.id));
    expect(promoted.group.admins.sort()).toEqual([ann.id, bob.id].sort());
    const removed = await ok(bob, 'DELETE', paths.groupChat.removeMember(group._id, dan.id));
    expect(removed.group.members.some((m: { userId: string }) => m.userId === dan.id)).toBe(false);
    expect((await call(dan, 'GET', paths.chat.messages(group._id, { isGroupChat: true }))).statusCode).toBe(404);
    const renamed = await ok(bob, 'PUT', paths.groupChat.one(group._id), { name: 'Study group two' });
    expect(renamed.group.name).toBe('Study group two');
    await ok(ann, 'PUT', paths.groupChat.leave(group._id));
    expect((await ok(bob, 'GET', paths.groupChat.one(group._id))).group.admins).toEqual([bob.id]);
    await ok(bob, 'DELETE', paths.groupChat.one(group._id));
    expect((await call(bob, 'GET', paths.groupChat.one(group._id))).statusCode).toBe(404);
  });

  it('group messages from a member in a block with the reader are left out for that reader', async () => {
    const { group } = await ok(ann, 'POST', paths.groupChat.create, { name: 'Block test', members: [bob.id, cat.id] });
    await ok(bob, 'PUT', paths.groupChat.accept(group._id));
    await ok(cat, 'PUT', paths.groupChat.accept(group._id));
    await ok(bob, 'PUT', paths.follows.block(cat.id));
    await ok(cat, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'from cat' });
    await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'from ann' });
    const forBob = await ok(bob, 'GET', paths.chat.messages(group._id, { isGroupChat: true }));
    expect(forBob.messages.map((m: { body: string }) => m.body)).toEqual(['from ann']);
    const forAnn = await ok(ann, 'GET', paths.chat.messages(group._id, { isGroupChat: true }));
    expect(forAnn.messages.map((m: { body: string }) => m.body)).toEqual(['from cat', 'from ann']);
    // The group list carries each reader's own newest message: Bob's skips Cat's, after a message
    // from Cat his is still Ann's; Ann's is Cat's. A group with no message yet lists null.
    await ok(cat, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'cat again' });
    const lastOf = async (who: typeof ann) => {
      const { groups } = groupChatsSchema.parse(await ok(who, 'GET', paths.groupChat.userGroups(who.id)));
      return Object.fromEntries(groups.map((g) => [g.name, g.lastMessage?.body ?? null]));
    };
    expect((await lastOf(bob))['Block test']).toBe('from ann');
    expect((await lastOf(ann))['Block test']).toBe('cat again');
    // Unread, per reader: Bob's skips Cat's messages; reading up to a seq (clamped to the newest) clears it.
    const unreadOf = async (who: typeof ann) =>
      groupChatsSchema.parse(await ok(who, 'GET', paths.groupChat.userGroups(who.id))).groups.find((g) => g._id === group._id)!.unreadCount;
    // (Writing is reading: Ann read 'from cat' when she wrote, Cat read 'from ann' when she wrote again.)
    expect([await unreadOf(bob), await unreadOf(ann), await unreadOf(cat)]).toEqual([1, 1, 0]);
    expect(await ok(bob, 'PUT', paths.groupChat.read(group._id), { seq: 9999 })).toEqual({ groupId: group._id, unreadCount: 0 });
    expect(await ok(ann, 'PUT', paths.groupChat.read(group._id), { seq: 2 })).toEqual({ groupId: group._id, unreadCount: 1 });
    expect(await ok(ann, 'PUT', paths.groupChat.read(group._id), { seq: 0 })).toEqual({ groupId: group._id, unreadCount: 1 });
    await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'one more' });
    expect([await unreadOf(bob), await unreadOf(ann)]).toEqual([1, 0]);
    expect((await call(bob, 'PUT', paths.groupChat.read(group._id), { seq: -1 })).json()).toMatchObject({
      statusCode: 400,
      message: 'seq must be 0 or more',
    });
    expect((await call(dan, 'PUT', paths.groupChat.read(group._id), { seq: 1 })).statusCode).toBe(404);
    const { group: silent } = await ok(ann, 'POST', paths.groupChat.create, { name: 'Silent one' });
    expect((await lastOf(ann))['Silent one']).toBeNull();
    // Newest activity first: Silent one was made after the last message of Block test.
    const order = groupChatsSchema.parse(await ok(ann, 'GET', paths.groupChat.userGroups(ann.id))).groups.map((g) => g.name);
    expect(order.indexOf('Silent one')).toBeLessThan(order.indexOf('Block test'));
    await ok(ann, 'DELETE', paths.groupChat.one(silent._id));
    // Inviting someone in a block with the inviter is refused.
    const { group: other } = await ok(bob, 'POST', paths.groupChat.create, { name: 'Bob only' });
    expect((await call(bob, 'PUT', paths.groupChat.addMembers(other._id), { members: [cat.id] })).statusCode).toBe(403);
    await ok(bob, 'PUT', paths.follows.unblock(cat.id));
  });
});
