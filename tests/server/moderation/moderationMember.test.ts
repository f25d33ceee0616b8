import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ITEMS_MAX, type AdminMember, type AdminMemberPosts, type AdminMemberReports } from '../../../src/api/moderation';
import { createTestApp, dialects, type TestApp } from '../harness';
import { banMember, MISSING } from '../moderation';
import { member, ok, post, refused, type Member } from '../social';

/** GET /admin/member/{id}: one member for their admin page (the account, reports, posts, audit). */
describe.each(dialects)('a member as the admin area sees them on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
  });
  afterAll(() => t.close());

  it('answers the account and its ban, the newest reports and posts (Private and hidden too) and the audit log about them', async () => {
    const target = await member(t);
    const reporters = [await member(t), await member(t)];
    const bystander = await member(t);
    await ok(t, bystander, 'POST', '/reportprofile', { userId: reporters[0].id, reason: 'Not about the target' }, 201);
    const first = (await ok(t, reporters[0], 'POST', '/reportprofile', { userId: target.id, reason: 'Spam' }, 201)).report;
    const second = (await ok(t, reporters[1], 'POST', '/reportprofile', { userId: target.id, reason: 'Rude', details: 'in chat' }, 201))
      .report;
    const open = await post(t, target, { post: 'Hello everyone' });
    const secret = await post(t, target, { post: 'mine only', privacy: 'Private' });
    const spam = await post(t, target, { post: 'Buy cheap watches' });
    await post(t, bystander, { post: 'not theirs' });
    await ok(t, admin, 'POST', '/admin/hirepost', { postId: spam._id, reason: 'Spam' });

    const before: AdminMember = await ok(t, admin, 'GET', `/admin/member/${target.id}`);
    expect(before.user).toMatchObject({ _id: target.id, username: target.username, role: 'USER', postsCount: 3, isBanned: false });
    expect(before.bannedBy).toBeNull();
    expect(before.openReports).toBe(2);
    expect(before.reports.map((r) => [r._id, r.reporter._id, r.status])).toEqual([
      [second._id, reporters[1].id, 'pending'],
      [first._id, reporters[0].id, 'pending'],
    ]);
    expect(before.posts.map((p) => [p._id, p.privacy, p.hidden])).toEqual([
      [spam._id, 'Public', true],
      [secret._id, 'Private', false],
      [open._id, 'Public', false],
    ]);
    // The post hidden is about the post, not the member: their own log is empty until a ban.
    expect(before.history).toEqual([]);
    expect(before.historyHasMore).toBe(false);

    await banMember(t, admin, target, 'Spamming');
    const after: AdminMember = await ok(t, admin, 'GET', `/admin/member/${target.id}`);
    expect(after.user).toMatchObject({ isBanned: true, banReason: 'Spamming' });
    expect(after.bannedBy).toMatchObject({ _id: admin.id, username: admin.username });
    // The ban resolved the open reports about them.
    expect(after.openReports).toBe(0);
    expect(after.reports.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    expect(after.history.map((e) => [e.action, e.targetId, e.reason])).toEqual([['ban', target.id, 'Spamming']]);
  });

  it('bounds the reports and posts it answers, newest first', async () => {
    const busy = await member(t);
    const ids: string[] = [];
    for (let i = 0; i < MEMBER_ITEMS_MAX + 2; i += 1) ids.push((await post(t, busy, { post: `post ${i}` }))._id);
    const answer: AdminMember = await ok(t, admin, 'GET', `/admin/member/${busy.id}`);
    expect(answer.user.postsCount).toBe(MEMBER_ITEMS_MAX + 2);
    expect(answer.posts.map((p) => p._id)).toEqual(ids.slice(2).reverse());
    // The rest a cursor at a time, then no cursor.
    expect(answer.postsNextCursor).not.toBeNull();
    const more: AdminMemberPosts = await ok(t, admin, 'GET', `/admin/member/${busy.id}/posts?cursor=${answer.postsNextCursor}`);
    expect(more.posts.map((p) => p._id)).toEqual(ids.slice(0, 2).reverse());
    expect(more.nextCursor).toBeNull();
  });

  it('pages the reports about a member past the first MEMBER_ITEMS_MAX, each once', async () => {
    const reported = await member(t);
    const reporters = await Promise.all(Array.from({ length: MEMBER_ITEMS_MAX + 1 }, () => member(t)));
    const reportIds: string[] = [];
    for (const reporter of reporters)
      reportIds.push((await ok(t, reporter, 'POST', '/reportprofile', { userId: reported.id, reason: 'spam' }, 201)).report._id);
    const answer: AdminMember = await ok(t, admin, 'GET', `/admin/member/${reported.id}`);
    expect(answer.reports).toHaveLength(MEMBER_ITEMS_MAX);
    const more: AdminMemberReports = await ok(t, admin, 'GET', `/admin/member/${reported.id}/reports?cursor=${answer.reportsNextCursor}`);
    expect(more.nextCursor).toBeNull();
    expect([...answer.reports, ...more.reports].map((r) => r._id).sort()).toEqual([...reportIds].sort());
    await refused(t, admin, 'GET', `/admin/member/${reported.id}/reports`, undefined, 400);
    await refused(t, admin, 'GET', `/admin/member/${reported.id}/reports?cursor=nope`, undefined, 400);
  });

  it('shows an admin account too, and refuses an unknown or malformed id', async () => {
    expect((await ok(t, admin, 'GET', `/admin/member/${admin.id}`)).user.role).toBe('ADMIN');
    await refused(t, admin, 'GET', `/admin/member/${MISSING}`, undefined, 404, 'User not found');
    await refused(t, admin, 'GET', '/admin/member/not-an-id', undefined, 404, 'User not found');
    await refused(t, admin, 'GET', `/admin/member/${admin.id}?all=1`, undefined, 400);
    const someone = await member(t);
    await refused(t, someone, 'GET', `/admin/member/${someone.id}`, undefined, 403, 'Only administrators can do that');
  });
});
