import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import type { Group } from '../../../src/api/groups';
import type { Post } from '../../../src/api/posts';
import { groupsAreaLogic } from '../../../src/effects/groups/area';
import { bridgeActions } from '../../../src/effects/shell/bridge';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import { GROUPS_HREF, type FoundUser } from '../../../src/machines/groups/createGroup.machine';
import { groupMachine } from '../../../src/machines/groups/group.machine';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';
import { Toasts } from '../../../src/views/shell/Toasts';
import GroupPage from '../../../src/views/groups/page/GroupPage';
import { GroupsLogicProvider } from '../../../src/views/groups/GroupsLogic';
import { ComposerProvider, type ComposerApi } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { post, refused } from '../../fixtures/streams';
import {
  acceptedPost,
  adminGroup,
  daveInvited,
  erinAsks,
  invitedPrivate,
  memberPublic,
  pendingPost,
  privateStranger,
  publicStranger,
  requested,
  soleAdmin,
  twoAdmins,
} from '../../machines/groups/groupFixtures';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

const GROUP_ACTORS = Object.keys(groupMachine.implementations.actors).filter((name) => name !== 'live' && name !== 'inviteSearch');
/** What the invite search finds for any query: a member of the group, an invitee and two outsiders. */
const found = ['u2', 'u3', 'u4', 'u6'].map((id) => ({
  _id: id,
  username: { u2: 'bob', u3: 'carol', u4: 'dave', u6: 'fay' }[id]!,
  avatarColor: '#1e88e5',
  profilePicture: '',
}));
const groupPost = post({ _id: 'gp1', post: 'Fog on the water this morning', groupId: 'g1', groupStatus: 'accepted' });

/** The posts part of the API the group's lists read (the group effects are the machine's fake actors). */
function fakeApi(pending: Post[] = []) {
  const ofGroup = vi.fn(async () => ({ posts: [groupPost], totalPosts: 1, nextCursor: null }));
  const pendingOfGroup = vi.fn(async () => ({ posts: pending, totalPosts: pending.length, nextCursor: null }));
  return { posts: { ofGroup, pendingOfGroup } } as unknown as ApiClient & {
    posts: { ofGroup: typeof ofGroup; pendingOfGroup: typeof pendingOfGroup };
  };
}

function setup({ pending = [] as Post[] } = {}) {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(GROUP_ACTORS);
  const navigations: string[] = [];
  const logic = groupMachine.provide({
    actors: {
      ...h.actors,
      live: fromCallback(() => () => {}),
      inviteSearch: groupChatSearchMachine.provide({
        actors: { searchUsers: fromPromise(async (): Promise<{ search: FoundUser[] }> => ({ search: found })) },
      }),
    } as never,
    actions: { showToast: bridgeActions(app).showToast, navigate: (_: unknown, p: { to: string }) => void navigations.push(p.to) },
  });
  const api = fakeApi(pending);
  const composer: ComposerApi = { openComposer: vi.fn() };
  const { ui } = withApp(
    app,
    '/group/g1',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus: createBus() })}>
      <ComposerProvider value={composer}>
        <GroupsLogicProvider logic={{ ...groupsAreaLogic(app), group: logic }}>
          <GroupPage groupId="g1" />
        </GroupsLogicProvider>
      </ComposerProvider>
      <Toasts />
    </StreamsLogicProvider>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  const load = (group: Group) => h.settle({ type: 'xstate.done.actor.fetchGroup', output: { group } });
  return { app, h, api, composer, navigations, user, load };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const isDisabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.getAttribute('data-disabled') !== null;
const toast = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeTruthy());

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

describe('group page', () => {
  it("shows a skeleton, then a member's view: header, the group's posts, members by keyboard; the composer posts into the group", async () => {
    const t = setup();
    restore = t.h.restore;
    expect(screen.getByRole('status', { name: 'Loading group' })).toBeTruthy();
    await t.load(memberPublic);

    const header = screen.getByRole('region', { name: 'Harbour walkers' });
    expect(within(header).getByText('Public group')).toBeTruthy();
    expect(within(header).getByText('2 members')).toBeTruthy();
    expect(within(header).getByText('Early walks along the water')).toBeTruthy();
    expect(within(within(header).getByRole('list', { name: 'Categories' })).getByText('Travel')).toBeTruthy();
    expect(within(within(header).getByRole('list', { name: 'Tags' })).getByText('#walks')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Leave group' })).toBeTruthy();

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Posts', 'Members', 'Your pending posts']);
    await waitFor(() => expect(screen.getByText('Fog on the water this morning')).toBeTruthy());
    expect(t.api.posts.ofGroup).toHaveBeenCalledWith('g1', 1, undefined);
    expect(screen.getByText(/A group admin reviews members' posts/)).toBeTruthy();

    await t.user.click(button('Write something in Harbour walkers...'));
    expect(t.composer.openComposer).toHaveBeenCalledWith(
      { type: 'createpost', group: { id: 'g1', name: 'Harbour walkers' } },
      expect.objectContaining({ onPublished: expect.any(Function) }),
    );

    // Tabs by keyboard: focus the selected tab, arrow to the next one.
    act(() => screen.getByRole('tab', { name: 'Posts' }).focus());
    await t.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Members' }).getAttribute('aria-selected')).toBe('true');
    const members = within(screen.getByRole('tabpanel')).getByRole('list', { name: 'Members' });
    const rows = within(members)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows[0]).toContain('bob');
    expect(rows[0]).toContain('Admin');
    expect(rows[1]).toContain('alice (you)');
  });

  it('shows a big group\'s members a page at a time: "Load more members" until all are there', async () => {
    const t = setup();
    await t.load({ ...memberPublic, memberCount: 3, membersNextCursor: '2025-01-01T09:00:00.000Z_u1' });
    await t.user.click(screen.getByRole('tab', { name: 'Members' }));
    await t.user.click(button('Load more members'));
    expect(isDisabled(button('Loading...'))).toBe(true);
    await t.h.settle({
      type: 'xstate.done.actor.fetchMembers',
      output: { members: [{ ...memberPublic.members[1]!, userId: 'u7', username: 'gil' }], nextCursor: null },
    });
    const rows = within(screen.getByRole('list', { name: 'Members' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain('gil');
    expect(screen.queryByRole('button', { name: 'Load more members' })).toBeNull();
  });

  it('says a missing group is not there, with the way back, instead of failing', async () => {
    const t = setup();
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.error.actor.fetchGroup', error: refused('Group not found', 404) });
    expect(screen.getByRole('heading', { name: 'This group does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to groups' }).getAttribute('href')).toBe('/groups');
    // Nothing to ask of a group that is not there (private ones load: their page offers Ask to join).
    expect(screen.queryByRole('button', { name: 'Ask to join' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a failed load with the server's message and Try again", async () => {
    const t = setup();
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.error.actor.fetchGroup', error: refused('Too many requests', 429) });
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Could not load this group'))!;
    expect(alert.textContent).toContain('Too many requests');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status', { name: 'Loading group' })).toBeTruthy();
    await t.load(publicStranger);
    expect(button('Join group')).toBeTruthy();
  });

  it('joins a public group at once; asking to join a private one shows "Request sent"', async () => {
    const t = setup();
    restore = t.h.restore;
    await t.load(publicStranger);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Posts', 'Members']);
    expect(screen.queryByRole('button', { name: /Write something/ })).toBeNull();
    await t.user.click(button('Join group'));
    expect(isDisabled(button('Joining...'))).toBe(true);
    await t.h.settle({
      type: 'xstate.done.actor.joinGroup',
      output: { message: 'You joined the group', status: 'accepted', group: memberPublic },
    });
    expect(button('Leave group')).toBeTruthy();
    await toast('You joined the group');
    cleanup();
    t.h.restore();

    const p = setup();
    restore = p.h.restore;
    await p.load(privateStranger);
    // The card is everyone's; posts and members are not.
    expect(screen.getByRole('heading', { name: 'This group is private' })).toBeTruthy();
    expect(screen.getByText('Only members can see posts and member list.')).toBeTruthy();
    await p.user.click(button('Ask to join'));
    expect(isDisabled(button('Sending request...'))).toBe(true);
    await p.h.settle({
      type: 'xstate.done.actor.joinGroup',
      output: { message: 'Your request to join was sent', status: 'pending', group: requested },
    });
    expect(screen.getByText('Request sent')).toBeTruthy();
    expect(button('Cancel request')).toBeTruthy();
    // Still outside: a private group's content stays closed.
    expect(screen.getByRole('heading', { name: 'This group is private' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it("an invitee sees the invitation, accepts it, and the group opens; a refusal shows the server's message", async () => {
    const t = setup();
    restore = t.h.restore;
    await t.load(invitedPrivate);
    expect(screen.getByText('You are invited to this group')).toBeTruthy();
    expect(screen.getByText('Only members can see posts and member list.')).toBeTruthy();
    await t.user.click(button('Accept invitation'));
    expect(isDisabled(button('Decline'))).toBe(true);
    await t.h.settle({ type: 'xstate.error.actor.acceptInvitation', error: refused('Invitation not found', 404) });
    await toast('Invitation not found');
    await t.user.click(button('Accept invitation'));
    await t.h.settle({
      type: 'xstate.done.actor.acceptInvitation',
      output: { message: 'Invitation accepted', group: { ...memberPublic, privacy: 'private' } },
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Posts', 'Members', 'Your pending posts']);
  });

  it('gives a group admin the pending members, pending posts and settings panels', async () => {
    const t = setup({ pending: [pendingPost] });
    restore = t.h.restore;
    await t.load(adminGroup);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Posts',
      'Members',
      'Pending posts',
      'Pending members',
      'Settings',
    ]);
    expect(screen.getByText('Group admin')).toBeTruthy();

    // Join requests: approve one.
    await t.user.click(screen.getByRole('tab', { name: 'Pending members' }));
    expect(screen.getByRole('status', { name: 'Loading requests' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.fetchPendingMembers', output: { pendingMembers: [erinAsks] } });
    await t.user.click(button('Approve erin'));
    expect(isDisabled(button('Reject erin'))).toBe(true);
    expect(button('Approving... erin')).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.approveMember', output: { message: 'Member approved', group: adminGroup } });
    expect(screen.getByText('No requests to join')).toBeTruthy();
    await toast('Member approved');

    // Pending posts: accept one; it leaves the queue.
    await t.user.click(screen.getByRole('tab', { name: 'Pending posts' }));
    await waitFor(() => expect(screen.getByText('Sunrise from the pier')).toBeTruthy());
    expect(t.api.posts.pendingOfGroup).toHaveBeenCalledWith('g1', 1, undefined);
    await t.user.click(within(screen.getByRole('group', { name: 'Review the post by bob' })).getByRole('button', { name: 'Accept' }));
    expect(button('Accepting...')).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.acceptPost', output: { message: 'Post accepted', post: acceptedPost } });
    expect(screen.queryByText('Sunrise from the pier')).toBeNull();
    expect(screen.getByText('No posts waiting')).toBeTruthy();
    await toast('Post accepted');

    // Settings: the create-group messages; nothing is sent while the form is wrong.
    await t.user.click(screen.getByRole('tab', { name: 'Settings' }));
    const name = screen.getByRole('textbox', { name: 'Group name' });
    expect((name as HTMLInputElement).value).toBe('Harbour walkers');
    await t.user.clear(name);
    await t.user.type(name, 'ab');
    expect(screen.getByText('Group name must be at least 3 characters')).toBeTruthy();
    await t.user.click(screen.getByRole('checkbox', { name: 'Travel' }));
    expect(screen.getByText('At least one category is required')).toBeTruthy();
    await t.user.click(button('Remove tag walks'));
    expect(screen.getByText('At least one tag is required')).toBeTruthy();
    await t.user.click(button('Save changes'));
    expect(button('Save changes')).toBeTruthy();
    await t.user.type(name, 'c Club');
    await t.user.click(screen.getByRole('checkbox', { name: 'Music' }));
    await t.user.type(screen.getByRole('textbox', { name: 'Tags' }), 'dawn{Enter}');
    expect(screen.queryByText(/must be at least|At least one/)).toBeNull();
    await t.user.click(button('Save changes'));
    expect(isDisabled(button('Saving...'))).toBe(true);
    await t.h.settle({
      type: 'xstate.done.actor.updateGroup',
      output: { message: 'Group updated', group: { ...adminGroup, name: 'abc Club', category: ['Music'], tags: ['dawn'] } },
    });
    await toast('Group updated');
    expect(screen.getByRole('heading', { level: 1, name: 'abc Club' })).toBeTruthy();

    // Invite more: the search offers only people outside the group (not bob, a member, nor carol, invited);
    // Select / Selected per result, then Invite sends the selection and takes dave off the results.
    await t.user.type(screen.getByRole('searchbox', { name: 'Search members to invite' }), 'a');
    await screen.findByRole('button', { name: 'Select dave' }, { timeout: 2000 });
    expect(screen.queryByRole('button', { name: /Select(ed)? bob/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Select(ed)? carol/ })).toBeNull();
    expect(isDisabled(button('Invite'))).toBe(true);
    await t.user.click(button('Select fay'));
    await t.user.click(button('Select dave'));
    expect(button('Selected dave').getAttribute('aria-pressed')).toBe('true');
    await t.user.click(button('Selected fay'));
    expect(button('Select fay').getAttribute('aria-pressed')).toBe('false');
    await t.user.click(button('Invite 1 member'));
    expect(isDisabled(button('Inviting...'))).toBe(true);
    await t.h.settle({ type: 'xstate.error.actor.inviteMember', error: refused('You cannot invite this member', 403) });
    await toast('You cannot invite this member');
    expect(button('Selected dave')).toBeTruthy();
    await t.user.click(button('Invite 1 member'));
    await t.h.settle({ type: 'xstate.done.actor.inviteMember', output: { message: 'Members invited', group: daveInvited } });
    await toast('Members invited');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Select(ed)? dave/ })).toBeNull());
    expect(button('Select fay')).toBeTruthy();
    expect(button('Withdraw invitation for dave')).toBeTruthy();

    // Withdrawing carol's invitation is asked first; Cancel leaves her invited.
    await t.user.click(button('Withdraw invitation for carol'));
    let ask = screen.getByRole('alertdialog', { name: "Withdraw carol's invitation?" });
    await t.user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(button('Withdraw invitation for carol')).toBeTruthy();

    // Promote bob behind a confirm: a refusal shows in the dialog, a second try goes through.
    await t.user.click(button('Make admin: bob'));
    ask = screen.getByRole('alertdialog', { name: 'Make bob an admin?' });
    expect(ask.textContent).toContain('bob will be able to accept members and posts');
    await t.user.click(within(ask).getByRole('button', { name: 'Make admin' }));
    expect(isDisabled(within(ask).getByRole('button', { name: 'Making admin...' }))).toBe(true);
    await t.h.settle({ type: 'xstate.error.actor.promoteMember', error: refused('Member not found', 404) });
    ask = screen.getByRole('alertdialog', { name: 'Make bob an admin?' });
    expect(within(ask).getByRole('alert').textContent).toContain('Member not found');
    await t.user.click(within(ask).getByRole('button', { name: 'Make admin' }));
    await t.h.settle({ type: 'xstate.done.actor.promoteMember', output: { message: 'Member promoted', group: twoAdmins } });
    await toast('Member promoted');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Make admin: bob' })).toBeNull();

    // Remove bob, asked first.
    await t.user.click(button('Remove bob'));
    ask = screen.getByRole('alertdialog', { name: 'Remove bob?' });
    await t.user.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(isDisabled(within(ask).getByRole('button', { name: 'Removing...' }))).toBe(true);
    await t.h.settle({
      type: 'xstate.done.actor.removeMember',
      output: { message: 'Member removed', group: { ...twoAdmins, members: twoAdmins.members.filter((m) => m.userId !== 'u2') } },
    });
    await toast('Member removed');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove bob' })).toBeNull());
    await t.user.click(button('Delete group'));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Harbour walkers?' });
    await t.user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Deleting...' }))).toBe(true);
    await t.h.settle({ type: 'xstate.done.actor.deleteGroup', output: { message: 'Group deleted', groupId: 'g1' } });
    expect(t.navigations).toEqual([GROUPS_HREF]);
  }, 60_000);

  it('makes the last admin name a successor before leaving; the sole member is told to delete instead', async () => {
    const t = setup();
    restore = t.h.restore;
    await t.load(adminGroup);
    await t.user.click(button('Leave group'));
    let dialog = screen.getByRole('alertdialog', { name: 'Leave Harbour walkers?' });
    const picker = within(dialog).getByRole('combobox', { name: 'New group admin' });
    // Only accepted members can take over (carol is only invited).
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a member', 'bob']);
    await t.user.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Name another member as group admin before leaving');
    fireEvent.change(picker, { target: { value: 'u2' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await t.user.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    await t.h.settle({ type: 'xstate.error.actor.leaveGroup', error: refused('The new admin must be a member of the group', 400) });
    dialog = screen.getByRole('alertdialog', { name: 'Leave Harbour walkers?' });
    expect(within(dialog).getByRole('alert').textContent).toContain('The new admin must be a member of the group');
    await t.user.click(within(dialog).getByRole('button', { name: 'Leave group' }));
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Leaving...' }))).toBe(true);
    await t.h.settle({ type: 'xstate.done.actor.leaveGroup', output: { message: 'You left the group', groupId: 'g1' } });
    await toast('You left the group');
    // A public group: read again, now as an outsider.
    await t.load(publicStranger);
    expect(button('Join group')).toBeTruthy();
    cleanup();
    t.h.restore();

    const s = setup();
    restore = s.h.restore;
    await s.load(soleAdmin);
    await s.user.click(button('Leave group'));
    dialog = screen.getByRole('alertdialog', { name: 'Leave Harbour walkers?' });
    expect(within(dialog).getByText('You are the only member: delete the group instead')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Leave group' }))).toBe(true);
    await s.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("has no axe violations on the admin's page, its settings, the remove and the leave dialogs (structure; contrast is checked in the browser)", async () => {
    const t = setup();
    restore = t.h.restore;
    const audit = async () => {
      const result = await axe.run(document.body, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await t.load(adminGroup);
    await waitFor(() => expect(screen.getByText('Fog on the water this morning')).toBeTruthy());
    await audit();
    await t.user.click(screen.getByRole('tab', { name: 'Settings' }));
    await audit();
    await t.user.click(button('Remove bob'));
    await audit();
    await t.user.click(within(screen.getByRole('alertdialog', { name: 'Remove bob?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await t.user.click(button('Leave group'));
    await audit();
  }, 60_000);
});
