import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../src/api/client';
import type { Group, GroupMembership } from '../../src/api/groups';
import { groupsEventOf, loadGroupLists, groupsLogic } from '../../src/effects/groups';
import { createBus } from '../../src/effects/socket';
import {
  answerToast,
  forgetInvitation,
  GROUP_SEARCH_DELAY_MS,
  groupsMachine,
  placeGroup,
  REQUEST_FAILED,
  requestOf,
  type GroupsContext,
} from '../../src/machines/groups.machine';
import { refused } from '../fixtures/streams';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const ME = 'u0';

const membership = (status: GroupMembership['status'], joinedBy: GroupMembership['joinedBy'], role: GroupMembership['role'] = 'member'): GroupMembership => ({
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

const g1 = group('g1', { membership: membership('accepted', 'creator', 'admin') });
const g2 = group('g2', { privacy: 'private', membership: membership('pending', 'invited') });
const g3 = group('g3');
const g4 = group('g4', { privacy: 'private' });
const g5 = group('g5');
const LISTS = { mine: [g1], invitations: [g2], discover: [g3, g4], discoverCursor: '2025-01-01T10:00:00.000Z_g4' };

// A group in a list, by id and the viewer's membership: `g2:pending/invited`.
const tag = (g: Group) => `${g._id}:${g.membership ? `${g.membership.status}/${g.membership.joinedBy}` : '-'}`;

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
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
  c.mine.map(tag).join() === 'g1:accepted/creator' && c.invitations.map(tag).join() === 'g2:pending/invited' && c.discover.map(tag).join() === 'g3:-,g4:-';
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
    { type: 'xstate.done.actor.accept.g2', output: { message: 'Invitation accepted', group: { ...g2, memberCount: 4, membership: membership('accepted', 'invited') } } },
    { type: 'xstate.error.actor.accept.g2', error: refused('Invitation not found') },
    { type: 'xstate.done.actor.decline.g2', output: { message: 'Invitation declined', groupId: 'g2' } },
    { type: 'xstate.error.actor.decline.g2', error: new Error('Network down') },
    { type: 'xstate.done.actor.join.g3', output: { message: 'You joined the group', status: 'accepted', group: { ...g3, membership: membership('accepted', 'joined') } } },
    { type: 'xstate.error.actor.join.g3', error: refused('You are already a member of this group', 409) },
    { type: 'xstate.done.actor.join.g4', output: { message: 'Your request to join was sent', status: 'pending', group: { ...g4, membership: membership('pending', 'request') } } },
    { type: 'xstate.error.actor.join.g4', error: {} },
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
      case 'groups.join': {
        const id = event.groupId as string;
        const listed = event.type === 'groups.join' ? c.discover.some((g) => g._id === id && !g.membership) : c.invitations.some((g) => g._id === id);
        return loaded && c.results === null && snapshot.matches({ search: 'idle' }) && listed && Object.keys(c.busy).length < 2;
      }
      default:
        return true;
    }
  },
};

const coverage = new TransitionCoverage(groupsMachine);

describe('groups machine', () => {
  const paths = coverPaths(groupsMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(groupsMachine, path, {
      coverage,
      input: { userId: ME },
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          value: { lists: unknown };
          context: GroupsContext;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent;
        const of = requestOf(e.type);
        const before = path.steps[path.steps.indexOf(step) - 1].state;
        // The search box and the cards never disturb the lists' loading.
        if (e.type === 'groups.search' || e.type.startsWith('xstate.after.') || of) {
          expect(actor.getSnapshot().value.lists).toEqual(before.value.lists);
        }
        // One running child per busy card, and none left behind once a request settles.
        const requests = Object.keys(snapshot.children).filter((id) => requestOf(`xstate.done.actor.${id}`)).sort();
        expect(requests).toEqual(Object.entries(c.busy).map(([id, request]) => `${request}.${id}`).sort());
        for (const [id, request] of Object.entries(c.busy)) expect(snapshot.children[`${request}.${id}`]!.getSnapshot().input).toEqual({ groupId: id });
        // A group is never both the member's and an invitation or one to discover.
        for (const mine of c.mine) {
          expect(c.invitations.some((g) => g._id === mine._id)).toBe(false);
          expect(c.discover.some((g) => g._id === mine._id)).toBe(false);
        }
        if (of && e.type.startsWith('xstate.error.')) expect(toasts.at(-1)?.type).toBe('error');
        if (e.type === 'xstate.error.actor.accept.g2') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Invitation not found' });
        if (e.type === 'xstate.error.actor.join.g4') expect(toasts.at(-1)).toEqual({ type: 'error', description: REQUEST_FAILED.join });
        if (e.type === 'xstate.done.actor.accept.g2') {
          expect(c.mine[0]).toMatchObject({ _id: 'g2', memberCount: 4 });
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Invitation accepted' });
        }
        if (e.type === 'xstate.done.actor.join.g4') {
          // A private group's request: marked in Discover, not in My groups.
          expect(c.mine.some((g) => g._id === 'g4')).toBe(false);
          expect(c.discover.find((g) => g._id === 'g4')?.membership).toMatchObject({ status: 'pending', joinedBy: 'request' });
        }
        if (e.type === 'xstate.done.actor.join.g3') expect(c.mine.map((g) => g._id)).toContain('g3');
        if (e.type === 'xstate.error.actor.loadGroups' && !actor.getSnapshot().matches({ lists: 'loaded' })) expect(c.error).toBe('Too many requests');
        if (e.type === 'xstate.error.actor.searchGroups') expect(c.searchError).toBe('Search term must not exceed 50 characters');
        if (e.type.startsWith('xstate.after.')) {
          expect(snapshot.children.searchGroups?.getSnapshot().input).toEqual({ query: 'book' });
        }
        if (e.type === 'groups.deleted') for (const list of [c.mine, c.invitations, c.discover]) expect(list.some((g) => g._id === 'g3')).toBe(false);
        // Load more: the next page of what Discover shows, each group once, never one of My groups.
        const loadingMore = actor.getSnapshot().matches({ more: 'loading' });
        if (e.type === 'groups.more' && loadingMore) {
          expect(snapshot.children.moreGroups?.getSnapshot().input).toEqual(
            c.moreFor === null ? { query: null, cursor: '2025-01-01T10:00:00.000Z_g4' } : { query: 'book', cursor: '2025-01-01T10:00:00.000Z_g3' },
          );
        }
        if (e.type === 'groups.more' && !loadingMore) expect(c.results === null ? c.discoverCursor : c.resultsCursor).toBeNull();
        for (const list of [c.discover, c.results ?? []]) expect(new Set(list.map((g) => g._id)).size).toBe(list.length);
        if (e.type === 'xstate.done.actor.moreGroups') {
          const before = path.steps[path.steps.indexOf(step) - 1].state.context as GroupsContext;
          const plus = (list: Group[], except: Group[] = []) => [
            ...list.map((g) => g._id),
            ...['g3', 'g5'].filter((id) => !list.some((g) => g._id === id) && !except.some((g) => g._id === id)),
          ];
          if (before.moreFor === null) expect([c.discover.map((g) => g._id), c.discoverCursor]).toEqual([plus(before.discover, before.mine), null]);
          else expect([c.results!.map((g) => g._id), c.resultsCursor]).toEqual([plus(before.results!), null]);
        }
        // Typing a new term drops a page on its way.
        if (e.type === 'groups.search') expect(actor.getSnapshot().matches({ more: 'idle' })).toBe(true);
        if (e.type === 'xstate.error.actor.moreGroups') expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Too many requests' });
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('groups', stateCount(groupsMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

const context = (over: Partial<GroupsContext> = {}): GroupsContext => ({
  userId: ME,
  ...LISTS,
  error: null,
  query: '',
  results: null,
  resultsCursor: null,
  moreFor: null,
  searchError: null,
  busy: {},
  ...over,
});

describe('groups helpers', () => {
  it('places an accepted group first in My groups, out of the other lists, and updates a search result', () => {
    const joined = { ...g3, membership: membership('accepted', 'joined') };
    const next = placeGroup(context({ results: [g3, g4] }), joined);
    expect(next.mine!.map((g) => g._id)).toEqual(['g3', 'g1']);
    expect(next.discover!.map((g) => g._id)).toEqual(['g4']);
    expect(next.results!.map(tag)).toEqual(['g3:accepted/joined', 'g4:-']);
  });

  it('keeps a pending request in Discover, marked, and out of My groups', () => {
    const asked = { ...g4, membership: membership('pending', 'request') };
    const next = placeGroup(context(), asked);
    expect(next.mine!.map((g) => g._id)).toEqual(['g1']);
    expect(next.discover!.map(tag)).toEqual(['g3:-', 'g4:pending/request']);
    expect(next.results).toBeNull();
  });

  it('forgets a declined invitation, also in search results', () => {
    const next = forgetInvitation(context({ results: [g2] }), 'g2');
    expect(next.invitations).toEqual([]);
    expect(next.results!.map(tag)).toEqual(['g2:-']);
  });

  it('reads the request and group from a settle event, and its toast', () => {
    expect(requestOf('xstate.done.actor.join.0190-ab')).toEqual({ request: 'join', groupId: '0190-ab' });
    expect(requestOf('xstate.error.actor.decline.g2')).toEqual({ request: 'decline', groupId: 'g2' });
    expect(requestOf('xstate.done.actor.loadGroups')).toBeNull();
    expect(answerToast({ type: 'xstate.error.actor.accept.g2', error: new TypeError('Failed to fetch') })).toEqual({ type: 'error', description: 'Failed to fetch' });
    expect(answerToast({ type: 'xstate.error.actor.decline.g2', error: null })).toEqual({ type: 'error', description: REQUEST_FAILED.decline });
  });

  it('searches after the pause', () => {
    expect(GROUP_SEARCH_DELAY_MS).toBeGreaterThan(0);
  });

  it('turns bus messages into groups events', () => {
    const action = (type: 'CREATE_GROUP' | 'DELETE_GROUP' | 'JOIN_GROUP') => ({ event: 'group action' as const, payload: { type, groupId: 'g5', groupName: 'Chess', groupPicture: '', members: [] } });
    expect(groupsEventOf(action('CREATE_GROUP'))).toEqual({ type: 'groups.changed' });
    expect(groupsEventOf(action('JOIN_GROUP'))).toEqual({ type: 'groups.changed' });
    expect(groupsEventOf(action('DELETE_GROUP'))).toEqual({ type: 'groups.deleted', groupId: 'g5' });
    expect(groupsEventOf({ event: 'reconnected' })).toEqual({ type: 'groups.changed' });
    expect(groupsEventOf({ event: 'following', userId: 'u1', following: true })).toBeNull();
  });
});

/** The server as the effects see it: each path answers its recorded body (the outside world). */
function fakeHttp(answers: Record<string, unknown>) {
  const calls: { path: string; method: string }[] = [];
  const http = vi.fn(async (url: string, options: { method?: string; query?: Record<string, string> } = {}) => {
    // A query given apart is part of the address, as ofetch sends it.
    const path = options.query ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(options.query)}` : url;
    calls.push({ path, method: options.method ?? 'GET' });
    if (!(path in answers)) throw refused('Not found');
    return answers[path];
  });
  return { api: { http } as unknown as ApiClient, calls };
}

describe('groups effects', () => {
  it('loads the three lists from their paths', async () => {
    const { api, calls } = fakeHttp({
      [`/group/user-group/${ME}`]: { groups: [g1] },
      '/group/invitations': { pendingGroups: [g2] },
      '/group/not-joined': { groups: [g3, g4], nextCursor: LISTS.discoverCursor },
    });
    expect(await loadGroupLists(api, ME)).toEqual(LISTS);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /group/invitations', 'GET /group/not-joined', `GET /group/user-group/${ME}`]);
  });

  it('runs the real machine: more to discover, join, search and more results, and a CREATE_GROUP from the bus', async () => {
    vi.useRealTimers();
    const answers: Record<string, unknown> = {
      [`/group/user-group/${ME}`]: { groups: [g1] },
      '/group/invitations': { pendingGroups: [] },
      '/group/not-joined': { groups: [g3], nextCursor: 'c1' },
      '/group/not-joined?cursor=c1': { groups: [g5], nextCursor: null },
      '/group/allgroups?search=chess%20club&cursor=c2': { groups: [g2], nextCursor: null },
      '/group/join/g3': { message: 'You joined the group', status: 'accepted', group: { ...g3, membership: membership('accepted', 'joined') } },
      '/group/allgroups?search=chess%20club': { groups: [g4], nextCursor: 'c2' },
    };
    const { api, calls } = fakeHttp(answers);
    const bus = createBus();
    const shown: unknown[] = [];
    const app = { system: { get: () => undefined } };
    const { createActor } = await import('xstate');
    const actor = createActor(groupsLogic(app, { api, bus }).provide({ actions: { showToast: (_: unknown, t: unknown) => void shown.push(t) } }), {
      input: { userId: ME },
    }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ lists: 'loaded' })).toBe(true));
    actor.send({ type: 'groups.more' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.discover.map((g) => g._id)).toEqual(['g3', 'g5']));
    actor.send({ type: 'groups.join', groupId: 'g3' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.mine.map((g) => g._id)).toEqual(['g3', 'g1']));
    expect(calls).toContainEqual({ path: '/group/join/g3', method: 'POST' });
    expect(shown).toEqual([{ type: 'success', description: 'You joined the group' }]);

    actor.send({ type: 'groups.search', query: 'chess club' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.results?.map((g) => g._id)).toEqual(['g4']), { timeout: 2000 });
    actor.send({ type: 'groups.more' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.results?.map((g) => g._id)).toEqual(['g4', 'g2']));
    expect(calls.map((c) => c.path)).toContain('/group/allgroups?search=chess%20club&cursor=c2');

    answers['/group/invitations'] = { pendingGroups: [g2] };
    expect(bus.size).toBe(1);
    bus.publish({ event: 'group action', payload: { type: 'CREATE_GROUP', groupId: 'g2', groupName: g2.name, groupPicture: '', members: [] } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.invitations.map((g) => g._id)).toEqual(['g2']));
    actor.stop();
    expect(bus.size).toBe(0);
  });
});
