import { describe, expect, it } from 'vitest';
import { API_BASE, paths } from '../../../src/api/paths';
import { serverEvents } from '../../../src/api/socket';
import { liveServer, type ChatClient } from '../chatSockets';
import { dialects } from '../harness';

/**
 * The receiver's 'messages' setting decides whether a message raises a `notification`; the
 * message itself (`message received`, `chat list`, the stored copy) arrives either way.
 */
describe.each(dialects)("message notifications follow the receiver's setting on %s", (dialect) => {
  const live = liveServer(dialect);
  const { client, ok, drained } = live;
  const setMessages = async (who: ChatClient, on: boolean) => {
    const { user } = await ok(who, 'PUT', paths.users.settings, { messages: on });
    expect(user.notifications.messages).toBe(on);
  };
  const eventsFor = (c: ChatClient, event: string, messageId: string) =>
    c.events.filter((e) => e.event === event && (e.payload._id ?? e.payload.message?._id) === messageId).map((e) => e.payload);

  it('notifies the receiver while the setting is on (the default), never the sender', async () => {
    const [ann, bob] = [await client(), await client()];
    const { chat } = await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'are you there?' });
    await drained(ann, bob);
    expect(eventsFor(bob, serverEvents.messageReceived, chat._id)).toEqual([chat]);
    expect(eventsFor(bob, serverEvents.notification, chat._id)).toEqual([{ type: 'messages', message: chat }]);
    expect(eventsFor(ann, serverEvents.messageReceived, chat._id)).toHaveLength(1);
    expect(eventsFor(ann, serverEvents.notification, chat._id)).toEqual([]);
    // The notification follows the message, so the client already has what it points to.
    const order = bob.events
      .filter((e) => [serverEvents.messageReceived, serverEvents.notification].includes(e.event as never))
      .map((e) => e.event);
    expect(order).toEqual([serverEvents.messageReceived, serverEvents.notification]);
  });

  it('with the setting off the message is stored and delivered live, with no notification; on again, notified again', async () => {
    const [ann, bob] = [await client(), await client()];
    await setMessages(bob, false);
    const quiet = (await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'quietly' })).chat;
    await drained(ann, bob);
    expect(eventsFor(bob, serverEvents.messageReceived, quiet._id)).toEqual([quiet]);
    expect(eventsFor(bob, serverEvents.chatList, quiet._id)).toHaveLength(1);
    expect(eventsFor(bob, serverEvents.notification, quiet._id)).toEqual([]);
    const stored = await ok(bob, 'GET', paths.chat.messages(ann.id, { isGroupChat: false }));
    expect(stored.messages.map((m: { _id: string }) => m._id)).toEqual([quiet._id]);

    // Another setting off changes nothing for messages.
    await ok(bob, 'PUT', paths.users.settings, { messages: true, follows: false, reactions: false, comments: false });
    const loud = (await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'loudly' })).chat;
    await drained(ann, bob);
    expect(eventsFor(bob, serverEvents.notification, loud._id)).toEqual([{ type: 'messages', message: loud }]);
    expect(bob.events.filter((e) => e.event === serverEvents.notification).map((e) => e.payload.message._id)).toEqual([loud._id]);
  });

  it('does not notify a receiver who has the conversation open (the message arrives read)', async () => {
    const [ann, bob] = [await client(), await client()];
    await ok(bob, 'POST', paths.chat.addChatUsers, { userOne: bob.username, userTwo: ann.username });
    const seen = (await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'you are reading this' })).chat;
    expect(seen.isRead).toBe(true);
    await ok(bob, 'POST', paths.chat.removeChatUsers, { userOne: bob.username, userTwo: ann.username });
    const later = (await ok(ann, 'POST', paths.chat.send, { receiverId: bob.id, body: 'and now you left' })).chat;
    await drained(ann, bob);
    expect(eventsFor(bob, serverEvents.messageReceived, seen._id)).toHaveLength(1);
    expect(eventsFor(bob, serverEvents.notification, seen._id)).toEqual([]);
    expect(eventsFor(bob, serverEvents.notification, later._id)).toHaveLength(1);
  });

  it('in a group: each accepted member with the setting on is notified once; off, blocked, pending and the sender are not', async () => {
    const [ann, bob, cat, dan, eve] = [await client(), await client(), await client(), await client(), await client()];
    const { group } = await ok(ann, 'POST', paths.groupChat.create, { name: 'Notified group', members: [bob.id, cat.id, dan.id, eve.id] });
    for (const member of [bob, cat, dan]) await ok(member, 'PUT', paths.groupChat.accept(group._id));
    await setMessages(cat, false);
    // Dan blocks Ann after joining: Ann's messages no longer reach Dan at all.
    await ok(dan, 'PUT', paths.follows.block(ann.id));
    const bobAgain = await live.tab(bob);

    const { chat } = await ok(ann, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'hello all' });
    await drained(ann, bob, bobAgain, cat, dan, eve);
    for (const member of [ann, bob, bobAgain, cat])
      expect(eventsFor(member, serverEvents.groupMessageReceived, chat._id), member.username).toEqual([chat]);
    expect(eventsFor(bob, serverEvents.notification, chat._id)).toEqual([{ type: 'messages', message: chat }]);
    expect(eventsFor(bobAgain, serverEvents.notification, chat._id)).toEqual([{ type: 'messages', message: chat }]);
    for (const member of [ann, cat, dan, eve]) expect(eventsFor(member, serverEvents.notification, chat._id), member.username).toEqual([]);
    for (const member of [dan, eve]) expect(eventsFor(member, serverEvents.groupMessageReceived, chat._id), member.username).toEqual([]);

    // Cat turns it back on: from the next message on, Cat is told too.
    await setMessages(cat, true);
    const next = (await ok(bob, 'POST', paths.groupChat.sendMessage, { groupId: group._id, body: 'welcome back' })).chat;
    await drained(ann, bob, cat);
    expect(eventsFor(cat, serverEvents.notification, next._id)).toHaveLength(1);
    expect(eventsFor(ann, serverEvents.notification, next._id)).toHaveLength(1);
    expect(eventsFor(bob, serverEvents.notification, next._id)).toEqual([]);
  });

  it('refuses a setting that is not true or false, and keeps the old value', async () => {
    const bob = await client();
    const response = await fetch(`${live.url}${API_BASE}${paths.users.settings}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: 'off' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: 'Direct Messages must be true or false' });
    const { user } = await ok(bob, 'GET', paths.users.profile(bob.id));
    expect(user.notifications.messages).toBe(true);
  });
});
