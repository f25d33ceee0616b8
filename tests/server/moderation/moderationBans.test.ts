import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '../../../src/api/constants';
import type { AdminUser, Appeal, BanEntry, MyAppeal } from '../../../src/api/moderation';
import { createTestApp, dialects, type TestApp } from '../harness';
import { auditLog, banMember, MISSING, unbanMember } from '../moderation';
import { member, ok, refused, type Member } from '../social';
import { notificationText, type Notification } from '../../../src/api/notifications';

const APPEAL = 'I was not spamming: those were links to my own course notes.';

describe.each(dialects)('bans and appeals on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let otherAdmin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
    otherAdmin = await member(t, { admin: true });
  });
  afterAll(() => t.close());

  describe('POST /admin/banuser and /admin/unbanuser', () => {
    it('bans at once: the next request is refused, the ban is recorded with reason, admin and time, and audited', async () => {
      const target = await member(t);
      expect((await ok(t, target, 'GET', '/user/all/1')).users).toBeDefined();
      const answer = await banMember(t, admin, target, '  Posting spam links  ');
      expect(answer.message).toBe('Member banned');
      const user: AdminUser = answer.user;
      expect(user).toMatchObject({
        _id: target.id,
        username: target.username,
        email: target.email,
        role: 'USER',
        isBanned: true,
        banReason: 'Posting spam links',
        postsCount: 0,
      });
      expect(Date.parse(user.bannedAt!)).not.toBeNaN();
      await refused(t, target, 'GET', '/user/all/1', undefined, 403, BANNED_MESSAGE);
      expect((await ok(t, target, 'GET', `/user/banuser/${target.id}`)).ban).toMatchObject({
        isBanned: true,
        reason: 'Posting spam links',
        bannedAt: user.bannedAt,
      });

      const bans = await ok(t, admin, 'GET', '/admin/banuser/1');
      const entry: BanEntry = bans.items.find((item: BanEntry) => item.user._id === target.id);
      expect(entry).toMatchObject({
        reason: 'Posting spam links',
        bannedAt: user.bannedAt,
        bannedBy: { _id: admin.id, username: admin.username },
      });
      expect(entry.history.map((h) => h.action)).toEqual(['ban']);
      expect(bans.total).toBeGreaterThanOrEqual(1);
      expect((await auditLog(t, admin))[0]).toMatchObject({
        action: 'ban',
        targetType: 'user',
        targetId: target.id,
        targetLabel: target.username,
        reason: 'Posting spam links',
        admin: { _id: admin.id },
      });
    });

    it('refuses to ban oneself or another admin (403), a banned member (409), nobody (404), without a reason (400)', async () => {
      const target = await member(t);
      await refused(t, admin, 'POST', '/admin/banuser', { userId: admin.id, reason: 'x' }, 403, 'You cannot ban yourself');
      await refused(t, admin, 'POST', '/admin/banuser', { userId: otherAdmin.id, reason: 'x' }, 403, 'Administrators cannot be banned');
      await refused(t, admin, 'POST', '/admin/banuser', { userId: MISSING, reason: 'x' }, 404, 'User not found');
      await refused(t, admin, 'POST', '/admin/banuser', { userId: target.id }, 400, 'Reason is required');
      await refused(t, admin, 'POST', '/admin/banuser', { userId: target.id, reason: '   ' }, 400, 'Reason is required');
      await refused(
        t,
        admin,
        'POST',
        '/admin/banuser',
        { userId: target.id, reason: 'x'.repeat(501) },
        400,
        'Reason must not exceed 500 characters',
      );
      await banMember(t, admin, target);
      await refused(t, admin, 'POST', '/admin/banuser', { userId: target.id, reason: 'again' }, 409, 'This member is already banned');
      // Nothing of the refusals reached the log or the admins' accounts.
      expect((await ok(t, otherAdmin, 'GET', '/admin/dashboard')).users.bannedUsers).toBeGreaterThanOrEqual(1);
      expect((await auditLog(t, admin)).filter((entry) => entry.targetId === admin.id || entry.targetId === otherAdmin.id)).toEqual([]);
    });

    it('unbans: the member is back at once; unbanning a member who is not banned is 409', async () => {
      const target = await member(t);
      await banMember(t, admin, target);
      const answer = await unbanMember(t, admin, target);
      expect(answer).toMatchObject({
        message: 'Member unbanned',
        user: { _id: target.id, isBanned: false, banReason: '', bannedAt: null },
      });
      expect((await ok(t, target, 'GET', '/user/all/1')).users).toBeDefined();
      await refused(t, admin, 'POST', '/admin/unbanuser', { userId: target.id }, 409, 'This member is not banned');
      await refused(t, admin, 'POST', '/admin/unbanuser', { userId: MISSING }, 404, 'User not found');
      const bans = await ok(t, admin, 'GET', '/admin/banuser/1');
      expect(bans.items.map((item: BanEntry) => item.user._id)).not.toContain(target.id);
      expect((await auditLog(t, admin)).slice(0, 2).map((entry) => entry.action)).toEqual(['unban', 'ban']);
      // The member finds both in their inbox, the ban with its reason.
      const inbox = (await ok(t, target, 'GET', '/notifications')).notifications as Notification[];
      expect(inbox.map((n) => [n.kind, n.target.type])).toEqual([
        ['unbanned', 'account'],
        ['banned', 'account'],
      ]);
      expect(inbox.map(notificationText)).toEqual([
        'Your ban was lifted: your account is active again',
        expect.stringMatching(/^Your account was banned: .+/),
      ]);
    });

    it('resolves the open reports about a banned member', async () => {
      const target = await member(t);
      const reporter = await member(t);
      const report = (await ok(t, reporter, 'POST', '/reportprofile', { userId: target.id, reason: 'Spam' }, 201)).report;
      await banMember(t, admin, target);
      const resolved = await ok(t, admin, 'GET', '/reportprofile/1?status=resolved');
      expect(resolved.items.find((item: { _id: string }) => item._id === report._id)).toMatchObject({
        status: 'resolved',
        reported: { isBanned: true },
      });
      expect(resolved.total).toBeNull();
    });
  });

  describe('appeals', () => {
    it('lives from filing to rejection to approval, one open appeal per ban', async () => {
      const target = await member(t);
      await refused(t, target, 'POST', '/appeal', { message: APPEAL }, 409, 'Your account is not banned');
      expect(await ok(t, target, 'GET', '/appeal')).toEqual({ ban: null, appeal: null });
      const banned = (await banMember(t, admin, target, 'Spam')).user as AdminUser;

      const mine: MyAppeal = await ok(t, target, 'GET', '/appeal');
      expect(mine).toEqual({ ban: { reason: 'Spam', bannedAt: banned.bannedAt }, appeal: null });
      const filed = await ok(t, target, 'POST', '/appeal', { message: `  ${APPEAL}  ` }, 201);
      expect(filed.message).toBe('Appeal submitted');
      const appeal: Appeal = filed.appeal;
      expect(appeal).toMatchObject({
        user: { _id: target.id },
        banReason: 'Spam',
        bannedAt: banned.bannedAt,
        message: APPEAL,
        status: 'pending',
        reply: '',
        decidedAt: null,
        decidedBy: null,
      });
      await refused(t, target, 'POST', '/appeal', { message: APPEAL }, 409, 'You already have an open appeal');

      const queue = await ok(t, admin, 'GET', '/admin/appeal/1');
      expect(queue.items.map((item: Appeal) => item._id)).toContain(appeal._id);
      expect(queue.total).toBe(queue.items.length);
      expect((await ok(t, admin, 'GET', '/admin/dashboard')).pendingAppeals).toBe(queue.total);

      await refused(
        t,
        admin,
        'PUT',
        '/admin/appeal/status',
        { appealId: appeal._id, status: 'rejected' },
        400,
        'A reply is required to reject an appeal',
      );
      await refused(
        t,
        admin,
        'PUT',
        '/admin/appeal/status',
        { appealId: appeal._id, status: 'pending', reply: 'x' },
        400,
        'Status must be approved or rejected',
      );
      const rejected = await ok(t, admin, 'PUT', '/admin/appeal/status', {
        appealId: appeal._id,
        status: 'rejected',
        reply: 'The links were ads.',
      });
      expect(rejected.appeal).toMatchObject({ status: 'rejected', reply: 'The links were ads.', decidedBy: { _id: admin.id } });
      await refused(
        t,
        otherAdmin,
        'PUT',
        '/admin/appeal/status',
        { appealId: appeal._id, status: 'approved' },
        409,
        'This appeal was already decided',
      );
      await refused(t, target, 'GET', '/user/all/1', undefined, 403, BANNED_MESSAGE);
      expect((await ok(t, target, 'GET', '/appeal')).appeal).toMatchObject({
        _id: appeal._id,
        status: 'rejected',
        reply: 'The links were ads.',
      });
      expect((await ok(t, admin, 'GET', '/admin/appeal/1?status=rejected')).items.map((item: Appeal) => item._id)).toContain(appeal._id);

      // A new appeal about the same ban, once the last one is decided; approving it lifts the ban.
      const second: Appeal = (await ok(t, target, 'POST', '/appeal', { message: `${APPEAL} Please look again.` }, 201)).appeal;
      const approved = await ok(t, admin, 'PUT', '/admin/appeal/status', { appealId: second._id, status: 'approved' });
      expect(approved.message).toBe('Appeal approved: the member is no longer banned');
      expect(approved.appeal).toMatchObject({ status: 'approved', reply: '' });
      expect((await ok(t, target, 'GET', '/user/all/1')).users).toBeDefined();
      expect(await ok(t, target, 'GET', '/appeal')).toMatchObject({ ban: null, appeal: { _id: second._id, status: 'approved' } });
      // Both decisions wait in the member's inbox, the newest first.
      const inbox = (await ok(t, target, 'GET', '/notifications')).notifications as {
        kind: string;
        target: { type: string; id: string };
      }[];
      expect(inbox.map((n) => [n.kind, n.target.id])).toEqual([
        ['appealApproved', second._id],
        ['appealRejected', appeal._id],
        ['banned', target.id],
      ]);
      const log = await auditLog(t, admin);
      expect(log.slice(0, 2).map((entry) => [entry.action, entry.targetType, entry.targetId])).toEqual([
        ['appeal.approve', 'appeal', second._id],
        ['appeal.reject', 'appeal', appeal._id],
      ]);
      // The ban's history (beside a later ban of the member) holds the decisions about them.
      await banMember(t, admin, target, 'Again');
      const entry = (await ok(t, admin, 'GET', '/admin/banuser/1')).items.find((item: BanEntry) => item.user._id === target.id);
      expect(entry.history.map((h: { action: string }) => h.action)).toEqual(['ban', 'appeal.approve', 'appeal.reject', 'ban']);
      // The new ban has no appeal yet.
      expect((await ok(t, target, 'GET', '/appeal')).appeal).toBeNull();
    });

    it('closes the open appeal when an admin lifts the ban by hand', async () => {
      const target = await member(t);
      await banMember(t, admin, target);
      const appeal: Appeal = (await ok(t, target, 'POST', '/appeal', { message: APPEAL }, 201)).appeal;
      await unbanMember(t, admin, target);
      expect((await ok(t, target, 'GET', '/appeal')).appeal).toMatchObject({
        _id: appeal._id,
        status: 'approved',
        decidedBy: { _id: admin.id },
      });
      await refused(
        t,
        admin,
        'PUT',
        '/admin/appeal/status',
        { appealId: appeal._id, status: 'rejected', reply: 'x' },
        409,
        'This appeal was already decided',
      );
    });

    it('validates appeals and decisions', async () => {
      const target = await member(t);
      await banMember(t, admin, target);
      await refused(t, target, 'POST', '/appeal', {}, 400, 'Appeal is required');
      await refused(t, target, 'POST', '/appeal', { message: 'too short' }, 400, 'Appeal must be at least 20 characters');
      await refused(
        t,
        target,
        'POST',
        '/appeal',
        { message: `${'   '}short${'   '.repeat(10)}` },
        400,
        'Appeal must be at least 20 characters',
      );
      await refused(t, target, 'POST', '/appeal', { message: 'x'.repeat(2001) }, 400, 'Appeal must not exceed 2000 characters');
      await refused(t, target, 'POST', '/appeal', { message: APPEAL, extra: 1 }, 400);
      await refused(t, admin, 'PUT', '/admin/appeal/status', { appealId: 'nope', status: 'approved' }, 400, 'Invalid appeal id');
      await refused(t, admin, 'PUT', '/admin/appeal/status', { appealId: MISSING, status: 'approved' }, 404, 'Appeal not found');
      await refused(
        t,
        admin,
        'PUT',
        '/admin/appeal/status',
        { appealId: MISSING, status: 'rejected', reply: 'x'.repeat(1001) },
        400,
        'Reply must not exceed 1000 characters',
      );
      await refused(t, admin, 'GET', '/admin/appeal/1?status=open', undefined, 400, 'Status must be one of pending, approved, rejected');
    });
  });
});
