import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATIONS_KEEP_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  notificationDeletedSchema,
  notificationReadSchema,
  notificationsPageSchema,
  notificationsReadAllSchema,
  notificationText,
  unreadCountSchema,
  type Notification,
} from '../../../src/api/notifications';
import { paths } from '../../../src/api/paths';
import { newId } from '../../../server/db/ids';
import { startPruning } from '../../../server/modules/notifications/service';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, follow, member, ok, post, refused, type Member } from '../social';

const MISSING = '01890000-0000-7000-8000-000000000000';
const DAY = 24 * 60 * 60 * 1000;
const groupBody = { name: 'Chess Club', description: 'We play', tags: ['chess'], category: ['Gaming'] };

/**
 * The notifications inbox over HTTP: every trigger and its preference, grouping and undo, blocks
 * and visibility, paging, reading and deleting, and pruning. The socket side is in
 * notificationsRealtime.test.ts.
 */
describe.each(dialects)('notifications inbox on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const inbox = async (who: Member): Promise<Notification[]> =>
    notificationsPageSchema.parse(await ok(t, who, 'GET', paths.notifications.page())).notifications;
  const unread = async (who: Member) => unreadCountSchema.parse(await ok(t, who, 'GET', paths.notifications.unreadCount)).unreadCount;
  const names = (n: Notification | undefined) => n?.actors.map((a) => a.username);
  const settings = (who: Member, body: Record<string, boolean>) => ok(t, who, 'PUT', paths.users.settings, body);
  const react = (who: Member, postId: string, type = 'like') => ok(t, who, 'POST', paths.reactions.react, { postId, type });
  const comment = async (who: Member, postId: string, text = 'Nice') =>
    (await ok(t, who, 'POST', paths.comments.create, { postId, comment: text }, 201)).comment;
  const ask = async (who: Member, text = 'How do keyset pages work?', privacy = 'Public') =>
    (await ok(t, who, 'POST', '/question', { post: text, privacy }, 201)).post;
  const answer = async (who: Member, questionId: string, text = 'By an index') =>
    (await ok(t, who, 'POST', paths.questions.answer(questionId), { answer: text }, 201)).answer;

  it('a follow makes one entry naming the follower and opening their profile; unfollowing takes them out again', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    await follow(t, bob, ann);
    const [entry] = await inbox(ann);
    expect(entry).toMatchObject({
      kind: 'follow',
      target: { type: 'profile', id: bob.id, label: bob.username },
      actorCount: 1,
      read: false,
    });
    expect(notificationText(entry!)).toBe(`${bob.username} started following you`);
    expect(await unread(ann)).toBe(1);
    expect(await inbox(bob)).toEqual([]);
    // Following again is no news.
    await follow(t, bob, ann);
    expect((await inbox(ann))[0]?.actorCount).toBe(1);
    await ok(t, bob, 'PUT', paths.follows.unfollow(ann.id));
    expect(await inbox(ann)).toEqual([]);
    expect(await unread(ann)).toBe(0);
  });

  it("groups the day's follows, newest first, and starts a new entry the next day", async () => {
    const [ann, bob, cat, dan] = [await member(t), await member(t), await member(t), await member(t)];
    await follow(t, bob, ann);
    await follow(t, cat, ann);
    await follow(t, dan, ann);
    const [today] = await inbox(ann);
    expect(names(today)).toEqual([dan.username, cat.username, bob.username]);
    expect(notificationText(today!)).toBe(`${dan.username} and 2 others started following you`);
    expect(await unread(ann)).toBe(1);
    // Undo in the middle: the others stay, in order.
    await ok(t, cat, 'PUT', paths.follows.unfollow(ann.id));
    expect(names((await inbox(ann))[0])).toEqual([dan.username, bob.username]);
    // That entry becomes yesterday's (as if a day went by): today's follow starts a new one.
    const yesterday = new Date(Date.now() - DAY).toISOString();
    await t.database.db
      .updateTable('notifications')
      .set({ group_key: `follow:${yesterday.slice(0, 10)}`, updated_at: yesterday })
      .where('id', '=', today!._id)
      .execute();
    await follow(t, cat, ann);
    const entries = await inbox(ann);
    expect(entries.map((n) => [n.kind, names(n)])).toEqual([
      ['follow', [cat.username]],
      ['follow', [dan.username, bob.username]],
    ]);
    expect(await unread(ann)).toBe(2);
  });

  it("carries the post's text cut at a word boundary, with more than two lines' worth for the row to clamp", async () => {
    const [ann, bob] = [await member(t), await member(t)];
    // Cut at 90 characters this read "... the harbour #c…": mid-word, with room left on a wide row.
    const words = 'Morning walk along the pier, gulls everywhere and the light just right over the harbour #cats #sea';
    const long = `${words} ${'and then the fog rolled in slowly over the water '.repeat(6)}`;
    const p = await post(t, ann, { post: long, privacy: 'Public' });
    await react(bob, p._id);
    const label = (await inbox(ann))[0]!.target.label;
    expect(label).toContain('#cats #sea');
    expect(label.length).toBeGreaterThan(180);
    expect(label.length).toBeLessThanOrEqual(240);
    expect(label.endsWith('…')).toBe(true);
    // What precedes "…" is a whole word of the post.
    const lastWord = label.slice(0, -1).split(' ').at(-1)!;
    expect(long.split(/\s+/)).toContain(lastWord);
  });

  it('reactions to one post are one entry, newest actor first; a change of mind adds nobody, unreacting takes the actor out', async () => {
    const [ann, bob, cat, dan, eve] = [await member(t), await member(t), await member(t), await member(t), await member(t)];
    const p = await post(t, ann, { post: 'Sunrise over the bay', privacy: 'Public' });
    await react(bob, p._id);
    await react(bob, p._id, 'love');
    await react(ann, p._id, 'wow');
    await react(cat, p._id);
    await react(dan, p._id);
    await react(eve, p._id);
    const [entry] = await inbox(ann);
    expect(entry).toMatchObject({ kind: 'reaction', target: { type: 'post', id: p._id, label: 'Sunrise over the bay' }, actorCount: 4 });
    // The newest few actors carry their avatars; the count says how many there are.
    expect(names(entry)).toEqual([eve.username, dan.username, cat.username]);
    expect(entry!.actors[0]).toEqual({
      _id: eve.id,
      username: eve.username,
      avatarColor: '#f33e58',
      avatarImage: expect.any(String),
      profilePicture: expect.any(String),
    });
    expect(notificationText(entry!)).toBe(`${eve.username} and 3 others reacted to your post`);
    await ok(t, eve, 'DELETE', paths.reactions.remove(p._id));
    await ok(t, cat, 'DELETE', paths.reactions.remove(p._id));
    expect(names((await inbox(ann))[0])).toEqual([dan.username, bob.username]);
    await ok(t, dan, 'DELETE', paths.reactions.remove(p._id));
    await ok(t, bob, 'DELETE', paths.reactions.remove(p._id));
    expect(await inbox(ann)).toEqual([]);
    expect(await unread(ann)).toBe(0);
  });

  it('a reaction, comment and answer on a question name it a question and open it', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    const q = await ask(ann, 'Which index for keysets?');
    await react(bob, q._id);
    await comment(bob, q._id);
    await answer(bob, q._id);
    const entries = await inbox(ann);
    expect(entries.map((n) => [n.kind, n.target.type, n.target.id])).toEqual([
      ['answer', 'question', q._id],
      ['comment', 'question', q._id],
      ['reaction', 'question', q._id],
    ]);
    expect(entries.map(notificationText)).toEqual([
      `${bob.username} answered your question`,
      `${bob.username} commented on your question`,
      `${bob.username} reacted to your question`,
    ]);
  });

  it('a second comment by the same member moves the entry up and unread again; the entry leaves with their last comment', async () => {
    const [ann, bob, cat] = [await member(t), await member(t), await member(t)];
    const p = await post(t, ann, { post: 'Thoughts?' });
    const first = await comment(bob, p._id, 'One');
    await follow(t, cat, ann);
    const [top] = await inbox(ann);
    expect(top?.kind).toBe('follow');
    await ok(t, ann, 'PUT', paths.notifications.readAll);
    const second = await comment(bob, p._id, 'Two');
    const entries = await inbox(ann);
    expect(entries.map((n) => [n.kind, n.read, n.actorCount])).toEqual([
      ['comment', false, 1],
      ['follow', true, 1],
    ]);
    expect(await unread(ann)).toBe(1);
    await ok(t, bob, 'DELETE', paths.comments.one(first._id));
    expect((await inbox(ann)).map((n) => n.kind)).toEqual(['comment', 'follow']);
    await ok(t, bob, 'DELETE', paths.comments.one(second._id));
    expect((await inbox(ann)).map((n) => n.kind)).toEqual(['follow']);
    expect(await unread(ann)).toBe(0);
    // The author's own comment is never news.
    await comment(ann, p._id, 'Mine');
    expect((await inbox(ann)).map((n) => n.kind)).toEqual(['follow']);
  });

  it('answers: the asker hears of each answerer once; accepting tells the answerer, accepting another or unaccepting takes it back', async () => {
    const [asker, bob, cat] = [await member(t), await member(t), await member(t)];
    const q = await ask(asker);
    const a1 = await answer(bob, q._id, 'First');
    await answer(cat, q._id, 'Second');
    expect(names((await inbox(asker))[0])).toEqual([cat.username, bob.username]);
    await ok(t, asker, 'PUT', paths.questions.accept(q._id, a1._id));
    const [accepted] = await inbox(bob);
    expect(accepted).toMatchObject({
      kind: 'answerAccepted',
      target: { type: 'question', id: q._id },
      actors: [expect.objectContaining({ _id: asker.id })],
    });
    expect(notificationText(accepted!)).toBe(`${asker.username} accepted your answer`);
    const a2 = (await ok(t, cat, 'GET', paths.questions.one(q._id))).answers.find((a: { userId: string }) => a.userId === cat.id);
    await ok(t, asker, 'PUT', paths.questions.accept(q._id, a2._id));
    expect(await inbox(bob)).toEqual([]);
    expect((await inbox(cat)).map((n) => n.kind)).toEqual(['answerAccepted']);
    await ok(t, asker, 'DELETE', paths.questions.unaccept(q._id));
    expect(await inbox(cat)).toEqual([]);
    // Accepted again, then the answer deleted: both the acceptance and the answer entry go.
    await ok(t, asker, 'PUT', paths.questions.accept(q._id, a1._id));
    expect((await inbox(bob)).map((n) => n.kind)).toEqual(['answerAccepted']);
    await ok(t, bob, 'DELETE', paths.questions.editAnswer(a1._id));
    expect(await inbox(bob)).toEqual([]);
    expect(names((await inbox(asker))[0])).toEqual([cat.username]);
  });

  it('each of the four settings off means no entry of its kinds; the others still come', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    await settings(ann, { follows: false, reactions: false, comments: false });
    const p = await post(t, ann, { post: 'Quiet please' });
    const q = await ask(ann);
    await follow(t, bob, ann);
    await react(bob, p._id);
    await comment(bob, p._id);
    await answer(bob, q._id);
    expect(await inbox(ann)).toEqual([]);
    // Messages off: direct messages never come to the inbox anyway; invitations have no setting.
    await settings(ann, { messages: false, reactions: true });
    await ok(t, bob, 'POST', paths.chat.send, { receiverId: ann.id, body: 'hello' }, 201);
    await react(bob, q._id);
    const g = (await ok(t, bob, 'POST', paths.groups.create, { ...groupBody, members: [ann.id] }, 201)).group;
    expect((await inbox(ann)).map((n) => [n.kind, n.target.id])).toEqual([
      ['groupInvite', g._id],
      ['reaction', q._id],
    ]);
  });

  it('direct messages keep to the chat: they never make an entry', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    await ok(t, bob, 'POST', paths.chat.send, { receiverId: ann.id, body: 'hi' }, 201);
    expect(await inbox(ann)).toEqual([]);
    expect(await unread(ann)).toBe(0);
  });

  it('groups: invitations, join requests to every admin, approvals, declines and decided group posts', async () => {
    const [owner, co, bob, cat, dan] = [await member(t), await member(t), await member(t), await member(t), await member(t)];
    const g = (
      await ok(t, owner, 'POST', paths.groups.create, { ...groupBody, name: 'Night Owls', privacy: 'private', members: [bob.id] }, 201)
    ).group;
    const [invite] = await inbox(bob);
    expect(invite).toMatchObject({
      kind: 'groupInvite',
      target: { type: 'group', id: g._id, label: 'Night Owls' },
      actors: [expect.objectContaining({ _id: owner.id })],
    });
    expect(notificationText(invite!)).toBe(`${owner.username} invited you to join Night Owls`);
    await ok(t, owner, 'PUT', paths.groups.addMembers(g._id), { members: [co.id] });
    await ok(t, co, 'PUT', paths.groups.acceptInvitation(g._id));
    await ok(t, owner, 'PUT', paths.groups.promote(g._id, co.id));
    expect((await inbox(co)).map((n) => n.kind)).toEqual(['groupInvite']);

    // Requests to a private group: every admin's to decide.
    await ok(t, cat, 'POST', paths.groups.join(g._id));
    await ok(t, dan, 'POST', paths.groups.join(g._id));
    for (const admin of [owner, co]) {
      const [request] = await inbox(admin);
      expect(request).toMatchObject({ kind: 'joinRequest', target: { type: 'group', id: g._id } });
      expect(notificationText(request!)).toBe(`${dan.username} and ${cat.username} asked to join Night Owls`);
    }
    await ok(t, owner, 'PUT', paths.groups.approve(g._id, cat.id));
    await ok(t, co, 'PUT', paths.groups.reject(g._id, dan.id));
    expect((await inbox(cat)).map(notificationText)).toEqual(['Your request to join Night Owls was approved']);
    expect((await inbox(dan)).map(notificationText)).toEqual(['Your request to join Night Owls was declined']);
    // A request taken back leaves the admins' entries.
    const eve = await member(t, { admin: true });
    await ok(t, eve, 'POST', paths.groups.join(g._id));
    expect(names((await inbox(owner)).find((n) => n.kind === 'joinRequest'))).toEqual([eve.username, dan.username, cat.username]);
    await ok(t, eve, 'PUT', paths.groups.leave(g._id));
    expect(names((await inbox(owner)).find((n) => n.kind === 'joinRequest'))).toEqual([dan.username, cat.username]);

    const pending = (await ok(t, cat, 'POST', paths.posts.group.create(g._id), { post: 'May I?' }, 201)).post;
    const declined = (await ok(t, cat, 'POST', paths.posts.group.create(g._id), { post: 'And this?' }, 201)).post;
    await ok(t, co, 'PUT', paths.posts.group.accept(pending._id));
    await ok(t, owner, 'PUT', paths.posts.group.decline(declined._id));
    expect((await inbox(cat)).map((n) => [n.kind, n.target.type, n.target.id])).toEqual([
      ['groupPostDeclined', 'post', declined._id],
      ['groupPostApproved', 'post', pending._id],
      ['joinApproved', 'group', g._id],
    ]);

    // The group deleted: every entry about it goes.
    await ok(t, owner, 'DELETE', paths.groups.one(g._id));
    expect((await inbox(bob)).map((n) => n.kind)).toEqual([]);
    expect(await unread(bob)).toBe(0);
  });

  it('group chat invitations reach the invitees; a deleted group chat takes them away', async () => {
    const [ann, bob, cat] = [await member(t), await member(t), await member(t)];
    const created = await ok(t, ann, 'POST', paths.groupChat.create, { name: 'Study group', members: [bob.id] }, 201);
    const chatId = created.group._id;
    await ok(t, ann, 'PUT', paths.groupChat.addMembers(chatId), { members: [cat.id] });
    for (const who of [bob, cat]) {
      const [entry] = await inbox(who);
      expect(entry).toMatchObject({ kind: 'groupChatInvite', target: { type: 'groupChat', id: chatId, label: 'Study group' } });
      expect(notificationText(entry!)).toBe(`${ann.username} invited you to the group chat Study group`);
    }
    await ok(t, ann, 'DELETE', paths.groupChat.one(chatId));
    expect(await inbox(bob)).toEqual([]);
    expect(await unread(cat)).toBe(0);
  });

  it('moderation outcomes are entries without an actor, whatever the settings', async () => {
    const ann = await member(t);
    await settings(ann, { follows: false, reactions: false, comments: false, messages: false });
    const notifications = t.app.services.notifications;
    const report = newId();
    const appeal = newId();
    await notifications.notify({
      kind: 'reportResolved',
      to: ann.id,
      actorId: null,
      target: { type: 'report', id: report },
      detail: 'profile',
    });
    await notifications.notify({ kind: 'appealApproved', to: ann.id, actorId: null, target: { type: 'appeal', id: appeal } });
    const entries = await inbox(ann);
    expect(entries.map((n) => [n.kind, n.target, n.actors, n.actorCount])).toEqual([
      ['appealApproved', { type: 'appeal', id: appeal, label: '' }, [], 0],
      ['reportResolved', { type: 'report', id: report, label: '' }, [], 0],
    ]);
    expect(entries.map(notificationText)).toEqual([
      'Your appeal was approved: your account is active again',
      'Your report about a profile was reviewed and action was taken',
    ]);
  });

  it('nothing comes from a member in a block; a block takes their part out of existing entries', async () => {
    const [ann, bob, cat] = [await member(t), await member(t), await member(t)];
    const p = await post(t, ann, { post: 'Open to all' });
    await react(bob, p._id);
    await react(cat, p._id);
    await follow(t, bob, ann);
    expect(await unread(ann)).toBe(2);
    await block(t, ann, bob);
    const entries = await inbox(ann);
    expect(entries.map((n) => [n.kind, names(n)])).toEqual([['reaction', [cat.username]]]);
    expect(await unread(ann)).toBe(1);
    // Raised anyway by some module: the block still keeps it out.
    await t.app.services.notifications.notify({ kind: 'groupInvite', to: ann.id, actorId: bob.id, target: { type: 'group', id: MISSING } });
    await t.app.services.notifications.notify({ kind: 'follow', to: bob.id, actorId: ann.id, target: { type: 'profile', id: bob.id } });
    expect((await inbox(ann)).length).toBe(1);
    expect(await inbox(bob)).toEqual([]);
    // The blocked side loses the blocker's part too.
    const q = await ask(cat, 'Anyone?');
    await answer(ann, q._id);
    await block(t, cat, ann);
    expect(await inbox(cat)).toEqual([]);
  });

  it('never about a post the member may not see: at creation, and later on reading', async () => {
    const [asker, bob, cat] = [await member(t), await member(t), await member(t)];
    const hidden = await post(t, asker, { post: 'Only me', privacy: 'Private' });
    await t.app.services.notifications.notify({
      kind: 'groupPostApproved',
      to: bob.id,
      actorId: asker.id,
      target: { type: 'post', id: hidden._id },
    });
    expect(await inbox(bob)).toEqual([]);

    const q = await ask(asker, 'Soon private');
    const a = await answer(bob, q._id);
    await ok(t, asker, 'PUT', paths.questions.accept(q._id, a._id));
    await follow(t, cat, bob);
    expect(await unread(bob)).toBe(2);
    await ok(t, asker, 'PUT', paths.posts.one(q._id), { privacy: 'Private' });
    // The answerer can no longer see the question: the entry is left out and goes, with its unread mark.
    expect((await inbox(bob)).map((n) => n.kind)).toEqual(['follow']);
    expect(await unread(bob)).toBe(1);

    // A deleted post takes its entries along at once.
    const p = await post(t, asker, { post: 'Short-lived' });
    await react(cat, p._id);
    expect(await unread(asker)).toBe(2);
    await ok(t, asker, 'DELETE', paths.posts.one(p._id));
    expect(await unread(asker)).toBe(1);
    expect((await inbox(asker)).map((n) => n.kind)).toEqual(['answer']);
  });

  it('pages of 20 newest first with a cursor; reads one, all, and deletes; the unread count follows', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    const notifications = t.app.services.notifications;
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i += 1) {
      t.clock.advance(1000);
      await notifications.notify({
        kind: 'reportDismissed',
        to: ann.id,
        actorId: null,
        target: { type: 'report', id: newId() },
        detail: 'post',
      });
    }
    t.clock.advance(-1000 * (NOTIFICATIONS_PAGE_SIZE + 5));
    const first = notificationsPageSchema.parse(await ok(t, ann, 'GET', paths.notifications.page()));
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.unreadCount).toBe(NOTIFICATIONS_PAGE_SIZE + 5);
    expect(first.nextCursor).toBe(`${first.notifications.at(-1)!.updatedAt}_${first.notifications.at(-1)!._id}`);
    const second = notificationsPageSchema.parse(await ok(t, ann, 'GET', paths.notifications.page({ cursor: first.nextCursor! })));
    expect(second.notifications).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.notifications, ...second.notifications];
    expect(new Set(all.map((n) => n._id)).size).toBe(all.length);
    const times = all.map((n) => n.updatedAt);
    expect(times).toEqual([...times].sort().reverse());

    const read = notificationReadSchema.parse(await ok(t, ann, 'PUT', paths.notifications.read(all[3]!._id)));
    expect(read).toMatchObject({ notification: { _id: all[3]!._id, read: true }, unreadCount: 24 });
    // Reading it again changes nothing.
    expect((await ok(t, ann, 'PUT', paths.notifications.read(all[3]!._id))).unreadCount).toBe(24);
    const deleted = notificationDeletedSchema.parse(await ok(t, ann, 'DELETE', paths.notifications.one(all[0]!._id)));
    expect(deleted).toEqual({ message: 'Notification deleted', notificationId: all[0]!._id, unreadCount: 23 });
    const readDeleted = notificationDeletedSchema.parse(await ok(t, ann, 'DELETE', paths.notifications.one(all[3]!._id)));
    expect(readDeleted.unreadCount).toBe(23);
    expect(notificationsReadAllSchema.parse(await ok(t, ann, 'PUT', paths.notifications.readAll))).toEqual({
      message: 'All notifications marked as read',
      unreadCount: 0,
    });
    expect((await inbox(ann)).every((n) => n.read)).toBe(true);
    expect(await unread(ann)).toBe(0);

    // Someone else's entry, a missing one, a bad id or cursor: clear 4xx.
    await refused(t, bob, 'PUT', paths.notifications.read(all[5]!._id), undefined, 404, 'Notification not found');
    await refused(t, bob, 'DELETE', paths.notifications.one(all[5]!._id), undefined, 404, 'Notification not found');
    await refused(t, ann, 'DELETE', paths.notifications.one(all[0]!._id), undefined, 404, 'Notification not found');
    await refused(t, ann, 'PUT', paths.notifications.read(MISSING), undefined, 404, 'Notification not found');
    await refused(t, ann, 'PUT', paths.notifications.read('nope'), undefined, 404, 'Notification not found');
    await refused(
      t,
      ann,
      'GET',
      paths.notifications.page({ cursor: 'yesterday' }),
      undefined,
      400,
      'Cursor must look like 2025-01-31T12:00:00.000Z_<id>',
    );
    await refused(t, null, 'GET', paths.notifications.page(), undefined, 401);
    await refused(t, null, 'GET', paths.notifications.unreadCount, undefined, 401);
    expect((await inbox(ann)).length).toBe(NOTIFICATIONS_PAGE_SIZE);
  });

  it(`keeps the newest ${NOTIFICATIONS_KEEP_MAX} per member, dropping the oldest as new ones come`, async () => {
    const ann = await member(t);
    const { db } = t.database;
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 1000).toISOString();
    const rows = Array.from({ length: NOTIFICATIONS_KEEP_MAX }, (_, i) => ({
      id: newId(),
      user_id: ann.id,
      kind: 'reportDismissed' as const,
      target_type: 'report' as const,
      target_id: newId(),
      group_key: `seed:${i}`,
      detail: 'post',
      actor_count: 0,
      read_at: i < 10 ? null : at(i),
      created_at: at(i),
      updated_at: at(i),
    }));
    for (let from = 0; from < rows.length; from += 100)
      await db
        .insertInto('notifications')
        .values(rows.slice(from, from + 100))
        .execute();
    await db.insertInto('notification_counters').values({ user_id: ann.id, unread: 10, total: NOTIFICATIONS_KEEP_MAX }).execute();
    t.clock.advance(Date.UTC(2030, 0, 2) - Date.now());
    try {
      await t.app.services.notifications.notify({
        kind: 'reportResolved',
        to: ann.id,
        actorId: null,
        target: { type: 'report', id: newId() },
        detail: 'post',
      });
      await t.app.services.notifications.notify({
        kind: 'reportResolved',
        to: ann.id,
        actorId: null,
        target: { type: 'report', id: newId() },
        detail: 'post',
      });
    } finally {
      t.clock.offsetMs = 0;
    }
    const left = await db
      .selectFrom('notifications')
      .select('group_key')
      .where('user_id', '=', ann.id)
      .orderBy('updated_at')
      .orderBy('id')
      .execute();
    expect(left).toHaveLength(NOTIFICATIONS_KEEP_MAX);
    // The two oldest (unread) went; the counters followed.
    expect(left.slice(0, 2).map((r) => r.group_key)).toEqual(['seed:2', 'seed:3']);
    expect(
      await db.selectFrom('notification_counters').select(['unread', 'total']).where('user_id', '=', ann.id).executeTakeFirst(),
    ).toEqual({ unread: 10, total: NOTIFICATIONS_KEEP_MAX });
    expect(await unread(ann)).toBe(10);
  });

  it('prunes entries older than 90 days in batches, with the counts', async () => {
    const [ann, bob] = [await member(t), await member(t)];
    await follow(t, bob, ann);
    const p = await post(t, ann);
    await react(bob, p._id);
    const [, old] = await inbox(ann);
    expect(old?.kind).toBe('follow');
    const { db } = t.database;
    const at = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    await db
      .updateTable('notifications')
      .set({ updated_at: at(91), created_at: at(91) })
      .where('id', '=', old!._id)
      .execute();
    const other = await member(t);
    await follow(t, bob, other);
    const [recent] = await inbox(other);
    await db
      .updateTable('notifications')
      .set({ updated_at: at(89) })
      .where('id', '=', recent!._id)
      .execute();
    expect(await unread(ann)).toBe(2);
    // Batches of one: every entry past the 90 days goes (other tests' included), none younger.
    const pruned = await t.app.services.notifications.prune({ batch: 1 });
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect((await inbox(ann)).map((n) => n.kind)).toEqual(['reaction']);
    expect(await unread(ann)).toBe(1);
    expect((await inbox(other)).map((n) => n._id)).toEqual([recent!._id]);
    expect(await db.selectFrom('notifications').select('id').where('updated_at', '<', at(90)).execute()).toEqual([]);
  });
});

describe('background pruning', () => {
  it('runs soon after start and then on its interval, never twice at once, and stop waits for a running one', async () => {
    vi.useFakeTimers();
    try {
      const runs: Array<() => void> = [];
      let stoppedSeen = false;
      const prune = vi.fn(
        (options: { stopped?: () => boolean } = {}) =>
          new Promise<number>((resolve) => {
            runs.push(() => {
              stoppedSeen = options.stopped?.() ?? false;
              resolve(0);
            });
          }),
      );
      const log = { info: vi.fn(), warn: vi.fn() } as unknown as Parameters<typeof startPruning>[1];
      const stop = startPruning({ prune }, log, 120_000);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(prune).toHaveBeenCalledTimes(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(prune).toHaveBeenCalledTimes(1);
      // Still running at the interval: no second one.
      await vi.advanceTimersByTimeAsync(120_000);
      expect(prune).toHaveBeenCalledTimes(1);
      runs.shift()!();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(prune).toHaveBeenCalledTimes(2);
      let stopped = false;
      const stopping = stop().then(() => void (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      runs.shift()!();
      await stopping;
      expect(stoppedSeen).toBe(true);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(prune).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
