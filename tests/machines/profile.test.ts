import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../src/api/users';
import { profileMachine, selectTab, type ProfileContext } from '../../src/machines/profile.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  _id: 'u2',
  username: 'ben',
  avatarColor: '#123456',
  avatarImage: '',
  profilePicture: '',
  isFollowing: false,
  followsYou: false,
  coverImage: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  basicInfo: { work: '', school: '', location: '', quote: '' },
  social: { facebook: '', instagram: '', twitter: '', youtube: '' },
  hobbies: [],
  postsCount: 3,
  followersCount: 1,
  followingCount: 0,
  isOwner: false,
  ...overrides,
});
const owner = profile({ isOwner: true, notifications: { messages: true, follows: true, reactions: true, comments: true } });
const user = { _id: 'u2', username: 'ben' };

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ProfileContext;
  const p = c.profile;
  return JSON.stringify({
    value: snapshot.value,
    profile: p && { owner: p.isOwner, following: p.isFollowing, followers: p.followersCount, work: p.basicInfo.work, follows: p.notifications?.follows },
    lists: [c.followers?.count ?? null, c.following?.count ?? null, c.gallery?.images.length ?? null],
    error: c.error,
    listError: c.listError,
    infoError: c.infoError,
    passwordErrors: Object.keys(c.passwordErrors),
    passwordMessage: c.passwordMessage,
  });
};

const valid = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };
const TAB_WORK = /fetchFollowers|fetchFollowing|fetchGallery|changePassword|saveNotifications|setNotification|profile\.retry/;

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.fetchProfile', output: { user: profile() } },
    { type: 'xstate.done.actor.fetchProfile', output: { user: owner } },
    { type: 'xstate.error.actor.fetchProfile', error: refused('User not found', 404) },
    ...(['timeline', 'followers', 'following', 'gallery', 'password', 'notifications'] as const).map((tab) => ({ type: 'profile.tab', tab })),
    { type: 'profile.toggleFollow' },
    { type: 'xstate.done.actor.changeFollow', output: { message: 'ok', userId: 'u2', following: true } },
    { type: 'xstate.error.actor.changeFollow', error: refused('You cannot follow this member', 403) },
    { type: 'profile.editInfo' },
    { type: 'profile.cancelEdit' },
    { type: 'profile.saveInfo', info: { work: 'Lab', school: '', location: '', quote: '' } },
    { type: 'xstate.done.actor.saveInfo', output: { message: 'Saved', user: { ...owner, basicInfo: { ...owner.basicInfo, work: 'Lab' } } } },
    { type: 'xstate.error.actor.saveInfo', error: refused('Work must not exceed 100 characters', 400) },
    { type: 'xstate.done.actor.fetchFollowers', output: { users: [user], count: 1 } },
    { type: 'xstate.error.actor.fetchFollowers', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchFollowing', output: { users: [], count: 0 } },
    { type: 'xstate.error.actor.fetchFollowing', error: new Error('Network down') },
    { type: 'xstate.done.actor.fetchGallery', output: { images: [] } },
    { type: 'xstate.error.actor.fetchGallery', error: new Error('Network down') },
    { type: 'profile.changePassword', body: valid },
    { type: 'profile.changePassword', body: { ...valid, confirmPassword: 'other' } },
    { type: 'xstate.done.actor.changePassword', output: { message: 'Password updated', token: 'fresh', user: { _id: 'u2' } } },
    { type: 'xstate.error.actor.changePassword', error: refused('Current password is incorrect', 400) },
    { type: 'profile.setNotification', setting: 'follows', value: false },
    { type: 'xstate.done.actor.saveNotifications', output: { message: 'Saved', user: { ...owner, notifications: { ...owner.notifications!, follows: false } } } },
    { type: 'xstate.error.actor.saveNotifications', error: refused('Too many requests', 429) },
  ] as ModelEvent[],
  // Tabs are tried from a quiet banner; the banner's follow and info edits from the timeline.
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    if (!snapshot.matches('ready')) return true;
    const quiet = snapshot.matches({ ready: { follow: 'idle', info: 'viewing' } });
    const onTimeline = snapshot.matches({ ready: { tab: 'timeline' } });
    const c = snapshot.context as ProfileContext;
    // One excursion per path: a tab is opened only from a freshly loaded profile.
    const fresh =
      c.followers === null && c.following === null && c.gallery === null && c.listError === null && c.passwordMessage === null &&
      Object.keys(c.passwordErrors).length === 0 && c.infoError === null && c.profile?.basicInfo.work === '' &&
      c.profile?.followersCount === 1 && c.profile?.notifications?.follows !== false;
    if (event.type === 'profile.tab') return quiet && ((onTimeline && fresh) || event.tab === 'timeline');
    if (/toggleFollow|editInfo/.test(event.type)) return onTimeline && fresh;
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
    const toasts: { description: string }[] = [];
    const logins: { token: string }[] = [];
    const announced: { following: boolean }[] = [];
    await replay(profileMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: {
        actions: {
          showToast: (_: unknown, t: { description: string }) => void toasts.push(t),
          loggedIn: (_: unknown, s: { token: string }) => void logins.push(s),
          followChanged: (_: unknown, c: { following: boolean }) => void announced.push(c),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as { context: ProfileContext; matches(v: unknown): boolean };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        // Owner-only tabs never open for another member's profile.
        if (c.profile && !c.profile.isOwner) {
          expect(snapshot.matches({ ready: { tab: 'password' } })).toBe(false);
          expect(snapshot.matches({ ready: { tab: 'notifications' } })).toBe(false);
          expect(snapshot.matches({ ready: { info: 'editing' } })).toBe(false);
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
        if (snapshot.matches('ready')) expect(selectTab(snapshot as never)).toBeTypeOf('string');
      },
    });
  });

  it('covers every transition', () => {
    console.log(coverage.summary('profile', stateCount(profileMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
