import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AUDIT_ACTIONS } from '../../../src/api/moderation';
import type { AdminActionOutput } from '../../../src/machines/admin/adminAction.machine';
import {
  ADMIN_SEARCH_DELAY_MS,
  adminListMachine,
  ACTION_CRASHED,
  LIST_FAILED,
  selectIsActingOn,
} from '../../../src/machines/admin/adminList.machine';
import {
  ADMIN_LIST_KINDS,
  applyChanges,
  belongsUnder,
  defaultFilterOf,
  filtersByAdmin,
  filtersOf,
  isSearchable,
  itemKey,
  type AdminItem,
  type AdminPage,
  type AdminPageRequest,
} from '../../../src/machines/admin/adminLists';
import { post, refused } from '../../fixtures/streams';
import {
  appeal,
  audit,
  banEntry,
  banned,
  ben,
  cleo,
  dora,
  hiddenPost,
  page,
  postCase,
  postReport,
  profileReport,
  root,
  summary,
} from './adminFixtures';
import { coverOf, pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../model';
import { P1, P2, Snap, adminListModel, ctx, r1, r2, resolvedR1, serialize } from './adminList.model';

const coverage = new TransitionCoverage(adminListMachine);

function replayModel(label: string) {
  const { input } = coverOf(adminListModel, label).options;
  const paths = pathsOf(adminListModel, label);
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const toasts: { type: string; description: string }[] = [];
    await replay(adminListMachine, path, {
      input,
      coverage,
      serialize: serialize as never,
      provide: { actions: { showToast: (_: unknown, t: { type: string; description: string }) => void toasts.push(t) } },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Snap & {
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
        };
        const c = ctx(snapshot);
        const e = step.event as ModelEvent;
        const before = ctx(path.steps[path.steps.indexOf(step) - 1].state as never);
        const fetch = snapshot.children.fetchPage;
        // Every read asks for the list's page, filter and search as they are now.
        if (fetch)
          expect(fetch.getSnapshot().input).toEqual({
            kind: c.kind,
            page: c.page,
            filter: c.filter,
            search: c.query,
            adminId: c.adminId,
          } satisfies AdminPageRequest);
        if (e.type === 'xstate.error.actor.fetchPage' && snapshot.matches({ data: 'failed' })) expect(c.error).toBe('Too many requests');
        if (e.type === 'xstate.error.actor.fetchPage' && snapshot.matches({ data: 'ready' })) expect(c.items).toEqual(before.items);
        if (e.type === 'list.act' && snapshot.children.action)
          expect(snapshot.children.action.getSnapshot().input).toEqual({ action: e.action });
        if (e.type === 'list.act' && e.key === 'u9') expect(c.acting).toBeNull();
        if (e.type === 'xstate.done.actor.action') {
          const output = e.output as AdminActionOutput;
          expect(c.acting).toBeNull();
          if (output.outcome === 'done') {
            expect(toasts[0]).toEqual({ type: 'success', description: output.result.message });
            if (output.result.warning) expect(toasts[1]).toEqual({ type: 'warning', description: output.result.warning });
            // Read again behind the updated rows.
            expect(snapshot.matches({ data: { ready: 'refreshing' } })).toBe(true);
          }
          if (output.outcome === 'failed') expect(toasts).toEqual([{ type: 'error', description: 'Too many requests' }]);
          if (output.outcome === 'cancelled') expect(toasts).toEqual([]);
        }
        if (e.type === 'xstate.error.actor.action') expect(toasts).toEqual([{ type: 'error', description: ACTION_CRASHED }]);
      },
    });
  });
}

describe('admin list machine: members (search, paging, actions)', () => {
  beforeEach(() => void vi.useFakeTimers());
  replayModel('members (search, paging, actions)');
});

describe('admin list machine: report queue (status filter, an item leaving it)', () => {
  beforeEach(() => void vi.useFakeTimers());
  replayModel('report queue (status filter, an item leaving it)');
});

describe('admin list machine: audit log (action and admin filters)', () => {
  beforeEach(() => void vi.useFakeTimers());
  replayModel('audit log (action and admin filters)');
});

describe('admin list machine coverage', () => {
  afterAll(() => {
    console.log(coverage.summary('adminList', stateCount(adminListMachine)));
    expect(coverage.missed).toEqual([]);
  });
  it('was replayed', () => expect(coverage.exercised.size).toBeGreaterThan(0));
});

describe('admin lists: what each list holds and how an action changes it', () => {
  it('offers the filters of each list, the default first, and a search only on members', () => {
    expect(filtersOf('profileReports')).toEqual([null, 'pending', 'reviewing', 'resolved', 'dismissed']);
    expect(filtersOf('postReports')).toEqual(filtersOf('profileReports'));
    expect(defaultFilterOf('appeals')).toBe('pending');
    expect(filtersOf('appeals')).toEqual(['pending', 'approved', 'rejected', null]);
    expect(['users', 'bans', 'hiddenPosts'].map((kind) => defaultFilterOf(kind as never))).toEqual([null, null, null]);
    expect(
      ['users', 'bans', 'profileReports', 'postReports', 'appeals', 'hiddenPosts', 'audit'].filter((kind) => isSearchable(kind as never)),
    ).toEqual(['users', 'audit']);
    // The audit log: every action (null: all of them), and the admin who acted.
    expect(filtersOf('audit')).toEqual([null, ...AUDIT_ACTIONS]);
    expect(ADMIN_LIST_KINDS.filter((kind) => filtersByAdmin(kind))).toEqual(['audit']);
  });

  it('keys items by what an action names: the member, the report, the post, the appeal', () => {
    const items: [Parameters<typeof itemKey>[0], AdminItem, string][] = [
      ['users', ben, 'u2'],
      ['bans', banEntry(ben), 'u2'],
      ['profileReports', r1, 'r1'],
      ['postReports', postCase('p1', ben), 'p1'],
      ['appeals', appeal('ap1', summary('u2', 'ben')), 'ap1'],
      ['hiddenPosts', hiddenPost('p2', ben), 'p2'],
      ['audit', audit('e1'), 'e1'],
    ];
    for (const [kind, item, key] of items) expect(itemKey(kind, item)).toBe(key);
  });

  it('open reports are the pending and reviewing ones', () => {
    expect(belongsUnder('profileReports', r1, null)).toBe(true);
    expect(belongsUnder('profileReports', r2, null)).toBe(true);
    expect(belongsUnder('profileReports', resolvedR1, null)).toBe(false);
    expect(belongsUnder('profileReports', resolvedR1, 'resolved')).toBe(true);
    expect(belongsUnder('appeals', appeal('ap1', ben, { status: 'approved' }), null)).toBe(true);
    expect(belongsUnder('appeals', appeal('ap1', ben, { status: 'approved' }), 'pending')).toBe(false);
  });

  it('a ban marks the member everywhere on the page; an unban takes them off the bans', () => {
    const bannedBen = banned(ben);
    expect(applyChanges('users', [ben, dora], [{ type: 'user', user: bannedBen }], null)).toEqual([bannedBen, dora]);
    const cases = [postCase('p1', ben), postCase('p2', dora), postCase('p3', ben)];
    expect(
      applyChanges('postReports', cases, [{ type: 'user', user: bannedBen }], null).map((c) => [c.post._id, c.author.isBanned]),
    ).toEqual([
      ['p1', true],
      ['p2', false],
      ['p3', true],
    ]);
    // A ban resolves the open reports about the member (as the server does): they leave the open queue.
    expect(applyChanges('profileReports', [r1], [{ type: 'user', user: bannedBen }], null)).toEqual([]);
    expect(applyChanges('profileReports', [r1], [{ type: 'user', user: bannedBen }], 'resolved')).toEqual([
      { ...r1, status: 'resolved', reported: bannedBen },
    ]);
    expect(applyChanges('hiddenPosts', [hiddenPost('p2', ben)], [{ type: 'user', user: bannedBen }], null)[0].author).toEqual(bannedBen);
    const bans = [banEntry(ben), banEntry(dora)];
    expect(applyChanges('bans', bans, [{ type: 'user', user: ben }], null).map((b) => b.user.username)).toEqual(['dora']);
  });

  it('hiding a post resolves its open reports and takes it out of the open queue; a closed case keeps its status', () => {
    const open = postCase('p1', ben, { reports: [postReport('r1', 'p1'), postReport('r2', 'p1', { status: 'reviewing' })] });
    const hidden = { ...open.post, hidden: true, hiddenReason: 'Spam' };
    const changes = [
      { type: 'post', post: hidden },
      { type: 'postReports', postId: 'p1', status: 'resolved' },
    ] as const;
    expect(applyChanges('postReports', [open], [...changes], null)).toEqual([]);
    const [resolved] = applyChanges('postReports', [open], [...changes], 'resolved');
    expect(resolved.status).toBe('resolved');
    expect(resolved.post.hidden).toBe(true);
    expect(resolved.reports.map((r) => r.status)).toEqual(['resolved', 'resolved']);
    const dismissed = postCase('p1', ben, { status: 'dismissed' });
    expect(
      applyChanges('postReports', [dismissed], [{ type: 'postReports', postId: 'p1', status: 'resolved' }], 'dismissed')[0].status,
    ).toBe('dismissed');
    // Another post's reports are not touched.
    expect(applyChanges('postReports', [open], [{ type: 'postReports', postId: 'p9', status: 'dismissed' }], null)).toEqual([open]);
  });

  it('an unhidden post leaves the hidden posts; a decided appeal leaves the pending ones', () => {
    const h = hiddenPost('p2', ben);
    expect(applyChanges('hiddenPosts', [h], [{ type: 'post', post: { ...h.post, hidden: false } }], null)).toEqual([]);
    expect(applyChanges('hiddenPosts', [h], [{ type: 'post', post: post({ _id: 'p9', hidden: false }) }], null)).toEqual([h]);
    const a = appeal('ap1', summary('u2', 'ben'));
    const approved = { ...a, status: 'approved' as const, reply: 'Welcome back' };
    expect(applyChanges('appeals', [a], [{ type: 'appeal', appeal: approved }], 'pending')).toEqual([]);
    expect(applyChanges('appeals', [a], [{ type: 'appeal', appeal: approved }], null)).toEqual([approved]);
  });
});

describe('admin list machine behaviour', () => {
  beforeEach(() => void vi.useFakeTimers());

  function start(kind: 'users' | 'profileReports' | 'audit', answer: (request: AdminPageRequest) => AdminPage | Promise<AdminPage>) {
    const requests: AdminPageRequest[] = [];
    const toasts: unknown[] = [];
    let settleAction: ((output: AdminActionOutput) => void) | undefined;
    const actor = createActor(
      adminListMachine.provide({
        actors: {
          fetchPage: fromPromise(async ({ input }: { input: AdminPageRequest }) => (requests.push(input), answer(input))),
          action: fromPromise(() => new Promise<AdminActionOutput>((resolve) => (settleAction = resolve))) as never,
        },
        actions: { showToast: (_: unknown, t: unknown) => void toasts.push(t) },
      }),
      { input: { kind } },
    ).start();
    return { actor, requests, toasts, settle: (output: AdminActionOutput) => settleAction!(output) };
  }

  it('searches once the typing pauses, with the last text, from page 1', async () => {
    const t = start('users', ({ page: p }) => (p === 1 ? P1 : P2));
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.page', page: 2 });
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.search', query: 'b' });
    await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS - 100);
    t.actor.send({ type: 'list.search', query: ' be ' });
    await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS - 1);
    expect(t.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.requests.at(-1)).toEqual({ kind: 'users', page: 1, filter: null, search: 'be', adminId: null });
    // Typing back to the same text asks nothing.
    t.actor.send({ type: 'list.search', query: 'be' });
    await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS);
    expect(t.requests).toHaveLength(3);
    t.actor.stop();
  });

  it('the audit log: the action, the admin and the typed target each read again from page 1, with the admins to choose from', async () => {
    const admins = [root, summary('a2', 'second')];
    const t = start('audit', ({ page: p }) => page([audit(`e${p}`)], { page: p, hasMore: p === 1, total: null, admins }));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().context.admins).toEqual(admins);
    t.actor.send({ type: 'list.page', page: 2 });
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.filter', filter: 'hide' });
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.admin', adminId: 'a2' });
    await vi.advanceTimersByTimeAsync(0);
    // The same admin again asks nothing.
    t.actor.send({ type: 'list.admin', adminId: 'a2' });
    t.actor.send({ type: 'list.search', query: ' ben ' });
    await vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DELAY_MS);
    expect(t.requests.slice(1)).toEqual([
      { kind: 'audit', page: 2, filter: null, search: '', adminId: null },
      { kind: 'audit', page: 1, filter: 'hide', search: '', adminId: null },
      { kind: 'audit', page: 1, filter: 'hide', search: '', adminId: 'a2' },
      { kind: 'audit', page: 1, filter: 'hide', search: 'ben', adminId: 'a2' },
    ]);
    t.actor.stop();
  });

  it('only the audit log filters by admin', async () => {
    const t = start('users', () => P1);
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.admin', adminId: 'a1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.requests).toHaveLength(1);
    expect(t.actor.getSnapshot().context.adminId).toBeNull();
    t.actor.stop();
  });

  it('goes only to the previous or the next page that exists', async () => {
    const t = start('users', ({ page: p }) => (p === 1 ? P1 : P2));
    await vi.advanceTimersByTimeAsync(0);
    for (const p of [0, 3, 1]) t.actor.send({ type: 'list.page', page: p });
    expect(t.requests).toHaveLength(1);
    t.actor.send({ type: 'list.page', page: 2 });
    await vi.advanceTimersByTimeAsync(0);
    // Page 2 is the last.
    t.actor.send({ type: 'list.page', page: 3 });
    expect(t.actor.getSnapshot().context.page).toBe(2);
    expect(t.requests.map((r) => r.page)).toEqual([1, 2]);
    t.actor.stop();
  });

  it('an item that leaves the filter leaves the list and the total; a page emptied by it steps back', async () => {
    let queue = [r1, r2];
    const t = start('profileReports', ({ page: p }) =>
      p === 1
        ? page(queue, { total: queue.length + 1, hasMore: true })
        : page(queue.length === 2 ? [profileReport('r3', cleo)] : [], { page: 2, total: 3 }),
    );
    await vi.advanceTimersByTimeAsync(0);
    t.actor.send({ type: 'list.page', page: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().context.items.map((i) => itemKey('profileReports', i))).toEqual(['r3']);
    t.actor.send({
      type: 'list.act',
      key: 'r3',
      action: { type: 'profileReportStatus', reportId: 'r3', username: 'cleo', status: 'dismissed' },
    });
    expect(selectIsActingOn(t.actor.getSnapshot(), 'r3')).toBe(true);
    queue = [r1];
    t.settle({
      outcome: 'done',
      action: { type: 'profileReportStatus', reportId: 'r3', username: 'cleo', status: 'dismissed' },
      result: {
        message: 'Report dismissed',
        changes: [{ type: 'profileReport', report: profileReport('r3', cleo, { status: 'dismissed' }) }],
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    // Page 2 read again came back empty: page 1 is shown.
    expect(t.requests.map((r) => r.page)).toEqual([1, 2, 2, 1]);
    expect(t.actor.getSnapshot().context.page).toBe(1);
    expect(t.actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
    expect(t.toasts).toEqual([{ type: 'success', description: 'Report dismissed' }]);
    t.actor.stop();
  });

  it('says why a page could not be read, and reads it again on Try again', async () => {
    let fail = true;
    const t = start('users', async () => {
      if (fail) throw refused('Only administrators can do that', 403);
      return P1;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().context.error).toBe('Only administrators can do that');
    fail = false;
    t.actor.send({ type: 'list.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.actor.getSnapshot().context.items).toEqual(P1.items);
    expect(LIST_FAILED).toMatch(/Please try again/);
    t.actor.stop();
  });
});
