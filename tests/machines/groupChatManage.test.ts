import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { groupChatManageMachine, type ManageContext } from '../../src/machines/groupChatManage.machine';
import type { MemberSearchContext } from '../../src/machines/groupChatSearch.machine';
import type { GroupChat } from '../../src/api/chat';
import { refused } from '../fixtures/streams';
import { ben, cleo, me, member, team } from './groupChatFixtures';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const dana = { id: 'u4', username: 'dana' };
const danaFound = { _id: dana.id, username: dana.username, avatarColor: '#1d4ed8', profilePicture: '' };
const renamed = team({ name: 'Team Two' });
const withDana = team({ members: [...team().members, member(dana, { state: 'pending' })] });

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as ManageContext;
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, name: c.groupName, ids: c.memberIds, nameError: c.nameError, error: c.error, request: c.request });
};

/** What each request sends (the input of the request actor). */
const REQUESTS: Record<string, unknown> = {
  'manage.rename': { kind: 'rename', name: 'Team Two', groupId: 'g1' },
  'manage.invite': { kind: 'invite', userId: 'u4', username: 'dana', groupId: 'g1' },
  'manage.promote': { kind: 'promote', userId: 'u2', username: 'ben', groupId: 'g1' },
  'manage.remove': { kind: 'remove', userId: 'u3', username: 'cleo', groupId: 'g1' },
  'manage.delete': { kind: 'delete', groupId: 'g1' },
  'manage.leave': { kind: 'leave', groupId: 'g1' },
};
const TOASTS: Record<string, string> = {
  rename: 'Group renamed to Team Two',
  invite: 'dana invited',
  promote: 'ben is now an admin',
  remove: 'cleo removed from the group',
  delete: 'Team deleted',
  leave: 'You left Team',
};

const model = {
  serialize,
  input: { me, group: team() },
  events: [
    { type: 'manage.rename', name: '  Team Two ' },
    { type: 'manage.rename', name: 'T!' },
    { type: 'manage.invite', user: danaFound },
    { type: 'manage.promote', member: { userId: ben.id, username: ben.username } },
    { type: 'manage.remove', member: { userId: cleo.id, username: cleo.username } },
    { type: 'xstate.done.actor.request', output: null },
    { type: 'xstate.done.actor.request', output: renamed },
    { type: 'xstate.done.actor.request', output: withDana },
    { type: 'xstate.done.actor.request', output: team() },
    { type: 'xstate.error.actor.request', error: refused('Only group admins can do that', 403) },
  ] as ModelEvent[],
  filter: (snapshot: { context: unknown; matches(v: unknown): boolean }, event: ModelEvent) => {
    const c = snapshot.context as ManageContext;
    const t = event.type;
    if (t === 'xstate.done.actor.request') {
      // Each request is answered as the server would: nothing for delete/leave, the group as changed otherwise.
      const kind = c.request?.kind;
      const expected = kind === 'delete' || kind === 'leave' ? null : kind === 'rename' ? renamed : kind === 'invite' ? withDana : team();
      return event.output === expected;
    }
    if (t.startsWith('xstate.')) return true;
    // A new request only from the panel as it opened (a refusal shown is fine).
    return c.groupName === 'Team' && c.memberIds.length === 3 && (c.nameError === null || t === 'manage.rename');
  },
};

const coverage = new TransitionCoverage(groupChatManageMachine);

describe('group chat manage machine', () => {
  const paths = coverPaths(groupChatManageMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = { listed: [] as string[], unlisted: [] as string[], toasts: [] as { type: string; description: string }[], navigations: [] as string[] };
    let asked: string | null = null;
    await replay(groupChatManageMachine, path, {
      coverage,
      input: model.input,
      serialize: serialize as never,
      provide: {
        actions: {
          listGroup: (_: unknown, g: { name: string }) => void fx.listed.push(g.name),
          unlistGroup: (_: unknown, p: { groupId: string }) => void fx.unlisted.push(p.groupId),
          showToast: (_: unknown, t: { type: string; description: string }) => void fx.toasts.push(t),
          navigate: (_: unknown, p: { to: string }) => void fx.navigations.push(p.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: ManageContext;
          status: string;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & Record<string, unknown>;
        if (e.type in REQUESTS && !(e.type === 'manage.rename' && e.name === 'T!')) asked = e.type;
        if (e.type === 'manage.rename' && e.name === 'T!') expect([c.nameError, snapshot.matches('idle')]).toEqual(['Group name must be at least 3 characters', true]);
        // Removing, deleting and leaving ask first; the rest go at once.
        if (['manage.remove', 'manage.delete', 'manage.leave'].includes(e.type)) expect(snapshot.matches('confirming')).toBe(true);
        if (snapshot.matches('working')) {
          expect(snapshot.children.request?.getSnapshot().input).toEqual(REQUESTS[asked!]);
          expect(c.error).toBeNull();
        }
        if (e.type === 'manage.cancel') expect([c.request, snapshot.matches('idle')]).toEqual([null, true]);
        if (e.type === 'xstate.done.actor.request') {
          const kind = (REQUESTS[asked!] as { kind: string }).kind;
          expect(fx.toasts.at(-1)).toEqual({ type: 'success', description: TOASTS[kind] });
          if (kind === 'delete' || kind === 'leave') {
            expect(snapshot.status).toBe('done');
            expect([fx.unlisted, fx.navigations, fx.listed]).toEqual([['g1'], ['/app/social/chat/messages'], []]);
          } else {
            expect(fx.listed.length).toBe(1);
            if (kind === 'invite') expect(c.memberIds).toContain('u4');
          }
        }
        if (e.type === 'xstate.error.actor.request') {
          expect([c.error, c.request, fx.listed, fx.unlisted]).toEqual(['Only group admins can do that', null, [], []]);
          expect(snapshot.matches('idle')).toBe(true);
        }
        // The search never offers who is already in the group.
        if (snapshot.status === 'active') expect(snapshot.children.search?.getSnapshot().input).toEqual({ exclude: ['me', 'u2', 'u3'] });
      },
    });
  });
});

describe('group chat manage and its search', () => {
  it('stops offering a member once invited', async () => {
    const actor = createActor(groupChatManageMachine.provide({ actors: { request: fromPromise(async () => withDana as GroupChat | null) } }), { input: { me, group: team() } }).start();
    const search = () => (actor.getSnapshot().children as Record<string, AnyActorRef>).search!.getSnapshot().context as MemberSearchContext;
    expect(search().exclude).toEqual(['me', 'u2', 'u3']);
    actor.send({ type: 'manage.invite', user: danaFound });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('idle')).toBe(true));
    expect(search().exclude).toEqual(['me', 'u2', 'u3', 'u4']);
    actor.stop();
  });
});

afterAll(() => {
  console.log(coverage.summary('groupChatManage', stateCount(groupChatManageMachine)));
  expect(coverage.missed).toEqual([]);
});
