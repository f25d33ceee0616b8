import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_TOPICS } from '../../../src/api/constants';
import { TOTAL_COUNT_MAX } from '../../../src/api/pages';
import { newId } from '../../../server/db/ids';
import type { Person, Profile } from '../../../src/api/users';
import { createTestApp, dialects, type TestApp } from '../harness';
import { block, call, follow, imageDataUrl, member, ok, post, refused, type Member } from '../social';

const MISSING = '0190a5f0-0000-7000-8000-000000000000';
const ids = (users: { _id: string }[]) => users.map((user) => user._id);

describe.each(dialects)('people, profiles and settings on %s', (dialect) => {
  let t: TestApp;
  let me: Member;
  let friend: Member;
  let blockedByMe: Member;
  let blocksMe: Member;
  let stranger: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    me = await member(t);
    friend = await member(t);
    blockedByMe = await member(t);
    blocksMe = await member(t);
    stranger = await member(t);
    admin = await member(t, { admin: true });
    await follow(t, me, friend);
    await follow(t, friend, me);
    await block(t, me, blockedByMe);
    await block(t, blocksMe, me);
  });
  afterAll(() => t.close());

  const everyone = () => [me, friend, blockedByMe, blocksMe, stranger, admin];

  async function allPeople(who: Member): Promise<Person[]> {
    const people: Person[] = [];
    for (let page = 1; page < 100; page += 1) {
      const answer = await ok(t, who, 'GET', `/user/all/${page}`);
      people.push(...answer.users);
      if (answer.users.length === 0 || people.length >= answer.totalUsers) break;
    }
    return people;
  }

  it('asks for a session on every User API path', async () => {
    const calls: ['GET' | 'PUT' | 'POST', string][] = [
      ['GET', '/user/profile/user/suggestions'],
      ['GET', '/user/all/1'],
      ['GET', '/user/profile/search/a'],
      ['GET', `/user/profile/${me.id}`],
      ['GET', '/user/online'],
      ['GET', `/user/banuser/${me.id}`],
      ['PUT', '/user/profile/change-password'],
      ['PUT', '/user/profile/settings'],
      ['PUT', '/user/profile/basic-info'],
      ['PUT', '/user/profile/social-links'],
      ['PUT', '/user/profile/personal-hobby'],
      ['PUT', '/user/profile/images'],
      ['PUT', '/user/profile/personalize-settings'],
      ['PUT', '/user/profile/personalize-settings/clear'],
      ['PUT', '/user/profile/personalize-settings/clear/user-behavior'],
      ['POST', '/reportprofile'],
      ['GET', '/reportprofile/1'],
    ];
    for (const [method, url] of calls)
      await refused(t, null, method, url, method === 'GET' ? undefined : {}, 401, 'Please sign in to continue');
  });

  describe('GET /user/all/{page}', () => {
    it('lists every other member, newest first, with the follow relation, never an e-mail', async () => {
      const answer = await ok(t, me, 'GET', '/user/all/1');
      expect(answer.totalUsers).toBeGreaterThanOrEqual(2); // friend and stranger: no blocks, no admins
      const people = await allPeople(me);
      expect(ids(people)).toContain(friend.id);
      expect(ids(people)).toContain(stranger.id);
      expect(ids(people)).not.toContain(me.id);
      const shown = people.find((person) => person._id === friend.id)!;
      expect(shown).toMatchObject({ username: friend.username, isFollowing: true, followsYou: true });
      expect(people.find((person) => person._id === stranger.id)).toMatchObject({ isFollowing: false, followsYou: false });
      expect(JSON.stringify(people)).not.toContain('@example.org');
      expect(people.length).toBe(answer.totalUsers);
    });

    it('leaves out members in a block either way, for both of them', async () => {
      expect(ids(await allPeople(me))).not.toEqual(expect.arrayContaining([blockedByMe.id]));
      expect(ids(await allPeople(me))).not.toContain(blocksMe.id);
      expect(ids(await allPeople(blockedByMe))).not.toContain(me.id);
      expect(ids(await allPeople(blocksMe))).not.toContain(me.id);
      expect(ids(await allPeople(stranger))).toEqual(expect.arrayContaining([me.id, blockedByMe.id, blocksMe.id]));
    });

    it('refuses a bad page number', async () => {
      for (const page of ['0', '-1', 'abc', '1.5'])
        await refused(t, me, 'GET', `/user/all/${page}`, undefined, 400, 'Page must be a whole number from 1');
    });
  });

  describe('GET /user/profile/search/{query}', () => {
    it('finds names containing the term, case-insensitively, those starting with it first', async () => {
      const answer = await ok(t, stranger, 'GET', `/user/profile/search/${encodeURIComponent(friend.username.toUpperCase())}`);
      expect(ids(answer.search)).toEqual([friend.id]);
      const all = await ok(t, stranger, 'GET', '/user/profile/search/member_');
      expect(all.search.length).toBeGreaterThan(0);
      expect(all.search.every((person: Person) => person.username.toLowerCase().includes('member_'))).toBe(true);
      expect(ids(all.search)).not.toContain(stranger.id);
      expect(JSON.stringify(all.search)).not.toContain('@example.org');
    });

    it('takes wildcards literally', async () => {
      expect((await ok(t, me, 'GET', `/user/profile/search/${encodeURIComponent('%')}`)).search).toEqual([]);
      expect((await ok(t, me, 'GET', '/user/profile/search/_____')).search).toEqual([]);
    });

    it('never finds a member in a block either way', async () => {
      for (const [who, hidden] of [
        [me, blockedByMe],
        [me, blocksMe],
        [blockedByMe, me],
        [blocksMe, me],
      ] as const) {
        expect((await ok(t, who, 'GET', `/user/profile/search/${hidden.username}`)).search).toEqual([]);
      }
    });

    it('refuses an empty or over-long term', async () => {
      await refused(t, me, 'GET', '/user/profile/search/%20%20', undefined, 400, 'Search term must not be empty');
      await refused(t, me, 'GET', `/user/profile/search/${'a'.repeat(51)}`, undefined, 400, 'Search term must not exceed 50 characters');
    });
  });

  describe('GET /user/profile/user/suggestions', () => {
    it('suggests members the viewer does not follow, never themselves nor anyone in a block', async () => {
      const answer = await ok(t, me, 'GET', '/user/profile/user/suggestions');
      const shown = ids(answer.users);
      expect(shown).not.toContain(me.id);
      expect(shown).not.toContain(friend.id);
      expect(shown).not.toContain(blockedByMe.id);
      expect(shown).not.toContain(blocksMe.id);
      expect(shown).toContain(stranger.id);
      for (const [who, hidden] of [
        [blockedByMe, me],
        [blocksMe, me],
      ] as const) {
        expect(ids((await ok(t, who, 'GET', '/user/profile/user/suggestions')).users)).not.toContain(hidden.id);
      }
    });

    it("puts members who share the viewer's interests first when personalization is on", async () => {
      const local = await createTestApp(dialect);
      try {
        const viewer = await member(local);
        const [plain, alike] = [await member(local), await member(local)];
        await member(local);
        await ok(local, viewer, 'PUT', '/user/profile/personalize-settings', { interests: ['music', 'books'] });
        await ok(local, alike, 'PUT', '/user/profile/personalize-settings', { interests: ['books'] });
        await follow(local, alike, plain); // plain is the most followed: first without personalization
        expect(ids((await ok(local, viewer, 'GET', '/user/profile/user/suggestions')).users)[0]).toBe(alike.id);
        await ok(local, viewer, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: false });
        expect(ids((await ok(local, viewer, 'GET', '/user/profile/user/suggestions')).users)[0]).toBe(plain.id);
      } finally {
        await local.close();
      }
    });
  });

  describe('administrators', () => {
    // Admin accounts moderate; they are not members to follow or message.
    it('are never listed among people, found by the people search or suggested, to members or to admins', async () => {
      const otherAdmin = await member(t, { admin: true });
      for (const who of [me, stranger, admin]) {
        const listed = ids(await allPeople(who));
        expect(listed).not.toContain(admin.id);
        expect(listed).not.toContain(otherAdmin.id);
        expect(ids((await ok(t, who, 'GET', '/user/profile/user/suggestions')).users)).not.toEqual(expect.arrayContaining([otherAdmin.id]));
        for (const name of [admin.username, otherAdmin.username]) {
          expect((await ok(t, who, 'GET', `/user/profile/search/${name}`)).search).toEqual([]);
          // The site search's People tab shows people as these lists do.
          expect((await ok(t, who, 'GET', `/search/people/${name}`)).people.map((p: Person) => p._id)).toEqual([]);
        }
      }
      expect(ids(await allPeople(me))).toContain(stranger.id);
    });

    it('are not in the people total either, and their profile stays reachable by its URL', async () => {
      const people = await allPeople(stranger);
      expect((await ok(t, stranger, 'GET', '/user/all/1')).totalUsers).toBe(people.length);
      expect((await ok(t, stranger, 'GET', `/user/profile/${admin.id}`)).user).toMatchObject({ _id: admin.id, username: admin.username });
    });
  });

  describe('GET /user/profile/{userId}', () => {
    it('shows the banner counts and relation; owner-only data only to the owner', async () => {
      await post(t, friend, { post: 'public one' });
      await post(t, friend, { post: 'private one', privacy: 'Private' });
      const seen: Profile = (await ok(t, me, 'GET', `/user/profile/${friend.id}`)).user;
      expect(seen).toMatchObject({
        _id: friend.id,
        username: friend.username,
        isOwner: false,
        isFollowing: true,
        followsYou: true,
        postsCount: 1,
        followersCount: 1,
        followingCount: 1,
      });
      expect(seen).not.toHaveProperty('email');
      expect(seen).not.toHaveProperty('notifications');
      expect(seen).not.toHaveProperty('personalizeSettings');
      const own: Profile = (await ok(t, friend, 'GET', `/user/profile/${friend.id}`)).user;
      expect(own).toMatchObject({ isOwner: true, email: friend.email, postsCount: 2 });
      expect(own.notifications).toEqual({ messages: true, follows: true, reactions: true, comments: true });
      expect(own.personalizeSettings).toEqual({ allowPersonalize: true, interests: [] });
      const byAdmin: Profile = (await ok(t, admin, 'GET', `/user/profile/${friend.id}`)).user;
      expect(byAdmin.email).toBe(friend.email);
      expect(byAdmin).not.toHaveProperty('notifications');
    });

    it('counts only followers the viewer may see', async () => {
      await follow(t, stranger, friend);
      await follow(t, blockedByMe, friend);
      expect((await ok(t, me, 'GET', `/user/profile/${friend.id}`)).user.followersCount).toBe(2);
      expect((await ok(t, stranger, 'GET', `/user/profile/${friend.id}`)).user.followersCount).toBe(3);
    });

    it('answers 404 across a block either way, 404 for nobody and for a malformed id', async () => {
      for (const [who, other] of [
        [me, blockedByMe],
        [me, blocksMe],
        [blockedByMe, me],
        [blocksMe, me],
      ] as const) {
        await refused(t, who, 'GET', `/user/profile/${other.id}`, undefined, 404, 'User not found');
      }
      await refused(t, me, 'GET', `/user/profile/${MISSING}`, undefined, 404, 'User not found');
      await refused(t, me, 'GET', '/user/profile/not-an-id', undefined, 404, 'User not found');
    });
  });

  describe('PUT /user/profile/change-password', () => {
    it('refuses a wrong current password and changes nothing', async () => {
      const who = await member(t);
      await refused(
        t,
        who,
        'PUT',
        '/user/profile/change-password',
        { currentPassword: 'wrong password!', newPassword: 'a brand new secret', confirmPassword: 'a brand new secret' },
        400,
        'Current password is incorrect',
      );
      await ok(t, who, 'GET', '/currentuser');
      await ok(t, null, 'POST', '/signin', { provider: 'local', username: who.username, password: 'correct horse battery' });
    });

    it('validates the body', async () => {
      const body = { currentPassword: 'correct horse battery', newPassword: 'a brand new secret', confirmPassword: 'a brand new secret' };
      await refused(t, me, 'PUT', '/user/profile/change-password', { ...body, currentPassword: '' }, 400, 'Current password is required');
      await refused(
        t,
        me,
        'PUT',
        '/user/profile/change-password',
        { ...body, newPassword: 'short', confirmPassword: 'short' },
        400,
        'Password must be at least 8 characters',
      );
      await refused(
        t,
        me,
        'PUT',
        '/user/profile/change-password',
        { ...body, confirmPassword: 'something else' },
        400,
        'Passwords do not match',
      );
      await refused(
        t,
        me,
        'PUT',
        '/user/profile/change-password',
        { ...body, newPassword: body.currentPassword, confirmPassword: body.currentPassword },
        400,
        'The new password must differ from the current one',
      );
      await refused(t, me, 'PUT', '/user/profile/change-password', {}, 400, 'Current password is required');
    });

    it('changes it, ends every other session, and answers a fresh token', async () => {
      const who = await member(t);
      const other = (await ok(t, null, 'POST', '/signin', { provider: 'local', username: who.username, password: 'correct horse battery' }))
        .token as string;
      const answer = await ok(t, who, 'PUT', '/user/profile/change-password', {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new secret',
        confirmPassword: 'a brand new secret',
      });
      expect(answer).toMatchObject({ message: 'Password changed successfully', user: { _id: who.id } });
      await refused(t, who, 'GET', '/currentuser', undefined, 401);
      await refused(t, { ...who, token: other }, 'GET', '/currentuser', undefined, 401);
      await ok(t, { ...who, token: answer.token }, 'GET', '/currentuser');
      await refused(
        t,
        null,
        'POST',
        '/signin',
        { provider: 'local', username: who.username, password: 'correct horse battery' },
        401,
        'Invalid credentials',
      );
      await ok(t, null, 'POST', '/signin', { provider: 'local', username: who.username, password: 'a brand new secret' });
    });
  });

  describe('owner settings', () => {
    it('notification settings: each on by default, only what is sent changes', async () => {
      const answer = await ok(t, stranger, 'PUT', '/user/profile/settings', { follows: false });
      expect(answer.user.notifications).toEqual({ messages: true, follows: false, reactions: true, comments: true });
      expect((await ok(t, stranger, 'PUT', '/user/profile/settings', { comments: false, follows: true })).user.notifications).toEqual({
        messages: true,
        follows: true,
        reactions: true,
        comments: false,
      });
      await refused(t, stranger, 'PUT', '/user/profile/settings', { messages: 'yes' }, 400, 'Direct Messages must be true or false');
      await refused(t, stranger, 'PUT', '/user/profile/settings', { sms: true }, 400);
    });

    it('basic info: trimmed, partial, bounded; others see it', async () => {
      const answer = await ok(t, stranger, 'PUT', '/user/profile/basic-info', { work: '  Stoa  ', quote: 'Know thyself' });
      expect(answer.user.basicInfo).toEqual({ work: 'Stoa', school: '', location: '', quote: 'Know thyself' });
      expect((await ok(t, stranger, 'PUT', '/user/profile/basic-info', { location: 'Athens' })).user.basicInfo).toEqual({
        work: 'Stoa',
        school: '',
        location: 'Athens',
        quote: 'Know thyself',
      });
      expect((await ok(t, me, 'GET', `/user/profile/${stranger.id}`)).user.basicInfo.location).toBe('Athens');
      await refused(t, stranger, 'PUT', '/user/profile/basic-info', { work: 'x'.repeat(101) }, 400, 'Work must not exceed 100 characters');
      await refused(
        t,
        stranger,
        'PUT',
        '/user/profile/basic-info',
        { quote: 'x'.repeat(301) },
        400,
        'Quote must not exceed 300 characters',
      );
      await refused(t, stranger, 'PUT', '/user/profile/basic-info', { school: 5 }, 400, 'School must be text');
    });

    it('social links: http(s) URLs or empty', async () => {
      const answer = await ok(t, stranger, 'PUT', '/user/profile/social-links', { twitter: 'https://x.com/stoa' });
      expect(answer.user.social).toEqual({ facebook: '', instagram: '', twitter: 'https://x.com/stoa', youtube: '' });
      expect(
        (await ok(t, stranger, 'PUT', '/user/profile/social-links', { youtube: 'https://youtube.com/@stoa' })).user.social.twitter,
      ).toBe('https://x.com/stoa');
      await refused(
        t,
        stranger,
        'PUT',
        '/user/profile/social-links',
        { facebook: 'javascript:alert(1)' },
        400,
        'Facebook link must be an http(s) URL',
      );
      await refused(
        t,
        stranger,
        'PUT',
        '/user/profile/social-links',
        { instagram: 'not a url' },
        400,
        'Instagram link must be an http(s) URL',
      );
    });

    it('hobbies: a list, trimmed and without duplicates', async () => {
      const answer = await ok(t, stranger, 'PUT', '/user/profile/personal-hobby', { hobbies: [' chess ', 'Chess', 'hiking'] });
      expect(answer.user.hobbies).toEqual(['chess', 'hiking']);
      await refused(t, stranger, 'PUT', '/user/profile/personal-hobby', { hobbies: 'chess' }, 400, 'Hobbies must be a list');
      await refused(t, stranger, 'PUT', '/user/profile/personal-hobby', { hobbies: [''] }, 400, 'A hobby must not be empty');
      await refused(
        t,
        stranger,
        'PUT',
        '/user/profile/personal-hobby',
        { hobbies: Array.from({ length: 21 }, (_, i) => `h${i}`) },
        400,
        'At most 20 hobbies',
      );
    });

    it('profile picture and cover: own uploads of the matching kind', async () => {
      const picture = await ok(t, stranger, 'POST', '/images/profile', { image: await imageDataUrl('png') }, 201);
      const cover = await ok(t, stranger, 'POST', '/images/background', { image: await imageDataUrl('png') }, 201);
      const answer = await ok(t, stranger, 'PUT', '/user/profile/images', { profilePicture: picture._id, coverImage: cover._id });
      expect(answer.user).toMatchObject({ profilePicture: picture.url, coverImage: cover.url });
      expect((await ok(t, me, 'GET', `/user/profile/${stranger.id}`)).user.profilePicture).toBe(picture.url);
      await refused(
        t,
        stranger,
        'PUT',
        '/user/profile/images',
        { profilePicture: cover._id },
        400,
        /Profile picture must be an image uploaded as profile/,
      );
      await refused(t, me, 'PUT', '/user/profile/images', { coverImage: cover._id }, 404, 'Image not found');
      await refused(t, stranger, 'PUT', '/user/profile/images', { coverImage: 'nope' }, 400, 'Invalid image id');
      const cleared = await ok(t, stranger, 'PUT', '/user/profile/images', { coverImage: null });
      expect(cleared.user.coverImage).toBe('');
    });

    it('personalization: on/off, interests from the 22 topics, clear, clear behaviour', async () => {
      const who = await member(t);
      let answer = await ok(t, who, 'PUT', '/user/profile/personalize-settings', { interests: ['music', 'art', 'music'] });
      expect(answer.personalizeSettings).toEqual({ allowPersonalize: true, interests: ['music', 'art'] });
      answer = await ok(t, who, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: false });
      expect(answer.personalizeSettings).toEqual({ allowPersonalize: false, interests: ['music', 'art'] });
      expect((await ok(t, who, 'GET', '/currentuser')).user.personalizeSettings.allowPersonalize).toBe(false);
      expect(
        (await ok(t, who, 'PUT', '/user/profile/personalize-settings', { interests: [...INTEREST_TOPICS] })).personalizeSettings.interests,
      ).toHaveLength(22);
      await refused(
        t,
        who,
        'PUT',
        '/user/profile/personalize-settings',
        { interests: ['astrology'] },
        400,
        /^Interest must be one of science, music/,
      );
      await refused(
        t,
        who,
        'PUT',
        '/user/profile/personalize-settings',
        { allowPersonalize: 'no' },
        400,
        'allowPersonalize must be true or false',
      );
      expect((await ok(t, who, 'PUT', '/user/profile/personalize-settings/clear')).personalizeSettings).toEqual({
        allowPersonalize: false,
        interests: [],
      });

      await ok(t, who, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: true });
      const store = (await import('../../../server/modules/users/profileStore')).createProfileStore(t.database);
      const at = new Date().toISOString();
      await store.recordBehavior({ id: crypto.randomUUID(), userId: who.id, action: 'view', topic: 'music', now: at });
      await store.recordBehavior({ id: crypto.randomUUID(), userId: who.id, action: 'react', now: at });
      await store.recordBehavior({ id: crypto.randomUUID(), userId: stranger.id, action: 'view', now: at });
      expect(await ok(t, who, 'PUT', '/user/profile/personalize-settings/clear/user-behavior')).toEqual({
        message: 'Recorded behaviour cleared',
        cleared: 2,
      });
      expect((await ok(t, who, 'PUT', '/user/profile/personalize-settings/clear/user-behavior')).cleared).toBe(0);
      await ok(t, who, 'PUT', '/user/profile/personalize-settings', { allowPersonalize: false });
      await store.recordBehavior({ id: crypto.randomUUID(), userId: who.id, action: 'view', now: at });
      expect((await ok(t, who, 'PUT', '/user/profile/personalize-settings/clear/user-behavior')).cleared).toBe(0);
    });
  });

  describe('profile reports', () => {
    it('validates the report', async () => {
      await refused(t, me, 'POST', '/reportprofile', { userId: stranger.id }, 400, 'Reason is required');
      await refused(t, me, 'POST', '/reportprofile', { userId: stranger.id, reason: '   ' }, 400, 'Reason is required');
      await refused(
        t,
        me,
        'POST',
        '/reportprofile',
        { userId: stranger.id, reason: 'x'.repeat(201) },
        400,
        'Reason must not exceed 200 characters',
      );
      await refused(t, me, 'POST', '/reportprofile', { reason: 'spam' }, 400, 'User id is required');
      await refused(t, me, 'POST', '/reportprofile', { userId: 'bad', reason: 'spam' }, 400, 'Invalid user id');
      await refused(t, me, 'POST', '/reportprofile', { userId: me.id, reason: 'spam' }, 400, 'You cannot report yourself');
      await refused(t, me, 'POST', '/reportprofile', { userId: MISSING, reason: 'spam' }, 404, 'User not found');
    });

    it('files one pending report per member and shows them to admins only', async () => {
      const answer = await ok(t, me, 'POST', '/reportprofile', { userId: stranger.id, reason: ' Spam ', details: 'Posts ads' }, 201);
      expect(answer.report).toMatchObject({ userId: stranger.id, reason: 'Spam', details: 'Posts ads', status: 'pending' });
      await refused(
        t,
        me,
        'POST',
        '/reportprofile',
        { userId: stranger.id, reason: 'Again' },
        409,
        'You have already reported this member',
      );
      await ok(t, me, 'POST', '/reportprofile', { userId: blockedByMe.id, reason: 'Harassment' }, 201);
      await refused(t, me, 'GET', '/reportprofile/1', undefined, 403, 'Only administrators can do that');
      // The admin queue (server/modules/moderation): the open ones, pending first, oldest first.
      const page = await ok(t, admin, 'GET', '/reportprofile/1');
      expect(page.total).toBe(2);
      expect(page.items[1]).toMatchObject({
        reporter: { _id: me.id },
        reported: { _id: blockedByMe.id, email: blockedByMe.email, isBanned: false },
        reason: 'Harassment',
        status: 'pending',
      });
      await refused(t, admin, 'GET', '/reportprofile/0', undefined, 400, 'Page must be a whole number from 1');
    });
  });

  describe('GET /user/banuser/{id}', () => {
    it('answers the member their own status (banned too), admins anyone, others 403', async () => {
      expect((await ok(t, me, 'GET', `/user/banuser/${me.id}`)).ban).toEqual({
        userId: me.id,
        username: me.username,
        isBanned: false,
        reason: '',
        bannedAt: null,
      });
      await refused(t, me, 'GET', `/user/banuser/${stranger.id}`, undefined, 403, 'You can only see your own ban status');
      await refused(t, me, 'GET', '/user/banuser/x', undefined, 404, 'User not found');
      const banned = await member(t);
      await t.app.services.users.setBanned(banned.id, true, new Date().toISOString());
      expect((await ok(t, banned, 'GET', `/user/banuser/${banned.id}`)).ban.isBanned).toBe(true);
      await refused(t, banned, 'GET', '/user/all/1', undefined, 403);
      expect((await ok(t, admin, 'GET', `/user/banuser/${banned.id}`)).ban.isBanned).toBe(true);
      expect(ids(await allPeople(me))).not.toContain(banned.id);
      expect(ids(await allPeople(admin))).toContain(banned.id);
    });
  });

  it('GET /user/online is empty without sockets', async () => {
    expect(await ok(t, me, 'GET', '/user/online')).toEqual({ userIds: [] });
    expect(everyone()).toHaveLength(6);
  });

  it('rejects unknown and malformed bodies without a 500', async () => {
    const response = await call(t, me, 'PUT', '/user/profile/basic-info', { work: 'a', password_hash: 'x' });
    expect(response.statusCode).toBe(400);
  });
});

describe.each(dialects)('the people total on %s', (dialect) => {
  it('counts no further than TOTAL_COUNT_MAX, flagged, and leaves out who the viewer may not see', async () => {
    const t = await createTestApp(dialect);
    try {
      const viewer = await member(t);
      const model = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', (await member(t)).id)
        .executeTakeFirstOrThrow();
      const rows = (count: number, tag: string) =>
        Array.from({ length: count }, (_, i) => ({
          ...model,
          id: newId(),
          auth_id: `${tag}-${i}`,
          username: `${tag}${i}`,
          username_lower: `${tag}${i}`,
          email: `${tag}${i}@example.test`,
        }));
      const insert = async (list: ReturnType<typeof rows>) => {
        for (let i = 0; i < list.length; i += 100)
          await t.database.db
            .insertInto('users')
            .values(list.slice(i, i + 100))
            .execute();
      };
      // Members the viewer blocks are not counted: with them alone the total stays exact.
      const blocked = rows(TOTAL_COUNT_MAX + 5, 'hidden');
      await insert(blocked);
      for (let i = 0; i < blocked.length; i += 100) {
        await t.database.db
          .insertInto('blocks')
          .values(
            blocked.slice(i, i + 100).map((row) => ({ blocker_id: viewer.id, blocked_id: row.id, created_at: new Date().toISOString() })),
          )
          .execute();
      }
      const exact = await ok(t, viewer, 'GET', '/user/all/1');
      expect(exact.totalUsers).toBe(1); // the model member; the viewer is not in their own list
      expect(exact.totalAtLeast).toBeUndefined();

      await insert(rows(TOTAL_COUNT_MAX, 'open'));
      expect(await ok(t, viewer, 'GET', '/user/all/1')).toMatchObject({ totalUsers: TOTAL_COUNT_MAX, totalAtLeast: true });
      const beyond = await ok(t, viewer, 'GET', `/user/all/${TOTAL_COUNT_MAX / 10 + 1}`);
      expect(beyond.users.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
