import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { groupChatManageMachine, type ManageContext } from '../../../../src/machines/chat/groupChat/groupChatManage.machine';
import type { MemberSearchContext } from '../../../../src/machines/chat/groupChat/groupChatSearch.machine';
import type { GroupChat } from '../../../../src/api/chat';
import { me, team } from './groupChatFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { REQUESTS, TOASTS, danaFound, groupChatManageModel, model, serialize, withDana } from './groupChatManage.model';

const coverage = new TransitionCoverage(groupChatManageMachine);

describe('group chat manage machine', () => {
  const paths = pathsOf(groupChatManageModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = {
      listed: [] as string[],
      unlisted: [] as string[],
      toasts: [] as { type: string; description: string }[],
      navigations: [] as string[],
    };
    let asked: string | null = null;
    let before = 'Team';
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
        const badName = e.type === 'manage.rename' && before === 'T!';
        before = c.nameDraft;
        if (e.type in REQUESTS && !badName) asked = e.type;
        if (badName) expect([c.nameError, snapshot.matches('idle')]).toEqual(['Group name must be at least 3 characters', true]);
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
    const actor = createActor(
      groupChatManageMachine.provide({ actors: { request: fromPromise(async () => withDana as GroupChat | null) } }),
      { input: { me, group: team() } },
    ).start();
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
