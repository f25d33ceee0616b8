import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileMachine, selectTab, type ProfileContext } from '../../src/machines/profile.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';
import { answerOf, ownProfile, PNG, profile } from './profileFixtures';

const owner = ownProfile();
const user = { _id: 'u2', username: 'ben' };
const cleo = { _id: 'u3', username: 'cleo' };
const PICTURE = '/media/image/upload/v1/p1';
const [a1, a2, a3] = [answerOf('a1'), answerOf('a2'), answerOf('a3')];

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ProfileContext;
  const p = c.profile;
  return JSON.stringify({
    value: snapshot.value,
    profile: p && {
      owner: p.isOwner,
      following: p.isFollowing,
      followers: p.followersCount,
      work: p.basicInfo.work,
      follows: p.notifications?.follows,
      picture: p.profilePicture,
      youtube: p.social.youtube,
      hobbies: p.hobbies.length,
    },
    lists: [c.followers?.count ?? null, c.following?.count ?? null, c.gallery?.images.length ?? null],
    answers: [c.answers?.length ?? null, c.answersTotal, c.answersPage],
    error: c.error,
    listError: c.listError,
    infoError: c.infoError,
    passwordErrors: Object.keys(c.passwordErrors),
    passwordMessage: c.passwordMessage,
  });
};

const valid = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
const TAB_WORK = /fetchFollowers|fetchFollowing|fetchGallery|fetchAnswers|fetchMoreAnswers|profile\.more|changePassword|saveNotifications|setNotification|profile\.retry/;
const EXCURSIONS = /toggleFollow|editInfo|chooseImage|editLinks|editHobbies|profile\.report|askBlock/;

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchProfile', output: { user: profile() } },
    { type: 'xstate.done.actor.fetchProfile', output: { user: owner } },
    { type: 'xstate.error.actor.fetchProfile', error: refused('User not found', 404) },
    ...(['timeline', 'replied', 'followers', 'following', 'gallery', 'password', 'notifications'] as const).map((tab) => ({ type: 'profile.tab', tab })),
    { type: 'profile.toggleFollow' },
    { type: 'xstate.done.actor.changeFollow', output: { message: 'ok', userId: 'u2', following: true } },
    { type: 'xstate.error.actor.changeFollow', error: refused('You cannot follow this member', 403) },
    { type: 'profile.editInfo' },
    { type: 'profile.cancelEdit' },
    { type: 'profile.saveInfo', info: { work: 'Lab', school: '', location: '', quote: '' } },
    { type: 'xstate.done.actor.saveInfo', output: { message: 'Saved', user: { ...owner, basicInfo: { ...owner.basicInfo, work: 'Lab' } } } },
    { type: 'xstate.error.actor.saveInfo', error: refused('Work must not exceed 100 characters', 400) },
    { type: 'xstate.done.actor.fetchFollowers', output: { users: [user], count: 2, nextCursor: '2025-01-01T10:00:00.000Z_u2' } },
    { type: 'xstate.error.actor.fetchFollowers', error: new Error('Network down') },
    // A follow made meanwhile shifted the pages: ben comes again.
    { type: 'xstate.done.actor.fetchFollowersMore', output: { users: [user, cleo], nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowersMore', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.fetchFollowing', output: { users: [cleo], count: 2, nextCursor: '2025-01-01T10:00:00.000Z_u3' } },
    { type: 'xstate.done.actor.fetchFollowing', output: { users: [], count: 0, nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowing', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchFollowingMore', output: { users: [user], nextCursor: null } },
    { type: 'xstate.error.actor.fetchFollowingMore', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchGallery', output: { images: [] } },
    { type: 'xstate.error.actor.fetchGallery', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchAnswers', output: { answers: [a1, a2], totalAnswers: 3 } },
    { type: 'xstate.error.actor.fetchAnswers', error: new Error('Network down') },
    { type: 'profile.more' },
    // A reply written meanwhile shifted the pages: a2 comes again.
    { type: 'xstate.done.actor.fetchMoreAnswers', output: { answers: [a2, a3], totalAnswers: 3 } },
    { type: 'xstate.error.actor.fetchMoreAnswers', error: refused('Too many requests', 429) },
    { type: 'profile.changePassword', body: valid },
    { type: 'profile.changePassword', body: { ...valid, confirmPassword: 'other' } },
    { type: 'xstate.done.actor.changePassword', output: { message: 'Password updated', token: 'fresh', user: { _id: 'u2' } } },
    { type: 'xstate.error.actor.changePassword', error: refused('Current password is incorrect', 400) },
    { type: 'profile.setNotification', setting: 'follows', value: false },
    { type: 'xstate.done.actor.saveNotifications', output: { message: 'Saved', user: { ...owner, notifications: { ...owner.notifications!, follows: false } } } },
    { type: 'xstate.error.actor.saveNotifications', error: refused('Too many requests', 429) },
    { type: 'profile.chooseImage', kind: 'profile', dataUrl: PNG },
    { type: 'xstate.done.actor.imageUpload', output: { profile: { ...owner, profilePicture: PICTURE } } },
    { type: 'xstate.done.actor.imageUpload', output: { profile: null } },
    { type: 'profile.editLinks' },
    { type: 'xstate.done.actor.linksForm', output: { profile: { ...owner, social: { ...owner.social, youtube: 'https://youtube.com/@ben' } } } },
    { type: 'xstate.done.actor.linksForm', output: { profile: null } },
    { type: 'profile.editHobbies' },
    { type: 'xstate.done.actor.hobbiesForm', output: { profile: { ...owner, hobbies: ['Chess'] } } },
    { type: 'xstate.done.actor.hobbiesForm', output: { profile: null } },
    { type: 'profile.report' },
    { type: 'xstate.done.actor.reportForm' },
    { type: 'profile.askBlock' },
    { type: 'profile.cancelBlock' },
    { type: 'profile.confirmBlock' },
    { type: 'xstate.done.actor.blockMember', output: { message: 'Blocked successfully', userId: 'u2', blocked: true } },
    { type: 'xstate.error.actor.blockMember', error: refused('User not found', 404) },
    { type: 'profile.unblock' },
    { type: 'xstate.done.actor.unblockMember', output: { message: 'Unblocked successfully', userId: 'u2', blocked: false } },
    { type: 'xstate.error.actor.unblockMember', error: new Error('Network down') },
  ] as ModelEvent[],
  // Tabs are tried from a quiet banner; each banner excursion (follow, edits, report, block) from
  // the timeline of a freshly loaded profile, so every path makes one excursion.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    if (!snapshot.matches('ready')) return true;
    const quiet = snapshot.matches({
      ready: { follow: 'idle', info: 'viewing', image: 'idle', links: 'viewing', hobbies: 'viewing', report: 'closed', block: 'idle' },
    });
    const onTimeline = snapshot.matches({ ready: { tab: 'timeline' } });
    const c = snapshot.context as ProfileContext;
    const p = c.profile;
    const fresh =
      c.followers === null && c.following === null && c.gallery === null && c.answers === null && c.listError === null &&
      c.passwordMessage === null && Object.keys(c.passwordErrors).length === 0 && c.infoError === null && p?.basicInfo.work === '' &&
      p?.followersCount === 1 && p?.notifications?.follows !== false && p?.profilePicture === '' && p?.social.youtube === '' && p?.hobbies.length === 0;
    if (event.type === 'profile.tab') return quiet && ((onTimeline && fresh) || event.tab === 'timeline');
    if (EXCURSIONS.test(event.type)) return quiet && onTimeline && fresh;
    if (TAB_WORK.test(event.type)) return quiet;
    return onTimeline;
  },
};

const coverage = new TransitionCoverage(profileMachine);

describe('profile machine', () => {
  const input = { userId: 'u2' };
  const paths = coverPaths(profileMachine, { ...model, input } as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const logins: { token: string }[] = [];
    const announced: { following: boolean }[] = [];
    const blocked: { userId: string }[] = [];
    const pictures: { profilePicture: string }[] = [];
    await replay(profileMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          loggedIn: (_: unknown, s: { token: string }) => void logins.push(s),
          followChanged: (_: unknown, c: { following: boolean }) => void announced.push(c),
          blocked: (_: unknown, c: { userId: string }) => void blocked.push(c),
          pictureChanged: (_: unknown, c: { profilePicture: string }) => void pictures.push(c),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ProfileContext; matches(v: unknown): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        // Owner-only tabs and edits never open for another member's profile...
        if (c.profile && !c.profile.isOwner && snapshot.matches('ready')) {
          expect(snapshot.matches({ ready: { tab: 'password' } })).toBe(false);
          expect(snapshot.matches({ ready: { tab: 'notifications' } })).toBe(false);
          expect(snapshot.matches({ ready: { info: 'editing' } })).toBe(false);
          expect(snapshot.matches({ ready: { image: 'idle', links: 'viewing', hobbies: 'viewing' } })).toBe(true);
        }
        // ...and the owner neither follows, reports nor blocks themselves.
        if (c.profile?.isOwner && snapshot.matches('ready')) {
          expect(snapshot.matches({ ready: { follow: 'idle', report: 'closed', block: 'idle' } })).toBe(true);
        }
        if (e.type === 'profile.toggleFollow' && c.profile && !c.profile.isOwner) {
          // At once on screen, the count with it.
          expect(c.profile.followersCount).toBe(c.profile.isFollowing ? 2 : 1);
        }
        if (e.type === 'xstate.error.actor.changeFollow') {
          expect(c.profile!.followersCount).toBe(c.profile!.isFollowing ? 2 : 1);
          expect(toasts.at(-1)!.description).toBe('You cannot follow this member');
        }
        if (e.type === 'xstate.done.actor.changeFollow') expect(announced.at(-1)).toEqual({ userId: 'u2', following: true });
        if (e.type === 'xstate.done.actor.changePassword') {
          expect(logins.at(-1)).toEqual({ token: 'fresh', user: { _id: 'u2' } });
          expect(c.passwordMessage).toBe('Password updated');
        }
        if (e.type === 'profile.changePassword' && e.body !== valid) expect(c.passwordErrors.confirmPassword).toBe('Passwords do not match');
        if (e.type === 'xstate.error.actor.changePassword') expect(c.passwordErrors.form).toBe('Current password is incorrect');
        if (e.type === 'profile.setNotification' && c.profile?.notifications) expect(c.profile.notifications.follows).toBe(false);
        if (e.type === 'xstate.error.actor.saveNotifications') expect(c.profile!.notifications!.follows).toBe(true);
        if (e.type === 'xstate.error.actor.saveInfo') expect(c.infoError).toBe('Work must not exceed 100 characters');
        if (e.type === 'xstate.done.actor.fetchAnswers') expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2']);
        if (e.type === 'xstate.done.actor.fetchMoreAnswers') {
          expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2', 'a3']);
          expect(c.answersPage).toBe(2);
        }
        if (e.type === 'profile.more' && c.answers?.length === 3) expect(snapshot.matches({ ready: { tab: { replied: 'ready' } } })).toBe(true);
        // Followers and Following, page after page while the server names a next cursor; the count stays the first page's.
        const children = actor.getSnapshot().children as Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        if (e.type === 'profile.more' && snapshot.matches({ ready: { tab: { followers: 'loadingMore' } } })) {
          expect(children.fetchFollowersMore?.getSnapshot().input).toEqual({ userId: 'u2', cursor: '2025-01-01T10:00:00.000Z_u2' });
        }
        if (e.type === 'profile.more' && snapshot.matches({ ready: { tab: { following: 'loadingMore' } } })) {
          expect(children.fetchFollowingMore?.getSnapshot().input).toEqual({ userId: 'u2', cursor: '2025-01-01T10:00:00.000Z_u3' });
        }
        if (e.type === 'profile.more' && (c.followers?.nextCursor === null || c.following?.nextCursor === null)) {
          expect(snapshot.matches({ ready: { tab: { followers: 'loadingMore' } } }) || snapshot.matches({ ready: { tab: { following: 'loadingMore' } } })).toBe(false);
        }
        if (e.type === 'xstate.done.actor.fetchFollowersMore') expect(c.followers).toEqual({ users: [user, cleo], count: 2, nextCursor: null });
        if (e.type === 'xstate.done.actor.fetchFollowingMore') expect(c.following).toEqual({ users: [cleo, user], count: 2, nextCursor: null });
        if (e.type === 'xstate.error.actor.fetchFollowersMore') {
          expect(c.followers!.users).toEqual([user]);
          expect(toasts.at(-1)!.description).toBe('Too many requests');
        }
        if (e.type === 'xstate.error.actor.fetchFollowingMore') expect([c.following!.users, snapshot.matches({ ready: { tab: { following: 'ready' } } })]).toEqual([[cleo], true]);
        if (e.type === 'xstate.error.actor.fetchMoreAnswers') {
          expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2']);
          expect(toasts.at(-1)!.description).toBe('Too many requests');
        }
        if (e.type === 'xstate.done.actor.imageUpload') {
          const output = (e.output as { profile: unknown }).profile;
          expect(c.profile!.profilePicture).toBe(output ? PICTURE : '');
          expect(pictures).toEqual(output ? [{ profilePicture: PICTURE }] : []);
        }
        if (e.type === 'xstate.done.actor.linksForm') expect(c.profile!.social.youtube).toBe((e.output as { profile: unknown }).profile ? 'https://youtube.com/@ben' : '');
        if (e.type === 'xstate.done.actor.hobbiesForm') expect(c.profile!.hobbies).toEqual((e.output as { profile: unknown }).profile ? ['Chess'] : []);
        if (e.type === 'xstate.done.actor.blockMember') {
          expect(snapshot.matches('blocked')).toBe(true);
          expect(blocked).toEqual([{ userId: 'u2' }]);
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'You blocked ben' });
          expect(c.profile!.isFollowing).toBe(false);
        }
        if (e.type === 'xstate.error.actor.blockMember') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'User not found' });
        if (e.type === 'xstate.done.actor.unblockMember') {
          expect(snapshot.matches('loading')).toBe(true);
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'You unblocked ben' });
        }
        if (e.type === 'xstate.error.actor.unblockMember') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Network down' });
        if (snapshot.matches('ready')) expect(selectTab(snapshot as never)).toBeTypeOf('string');
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profile', stateCount(profileMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
