import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostReportCase, ProfileReportItem } from '../../../src/api/moderation';
import { createTestApp, dialects, type TestApp } from '../harness';
import { auditLog, MISSING } from '../moderation';
import { block, follow, member, ok, post, refused, type Member } from '../social';

describe.each(dialects)('reports on %s', (dialect) => {
  let t: TestApp;
  let admin: Member;
  let author: Member;
  let reader: Member;
  let another: Member;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await member(t, { admin: true });
    author = await member(t);
    reader = await member(t);
    another = await member(t);
  });
  afterAll(() => t.close());

  const report = (who: Member, postId: string, body: object = {}) =>
    ok(t, who, 'POST', '/reportpost', { postId, reason: 'spam', ...body }, 201);
  const cases = async (query = '') =>
    (await ok(t, admin, 'GET', `/reportpost${query}`)) as { items: PostReportCase[]; total: number | null; hasMore: boolean; page: number };

  describe('POST /reportpost', () => {
    it('files a report of a post the member may see, once', async () => {
      const target = await post(t, author, { post: 'Buy cheap watches at example.com' });
      const answer = await report(reader, target._id, { reason: 'spam', details: '  An ad  ' });
      expect(answer).toMatchObject({
        message: 'Report submitted',
        report: {
          postId: target._id,
          reporter: { _id: reader.id, username: reader.username },
          reason: 'spam',
          details: 'An ad',
          status: 'pending',
        },
      });
      await refused(
        t,
        reader,
        'POST',
        '/reportpost',
        { postId: target._id, reason: 'violence' },
        409,
        'You have already reported this post',
      );
      // Once decided, still once per member.
      await ok(t, admin, 'PUT', '/admin/reportpost/status', { postId: target._id, status: 'dismissed' });
      await refused(t, reader, 'POST', '/reportpost', { postId: target._id, reason: 'other' }, 409, 'You have already reported this post');
    });

    it('refuses bad input, own posts, and posts the member may not see like unknown ones', async () => {
      const open = await post(t, author, { post: 'open' });
      const secret = await post(t, author, { post: 'mine only', privacy: 'Private' });
      const friendsOnly = await post(t, author, { post: 'friends', privacy: 'Followers' });
      await refused(
        t,
        reader,
        'POST',
        '/reportpost',
        { postId: open._id },
        400,
        'Reason must be one of spam, harassment, impersonation, violence, nudity, misinformation, illegal, other',
      );
      await refused(
        t,
        reader,
        'POST',
        '/reportpost',
        { postId: open._id, reason: 'boring' },
        400,
        'Reason must be one of spam, harassment, impersonation, violence, nudity, misinformation, illegal, other',
      );
      await refused(t, reader, 'POST', '/reportpost', { reason: 'spam' }, 400, 'Post id is required');
      await refused(t, reader, 'POST', '/reportpost', { postId: 'abc', reason: 'spam' }, 400, 'Invalid post id');
      await refused(
        t,
        reader,
        'POST',
        '/reportpost',
        { postId: open._id, reason: 'other', details: 'x'.repeat(1001) },
        400,
        'Details must not exceed 1000 characters',
      );
      await refused(t, reader, 'POST', '/reportpost', { postId: open._id, reason: 'other', details: 5 }, 400, 'Details must be text');
      await refused(t, reader, 'POST', '/reportpost', { postId: open._id, reason: 'other', userId: reader.id }, 400);
      await refused(t, author, 'POST', '/reportpost', { postId: open._id, reason: 'spam' }, 400, 'You cannot report your own post');
      await refused(t, reader, 'POST', '/reportpost', { postId: MISSING, reason: 'spam' }, 404, 'Post not found');
      await refused(t, reader, 'POST', '/reportpost', { postId: secret._id, reason: 'spam' }, 404, 'Post not found');
      await refused(t, reader, 'POST', '/reportpost', { postId: friendsOnly._id, reason: 'spam' }, 404, 'Post not found');
      await follow(t, reader, author);
      await report(reader, friendsOnly._id);
      const blocked = await member(t);
      await block(t, author, blocked);
      await refused(t, blocked, 'POST', '/reportpost', { postId: open._id, reason: 'spam' }, 404, 'Post not found');
    });
  });

  describe('the post queue', () => {
    it('shows one item per reported post, pending first, oldest first, with the post as it is and its reports', async () => {
      const first = await post(t, author, { post: 'first reported', privacy: 'Private' });
      const second = await post(t, another, { post: 'second reported' });
      // The admin may see Private posts; reporters saw the first while it was Public.
      await ok(t, author, 'PUT', `/post/${first._id}`, { privacy: 'Public' });
      await report(reader, first._id, { reason: 'harassment', details: 'rude' });
      await report(another, first._id, { reason: 'violence' });
      await report(reader, second._id, { reason: 'misinformation' });
      await ok(t, author, 'PUT', `/post/${first._id}`, { privacy: 'Private' });
      await ok(t, admin, 'PUT', '/admin/reportpost/status', { postId: second._id, status: 'reviewing' });

      const open = await cases();
      const mine = open.items.filter((item) => [first._id, second._id].includes(item.post._id));
      expect(mine.map((item) => [item.post._id, item.status])).toEqual([
        [first._id, 'pending'],
        [second._id, 'reviewing'],
      ]);
      const [a, b] = mine;
      expect(a.post).toMatchObject({ post: 'first reported', privacy: 'Private', email: author.email });
      expect(a.author).toMatchObject({ _id: author.id, email: author.email, role: 'USER', isBanned: false });
      expect(a.reports.map((r) => [r.reporter._id, r.reason, r.details])).toEqual([
        [reader.id, 'harassment', 'rude'],
        [another.id, 'violence', ''],
      ]);
      expect(a.firstReportedAt).toBe(a.reports[0].createdAt);
      expect(b.history.map((h) => [h.action, h.reason])).toEqual([['postReport.status', 'reviewing']]);
      expect(open.total).toBe(open.items.length);
      expect((await cases('?status=reviewing')).items.map((item) => item.post._id)).toContain(second._id);
      expect((await cases('?status=pending')).items.map((item) => item.post._id)).not.toContain(second._id);
      expect((await ok(t, admin, 'GET', '/admin/dashboard')).openReports.posts).toBe(
        open.items.reduce((n, item) => n + item.reports.length, 0),
      );

      // Moving a post's reports moves every open one, and tells how many.
      const moved = await ok(t, admin, 'PUT', '/admin/reportpost/status', { postId: first._id, status: 'resolved' });
      expect(moved).toEqual({ message: 'Reports marked resolved', postId: first._id, status: 'resolved', changed: 2 });
      await refused(
        t,
        admin,
        'PUT',
        '/admin/reportpost/status',
        { postId: first._id, status: 'dismissed' },
        409,
        'This post has no open reports',
      );
      await refused(
        t,
        admin,
        'PUT',
        '/admin/reportpost/status',
        { postId: second._id, status: 'reviewing' },
        409,
        'The open reports of this post are already reviewing',
      );
      await refused(t, admin, 'PUT', '/admin/reportpost/status', { postId: MISSING, status: 'resolved' }, 404, 'Post not found');
      const resolved = await cases('?status=resolved');
      expect(resolved.total).toBeNull();
      expect(resolved.items.find((item) => item.post._id === first._id)?.reports).toHaveLength(2);
      expect((await auditLog(t, admin))[0]).toMatchObject({
        action: 'postReport.status',
        targetType: 'post',
        targetId: first._id,
        targetLabel: 'first reported',
        reason: 'resolved',
      });
    });

    it('pages by 20 and drops the reports of a deleted post', async () => {
      const reporters = [reader, another];
      const ids: string[] = [];
      for (let i = 0; i < 21; i += 1) {
        const p = await post(t, author, { post: `paging ${i}` });
        await report(reporters[i % 2], p._id, { reason: 'other' });
        ids.push(p._id);
      }
      const pending = async (page: number) => cases(`?status=pending&page=${page}`);
      const one = await pending(1);
      const two = await pending(2);
      expect(one.items).toHaveLength(20);
      expect(one.hasMore).toBe(true);
      const all = [...one.items, ...two.items].map((item) => item.post._id);
      expect(all.filter((id) => ids.includes(id))).toEqual(ids);
      expect(two.hasMore).toBe(false);
      await ok(t, author, 'DELETE', `/post/${ids[20]}`);
      expect((await pending(2)).items.map((item) => item.post._id)).not.toContain(ids[20]);
      await refused(t, admin, 'GET', '/reportpost?page=0', undefined, 400, 'Page must be a whole number from 1');
      await refused(
        t,
        admin,
        'GET',
        '/reportpost?status=closed',
        undefined,
        400,
        'Status must be one of pending, reviewing, resolved, dismissed',
      );
      await refused(t, admin, 'GET', '/reportpost?sort=new', undefined, 400);
    });
  });

  describe('the profile queue', () => {
    it('lists one report per item with the reported member as admins see them, and moves a report', async () => {
      const target = await member(t);
      const r1 = (await ok(t, reader, 'POST', '/reportprofile', { userId: target.id, reason: 'Impersonation' }, 201)).report;
      const r2 = (await ok(t, another, 'POST', '/reportprofile', { userId: target.id, reason: 'Spam', details: 'bot' }, 201)).report;
      const queue = await ok(t, admin, 'GET', '/reportprofile/1');
      const items: ProfileReportItem[] = queue.items.filter((item: ProfileReportItem) => item.reported._id === target.id);
      expect(items.map((item) => item._id)).toEqual([r1._id, r2._id]);
      expect(items[1]).toMatchObject({
        reporter: { _id: another.id },
        reported: { email: target.email, postsCount: 0, isBanned: false },
        reason: 'Spam',
        details: 'bot',
        status: 'pending',
        history: [],
      });

      const moved = await ok(t, admin, 'PUT', '/admin/reportprofile/status', { reportId: r1._id, status: 'reviewing' });
      expect(moved).toMatchObject({
        message: 'Report marked reviewing',
        report: { _id: r1._id, status: 'reviewing', history: [{ action: 'profileReport.status', reason: 'reviewing' }] },
      });
      // Pending first: the reviewing one now comes after every pending report.
      const after = (await ok(t, admin, 'GET', '/reportprofile/1')).items.filter(
        (item: ProfileReportItem) => item.reported._id === target.id,
      );
      expect(after.map((item: ProfileReportItem) => item._id)).toEqual([r2._id, r1._id]);
      // A reviewing report is still open: the reporter cannot file another.
      await refused(
        t,
        reader,
        'POST',
        '/reportprofile',
        { userId: target.id, reason: 'Again' },
        409,
        'You have already reported this member',
      );
      await refused(
        t,
        admin,
        'PUT',
        '/admin/reportprofile/status',
        { reportId: r1._id, status: 'reviewing' },
        409,
        'This report is already reviewing',
      );
      await ok(t, admin, 'PUT', '/admin/reportprofile/status', { reportId: r1._id, status: 'dismissed' });
      expect((await ok(t, admin, 'GET', '/reportprofile/1?status=dismissed')).items.map((item: ProfileReportItem) => item._id)).toContain(
        r1._id,
      );
      await ok(t, reader, 'POST', '/reportprofile', { userId: target.id, reason: 'Again' }, 201);
      await refused(t, admin, 'PUT', '/admin/reportprofile/status', { reportId: MISSING, status: 'resolved' }, 404, 'Report not found');
      await refused(
        t,
        admin,
        'PUT',
        '/admin/reportprofile/status',
        { reportId: r1._id, status: 'reviewed' },
        400,
        'Status must be one of pending, reviewing, resolved, dismissed',
      );
      await refused(
        t,
        admin,
        'PUT',
        '/admin/reportprofile/status',
        { reportId: r1._id },
        400,
        'Status must be one of pending, reviewing, resolved, dismissed',
      );
      await refused(t, admin, 'GET', '/reportprofile/x', undefined, 400, 'Page must be a whole number from 1');
      await refused(
        t,
        admin,
        'GET',
        '/reportprofile/1?status=reviewed',
        undefined,
        400,
        'Status must be one of pending, reviewing, resolved, dismissed',
      );
    });
  });
});
