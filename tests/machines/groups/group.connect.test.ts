import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { Group } from '../../../src/api/groups';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';
import {
  canPromote,
  canReviewPosts,
  canRemove,
  groupInputFor,
  selectIsGroupAdmin,
  selectIsLastAdmin,
  selectIsMember,
  selectManagedMembers,
  selectPhase,
  selectPostsAreReviewed,
  selectTabs,
} from '../../../src/machines/groups/group.connect';
import { groupMachine } from '../../../src/machines/groups/group.machine';
import { adminGroup, memberPublic, ME, publicStranger, twoAdmins } from './groupFixtures';

/** The real group machine, its group read from `group` and every request answered at once. */
async function loaded(group: Group, { siteAdmin = false } = {}) {
  const actor = createActor(
    groupMachine.provide({
      actors: {
        fetchGroup: fromPromise(async () => ({ group })),
        live: fromCallback(() => () => {}),
        inviteSearch: groupChatSearchMachine,
        promoteMember: fromPromise(async () => ({ message: 'ok', group: twoAdmins })),
      } as never,
      actions: { showToast: () => {}, navigate: () => {} },
    }),
    { input: groupInputFor('g1', { _id: ME, role: siteAdmin ? 'ADMIN' : 'USER' }) },
  ).start();
  await waitFor(actor, (s) => selectPhase(s) === 'loaded');
  return actor;
}

describe('group connect', () => {
  it('gives a group admin the admin tabs and the right to promote accepted members and remove anyone else', async () => {
    const actor = await loaded(adminGroup);
    const s = actor.getSnapshot();
    expect(selectIsGroupAdmin(s)).toBe(true);
    expect(selectTabs(s)).toContain('settings');
    const rows = selectManagedMembers(s);
    // Everyone but the viewer: bob (accepted member) and carol (invited).
    expect(rows.map((r) => [r.member.username, r.canPromote, r.canRemove])).toEqual([
      ['bob', true, true],
      ['carol', false, true],
    ]);
    // The machine agrees: what the connect allows, it takes.
    expect(s.can({ type: 'group.promote', userId: 'u2' })).toBe(true);
    expect(s.can({ type: 'group.promote', userId: 'u3' })).toBe(false);
    expect(s.can({ type: 'group.remove', userId: 'u3' })).toBe(true);
    expect(s.can({ type: 'group.remove', userId: ME })).toBe(false);
    expect(selectIsLastAdmin(s)).toBe(true);
    expect(canReviewPosts(s)).toBe(true);
  });

  it('lets nobody promote an admin', async () => {
    const actor = await loaded(twoAdmins);
    const bob = twoAdmins.members[1];
    expect(canPromote(actor.getSnapshot(), bob)).toBe(false);
    expect(canRemove(actor.getSnapshot(), bob)).toBe(true);
    expect(selectIsLastAdmin(actor.getSnapshot())).toBe(false);
  });

  it('gives a plain member no rights over others, and says their posts are reviewed', async () => {
    const actor = await loaded(memberPublic);
    const s = actor.getSnapshot();
    expect(selectIsMember(s)).toBe(true);
    expect(selectIsGroupAdmin(s)).toBe(false);
    expect(selectPostsAreReviewed(s)).toBe(true);
    expect(canReviewPosts(s)).toBe(false);
    const bob = memberPublic.members[0];
    expect(canPromote(s, bob)).toBe(false);
    expect(canRemove(s, bob)).toBe(false);
    expect(s.can({ type: 'group.remove', userId: bob.userId })).toBe(false);
    expect(selectTabs(s)).toEqual(['posts', 'members', 'pendingPosts']);
  });

  it('shows a stranger the public posts and members only', async () => {
    const actor = await loaded(publicStranger);
    const s = actor.getSnapshot();
    expect(selectIsMember(s)).toBe(false);
    expect(selectTabs(s)).toEqual(['posts', 'members']);
    expect(selectManagedMembers(s).every((r) => !r.canPromote && !r.canRemove)).toBe(true);
  });

  it('reads a site admin from the signed-in member', () => {
    expect(groupInputFor('g1', { _id: 'u9', role: 'ADMIN' })).toEqual({ groupId: 'g1', viewerId: 'u9', viewerIsSiteAdmin: true });
    expect(groupInputFor('g1', null)).toEqual({ groupId: 'g1', viewerId: '', viewerIsSiteAdmin: false });
  });
});
