import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine, selectTab, type ProfileContext, type ProfilePage } from '../../../../src/machines/people/profile/profile.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { PICTURE, cleo, input, profileModel, serialize, user } from './profile.model';
import { profile } from './profileFixtures';

const coverage = new TransitionCoverage(profileMachine);

describe('profile machine', () => {
  const paths = pathsOf(profileModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
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
        if (e.type === 'profile.setNotification' && c.profile?.notifications) expect(c.profile.notifications.follows).toBe(false);
        if (e.type === 'xstate.error.actor.saveNotifications') expect(c.profile!.notifications!.follows).toBe(true);
        if (e.type === 'xstate.error.actor.saveInfo') expect(c.infoError).toBe('Work must not exceed 100 characters');
        // The form opens with what the profile shows; what is saved is what the fields hold.
        if (e.type === 'profile.editInfo' && c.profile) expect(c.infoDraft).toEqual(c.profile.basicInfo);
        if (e.type === 'xstate.done.actor.fetchAnswers') expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2']);
        if (e.type === 'xstate.done.actor.fetchMoreAnswers') {
          expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2', 'a3']);
          expect(c.answersPage).toBe(2);
        }
        if (e.type === 'profile.more' && c.answers?.length === 3)
          expect(snapshot.matches({ ready: { tab: { replied: 'ready' } } })).toBe(true);
        // Followers and Following, page after page while the server names a next cursor; the count stays the first page's.
        const children = actor.getSnapshot().children as Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        if (e.type === 'profile.more' && snapshot.matches({ ready: { tab: { followers: 'loadingMore' } } })) {
          expect(children.fetchFollowersMore?.getSnapshot().input).toEqual({ userId: 'u2', cursor: '2025-01-01T10:00:00.000Z_u2' });
        }
        if (e.type === 'profile.more' && snapshot.matches({ ready: { tab: { following: 'loadingMore' } } })) {
          expect(children.fetchFollowingMore?.getSnapshot().input).toEqual({ userId: 'u2', cursor: '2025-01-01T10:00:00.000Z_u3' });
        }
        if (e.type === 'profile.more' && (c.followers?.nextCursor === null || c.following?.nextCursor === null)) {
          expect(
            snapshot.matches({ ready: { tab: { followers: 'loadingMore' } } }) ||
              snapshot.matches({ ready: { tab: { following: 'loadingMore' } } }),
          ).toBe(false);
        }
        if (e.type === 'xstate.done.actor.fetchFollowersMore')
          expect(c.followers).toEqual({ users: [user, cleo], count: 2, nextCursor: null });
        if (e.type === 'xstate.done.actor.fetchFollowingMore')
          expect(c.following).toEqual({ users: [cleo, user], count: 2, nextCursor: null });
        if (e.type === 'xstate.error.actor.fetchFollowersMore') {
          expect(c.followers!.users).toEqual([user]);
          expect(toasts.at(-1)!.description).toBe('Too many requests');
        }
        if (e.type === 'xstate.error.actor.fetchFollowingMore')
          expect([c.following!.users, snapshot.matches({ ready: { tab: { following: 'ready' } } })]).toEqual([[cleo], true]);
        if (e.type === 'xstate.error.actor.fetchMoreAnswers') {
          expect(c.answers!.map((a) => a._id)).toEqual(['a1', 'a2']);
          expect(toasts.at(-1)!.description).toBe('Too many requests');
        }
        if (e.type === 'xstate.done.actor.imageUpload') {
          const output = (e.output as { profile: unknown }).profile;
          expect(c.profile!.profilePicture).toBe(output ? PICTURE : '');
          expect(pictures).toEqual(output ? [{ profilePicture: PICTURE }] : []);
        }
        if (e.type === 'xstate.done.actor.linksForm')
          expect(c.profile!.social.youtube).toBe((e.output as { profile: unknown }).profile ? 'https://youtube.com/@ben' : '');
        if (e.type === 'xstate.done.actor.hobbiesForm')
          expect(c.profile!.hobbies).toEqual((e.output as { profile: unknown }).profile ? ['Chess'] : []);
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

describe('a profile read offline', () => {
  it('shows the kept member as such', async () => {
    const KEPT_AT = Date.parse('2025-01-01T10:42:00.000Z');
    const actor = createActor(
      profileMachine.provide({
        actors: { fetchProfile: fromPromise<ProfilePage, { userId: string }>(async () => ({ user: profile(), keptAt: KEPT_AT })) },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.keptAt).toBe(KEPT_AT);
    expect(actor.getSnapshot().context.profile).toEqual(profile());
    actor.stop();
  });
});
