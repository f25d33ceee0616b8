import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CATEGORIES } from '../../../src/api/groups/categories';
import {
  GROUP_MEMBERS_PAGE_SIZE,
  GROUPS_PAGE_SIZE,
  groupMembersPageSchema,
  groupResponseSchema,
  groupsPageSchema,
  singleGroupSchema,
} from '../../../src/api/groups';
import sharp from 'sharp';
import { placeholderColor } from '../../../server/modules/groups/placeholder';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, member, ok, refused, type Member, type Method } from '../social';

const MISSING = '01890000-0000-7000-8000-000000000000';
const base = { name: 'Chess Club', description: 'We play', tags: ['chess'], category: ['Gaming'] };

describe.each(dialects)('groups on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (who: Member, body: Record<string, unknown> = {}) =>
    (await ok(t, who, 'POST', '/group/create', { ...base, ...body }, 201)).group;

  it('validates the create payload with the spec messages, never a 5xx', async () => {
    const a = await member(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Group name is required'],
      [{ name: '' }, 'Group name is required'],
      [{ name: 'ab' }, 'Group name must be at least 3 characters'],
      [{ name: 'x'.repeat(51) }, 'Group name must not exceed 50 characters'],
      [{ name: 'Chess!' }, 'Group name must contain only letters, numbers, and spaces'],
      [{ category: [] }, 'At least one category is required'],
      [{ category: undefined }, 'At least one category is required'],
      [{ category: ['Knitting'] }, `Category must be one of ${GROUP_CATEGORIES.join(', ')}`],
      [{ tags: [] }, 'At least one tag is required'],
      [{ tags: undefined }, 'At least one tag is required'],
      [{ tags: ['  '] }, 'A tag must not be empty'],
      [{ privacy: 'secret' }, 'Privacy must be public or private'],
      [{ members: ['nope'] }, 'Invalid member id'],
      [{ profileImage: 'javascript:alert(1)' }, 'Image must be an uploaded image URL'],
    ];
    for (const [change, message] of cases) {
      await refused(t, a, 'POST', '/group/create', { ...base, ...change }, 400, message);
    }
    await refused(t, a, 'POST', '/group/create', { ...base, members: [MISSING] }, 404, 'User not found');
    await refused(t, null, 'POST', '/group/create', base, 401);
    const g = await create(a, { name: 'Café Zoë 24', category: [...GROUP_CATEGORIES, 'Music'], tags: ['a', 'A', ' b '] });
    expect(g.name).toBe('Café Zoë 24');
    expect(g.category).toHaveLength(24);
    expect(g.tags).toEqual(['a', 'b']);
    expect(g.privacy).toBe('public');
  });

  it('invited members start pending and count after accepting; CREATE_GROUP payload', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const g = groupResponseSchema.shape.group.parse(await create(a, { members: [b.id, { userId: c.id }] }));
    expect(g.memberCount).toBe(1);
    expect(g.admins).toEqual([a.id]);
    const invited = g.members.find((m) => m.userId === b.id)!;
    expect(invited).toMatchObject({ role: 'member', joinedBy: 'invited', status: 'pending', invitedBy: a.id, avatarColor: '#f33e58' });
    expect((await ok(t, b, 'GET', '/group/invitations')).pendingGroups.map((x: { _id: string }) => x._id)).toContain(g._id);
    await ok(t, b, 'PUT', `/group/invitation/accept/${g._id}`);
    await ok(t, c, 'PUT', `/group/invitation/decline/${g._id}`);
    await refused(t, c, 'PUT', `/group/invitation/accept/${g._id}`, undefined, 404, 'Invitation not found');
    const after = singleGroupSchema.parse(await ok(t, a, 'GET', `/group/${g._id}`)).group;
    expect(after.memberCount).toBe(2);
    expect((await ok(t, b, 'GET', `/group/user-group/${b.id}`)).groups.map((x: { _id: string }) => x._id)).toContain(g._id);
  });

  it('join, request, approve, reject, leave and the last admin', async () => {
    const [a, b, c, d] = [await member(t), await member(t), await member(t), await member(t)];
    const pub = await create(a);
    const priv = await create(a, { privacy: 'private' });
    expect((await ok(t, b, 'POST', `/group/join/${pub._id}`)).status).toBe('accepted');
    await refused(t, b, 'POST', `/group/join/${pub._id}`, undefined, 409);
    // A stranger's request to a private group waits for a group admin.
    expect((await ok(t, c, 'POST', `/group/join/${priv._id}`)).status).toBe('pending');
    expect((await ok(t, d, 'POST', `/group/join/${priv._id}`)).message).toBe('Your request to join was sent');
    await refused(t, c, 'POST', `/group/join/${priv._id}`, undefined, 409, 'You have already asked to join this group');
    await refused(t, c, 'GET', `/group/${priv._id}/posts/1`, undefined, 404, 'Group not found');
    await refused(t, c, 'GET', `/group/pending-admin/${priv._id}`, undefined, 403, 'Only group admins can do that');
    const pending = (await ok(t, a, 'GET', `/group/pending-admin/${priv._id}`)).pendingMembers;
    expect(pending.map((m: { userId: string }) => m.userId).sort()).toEqual([c.id, d.id].sort());
    await refused(t, c, 'PUT', `/group/approve-member/${priv._id}/${d.id}`, undefined, 403, 'Only group admins can do that');
    await ok(t, a, 'PUT', `/group/approve-member/${priv._id}/${c.id}`);
    await ok(t, a, 'PUT', `/group/reject-member/${priv._id}/${d.id}`);
    await refused(t, a, 'PUT', `/group/approve-member/${priv._id}/${d.id}`, undefined, 404, 'Join request not found');
    await ok(t, c, 'GET', `/group/${priv._id}/posts/1`);
    await refused(t, a, 'PUT', `/group/leave/${priv._id}`, {}, 400, 'Name another member as group admin before leaving');
    await refused(t, a, 'PUT', `/group/leave/${priv._id}`, { newAdminId: d.id }, 400, 'The new admin must be a member of the group');
    await ok(t, a, 'PUT', `/group/leave/${priv._id}`, { newAdminId: c.id });
    await refused(t, a, 'GET', `/group/${priv._id}/posts/1`, undefined, 404, 'Group not found');
    expect((await ok(t, a, 'GET', `/group/${priv._id}`)).group).toMatchObject({ membership: null, admins: [], members: [] });
    expect((await ok(t, c, 'GET', `/group/${priv._id}`)).group.admins).toEqual([c.id]);
    await ok(t, b, 'PUT', `/group/leave/${pub._id}`);
    await refused(t, a, 'PUT', `/group/leave/${pub._id}`, {}, 400, 'You are the only member: delete the group instead');
  });

  it("lists of groups carry the count, the admins and the viewer's own membership, not every member; the group page has them", async () => {
    const [a, m, n, p] = [await member(t), await member(t), await member(t), await member(t)];
    const g = await create(a, { name: 'Big Table', members: [m.id, n.id, p.id] });
    await ok(t, m, 'PUT', `/group/invitation/accept/${g._id}`);
    await ok(t, n, 'PUT', `/group/invitation/accept/${g._id}`);
    const lists = [
      (await ok(t, m, 'GET', `/group/user-group/${m.id}`)).groups,
      (await ok(t, m, 'GET', '/group/allgroups?search=big table')).groups,
      (await ok(t, p, 'GET', '/group/invitations')).pendingGroups,
    ];
    for (const groups of lists) {
      const listed = groups.find((x: { _id: string }) => x._id === g._id);
      expect(listed).toMatchObject({ memberCount: 3, admins: [a.id], members: [] });
    }
    expect(lists[0].find((x: { _id: string }) => x._id === g._id).membership).toMatchObject({
      userId: m.id,
      status: 'accepted',
      role: 'member',
    });
    expect(lists[2].find((x: { _id: string }) => x._id === g._id).membership).toMatchObject({
      userId: p.id,
      status: 'pending',
      joinedBy: 'invited',
    });
    // One group's page lists its accepted members (group admins also see the pending invitee).
    expect((await ok(t, m, 'GET', `/group/${g._id}`)).group.members.map((x: { userId: string }) => x.userId).sort()).toEqual(
      [a.id, m.id, n.id].sort(),
    );
    expect((await ok(t, a, 'GET', `/group/${g._id}`)).group.members.map((x: { userId: string }) => x.userId).sort()).toEqual(
      [a.id, m.id, n.id, p.id].sort(),
    );
  });

  it("pages a group's member list: the first page in the group answer, the rest by cursor, in the order members joined", async () => {
    const owner = await member(t);
    const g = await create(owner, { name: 'Crowded Hall' });
    const joiners: Member[] = [];
    for (let i = 0; i < GROUP_MEMBERS_PAGE_SIZE + 5; i++) {
      const m = await member(t);
      await ok(t, m, 'POST', `/group/join/${g._id}`);
      joiners.push(m);
    }
    const outsider = await member(t);
    const first = singleGroupSchema.parse(await ok(t, outsider, 'GET', `/group/${g._id}`)).group;
    expect(first.memberCount).toBe(GROUP_MEMBERS_PAGE_SIZE + 6);
    expect(first.members).toHaveLength(GROUP_MEMBERS_PAGE_SIZE);
    expect(first.members[0]!.userId).toBe(owner.id);
    expect(first.membersNextCursor).not.toBeNull();
    const rest = groupMembersPageSchema.parse(
      await ok(t, outsider, 'GET', `/group/${g._id}/members?cursor=${encodeURIComponent(first.membersNextCursor!)}`),
    );
    expect(rest.nextCursor).toBeNull();
    const all = [...first.members, ...rest.members].map((m) => m.userId);
    expect(all).toEqual([owner.id, ...joiners.map((m) => m.id)]);
    // The first page by itself, as the group answer has it.
    const again = groupMembersPageSchema.parse(await ok(t, outsider, 'GET', `/group/${g._id}/members`));
    expect(again.members.map((m) => m.userId)).toEqual(first.members.map((m) => m.userId));
    await refused(
      t,
      outsider,
      'GET',
      `/group/${g._id}/members?cursor=yesterday`,
      undefined,
      400,
      'Cursor must look like 2025-01-31T12:00:00.000Z_<id>',
    );
    await refused(t, outsider, 'GET', `/group/${MISSING}/members`, undefined, 404, 'Group not found');
  });

  it("a private group's member pages: members see accepted ones, group admins the invited too, others nothing", async () => {
    const [a, m, p, x] = [await member(t), await member(t), await member(t), await member(t)];
    const g = await create(a, { privacy: 'private', name: 'Quiet Room', members: [m.id, p.id] });
    await ok(t, m, 'PUT', `/group/invitation/accept/${g._id}`);
    const ids = async (who: Member) =>
      (await ok(t, who, 'GET', `/group/${g._id}/members`)).members.map((x: { userId: string }) => x.userId);
    expect(await ids(m)).toEqual([a.id, m.id]);
    expect((await ids(a)).sort()).toEqual([a.id, m.id, p.id].sort());
    // Invited is not yet a member: the list answers as for anyone outside.
    await refused(t, p, 'GET', `/group/${g._id}/members`, undefined, 404, 'Group not found');
    await refused(t, x, 'GET', `/group/${g._id}/members`, undefined, 404, 'Group not found');
  });

  it('private visibility on every read path; removal bites at once', async () => {
    const [a, m, p, s, admin] = [await member(t), await member(t), await member(t), await member(t), await member(t, { admin: true })];
    const g = await create(a, { privacy: 'private', name: 'Hidden Society', members: [m.id, p.id] });
    await ok(t, m, 'PUT', `/group/invitation/accept/${g._id}`);
    const post = (await ok(t, a, 'POST', `/post/group/${g._id}`, { post: 'secret' }, 201)).post;
    expect(post.groupStatus).toBe('accepted');
    // A stranger sees the card (name, description, categories, tags, count), never the posts or members.
    const card = singleGroupSchema.parse(await ok(t, s, 'GET', `/group/${g._id}`)).group;
    expect(card).toMatchObject({
      name: 'Hidden Society',
      privacy: 'private',
      memberCount: 2,
      members: [],
      admins: [],
      membership: null,
      membersNextCursor: null,
    });
    await refused(t, s, 'GET', `/group/${g._id}/posts/1`, undefined, 404, 'Group not found');
    await refused(t, s, 'GET', `/group/${g._id}/members`, undefined, 404, 'Group not found');
    await refused(t, s, 'GET', `/post/${post._id}`, undefined, 404, 'Post not found');
    expect((await ok(t, s, 'GET', '/group/allgroups?search=hidden')).groups.map((x: { _id: string }) => x._id)).toEqual([g._id]);
    expect((await ok(t, s, 'GET', `/group/user-group/${a.id}`)).groups.map((x: { _id: string }) => x._id)).toContain(g._id);
    // The pending invitee knows the group (to accept) but sees no member list and no posts.
    const seen = (await ok(t, p, 'GET', `/group/${g._id}`)).group;
    expect(seen.members).toEqual([]);
    await refused(t, p, 'GET', `/group/${g._id}/posts/1`, undefined, 404);
    await refused(t, p, 'GET', `/post/${post._id}`, undefined, 404);
    expect((await ok(t, m, 'GET', `/group/${g._id}/posts/1`)).posts.map((x: { _id: string }) => x._id)).toEqual([post._id]);
    expect((await ok(t, m, 'GET', '/group/allgroups?search=hidden')).groups).toHaveLength(1);
    expect((await ok(t, admin, 'GET', `/group/${g._id}/posts/1`)).posts).toHaveLength(1);
    // Group posts stay out of the feed.
    expect((await ok(t, m, 'GET', '/post/all/1')).posts.map((x: { _id: string }) => x._id)).not.toContain(post._id);
    await ok(t, a, 'PUT', `/group/remove-members/${g._id}`, { members: [m.id] });
    await refused(t, m, 'GET', `/group/${g._id}/posts/1`, undefined, 404);
    await refused(t, m, 'GET', `/post/${post._id}`, undefined, 404);
    // Blocks: a blocked member's posts are left out.
    const pub = await create(a);
    await ok(t, s, 'POST', `/group/join/${pub._id}`);
    await ok(t, a, 'POST', `/post/group/${pub._id}`, { post: 'hi all' }, 201);
    await block(t, s, a);
    expect((await ok(t, s, 'GET', `/group/${pub._id}/posts/1`)).posts).toHaveLength(0);
  });

  it("a member post waits for a group admin; members see each other's posts", async () => {
    const [a, m, n, x] = [await member(t), await member(t), await member(t), await member(t)];
    const g = await create(a, { privacy: 'private', members: [m.id, n.id] });
    await ok(t, m, 'PUT', `/group/invitation/accept/${g._id}`);
    await ok(t, n, 'PUT', `/group/invitation/accept/${g._id}`);
    await refused(t, x, 'POST', `/post/group/${g._id}`, { post: 'x' }, 403, 'Only members can post in this group');
    await refused(t, m, 'POST', `/post/group/${g._id}`, {}, 400, 'Post must not be empty');
    const p = (await ok(t, m, 'POST', `/post/group/${g._id}`, { post: 'mine' }, 201)).post;
    expect(p.groupStatus).toBe('pending');
    expect((await ok(t, n, 'GET', `/group/${g._id}/posts/1`)).posts).toHaveLength(0);
    expect((await ok(t, n, 'GET', `/group/${g._id}/postspending/1`)).posts).toHaveLength(0);
    expect((await ok(t, m, 'GET', `/group/${g._id}/postspending/1`)).posts).toHaveLength(1);
    expect((await ok(t, a, 'GET', `/group/${g._id}/postspending/1`)).totalPosts).toBe(1);
    await refused(t, n, 'PUT', `/group/post/${p._id}/accept`, undefined, 404, 'Post not found');
    await refused(t, m, 'PUT', `/group/post/${p._id}/accept`, undefined, 403, 'Only group admins can do that');
    expect((await ok(t, a, 'PUT', `/group/post/${p._id}/accept`)).post.groupStatus).toBe('accepted');
    expect((await ok(t, n, 'GET', `/group/${g._id}/posts/1`)).posts.map((y: { _id: string }) => y._id)).toEqual([p._id]);
    await ok(t, n, 'POST', '/post/reaction', { postId: p._id, type: 'like' });
    await ok(t, a, 'PUT', `/group/post/${p._id}/decline`);
    await refused(t, n, 'GET', `/post/${p._id}`, undefined, 404);
  });

  it('a private group: a stranger sees its card, asks to join, cancels, asks again; approved sees posts, rejected asks again', async () => {
    const [a, stranger, other] = [await member(t), await member(t), await member(t)];
    const g = await create(a, { privacy: 'private', name: 'Closed Circle', description: 'members only', tags: ['secret'] });
    await ok(t, a, 'POST', `/post/group/${g._id}`, { post: 'inside news' }, 201);
    // On the card everywhere: search, the groups to discover, the group page.
    expect((await ok(t, stranger, 'GET', '/group/allgroups?search=closed circle')).groups.map((x: { _id: string }) => x._id)).toEqual([
      g._id,
    ]);
    expect((await ok(t, stranger, 'GET', '/group/not-joined')).groups.map((x: { _id: string }) => x._id)).toContain(g._id);
    expect((await ok(t, stranger, 'GET', `/group/${g._id}`)).group).toMatchObject({
      description: 'members only',
      tags: ['secret'],
      category: ['Gaming'],
      memberCount: 1,
    });

    const asked = await ok(t, stranger, 'POST', `/group/join/${g._id}`);
    expect(asked).toMatchObject({ message: 'Your request to join was sent', status: 'pending' });
    expect(asked.group.membership).toMatchObject({ userId: stranger.id, status: 'pending', joinedBy: 'request' });
    expect(asked.group.memberCount).toBe(1);
    // Asking is not belonging: posts and the member list stay closed; the card stays in Discover, marked.
    await refused(t, stranger, 'GET', `/group/${g._id}/posts/1`, undefined, 404, 'Group not found');
    await refused(t, stranger, 'GET', `/group/${g._id}/members`, undefined, 404, 'Group not found');
    const discovered = (await ok(t, stranger, 'GET', '/group/not-joined')).groups.find((x: { _id: string }) => x._id === g._id);
    expect(discovered.membership).toMatchObject({ status: 'pending', joinedBy: 'request' });
    expect((await ok(t, a, 'GET', `/group/pending-admin/${g._id}`)).pendingMembers.map((m: { userId: string }) => m.userId)).toEqual([
      stranger.id,
    ]);

    // Cancelled: gone from the admins' list; the stranger may ask again.
    expect((await ok(t, stranger, 'PUT', `/group/leave/${g._id}`, {})).message).toBe('Your request was withdrawn');
    expect((await ok(t, a, 'GET', `/group/pending-admin/${g._id}`)).pendingMembers).toEqual([]);
    expect((await ok(t, stranger, 'GET', `/group/${g._id}`)).group.membership).toBeNull();
    await ok(t, stranger, 'POST', `/group/join/${g._id}`);
    await ok(t, other, 'POST', `/group/join/${g._id}`);

    // Rejected: no member, and free to ask again. Approved: a member who reads the posts.
    await ok(t, a, 'PUT', `/group/reject-member/${g._id}/${other.id}`);
    expect((await ok(t, other, 'GET', `/group/${g._id}`)).group.membership).toBeNull();
    await refused(t, other, 'GET', `/group/${g._id}/posts/1`, undefined, 404, 'Group not found');
    expect((await ok(t, other, 'POST', `/group/join/${g._id}`)).status).toBe('pending');
    await ok(t, a, 'PUT', `/group/approve-member/${g._id}/${stranger.id}`);
    expect((await ok(t, stranger, 'GET', `/group/${g._id}`)).group.membership).toMatchObject({ status: 'accepted', joinedBy: 'request' });
    expect((await ok(t, stranger, 'GET', `/group/${g._id}/posts/1`)).posts.map((p: { post: string }) => p.post)).toEqual(['inside news']);
    expect((await ok(t, stranger, 'GET', `/group/${g._id}/members`)).members.map((m: { userId: string }) => m.userId)).toEqual([
      a.id,
      stranger.id,
    ]);
    await refused(t, stranger, 'POST', `/group/join/${g._id}`, undefined, 409, 'You are already a member of this group');
    // The admins' inbox held each request; the asker's holds the decisions.
    const kinds = async (who: Member) => (await ok(t, who, 'GET', '/notifications')).notifications.map((n: { kind: string }) => n.kind);
    expect(await kinds(a)).toContain('joinRequest');
    expect(await kinds(stranger)).toContain('joinApproved');
    expect(await kinds(other)).toContain('joinDeclined');
  });

  it('permission matrix: non-member, pending, member, group admin, site admin', async () => {
    const a = await member(t);
    const [outsider, pending, requester, plain, siteAdmin] = [
      await member(t),
      await member(t),
      await member(t),
      await member(t),
      await member(t, { admin: true }),
    ];
    const g = await create(a, { privacy: 'private', members: [pending.id, plain.id] });
    await ok(t, plain, 'PUT', `/group/invitation/accept/${g._id}`);
    await ok(t, requester, 'POST', `/group/join/${g._id}`);
    const memberPost = (await ok(t, plain, 'POST', `/post/group/${g._id}`, { post: 'p' }, 201)).post;
    const manage: [Method, string, unknown][] = [
      ['GET', `/group/pending-admin/${g._id}`, undefined],
      ['PUT', `/group/approve-member/${g._id}/${outsider.id}`, undefined],
      ['PUT', `/group/reject-member/${g._id}/${outsider.id}`, undefined],
      ['PUT', `/group/${g._id}`, { description: 'x' }],
      ['PUT', `/group/add-members/${g._id}`, { members: [outsider.id] }],
      ['PUT', `/group/remove-members/${g._id}`, { members: [plain.id] }],
      ['PUT', `/group/promote/${g._id}/${plain.id}`, undefined],
      ['DELETE', `/group/${g._id}`, undefined],
      ['PUT', `/group/post/${memberPost._id}/accept`, undefined],
      ['PUT', `/group/post/${memberPost._id}/decline`, undefined],
    ];
    for (const [method, url, body] of manage) {
      const isPostDecision = url.startsWith('/group/post/');
      // Everyone knows the group: outside it, a refusal; a pending post is its author's and admins' only (404).
      for (const who of [outsider, pending, requester]) await refused(t, who, method, url, body, isPostDecision ? 404 : 403);
      await refused(t, plain, method, url, body, 403, 'Only group admins can do that');
      await refused(t, siteAdmin, method, url, body, 403, 'Only group admins can do that');
    }
    // Reads: the card for everyone; posts and the member list 404 for all but members and site admins.
    for (const who of [outsider, pending, requester, plain, siteAdmin]) await ok(t, who, 'GET', `/group/${g._id}`);
    for (const url of [`/group/${g._id}/posts/1`, `/group/${g._id}/postspending/1`, `/group/${g._id}/members`]) {
      for (const who of [outsider, pending, requester]) await refused(t, who, 'GET', url, undefined, 404, 'Group not found');
      await ok(t, plain, 'GET', url);
      await ok(t, siteAdmin, 'GET', url);
    }
    expect((await ok(t, siteAdmin, 'GET', `/group/${g._id}`)).group.members.length).toBeGreaterThan(0);
    // The group admin does all of it.
    await ok(t, a, 'PUT', `/group/${g._id}`, { name: 'Renamed Group', privacy: 'public' });
    await refused(t, a, 'PUT', `/group/${g._id}`, { name: 'x' }, 400, 'Group name must be at least 3 characters');
    await refused(t, a, 'PUT', `/group/add-members/${g._id}`, { members: [] }, 400, 'At least one member is required');
    await ok(t, a, 'PUT', `/group/promote/${g._id}/${plain.id}`);
    await refused(t, a, 'PUT', `/group/promote/${g._id}/${outsider.id}`, undefined, 404, 'Member not found');
    await ok(t, a, 'PUT', `/group/post/${memberPost._id}/accept`);
    await ok(t, a, 'DELETE', `/group/${g._id}`);
    await refused(t, a, 'GET', `/group/${g._id}`, undefined, 404);
    await refused(t, a, 'GET', `/post/${memberPost._id}`, undefined, 404);
  });

  it('pages groups to discover and search results by cursor, newest first', async () => {
    const [maker, reader] = [await member(t), await member(t)];
    const made: string[] = [];
    for (let i = 0; i < GROUPS_PAGE_SIZE + 5; i++) made.push((await create(maker, { name: `Paging Club ${i}` }))._id);
    const joined = made[made.length - 1];
    await ok(t, reader, 'POST', `/group/join/${joined}`);
    const walk = async (path: (cursor?: string) => string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = groupsPageSchema.parse(await ok(t, reader, 'GET', path(cursor)));
        expect(page.groups.length).toBeLessThanOrEqual(GROUPS_PAGE_SIZE);
        seen.push(...page.groups.map((g) => g._id));
        if (!page.nextCursor) return seen;
        cursor = page.nextCursor;
      }
      throw new Error('more than 10 pages');
    };
    const q = (cursor?: string) => (cursor ? `&cursor=${encodeURIComponent(cursor)}` : '');
    const searched = await walk((cursor) => `/group/allgroups?search=paging club${q(cursor)}`);
    expect(searched).toEqual([...made].reverse());
    const discover = (await walk((cursor) => `/group/not-joined${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).filter((id) =>
      made.includes(id),
    );
    expect(discover).toEqual(made.slice(0, -1).reverse());
    await refused(t, reader, 'GET', '/group/not-joined?cursor=soon', undefined, 400, 'Cursor must look like 2025-01-31T12:00:00.000Z_<id>');
  });

  it('an admin invites more members later: invitees start pending, no one is invited twice, blocks hold', async () => {
    const [a, b, c, d] = [await member(t), await member(t), await member(t), await member(t)];
    const g = await create(a, { members: [b.id] });
    await ok(t, b, 'PUT', `/group/invitation/accept/${g._id}`);
    const added = groupResponseSchema.parse(await ok(t, a, 'PUT', `/group/add-members/${g._id}`, { members: [c.id, b.id, c.id] }));
    expect(added.message).toBe('Members invited');
    expect(added.group.members.filter((m) => m.userId === c.id)).toEqual([
      expect.objectContaining({ status: 'pending', joinedBy: 'invited', invitedBy: a.id }),
    ]);
    expect(added.group.members.find((m) => m.userId === b.id)).toMatchObject({ status: 'accepted' });
    expect(added.group.memberCount).toBe(2);
    expect((await ok(t, c, 'GET', '/group/invitations')).pendingGroups.map((x: { _id: string }) => x._id)).toContain(g._id);
    // Asking again changes nothing.
    const again = groupResponseSchema.parse(await ok(t, a, 'PUT', `/group/add-members/${g._id}`, { members: [c.id] }));
    expect(again.group.members.filter((m) => m.userId === c.id)).toHaveLength(1);
    // Someone who blocked the admin cannot be found, so cannot be invited.
    await block(t, d, a);
    await refused(t, a, 'PUT', `/group/add-members/${g._id}`, { members: [d.id] }, 404, 'User not found');
    // A plain member may not invite.
    await refused(t, b, 'PUT', `/group/add-members/${g._id}`, { members: [d.id] }, 403);
  });

  it('a group made without an image gets a placeholder Stoa serves: its letter on its own colour; old groups get theirs when read', async () => {
    const a = await member(t);
    const image = async (url: string) => {
      expect(url).toMatch(/^\/media\/image\/upload\/v\d+\/[0-9a-f-]{36}$/);
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      return response.rawPayload;
    };
    const topLeft = async (bytes: Buffer) => (await sharp(bytes).raw().toBuffer()).subarray(0, 3).toString('hex');
    const first = await create(a, { name: 'Alpha Team' });
    const firstColor = await topLeft(await image(first.profileImage));
    expect(`#${firstColor}`).toBe(placeholderColor(first._id));
    // Groups spread over the palette: not every tile is the same colour.
    const colors = new Set([firstColor]);
    for (let i = 0; i < 6; i++) colors.add(await topLeft(await image((await create(a, { name: `Beta Team ${i}` })).profileImage)));
    expect(colors.size).toBeGreaterThan(1);
    // An uploaded image is kept as it is.
    const uploaded = '/media/image/upload/v1700000000/01890000-0000-7000-8000-0000000000aa';
    expect((await create(a, { name: 'Gamma Team', profileImage: uploaded })).profileImage).toBe(uploaded);
    // Removing the image in Settings brings a placeholder back.
    const removed = (await ok(t, a, 'PUT', `/group/${first._id}`, { profileImage: '' })).group.profileImage;
    expect(removed).not.toBe(first.profileImage);
    await image(removed);
    // A group stored before placeholders (an empty image) gets one on its first read, and keeps it.
    await t.database.db.updateTable('groups').set({ profile_image: '' }).where('id', '=', first._id).execute();
    const read = (await ok(t, a, 'GET', `/group/${first._id}`)).group.profileImage;
    await image(read);
    expect((await ok(t, a, 'GET', '/group/allgroups?search=alpha team')).groups[0].profileImage).toBe(read);
    expect(
      (await t.database.db.selectFrom('groups').select('profile_image').where('id', '=', first._id).executeTakeFirstOrThrow())
        .profile_image,
    ).toBe(read);
  });

  it('bad ids and bodies on every endpoint answer 4xx', async () => {
    const a = await member(t);
    const bad: [Method, string, unknown][] = [
      ['GET', '/group/user-group/nope', undefined],
      ['GET', '/group/nope', undefined],
      ['PUT', '/group/invitation/accept/nope', undefined],
      ['PUT', '/group/invitation/decline/nope', undefined],
      ['POST', '/group/join/nope', undefined],
      ['GET', '/group/pending-admin/nope', undefined],
      ['PUT', `/group/approve-member/${MISSING}/nope`, undefined],
      ['PUT', `/group/reject-member/nope/${MISSING}`, undefined],
      ['PUT', '/group/leave/nope', undefined],
      ['PUT', '/group/nope', {}],
      ['DELETE', '/group/nope', undefined],
      ['PUT', `/group/add-members/${MISSING}`, { members: 'x' }],
      ['PUT', `/group/remove-members/${MISSING}`, {}],
      ['POST', '/post/group/nope', { post: 'x' }],
      ['GET', '/group/nope/posts/1', undefined],
      ['GET', `/group/${MISSING}/posts/0`, undefined],
      ['GET', `/group/${MISSING}/postspending/x`, undefined],
      ['PUT', '/group/post/nope/accept', undefined],
      ['PUT', '/group/post/nope/decline', undefined],
      ['PUT', `/group/leave/${MISSING}`, { newAdminId: 'x' }],
      ['GET', `/group/allgroups?search=${'x'.repeat(51)}`, undefined],
    ];
    for (const [method, url, body] of bad) {
      const response = await call(t, a, method, url, body);
      // A malformed id in the path names nothing (404, as a missing group); bad bodies and queries are 400.
      const malformedPathId = url.split('?')[0]!.split('/').includes('nope');
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(malformedPathId ? 404 : 400);
      if (malformedPathId) expect(response.json().message).toMatch(/^(Group|User|Post) not found$/);
    }
    for (const [method, url] of [
      ['GET', `/group/${MISSING}`],
      ['POST', `/group/join/${MISSING}`],
      ['PUT', `/group/leave/${MISSING}`],
      ['DELETE', `/group/${MISSING}`],
    ] as const) {
      await refused(t, a, method, url, undefined, 404, 'Group not found');
    }
  });
});
