import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group } from '../../../src/api/groups';
import { groupEventOf } from '../../../src/effects/groups/group';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { GROUPS_HREF } from '../../../src/machines/groups/createGroup.machine';
import {
  GROUP_LOAD_FAILED,
  groupMachine,
  knownMembers,
  NAME_SUCCESSOR,
  selectDialog,
  selectRunning,
  selectTargetMember,
  selectTab,
  settingsBody,
  SOLE_MEMBER,
  standingOf,
  tabsFor,
  type GroupContext,
  type GroupEmitted,
  type GroupSnapshot,
} from '../../../src/machines/groups/group.machine';
import {
  adminGroup,
  invitedPrivate,
  invitedPublic,
  ME,
  memberPrivate,
  PNG,
  privateStranger,
  publicStranger,
  requested,
  UPLOADED,
} from './groupFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { BIG_CURSOR, groupModel, input, serialize } from './group.model';

const coverage = new TransitionCoverage(groupMachine);
let pathCount = 0;

describe.each(groupModel.covers)('group machine: $label', ({ label }) => {
  const paths = pathsOf(groupModel, label);
  pathCount += paths.length;
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    const navigations: string[] = [];
    const emitted: GroupEmitted[] = [];
    let subscribed = false;
    let previousTab = 'posts';
    let previous = path.steps[0].state.context as GroupContext;
    let wasNotFound = false;
    await replay(groupMachine, path, {
      input,
      coverage,
      serialize,
      provide: {
        actions: {
          showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t),
          navigate: (_: unknown, p: { to: string }) => void navigations.push(p.to),
        },
        // The real search chart (its own effect never runs here): what it is told to leave out is asserted.
        actors: { inviteSearch: groupChatSearchMachine },
      },
      afterStep: (step, actor) => {
        if (!subscribed) {
          subscribed = true;
          actor.on('postDecided', (event: GroupEmitted) => void emitted.push(event));
        }
        const snapshot = actor.getSnapshot() as GroupSnapshot;
        const c = snapshot.context;
        const e = step.event as ModelEvent & {
          error?: { data?: { message: string } } & Error;
          output?: { message?: string; post?: unknown };
        };
        const children = snapshot.children as Record<string, { getSnapshot(): { input: unknown } } | undefined>;

        // Failures say the server's words (or what went wrong here) in a toast; successes the server's message.
        if (e.type.startsWith('xstate.error.actor.') && !['fetchPendingMembers', 'refreshGroup'].some((id) => e.type.endsWith(id))) {
          const expected =
            e.error!.data?.message ?? (e.type.endsWith('fetchGroup') ? e.error!.message || GROUP_LOAD_FAILED : e.error!.message);
          if (!snapshot.matches('notFound')) expect(toasts.at(-1)).toEqual({ type: 'error', description: expected });
        }
        if (e.type.startsWith('xstate.done.actor.') && e.output?.message && !e.type.endsWith('withdrawRequest'))
          expect(toasts.at(-1)).toEqual({ type: 'success', description: e.output.message });
        if (e.type === 'xstate.done.actor.withdrawRequest')
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Your request was withdrawn' });

        // Nothing is asked from the not-found page; news of the group loads it again.
        if (e.type === 'group.join' && wasNotFound) expect(snapshot.matches('notFound')).toBe(true);
        if (e.type === 'group.changed' && wasNotFound) expect(snapshot.matches('loading')).toBe(true);
        // A missing and a private group read the same; a malformed id too.
        if (e.type === 'xstate.error.actor.fetchGroup')
          expect(snapshot.matches('notFound')).toBe([400, 404].includes((e.error as { statusCode?: number }).statusCode ?? 0));

        // Tabs follow the viewer's standing: admin panels only for group admins.
        if (snapshot.matches('loaded')) {
          const tab = selectTab(snapshot);
          if (e.type === 'group.tab') {
            const wanted = (e as unknown as { tab: typeof tab }).tab;
            expect(tab).toBe(tabsFor(c).includes(wanted) ? wanted : previousTab);
          }
          previousTab = tab;
          if (tab === 'pendingMembers' || tab === 'settings') expect(previous.group && standingOf(previous.group)).toBe('admin');
        }

        // Leaving, declining a private invitation and deleting leave for the groups list.
        if (snapshot.status === 'done') expect(navigations).toEqual([GROUPS_HREF]);
        else expect(navigations).toEqual([]);
        if (snapshot.matches('gone'))
          expect(previous.group?.privacy === 'private' || e.type === 'xstate.done.actor.deleteGroup').toBe(true);

        // The last admin must name a member as successor; the sole member must delete instead.
        if (e.type === 'group.leave.confirm' && snapshot.matches({ loaded: { action: 'leaveDialog' } })) {
          expect(c.dialogError).toBe(c.group!.members.length === 1 ? SOLE_MEMBER : NAME_SUCCESSOR);
        }
        if (e.type === 'group.leave.confirm' && children.leaveGroup) {
          const sent = children.leaveGroup.getSnapshot().input;
          expect(sent).toEqual(standingOf(c.group) === 'admin' ? { groupId: 'g1', newAdminId: 'u2' } : { groupId: 'g1' });
        }
        if (e.type === 'group.leave.successor' && (e as unknown as { userId: string }).userId === 'u3') expect(c.newAdminId).not.toBe('u3');
        expect(selectDialog(snapshot) === 'leave').toBe(
          snapshot.matches({ loaded: { action: 'leaveDialog' } }) || snapshot.matches({ loaded: { action: 'leaving' } }),
        );

        // Admin actions carry their target; refused ones never start.
        const running = selectRunning(snapshot);
        if (['approving', 'rejecting', 'promoting', 'removing', 'acceptingPost', 'decliningPost'].includes(running ?? ''))
          expect(c.target).not.toBeNull();
        if (e.type === 'group.promote' && (e as unknown as { userId: string }).userId === 'u3') expect(running).toBeNull();
        if (e.type === 'group.remove' && (e as unknown as { userId: string }).userId === ME) expect(running).toBeNull();
        // Promote and remove ask first; a refusal is shown in the dialog, which stays open.
        if (e.type === 'group.promote' || e.type === 'group.remove') {
          const who = (e as unknown as { userId: string }).userId;
          // bob (u2) on the first page; u7 once a further page has brought them; an admin is not made admin again.
          const target = knownMembers(previous).find((m) => m.userId === who && m.status === 'accepted');
          const allowed =
            standingOf(previous.group) === 'admin' &&
            target !== undefined &&
            who !== ME &&
            (e.type === 'group.remove' || target.role === 'member');
          expect(selectDialog(snapshot)).toBe(allowed ? (e.type === 'group.promote' ? 'promote' : 'remove') : null);
          if (allowed) expect([running, selectTargetMember(snapshot)?.userId, c.dialogError]).toEqual([null, who, null]);
        }
        if (e.type === 'group.promote.confirm') expect(running).toBe('promoting');
        if (e.type === 'group.remove.confirm') expect(running).toBe('removing');
        if (e.type === 'xstate.error.actor.promoteMember' || e.type === 'xstate.error.actor.removeMember') {
          expect(selectDialog(snapshot)).toBe(e.type === 'xstate.error.actor.promoteMember' ? 'promote' : 'remove');
          expect(c.dialogError).toBe(e.error!.data?.message ?? e.error!.message);
        }
        if (e.type === 'xstate.done.actor.promoteMember' || e.type === 'xstate.done.actor.removeMember')
          expect([selectDialog(snapshot), c.dialogError]).toEqual([null, null]);

        // Inviting (admins only) names the found member; afterwards the search no longer offers anyone in the group.
        // Select / Selected toggles (admins only) and asks nothing; Invite sends the selection, which empties once invited.
        if (e.type === 'group.invite') {
          expect(running).toBeNull();
          const was = previous.inviteSelection.some((u) => u._id === 'u4');
          expect(c.inviteSelection.some((u) => u._id === 'u4')).toBe(standingOf(previous.group) === 'admin' ? !was : was);
        }
        if (e.type === 'group.invite.send')
          expect(running).toBe(standingOf(previous.group) === 'admin' && previous.inviteSelection.length > 0 ? 'inviting' : null);
        if (e.type === 'group.invite.send' && running === 'inviting')
          expect(children.inviteMember?.getSnapshot().input).toEqual({ groupId: 'g1', userIds: ['u4'] });
        if (e.type === 'xstate.done.actor.inviteMember') expect(c.inviteSelection).toEqual([]);
        if (e.type === 'xstate.error.actor.inviteMember') expect(c.inviteSelection.map((u) => u._id)).toEqual(['u4']);
        const search = snapshot.children.inviteSearch as { getSnapshot(): { context: { exclude: string[] } } } | undefined;
        if (snapshot.matches('loaded'))
          expect(search?.getSnapshot().context.exclude.slice().sort()).toEqual(
            knownMembers(c)
              .map((m) => m.userId)
              .sort(),
          );

        // A big group's members: pages after the first are added once each; a new copy of the group starts again.
        expect(new Set(knownMembers(c).map((m) => m.userId)).size).toBe(knownMembers(c).length);
        if (e.type === 'xstate.done.actor.fetchMembers') expect(c.moreMembers.map((m) => m.userId)).toEqual(['u7']);
        if (e.type === 'xstate.done.actor.refreshGroup') {
          // The pages read further on stay, and go on from where they were.
          expect(c.moreMembers).toEqual(previous.moreMembers.filter((m) => !c.group!.members.some((f) => f.userId === m.userId)));
          expect(c.membersCursor).toBe(c.moreMembers.length > 0 ? previous.membersCursor : c.group!.membersNextCursor);
        }
        if (e.type === 'xstate.done.actor.promoteMember' && previous.target === 'u7')
          expect(c.moreMembers.find((m) => m.userId === 'u7')?.role).toBe('admin');
        if (e.type === 'xstate.done.actor.removeMember' && previous.target === 'u7')
          expect(c.moreMembers.some((m) => m.userId === 'u7')).toBe(false);
        if (e.type === 'group.members.more' && children.fetchMembers)
          expect(children.fetchMembers.getSnapshot().input).toEqual({ groupId: 'g1', cursor: BIG_CURSOR });

        if (e.type === 'xstate.done.actor.approveMember' || e.type === 'xstate.done.actor.rejectMember')
          expect(c.pendingMembers.map((m) => m.userId)).not.toContain('u5');
        if (e.type === 'xstate.done.actor.acceptPost' || e.type === 'xstate.done.actor.declinePost')
          expect(emitted.at(-1)).toEqual({ type: 'postDecided', post: e.output!.post });
        const decided = path.steps
          .slice(0, path.steps.indexOf(step) + 1)
          .filter((st) => /done\.actor\.(accept|decline)Post/.test(st.event.type));
        expect(emitted).toHaveLength(decided.length);
        if (e.type === 'xstate.done.actor.promoteMember' && previous.target === 'u2') expect(c.group!.admins).toEqual(['u1', 'u2']);
        if (e.type === 'xstate.done.actor.removeMember' && previous.target === 'u2')
          expect(c.group!.members.map((m) => m.userId)).not.toContain('u2');

        // Settings: the create-group messages, word for word; the body is the form.
        const f = c.settings;
        if (e.type === 'group.settings.name')
          expect(f.errors.name).toBe(f.name === 'ab' ? 'Group name must be at least 3 characters' : null);
        if (e.type === 'group.settings.category')
          expect(f.errors.category).toBe(f.categories.length ? null : 'At least one category is required');
        if (e.type === 'group.settings.tagRemove') expect(f.errors.tag).toBe(f.tags.length ? null : 'At least one tag is required');
        if (e.type === 'group.settings.tagAdd') {
          expect(new Set(f.tags.map((t) => t.toLowerCase())).size).toBe(f.tags.length);
          expect(f.tags.every((t) => t === t.trim() && t !== '')).toBe(true);
        }
        if (e.type === 'group.settings.save' && children.updateGroup) {
          expect(children.updateGroup.getSnapshot().input).toEqual({ groupId: 'g1', body: settingsBody(f) });
          expect(snapshot.matches({ loaded: { upload: 'uploading' } })).toBe(false);
        }
        if (e.type === 'xstate.error.actor.updateGroup') expect(f.errors.form).toBe(e.error!.data?.message ?? e.error!.message);
        if (e.type === 'xstate.done.actor.uploadImage') expect([f.profileImage, f.preview]).toEqual([UPLOADED, UPLOADED]);
        if (e.type === 'xstate.error.actor.uploadImage') expect(f.preview).toBe(f.profileImage);
        if (e.type === 'group.settings.image' && snapshot.matches({ loaded: { upload: 'uploading' } }))
          expect(children.uploadImage?.getSnapshot().input).toEqual({ image: PNG });
        previous = c;
        wasNotFound = snapshot.matches('notFound');
      },
    });
  });
});

describe('group helpers', () => {
  it('reads socket messages about this group only', () => {
    const payload = { groupId: 'g1', groupName: 'Harbour walkers', groupPicture: '', members: [] };
    expect(groupEventOf({ event: 'group action', payload: { ...payload, type: 'UPDATE_GROUP' } }, 'g1')).toEqual({ type: 'group.changed' });
    expect(groupEventOf({ event: 'group action', payload: { ...payload, type: 'DELETE_GROUP' } }, 'g1')).toEqual({ type: 'group.deleted' });
    expect(groupEventOf({ event: 'group action', payload: { ...payload, type: 'JOIN_GROUP' } }, 'g2')).toBeNull();
    expect(groupEventOf({ event: 'blocked', userId: 'u2' }, 'g1')).toBeNull();
  });
  it('gives each standing its tabs', () => {
    const tabs = (group: Group, viewerIsSiteAdmin = false) => tabsFor({ group, viewerIsSiteAdmin });
    expect(tabs(adminGroup)).toEqual(['posts', 'members', 'pendingPosts', 'pendingMembers', 'settings']);
    expect(tabs(memberPrivate)).toEqual(['posts', 'members', 'pendingPosts']);
    expect(tabs(publicStranger)).toEqual(['posts', 'members']);
    expect(tabs(invitedPrivate)).toEqual([]);
    expect(tabs(requested)).toEqual([]);
    expect(tabs(privateStranger, true)).toEqual(['posts', 'members']);
    expect(standingOf(invitedPublic)).toBe('invited');
  });
});

afterAll(() => {
  console.log(`group: ${pathCount} model paths`);
  console.log(coverage.summary('group', stateCount(groupMachine)));
  expect(coverage.missed).toEqual([]);
});
