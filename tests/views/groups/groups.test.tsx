import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { Group, GroupMembership } from '../../../src/api/groups';
import { groupsAreaLogic } from '../../../src/effects/groups/area';
import { createBus } from '../../../src/effects/shell/socket';
import type { GroupLists, GroupsContext } from '../../../src/machines/groups/groups.machine';
import { Toasts } from '../../../src/views/shell/Toasts';
import GroupsPage from '../../../src/views/groups/GroupsPage';
import { GroupsLogicProvider } from '../../../src/views/groups/GroupsLogic';
import { alice, auth } from '../../fixtures/auth';
import { refused } from '../../fixtures/streams';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

const membership = (
  status: GroupMembership['status'],
  joinedBy: GroupMembership['joinedBy'],
  role: GroupMembership['role'] = 'member',
): GroupMembership => ({
  userId: alice._id,
  username: alice.username,
  avatarColor: alice.avatarColor,
  profilePicture: '',
  joinedAt: '2025-01-01T10:00:00.000Z',
  role,
  joinedBy,
  status,
  invitedBy: joinedBy === 'invited' ? 'u9' : null,
});

const group = (id: string, name: string, overrides: Partial<Group> = {}): Group => ({
  _id: id,
  name,
  description: '',
  privacy: 'public',
  profileImage: '',
  tags: [],
  category: [],
  createdBy: 'u9',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  memberCount: 1,
  admins: ['u9'],
  members: [],
  membership: null,
  membersNextCursor: null,
  ...overrides,
});

const bookClub = group('g1', 'Book Club', {
  profileImage: '/media/image/upload/v1/club',
  category: ['Books', 'Education', 'Art & Design'],
  tags: ['novels', 'poetry', 'classics', 'sci-fi'],
  memberCount: 1234,
  membership: membership('accepted', 'creator', 'admin'),
});
const chess = group('g2', 'Chess Friends', { privacy: 'private', memberCount: 5, membership: membership('pending', 'invited') });
const hikers = group('g3', 'Hikers', { category: ['Travel'], memberCount: 12 });
const quiet = group('g4', 'Quiet Readers', { privacy: 'private', memberCount: 3 });
const LISTS: GroupLists = { mine: [bookClub], invitations: [chess], discover: [hikers, quiet], discoverCursor: null };
const EMPTY = { mine: [], invitations: [], discover: [], discoverCursor: null };

function renderGroups() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness([
    'loadGroups',
    'searchGroups',
    'moreGroups',
    'acceptInvitation',
    'declineInvitation',
    'joinGroup',
    'cancelRequest',
  ]);
  const bus = createBus();
  const area = groupsAreaLogic(app, { bus });
  const logic = { ...area, groups: area.groups.provide({ actors: h.actors as never }) };
  const { ui } = withApp(
    app,
    '/groups',
    <GroupsLogicProvider logic={logic}>
      <GroupsPage />
      <Toasts />
    </GroupsLogicProvider>,
  );
  render(ui);
  const user = userEvent.setup({ delay: null });
  const context = () => h.actor().getSnapshot().context as GroupsContext;
  const input = (id: string) => (h.actor().getSnapshot().children as Record<string, AnyActorRef>)[id]?.getSnapshot().input as unknown;
  return { app, h, bus, user, context, input };
}
type Rendered = ReturnType<typeof renderGroups>;

const list = (name: string) => screen.getByRole('list', { name });
const names = (name: string) =>
  within(list(name))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const card = (name: string) => screen.getByRole('article', { name });

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

async function loaded(lists = LISTS): Promise<Rendered> {
  const t = renderGroups();
  restore = t.h.restore;
  await t.h.settle({ type: 'xstate.done.actor.loadGroups', output: lists });
  return t;
}

describe('groups page', () => {
  it('shows a skeleton while loading, then My groups, Invitations and Discover', async () => {
    const t = renderGroups();
    restore = t.h.restore;
    expect(screen.getByRole('status', { name: 'Loading groups' })).toBeTruthy();
    expect(t.input('loadGroups')).toEqual({ userId: alice._id });
    expect(screen.getByRole('link', { name: 'Create group' }).getAttribute('href')).toBe('/app/social/create-group');
    await t.h.settle({ type: 'xstate.done.actor.loadGroups', output: LISTS });
    expect(screen.queryByRole('status', { name: 'Loading groups' })).toBeNull();
    expect(names('My groups')).toEqual(['Book Club']);
    expect(names('Invitations')).toEqual(['Chess Friends']);
    expect(names('Groups to discover')).toEqual(['Hikers', 'Quiet Readers']);
  });

  it('loads more groups to discover a page at a time, and more search results', async () => {
    const t = await loaded({ ...LISTS, discoverCursor: '2025-01-01T10:00:00.000Z_g4' });
    const walkers = group('g5', 'Walkers');
    await t.user.click(screen.getByRole('button', { name: 'Load more groups' }));
    const loadingButton = screen.getByRole('button', { name: 'Loading...' });
    expect(loadingButton.hasAttribute('disabled') || loadingButton.hasAttribute('data-disabled')).toBe(true);
    expect(t.input('moreGroups')).toEqual({ query: null, cursor: '2025-01-01T10:00:00.000Z_g4' });
    await t.h.settle({ type: 'xstate.done.actor.moreGroups', output: { groups: [quiet, walkers], nextCursor: null } });
    expect(names('Groups to discover')).toEqual(['Hikers', 'Quiet Readers', 'Walkers']);
    expect(screen.queryByRole('button', { name: 'Load more groups' })).toBeNull();

    await t.user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'walk');
    await waitFor(() => expect(t.input('searchGroups')).toEqual({ query: 'walk' }), { timeout: 2000 });
    await t.h.settle({ type: 'xstate.done.actor.searchGroups', output: { groups: [walkers], nextCursor: '2025-01-01T10:00:00.000Z_g5' } });
    await t.user.click(screen.getByRole('button', { name: 'More results' }));
    expect(t.input('moreGroups')).toEqual({ query: 'walk', cursor: '2025-01-01T10:00:00.000Z_g5' });
    await t.h.settle({ type: 'xstate.error.actor.moreGroups', error: refused('Too many requests', 429) });
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(names('Search results')).toEqual(['Walkers']);
    expect(screen.getByRole('button', { name: 'More results' })).toBeTruthy();
  });

  it('shows each group as a card: link, picture or letter, privacy, member count, a few categories and tags', async () => {
    await loaded();
    const club = card('Book Club');
    expect(within(club).getByRole('link', { name: 'Book Club' }).getAttribute('href')).toBe('/app/social/group/g1');
    expect(club.querySelector('img')?.getAttribute('src')).toBe('/media/image/upload/v1/club');
    expect(club.textContent).toContain('Public');
    expect(club.textContent).toContain('1.2K members');
    const chips = within(within(club).getByRole('list', { name: 'Categories and tags' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual(['Books', 'Education', '#novels', '#poetry', '#classics', '+2 more']);
    expect(within(club).getByText('Admin')).toBeTruthy();
    const invite = card('Chess Friends');
    expect(invite.querySelector('img')).toBeNull();
    expect(invite.textContent).toMatch(/^CChess FriendsPrivate5 members/);
    expect(within(invite).queryByRole('list', { name: 'Categories and tags' })).toBeNull();
  });

  it('says so when every list is empty', async () => {
    await loaded(EMPTY);
    expect(screen.getByText('You have not joined any group yet')).toBeTruthy();
    expect(screen.getByText('No invitations')).toBeTruthy();
    expect(screen.getByText('No groups to discover')).toBeTruthy();
  });

  it('shows the server message with Try again when loading fails, and loads again', async () => {
    const t = renderGroups();
    restore = t.h.restore;
    await t.h.settle({ type: 'xstate.error.actor.loadGroups', error: refused('Too many requests', 429) });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load groups');
    expect(alert.textContent).toContain('Too many requests');
    await t.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status', { name: 'Loading groups' })).toBeTruthy();
    await t.h.settle({ type: 'xstate.done.actor.loadGroups', output: LISTS });
    expect(names('My groups')).toEqual(['Book Club']);
  });

  it('accepts an invitation from the keyboard: both buttons wait, then the group moves into My groups', async () => {
    const t = await loaded();
    const accept = within(card('Chess Friends')).getByRole('button', { name: 'Accept invitation to Chess Friends' });
    act(() => accept.focus());
    await t.user.keyboard('{Enter}');
    expect(t.input('accept.g2')).toEqual({ groupId: 'g2' });
    expect(accept.textContent).toBe('Accepting...');
    expect(accept).toHaveProperty('disabled', true);
    expect(within(card('Chess Friends')).getByRole('button', { name: /Decline/ })).toHaveProperty('disabled', true);
    // The other cards stay usable meanwhile.
    expect(screen.getByRole('button', { name: 'Join Hikers' })).toHaveProperty('disabled', false);
    await t.h.settle({
      type: 'xstate.done.actor.accept.g2',
      output: { message: 'Invitation accepted', group: { ...chess, memberCount: 6, membership: membership('accepted', 'invited') } },
    });
    expect(names('My groups')).toEqual(['Chess Friends', 'Book Club']);
    expect(screen.getByText('No invitations')).toBeTruthy();
    expect(card('Chess Friends').textContent).toContain('6 members');
    await waitFor(() => expect(screen.getByText('Invitation accepted')).toBeTruthy());
  });

  it('shows the server message when declining fails, and lets the member try again', async () => {
    const t = await loaded();
    await t.user.click(screen.getByRole('button', { name: 'Decline invitation to Chess Friends' }));
    expect(screen.getByRole('button', { name: 'Decline invitation to Chess Friends' }).textContent).toBe('Declining...');
    await t.h.settle({ type: 'xstate.error.actor.decline.g2', error: refused('Invitation not found') });
    await waitFor(() => expect(screen.getByText('Invitation not found')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Decline invitation to Chess Friends' })).toHaveProperty('disabled', false);
    await t.user.click(screen.getByRole('button', { name: 'Decline invitation to Chess Friends' }));
    await t.h.settle({ type: 'xstate.done.actor.decline.g2', output: { message: 'Invitation declined', groupId: 'g2' } });
    expect(screen.getByText('No invitations')).toBeTruthy();
    expect(names('My groups')).toEqual(['Book Club']);
  });

  it('joins a public group at once; asks to join a private one ("Request sent", which can be cancelled), out of My groups', async () => {
    const t = await loaded();
    await t.user.click(screen.getByRole('button', { name: 'Join Hikers' }));
    await t.user.click(screen.getByRole('button', { name: 'Ask to join Quiet Readers' }));
    // Two requests in flight, each on its own card.
    expect(screen.getByRole('button', { name: 'Join Hikers' }).textContent).toBe('Joining...');
    expect(screen.getByRole('button', { name: 'Ask to join Quiet Readers' }).textContent).toBe('Sending request...');
    expect(t.context().busy).toEqual({ g3: 'join', g4: 'join' });
    await t.h.settle({
      type: 'xstate.done.actor.join.g4',
      output: {
        message: 'Your request to join was sent',
        status: 'pending',
        group: { ...quiet, membership: membership('pending', 'request') },
      },
    });
    expect(within(card('Quiet Readers')).getByText('Request sent')).toBeTruthy();
    expect(
      within(card('Quiet Readers'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Cancel request to join Quiet Readers']);
    expect(names('My groups')).toEqual(['Book Club']);
    await t.h.settle({
      type: 'xstate.done.actor.join.g3',
      output: {
        message: 'You joined the group',
        status: 'accepted',
        group: { ...hikers, memberCount: 13, membership: membership('accepted', 'joined') },
      },
    });
    expect(names('My groups')).toEqual(['Hikers', 'Book Club']);
    expect(names('Groups to discover')).toEqual(['Quiet Readers']);
    await waitFor(() => expect(screen.getByText('You joined the group')).toBeTruthy());

    // Cancelled: the card offers Ask to join again.
    await t.user.click(screen.getByRole('button', { name: 'Cancel request to join Quiet Readers' }));
    expect(screen.getByRole('button', { name: 'Cancel request to join Quiet Readers' }).textContent).toBe('Cancelling...');
    expect(t.input('cancel.g4')).toEqual({ groupId: 'g4' });
    await t.h.settle({ type: 'xstate.done.actor.cancel.g4', output: { message: 'Your request was withdrawn', groupId: 'g4' } });
    await waitFor(() => expect(screen.getByText('Your request was withdrawn')).toBeTruthy());
    expect(within(card('Quiet Readers')).queryByText('Request sent')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask to join Quiet Readers' }).textContent).toBe('Ask to join');
  });

  it('shows the server message when joining fails', async () => {
    const t = await loaded();
    await t.user.click(screen.getByRole('button', { name: 'Join Hikers' }));
    await t.h.settle({ type: 'xstate.error.actor.join.g3', error: refused('Group not found') });
    await waitFor(() => expect(screen.getByText('Group not found')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Join Hikers' })).toHaveProperty('disabled', false);
    expect(names('Groups to discover')).toEqual(['Hikers', 'Quiet Readers']);
  });

  it("searches all groups after the pause, shows each group's standing, its failure and clearing", async () => {
    const t = await loaded();
    const box = screen.getByRole('searchbox', { name: 'Search groups' });
    await t.user.type(box, 'ch');
    expect(t.input('searchGroups')).toBeUndefined();
    await waitFor(() => expect(t.input('searchGroups')).toEqual({ query: 'ch' }));
    await t.h.settle({
      type: 'xstate.done.actor.searchGroups',
      output: { groups: [bookClub, chess, { ...quiet, membership: membership('pending', 'request') }] },
    });
    expect(names('Search results')).toEqual(['Book Club', 'Chess Friends', 'Quiet Readers']);
    const results = list('Search results');
    expect(within(results).getByText('Joined')).toBeTruthy();
    expect(within(results).getByRole('button', { name: 'Accept invitation to Chess Friends' })).toBeTruthy();
    expect(within(results).getByText('Request sent')).toBeTruthy();

    await t.user.type(box, 'x');
    await waitFor(() => expect(t.input('searchGroups')).toEqual({ query: 'chx' }));
    await t.h.settle({ type: 'xstate.done.actor.searchGroups', output: { groups: [] } });
    expect(screen.getByText('No groups match "chx"')).toBeTruthy();

    await t.user.type(box, '!');
    await waitFor(() => expect(t.input('searchGroups')).toEqual({ query: 'chx!' }));
    await t.h.settle({ type: 'xstate.error.actor.searchGroups', error: refused('Search term must not exceed 50 characters', 400) });
    expect(screen.getByRole('alert').textContent).toContain('Search term must not exceed 50 characters');

    await t.user.clear(box);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(names('Groups to discover')).toEqual(['Hikers', 'Quiet Readers']);
  });

  it('takes invitations and deletions live from the socket', async () => {
    const t = await loaded();
    const carol = group('g5', "Carol's Cooks", { memberCount: 2, membership: membership('pending', 'invited') });
    act(() =>
      t.bus.publish({
        event: 'group action',
        payload: { type: 'CREATE_GROUP', groupId: 'g5', groupName: carol.name, groupPicture: '', members: [] },
      }),
    );
    // Read again behind the shown lists: no skeleton.
    expect(t.input('loadGroups')).toEqual({ userId: alice._id });
    expect(screen.queryByRole('status', { name: 'Loading groups' })).toBeNull();
    await t.h.settle({ type: 'xstate.done.actor.loadGroups', output: { ...LISTS, invitations: [carol, chess] } });
    expect(names('Invitations')).toEqual(["Carol's Cooks", 'Chess Friends']);
    act(() =>
      t.bus.publish({
        event: 'group action',
        payload: { type: 'DELETE_GROUP', groupId: 'g1', groupName: 'Book Club', groupPicture: '', members: [] },
      }),
    );
    expect(screen.getByText('You have not joined any group yet')).toBeTruthy();
  });

  it('has no axe violations once loaded', async () => {
    const t = await loaded();
    void t;
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});
