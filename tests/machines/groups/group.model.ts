import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import type { Group } from '../../../src/api/groups';
import { groupMachine, standingOf, type GroupContext } from '../../../src/machines/groups/group.machine';
import { refused } from '../../fixtures/streams';
import {
  acceptedPost,
  adminGroup,
  bobRemoved,
  daveFound,
  daveInvited,
  declinedPost,
  erinAsks,
  invitedPrivate,
  invitedPublic,
  ME,
  member,
  memberPrivate,
  memberPublic,
  PNG,
  privateStranger,
  publicStranger,
  requested,
  soleAdmin,
  twoAdmins,
  UPLOADED,
} from './groupFixtures';
import { type MachineModel, type ModelEvent } from '../cover';

export const serialize = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as GroupContext;
  const g = c.group;
  const s = c.settings;
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    group: g && [g.privacy, standingOf(g), g.admins.join(), g.members.map((m) => `${m.userId}:${m.role}:${m.status}`).join()],
    error: c.error,
    more: c.moreMembers.map((m) => `${m.userId}:${m.role}`).join(),
    membersCursor: c.membersCursor,
    pending: c.pendingMembers.map((m) => m.userId),
    pendingError: c.pendingError,
    target: c.target,
    newAdminId: c.newAdminId,
    invite: c.inviteSelection.map((u) => u._id),
    dialogError: c.dialogError,
    settings: [
      s.name,
      s.description,
      s.privacy,
      s.categories.join(),
      s.tags.join(),
      s.tagDraft,
      s.profileImage,
      s.preview === PNG ? 'png' : s.preview,
      s.errors,
    ],
  });
};

const loaded = (group: Group) => ({ type: 'xstate.done.actor.fetchGroup', output: { group } });
/** The admin's group when it has more members than its first page holds. */
export const BIG_CURSOR = '2025-01-01T09:00:00.000Z_u3';
const bigGroup: Group = { ...adminGroup, memberCount: 60, membersNextCursor: BIG_CURSOR };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failure = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const network = new Error('Network down');
const changed = { type: 'group.changed' };

/** Every event type the chart handles anywhere: a scenario names the ones it plays, the rest are ignored. */
const ALL_TYPES = (() => {
  const nodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((n) => nodes(n as AnyStateNode))];
  return [...new Set(nodes(groupMachine.root).flatMap((n) => n.ownEvents))];
})();

type Snap = AnyMachineSnapshot;
const ctx = (s: Snap) => s.context as GroupContext;
const same = (a: Group | null, b: Group) => a !== null && JSON.stringify(a) === JSON.stringify(b);
const outputGroup = (e: ModelEvent) => (e as { output?: { group?: Group } }).output?.group;

interface Scenario {
  name: string;
  events: ModelEvent[];
  filter?: (snapshot: Snap, event: ModelEvent) => boolean;
}

const FIELD_EVENTS = /^group\.settings\./;

const scenarios: Scenario[] = [
  {
    name: 'loading: the group, a missing or private one, a failure and Try again',
    events: [
      loaded(publicStranger),
      failure('fetchGroup', refused('Group not found', 404)),
      failure('fetchGroup', refused('Invalid group id', 400)),
      failure('fetchGroup', network),
      { type: 'group.retry' },
    ],
  },
  {
    name: 'a missing or private group offers nothing to do, and loads once it lets the viewer in',
    events: [failure('fetchGroup', refused('Group not found', 404)), { type: 'group.join' }, { type: 'group.changed' }],
  },
  {
    name: 'a stranger joins a public group, asks to join a private one, withdraws the request',
    events: [
      loaded(publicStranger),
      loaded(privateStranger),
      { type: 'group.join' },
      done('joinGroup', { message: 'You joined the group', status: 'accepted', group: memberPublic }),
      done('joinGroup', { message: 'Your request to join was sent', status: 'pending', group: requested }),
      failure('joinGroup', refused('You have already asked to join this group', 409)),
      { type: 'group.cancelRequest' },
      done('withdrawRequest', { message: 'You left the group', groupId: 'g1' }),
      failure('withdrawRequest', network),
    ],
    filter: (s, e) => {
      const c = ctx(s);
      // The server answers a public group with a member, a private one with a request.
      if (e.type === 'xstate.done.actor.joinGroup') return outputGroup(e)!.privacy === c.group?.privacy;
      if (e.type === 'xstate.done.actor.fetchGroup') return c.group === null || outputGroup(e)!.privacy === c.group.privacy;
      return true;
    },
  },
  {
    name: 'an invitee accepts or declines',
    events: [
      loaded(invitedPublic),
      loaded(invitedPrivate),
      loaded(publicStranger),
      { type: 'group.acceptInvite' },
      done('acceptInvitation', { message: 'Invitation accepted', group: memberPublic }),
      done('acceptInvitation', { message: 'Invitation accepted', group: memberPrivate }),
      failure('acceptInvitation', refused('Invitation not found', 404)),
      { type: 'group.declineInvite' },
      done('declineInvitation', { message: 'Invitation declined', groupId: 'g1' }),
      failure('declineInvitation', network),
    ],
    filter: (s, e) => {
      const c = ctx(s);
      if (e.type === 'xstate.done.actor.acceptInvitation') return outputGroup(e)!.privacy === c.group?.privacy;
      // First the invitation; after declining a public one, the group as a stranger sees it.
      if (e.type === 'xstate.done.actor.fetchGroup')
        return c.group === null ? standingOf(outputGroup(e)!) === 'invited' : same(outputGroup(e)!, publicStranger);
      return true;
    },
  },
  {
    name: 'leaving: members at once after confirming, the last admin names a successor, the sole member cannot',
    events: [
      loaded(memberPublic),
      loaded(memberPrivate),
      loaded(adminGroup),
      loaded(soleAdmin),
      loaded(publicStranger),
      { type: 'group.leave' },
      { type: 'group.leave.successor', userId: 'u2' },
      { type: 'group.leave.successor', userId: 'u3' },
      { type: 'group.leave.confirm' },
      { type: 'group.dialog.close' },
      done('leaveGroup', { message: 'You left the group', groupId: 'g1' }),
      failure('leaveGroup', refused('The new admin must be a member of the group', 400)),
    ],
    filter: (s, e) => {
      const c = ctx(s);
      if (e.type === 'xstate.done.actor.fetchGroup')
        return c.group === null ? standingOf(outputGroup(e)!) !== 'none' : same(outputGroup(e)!, publicStranger);
      return true;
    },
  },
  {
    name: 'tabs by standing, the join requests list, live changes',
    events: [
      loaded(memberPublic),
      loaded(adminGroup),
      loaded(invitedPrivate),
      ...(['posts', 'members', 'pendingPosts', 'pendingMembers', 'settings'] as const).map((tab) => ({ type: 'group.tab', tab })),
      done('fetchPendingMembers', { pendingMembers: [erinAsks] }),
      failure('fetchPendingMembers', refused('Only group admins can do that', 403)),
      { type: 'group.pending.retry' },
      changed,
      done('refreshGroup', { group: adminGroup }),
      done('refreshGroup', { group: memberPublic }),
      done('refreshGroup', { group: publicStranger }),
      failure('refreshGroup', refused('Group not found', 404)),
      failure('refreshGroup', network),
      { type: 'group.deleted' },
    ],
    filter: (s, e) => {
      const c = ctx(s);
      const quiet = s.matches({ loaded: { sync: 'idle' } });
      if (e.type === 'group.tab') return quiet && c.pendingMembers.length === 0 && c.pendingError === null;
      // A refresh tells the same, or that a member was removed.
      if (e.type === 'xstate.done.actor.refreshGroup') {
        const next = outputGroup(e)!;
        return same(c.group, next) || (standingOf(c.group) === 'member' && standingOf(next) === 'none');
      }
      if (e.type === 'group.changed' || e.type === 'group.deleted')
        return s.matches({ loaded: { tab: 'posts' } }) || s.matches({ loaded: { tab: { pendingMembers: 'ready' } } });
      return true;
    },
  },
  {
    name: 'group admin actions: requests, posts, invitations; promote, remove and delete behind a confirm',
    events: [
      loaded(adminGroup),
      loaded(memberPublic),
      { type: 'group.tab', tab: 'pendingMembers' },
      done('fetchPendingMembers', { pendingMembers: [erinAsks] }),
      { type: 'group.approve', userId: 'u5' },
      done('approveMember', {
        message: 'Member approved',
        group: { ...adminGroup, memberCount: 3, members: [...adminGroup.members, { ...erinAsks, status: 'accepted' }] },
      }),
      failure('approveMember', refused('Join request not found', 404)),
      { type: 'group.reject', userId: 'u5' },
      done('rejectMember', { message: 'Request rejected', groupId: 'g1' }),
      failure('rejectMember', network),
      { type: 'group.acceptPost', postId: 'p1' },
      done('acceptPost', { message: 'Post accepted', post: acceptedPost }),
      failure('acceptPost', refused('Post not found', 404)),
      { type: 'group.declinePost', postId: 'p1' },
      done('declinePost', { message: 'Post declined', post: declinedPost }),
      failure('declinePost', network),
      { type: 'group.promote', userId: 'u2' },
      { type: 'group.promote', userId: 'u3' },
      { type: 'group.promote.confirm' },
      done('promoteMember', { message: 'Member promoted', group: twoAdmins }),
      failure('promoteMember', refused('Member not found', 404)),
      { type: 'group.remove', userId: 'u2' },
      { type: 'group.remove', userId: ME },
      { type: 'group.remove.confirm' },
      done('removeMember', { message: 'Members removed', group: bobRemoved }),
      failure('removeMember', network),
      // Select dave (again: unselect), then invite the selection.
      { type: 'group.invite', user: daveFound },
      { type: 'group.invite.send' },
      done('inviteMember', { message: 'Members invited', group: daveInvited }),
      failure('inviteMember', refused('Member not found', 404)),
      { type: 'group.delete' },
      { type: 'group.delete.confirm' },
      { type: 'group.dialog.close' },
      { type: 'group.deleted' },
      done('deleteGroup', { message: 'Group deleted', groupId: 'g1' }),
      failure('deleteGroup', refused('Only group admins can do that', 403)),
    ],
    // One admin action per path, from the freshly loaded group (with or without the requests read).
    filter: (s, e) => {
      const c = ctx(s);
      const fresh = same(c.group, adminGroup) || same(c.group, memberPublic);
      if (e.type === 'group.tab') return s.matches({ loaded: { tab: 'posts', action: 'idle' } });
      if (e.type === 'group.deleted')
        return s.matches({ loaded: { action: 'deleting' } }) || s.matches({ loaded: { action: 'confirmingDelete' } });
      if (e.type.startsWith('group.') && s.matches({ loaded: { action: 'idle' } }))
        return fresh && (c.pendingMembers.length > 0 || !s.matches({ loaded: { tab: 'pendingMembers' } }));
      return true;
    },
  },
  {
    name: 'a big group: more members a page at a time, each admin action reaching them',
    events: [
      loaded(bigGroup),
      { type: 'group.tab', tab: 'members' },
      { type: 'group.members.more' },
      done('fetchMembers', { members: [member('u7'), adminGroup.members[1]], nextCursor: null }),
      failure('fetchMembers', network),
      { type: 'group.promote', userId: 'u7' },
      { type: 'group.remove', userId: 'u7' },
      { type: 'group.promote.confirm' },
      { type: 'group.remove.confirm' },
      done('promoteMember', { message: 'Member promoted', group: bigGroup }),
      done('removeMember', { message: 'Members removed', group: bigGroup }),
      changed,
      done('refreshGroup', { group: bigGroup }),
    ],
    filter: (s, e) => {
      const c = ctx(s);
      const calm = s.matches({ loaded: { tab: 'members', action: 'idle', memberPages: 'idle', sync: 'idle' } });
      if (e.type === 'group.tab') return s.matches({ loaded: { tab: 'posts' } });
      if (e.type === 'group.members.more') return calm && c.moreMembers.length === 0;
      if (e.type === 'group.promote' || e.type === 'group.remove') return calm && c.moreMembers.length > 0;
      // A change elsewhere while the promote dialog is open: the member stays on the page.
      if (e.type === 'group.changed')
        return (
          s.matches({ loaded: { sync: 'idle', memberPages: 'idle' } }) &&
          c.moreMembers.length > 0 &&
          !s.matches({ loaded: { action: 'promoting' } }) &&
          !s.matches({ loaded: { action: 'removing' } })
        );
      return true;
    },
  },
  {
    name: 'settings: name, description, privacy, categories; saved or refused',
    events: [
      loaded(adminGroup),
      { type: 'group.tab', tab: 'settings' },
      { type: 'group.tab', tab: 'posts' },
      { type: 'group.settings.name', value: 'ab' },
      { type: 'group.settings.name', value: 'Harbour walkers' },
      { type: 'group.settings.description', value: 'Walks at dawn' },
      { type: 'group.settings.privacy', privacy: 'private' },
      { type: 'group.settings.category', category: 'Travel' },
      { type: 'group.settings.category', category: 'Music' },
      { type: 'group.settings.save' },
      done('updateGroup', { message: 'Group updated', group: { ...adminGroup, privacy: 'private', description: 'Walks at dawn' } }),
      failure('updateGroup', refused('Group name must contain only letters, numbers, and spaces', 400)),
    ],
    filter: (s, e) => {
      const f = ctx(s).settings;
      if (e.type === 'group.tab')
        return (e as unknown as { tab: string }).tab === 'settings'
          ? s.matches({ loaded: { tab: 'posts' } }) && f.name === ''
          : f.name === 'ab';
      if (!FIELD_EVENTS.test(e.type)) return true;
      const plain = f.description === adminGroup.description && f.privacy === 'public';
      if (e.type === 'group.settings.description' || e.type === 'group.settings.privacy')
        return f.name === adminGroup.name && f.categories.join() === 'Travel';
      if (e.type === 'group.settings.name') return plain && f.categories.join() === 'Travel';
      if (e.type === 'group.settings.category') return plain && f.name === adminGroup.name && f.categories.length <= 1;
      return true;
    },
  },
  {
    name: 'settings: tags added by draft, no duplicates, removed',
    events: [
      loaded(adminGroup),
      { type: 'group.tab', tab: 'settings' },
      { type: 'group.settings.tagDraft', value: ' dawn ' },
      { type: 'group.settings.tagDraft', value: 'WALKS' },
      { type: 'group.settings.tagDraft', value: '   ' },
      { type: 'group.settings.tagAdd' },
      { type: 'group.settings.tagRemove', tag: 'walks' },
      { type: 'group.settings.tagRemove', tag: 'dawn' },
      { type: 'group.settings.save' },
      failure('updateGroup', network),
    ],
    filter: (s, e) => {
      const f = ctx(s).settings;
      if (e.type === 'group.tab') return !s.matches({ loaded: { tab: 'settings' } });
      if (e.type === 'group.settings.tagDraft') return f.tagDraft === '' && f.tags.length >= 1;
      return true;
    },
  },
  {
    name: 'settings: the image uploaded on choice, refused files, removal, saving waits for the upload',
    events: [
      loaded(adminGroup),
      { type: 'group.tab', tab: 'settings' },
      { type: 'group.settings.image', dataUrl: PNG },
      { type: 'group.settings.image', dataUrl: 'data:text/plain;base64,AAAA' },
      { type: 'group.settings.imageRemove' },
      done('uploadImage', { url: UPLOADED }),
      failure('uploadImage', refused('Image must be a JPEG, PNG, GIF or WebP image', 400)),
      { type: 'group.settings.save' },
      done('updateGroup', { message: 'Group updated', group: { ...adminGroup, profileImage: UPLOADED } }),
    ],
    filter: (s, e) => {
      const f = ctx(s).settings;
      if (e.type === 'group.tab') return !s.matches({ loaded: { tab: 'settings' } });
      if (e.type === 'xstate.done.actor.updateGroup') return f.profileImage === UPLOADED;
      if (e.type === 'group.settings.image') return f.profileImage === '';
      return true;
    },
  },
];

export const input = { groupId: 'g1', viewerId: ME };

export const groupModel: MachineModel = {
  name: 'group',
  machine: groupMachine,
  covers: scenarios.map(({ name, events, filter }) => {
    // A scenario names the events it sends; every other type is left out of its walk.
    const types = new Set(events.map((e) => e.type));
    return { label: name, options: { events, ignore: ALL_TYPES.filter((t) => !types.has(t)), filter, serialize, input } };
  }),
};
