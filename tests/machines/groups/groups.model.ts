import type { Group, GroupMembership } from '../../../src/api/groups';
import { groupsMachine, requestOf, type GroupsContext } from '../../../src/machines/groups/groups.machine';
import { refused } from '../../fixtures/streams';
import { type MachineModel, type ModelEvent } from '../cover';

export const ME = 'u0';

export const membership = (
  status: GroupMembership['status'],
  joinedBy: GroupMembership['joinedBy'],
  role: GroupMembership['role'] = 'member',
): GroupMembership => ({
  userId: ME,
  username: 'alice',
  avatarColor: '#f33e58',
  profilePicture: '',
  joinedAt: '2025-01-01T10:00:00.000Z',
  role,
  joinedBy,
  status,
  invitedBy: joinedBy === 'invited' ? 'u9' : null,
});

const group = (id: string, overrides: Partial<Group> = {}): Group => ({
  _id: id,
  name: `Group ${id}`,
  description: '',
  privacy: 'public',
  profileImage: '',
  tags: ['books'],
  category: ['Books'],
  createdBy: 'u9',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  memberCount: 3,
  admins: ['u9'],
  members: [],
  membership: null,
  membersNextCursor: null,
  ...overrides,
});

export const g1 = group('g1', { membership: membership('accepted', 'creator', 'admin') });
export const g2 = group('g2', { privacy: 'private', membership: membership('pending', 'invited') });
export const g3 = group('g3');
export const g4 = group('g4', { privacy: 'private' });
export const g5 = group('g5');
export const LISTS = { mine: [g1], invitations: [g2], discover: [g3, g4], discoverCursor: '2025-01-01T10:00:00.000Z_g4' };

// A group in a list, by id and the viewer's membership: `g2:pending/invited`.
export const tag = (g: Group) => `${g._id}:${g.membership ? `${g.membership.status}/${g.membership.joinedBy}` : '-'}`;

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as GroupsContext;
  return JSON.stringify({
    value: snapshot.value,
    mine: c.mine.map(tag),
    invitations: c.invitations.map(tag),
    discover: c.discover.map(tag),
    results: c.results?.map(tag) ?? null,
    cursors: [c.discoverCursor, c.resultsCursor, c.moreFor],
    busy: c.busy,
    query: c.query,
    error: c.error,
    searchError: c.searchError,
  });
};

type Snap = { context: unknown; matches(v: unknown): boolean };
const ctx = (s: Snap) => s.context as GroupsContext;
/** The lists as loaded, nothing asked yet. */
const pristine = (c: GroupsContext) =>
  c.mine.map(tag).join() === 'g1:accepted/creator' &&
  c.invitations.map(tag).join() === 'g2:pending/invited' &&
  c.discover.map(tag).join() === 'g3:-,g4:-';
const quiet = (s: Snap) => Object.keys(ctx(s).busy).length === 0 && ctx(s).results === null && s.matches({ search: 'idle' });

const model = {
  serialize,
  input: { userId: ME },
  events: [
    { type: 'groups.search', query: 'book' },
    { type: 'groups.search', query: '  ' },
    { type: 'groups.accept', groupId: 'g2' },
    { type: 'groups.decline', groupId: 'g2' },
    { type: 'groups.join', groupId: 'g3' },
    { type: 'groups.join', groupId: 'g4' },
    { type: 'groups.deleted', groupId: 'g3' },
    { type: 'xstate.done.actor.loadGroups', output: LISTS },
    { type: 'xstate.error.actor.loadGroups', error: refused('Too many requests', 429) },
    { type: 'xstate.done.actor.searchGroups', output: { groups: [g2, g3], nextCursor: '2025-01-01T10:00:00.000Z_g3' } },
    { type: 'groups.more' },
    // The pages shifted meanwhile: g3 comes again.
    { type: 'xstate.done.actor.moreGroups', output: { groups: [g3, g5], nextCursor: null } },
    { type: 'xstate.error.actor.moreGroups', error: refused('Too many requests', 429) },
    { type: 'xstate.error.actor.searchGroups', error: refused('Search term must not exceed 50 characters', 400) },
    {
      type: 'xstate.done.actor.accept.g2',
      output: { message: 'Invitation accepted', group: { ...g2, memberCount: 4, membership: membership('accepted', 'invited') } },
    },
    { type: 'xstate.error.actor.accept.g2', error: refused('Invitation not found') },
    { type: 'xstate.done.actor.decline.g2', output: { message: 'Invitation declined', groupId: 'g2' } },
    { type: 'xstate.error.actor.decline.g2', error: new Error('Network down') },
    {
      type: 'xstate.done.actor.join.g3',
      output: { message: 'You joined the group', status: 'accepted', group: { ...g3, membership: membership('accepted', 'joined') } },
    },
    { type: 'xstate.error.actor.join.g3', error: refused('You are already a member of this group', 409) },
    {
      type: 'xstate.done.actor.join.g4',
      output: {
        message: 'Your request to join was sent',
        status: 'pending',
        group: { ...g4, membership: membership('pending', 'request') },
      },
    },
    { type: 'xstate.error.actor.join.g4', error: {} },
    // The request to the private g4, taken back from its card.
    { type: 'groups.cancel', groupId: 'g4' },
    { type: 'xstate.done.actor.cancel.g4', output: { message: 'Your request was withdrawn', groupId: 'g4' } },
    { type: 'xstate.error.actor.cancel.g4', error: refused('Join request not found') },
  ] as ModelEvent[],
  // Bounds the parallel regions: searches, reloads and deletions from the loaded lists with
  // nothing in flight; requests (at most two at once) from the lists with no search shown; a
  // request settles only when it is running, which is all the world can do.
  filter: (snapshot: Snap, event: ModelEvent) => {
    const c = ctx(snapshot);
    const loaded = snapshot.matches({ lists: 'loaded' });
    const settled = requestOf(event.type);
    if (settled) return c.busy[settled.groupId] === settled.request;
    switch (event.type) {
      case 'groups.changed':
        return quiet(snapshot) && (!loaded || pristine(c));
      case 'groups.deleted':
        return loaded && quiet(snapshot) && pristine(c);
      case 'groups.search':
        return loaded && pristine(c) && Object.keys(c.busy).length === 0;
      case 'groups.more':
        return loaded && Object.keys(c.busy).length === 0 && snapshot.matches({ search: 'idle' }) && (c.results !== null || pristine(c));
      case 'groups.accept':
      case 'groups.decline':
      case 'groups.join':
      case 'groups.cancel': {
        const id = event.groupId as string;
        const listed =
          event.type === 'groups.join'
            ? c.discover.some((g) => g._id === id && !g.membership)
            : event.type === 'groups.cancel'
              ? c.discover.some((g) => g._id === id && g.membership?.joinedBy === 'request')
              : c.invitations.some((g) => g._id === id);
        return loaded && c.results === null && snapshot.matches({ search: 'idle' }) && listed && Object.keys(c.busy).length < 2;
      }
      default:
        return true;
    }
  },
};

export const groupsModel: MachineModel = {
  name: 'groups',
  machine: groupsMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
