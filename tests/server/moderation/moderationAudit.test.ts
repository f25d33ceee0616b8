import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, type AuditPage } from '../../../src/api/moderation';
import { paths } from '../../../src/api/paths';
import { createTestApp, dialects, type TestApp } from '../harness';
import { banMember, MISSING, unbanMember } from '../moderation';
import { member, ok, post, refused, type Member } from '../social';

/**
 * The audit log's page and its filters (GET /admin/audit/{page}?action=&admin=&target=): each
 * alone and together, newest first, paged; the admins the page offers to filter by; a bad filter
 * is a 400 naming it. Who may read the log: moderationAccess.test.ts.
 */
describe.each(dialects)('the audit log filters on %s', (dialect) => {
  let t: TestApp;
  let root: Member;
  let second: Member;
  let ben: Member;
  let dora: Member;
  let postId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    root = await member(t, { admin: true });
    second = await member(t, { admin: true });
    ben = await member(t);
    dora = await member(t);
    postId = (await post(t, dora, { post: 'Buy followers cheap' }))._id;
    // Oldest first: root bans ben, second unbans him, root hides dora's post, second bans dora.
    await banMember(t, root, ben, 'Spam');
    await unbanMember(t, second, ben);
    await ok(t, root, 'POST', '/admin/hirepost', { postId, reason: 'Scam' });
    await banMember(t, second, dora, 'Scam again');
  });
  afterAll(() => t.close());

  const page = (who: Member, n: number, filters: Parameters<typeof paths.admin.audit>[1] = {}) =>
    ok(t, who, 'GET', paths.admin.audit(n, filters)) as Promise<AuditPage>;
  const lines = async (filters: Parameters<typeof paths.admin.audit>[1]) =>
    (await page(root, 1, filters)).items.map((entry) => `${entry.admin.username} ${entry.action} ${entry.targetLabel}`);

  it('without filters: the whole log newest first, and the admins to filter by', async () => {
    const answer = await page(root, 1);
    expect(answer).toMatchObject({ page: 1, hasMore: false, total: null });
    expect(answer.items.map((entry) => entry.action)).toEqual(['ban', 'hide', 'unban', 'ban']);
    const names = [root.username, second.username].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(answer.admins.map((admin) => admin.username)).toEqual(names);
    expect(answer.admins.find((admin) => admin._id === root.id)).toMatchObject({ _id: root.id, username: root.username });
  });

  it('filters by action, by admin and by target, alone and together', async () => {
    expect(await lines({ action: 'ban' })).toEqual([`${second.username} ban ${dora.username}`, `${root.username} ban ${ben.username}`]);
    expect(await lines({ admin: second.id })).toEqual([
      `${second.username} ban ${dora.username}`,
      `${second.username} unban ${ben.username}`,
    ]);
    // A member's username (any case) or id: what was done to them.
    const aboutBen = [`${second.username} unban ${ben.username}`, `${root.username} ban ${ben.username}`];
    expect(await lines({ target: ben.username.toUpperCase() })).toEqual(aboutBen);
    expect(await lines({ target: ` ${ben.username} ` })).toEqual(aboutBen);
    expect(await lines({ target: ben.id.toUpperCase() })).toEqual(aboutBen);
    // A post's id: what was done to the post (not to its author).
    expect((await page(root, 1, { target: postId })).items.map((entry) => [entry.action, entry.targetId])).toEqual([['hide', postId]]);
    expect(await lines({ action: 'ban', admin: root.id })).toEqual([`${root.username} ban ${ben.username}`]);
    expect(await lines({ action: 'ban', admin: root.id, target: dora.username })).toEqual([]);
    // Names nobody: nothing, not an error.
    expect(await lines({ target: 'nobody-by-that-name' })).toEqual([]);
    expect(await lines({ admin: MISSING })).toEqual([]);
    expect(await lines({ action: 'appeal.reject' })).toEqual([]);
  });

  it('pages a filtered log, newest first', async () => {
    const cleo = await member(t);
    for (let round = 0; round < 11; round++) {
      await banMember(t, root, cleo, `Round ${round}`);
      await unbanMember(t, root, cleo);
    }
    const first = await page(root, 1, { target: cleo.username });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.items[0].action).toBe('unban');
    const second = await page(root, 2, { target: cleo.username });
    expect(second.items.map((entry) => `${entry.action} ${entry.reason}`)).toEqual(['unban ', 'ban Round 0']);
    expect(second.hasMore).toBe(false);
    const bans = await page(root, 1, { target: cleo.id, action: 'ban' });
    expect(bans.items.map((entry) => entry.reason)).toEqual(Array.from({ length: 11 }, (_, round) => `Round ${10 - round}`));
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const bad = (query: string, message: string | RegExp) => refused(t, root, 'GET', `/admin/audit/1${query}`, undefined, 400, message);
    await bad('?action=delete', /^Action must be one of ban, unban, hide/);
    await bad('?action=ban&action=hide', /^Action must be one of/);
    await bad('?admin=root', 'Invalid admin id');
    await bad('?target=', 'Target must not be empty');
    await bad('?target=%20%20', 'Target must not be empty');
    await bad(`?target=${'x'.repeat(ADMIN_SEARCH_MAX + 1)}`, `Target must not exceed ${ADMIN_SEARCH_MAX} characters`);
    await bad('?status=pending', /unrecognized|Unrecognized|unknown|Unknown/);
    // Members may not read it, filtered or not.
    await refused(t, ben, 'GET', paths.admin.audit(1, { action: 'ban' }), undefined, 403);
  });
});
