import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client';
import { createGroupsApi } from '../../../src/api/groups/client';
import type { Group } from '../../../src/api/groups';
import { groupsEventOf, loadGroupLists, groupsLogic } from '../../../src/effects/groups/groups';
import { createBus } from '../../../src/effects/shell/socket';
import {
  answerToast,
  forgetInvitation,
  GROUP_SEARCH_DELAY_MS,
  groupsMachine,
  placeGroup,
  REQUEST_FAILED,
  requestOf,
  type GroupsContext,
} from '../../../src/machines/groups/groups.machine';
import { refused } from '../../fixtures/streams';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { LISTS, ME, g1, g2, g3, g4, g5, groupsModel, membership, serialize, tag } from './groups.model';

const coverage = new TransitionCoverage(groupsMachine);

describe('groups machine', () => {
  const paths = pathsOf(groupsModel, 'all transitions');
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
        const requests = Object.keys(snapshot.children)
          .filter((id) => requestOf(`xstate.done.actor.${id}`))
          .sort();
        expect(requests).toEqual(
          Object.entries(c.busy)
            .map(([id, request]) => `${request}.${id}`)
            .sort(),
        );
        for (const [id, request] of Object.entries(c.busy))
          expect(snapshot.children[`${request}.${id}`]!.getSnapshot().input).toEqual({ groupId: id });
        // A group is never both the member's and an invitation or one to discover.
        for (const mine of c.mine) {
          expect(c.invitations.some((g) => g._id === mine._id)).toBe(false);
          expect(c.discover.some((g) => g._id === mine._id)).toBe(false);
        }
        if (of && e.type.startsWith('xstate.error.')) expect(toasts.at(-1)?.type).toBe('error');
        if (e.type === 'xstate.error.actor.accept.g2')
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Invitation not found' });
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
        // A cancelled request: the card offers Ask to join again; a refusal keeps it marked.
        if (e.type === 'xstate.done.actor.cancel.g4') {
          expect(c.discover.find((g) => g._id === 'g4')?.membership).toBeNull();
          expect(toasts.at(-1)).toEqual({ type: 'success', description: 'Your request was withdrawn' });
        }
        if (e.type === 'xstate.error.actor.cancel.g4') {
          expect(c.discover.find((g) => g._id === 'g4')?.membership).toMatchObject({ joinedBy: 'request' });
          expect(toasts.at(-1)).toEqual({ type: 'error', description: 'Join request not found' });
        }
        if (e.type === 'xstate.error.actor.loadGroups' && !actor.getSnapshot().matches({ lists: 'loaded' }))
          expect(c.error).toBe('Too many requests');
        if (e.type === 'xstate.error.actor.searchGroups') expect(c.searchError).toBe('Search term must not exceed 50 characters');
        if (e.type.startsWith('xstate.after.')) {
          expect(snapshot.children.searchGroups?.getSnapshot().input).toEqual({ query: 'book' });
        }
        if (e.type === 'groups.deleted')
          for (const list of [c.mine, c.invitations, c.discover]) expect(list.some((g) => g._id === 'g3')).toBe(false);
        // Load more: the next page of what Discover shows, each group once, never one of My groups.
        const loadingMore = actor.getSnapshot().matches({ more: 'loading' });
        if (e.type === 'groups.more' && loadingMore) {
          expect(snapshot.children.moreGroups?.getSnapshot().input).toEqual(
            c.moreFor === null
              ? { query: null, cursor: '2025-01-01T10:00:00.000Z_g4' }
              : { query: 'book', cursor: '2025-01-01T10:00:00.000Z_g3' },
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
          if (before.moreFor === null)
            expect([c.discover.map((g) => g._id), c.discoverCursor]).toEqual([plus(before.discover, before.mine), null]);
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
    expect(answerToast({ type: 'xstate.error.actor.accept.g2', error: new TypeError('Failed to fetch') })).toEqual({
      type: 'error',
      description: 'Failed to fetch',
    });
    expect(answerToast({ type: 'xstate.error.actor.decline.g2', error: null })).toEqual({
      type: 'error',
      description: REQUEST_FAILED.decline,
    });
  });

  it('searches after the pause', () => {
    expect(GROUP_SEARCH_DELAY_MS).toBeGreaterThan(0);
  });

  it('turns bus messages into groups events', () => {
    const action = (type: 'CREATE_GROUP' | 'DELETE_GROUP' | 'JOIN_GROUP') => ({
      event: 'group action' as const,
      payload: { type, groupId: 'g5', groupName: 'Chess', groupPicture: '', members: [] },
    });
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
  return { api: { http, ...createGroupsApi(http as never) } as unknown as ApiClient, calls };
}

describe('groups effects', () => {
  it('loads the three lists from their paths', async () => {
    const { api, calls } = fakeHttp({
      [`/group/user-group/${ME}`]: { groups: [g1] },
      '/group/invitations': { pendingGroups: [g2] },
      '/group/not-joined': { groups: [g3, g4], nextCursor: LISTS.discoverCursor },
    });
    expect(await loadGroupLists(api, ME)).toEqual(LISTS);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /group/invitations',
      'GET /group/not-joined',
      `GET /group/user-group/${ME}`,
    ]);
  });

  it('runs the real machine: more to discover, join, search and more results, and a CREATE_GROUP from the bus', async () => {
    vi.useRealTimers();
    const answers: Record<string, unknown> = {
      [`/group/user-group/${ME}`]: { groups: [g1] },
      '/group/invitations': { pendingGroups: [] },
      '/group/not-joined': { groups: [g3], nextCursor: 'c1' },
      '/group/not-joined?cursor=c1': { groups: [g5], nextCursor: null },
      '/group/allgroups?search=chess%20club&cursor=c2': { groups: [g2], nextCursor: null },
      '/group/join/g3': {
        message: 'You joined the group',
        status: 'accepted',
        group: { ...g3, membership: membership('accepted', 'joined') },
      },
      '/group/allgroups?search=chess%20club': { groups: [g4], nextCursor: 'c2' },
    };
    const { api, calls } = fakeHttp(answers);
    const bus = createBus();
    const shown: unknown[] = [];
    const app = { system: { get: () => undefined } };
    const { createActor } = await import('xstate');
    const actor = createActor(
      groupsLogic(app, { api, bus }).provide({ actions: { showToast: (_: unknown, t: unknown) => void shown.push(t) } }),
      {
        input: { userId: ME },
      },
    ).start();
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
    bus.publish({
      event: 'group action',
      payload: { type: 'CREATE_GROUP', groupId: 'g2', groupName: g2.name, groupPicture: '', members: [] },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.invitations.map((g) => g._id)).toEqual(['g2']));
    actor.stop();
    expect(bus.size).toBe(0);
  });
});
