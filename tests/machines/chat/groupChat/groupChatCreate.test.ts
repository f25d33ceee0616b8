import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CREATE_CHAT_FAILED,
  groupChatCreateMachine,
  type CreateGroupChatContext,
} from '../../../../src/machines/chat/groupChat/groupChatCreate.machine';
import { team } from './groupChatFixtures';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from '../../model';
import { NAME_ERRORS, groupChatCreateModel, model, serialize } from './groupChatCreate.model';

const coverage = new TransitionCoverage(groupChatCreateMachine);

describe('group chat create machine', () => {
  const paths = pathsOf(groupChatCreateModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = {
      listed: [] as string[],
      announced: [] as string[],
      toasts: [] as { type: string; description: string }[],
      navigations: [] as string[],
    };
    await replay(groupChatCreateMachine, path, {
      coverage,
      input: model.input,
      serialize: serialize as never,
      provide: {
        actions: {
          listGroup: (_: unknown, g: { _id: string }) => void fx.listed.push(g._id),
          announce: (_: unknown, g: { _id: string }) => void fx.announced.push(g._id),
          showToast: (_: unknown, t: { type: string; description: string }) => void fx.toasts.push(t),
          navigate: (_: unknown, p: { to: string }) => void fx.navigations.push(p.to),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          context: CreateGroupChatContext;
          status: string;
          output: unknown;
          children: Record<string, { getSnapshot(): { input: unknown } } | undefined>;
          matches(v: unknown): boolean;
        };
        const c = snapshot.context;
        const e = step.event as ModelEvent & Record<string, unknown>;
        if (e.type === 'create.name') expect(c.nameError).toBe(NAME_ERRORS[e.value as string]);
        if (e.type === 'create.submit') {
          if (snapshot.matches('submitting'))
            expect(snapshot.children.createGroupChat?.getSnapshot().input).toEqual({ name: 'Team', members: c.invitees.map((u) => u._id) });
          else expect(c.nameError).toBe(NAME_ERRORS[c.name]);
        }
        if (e.type === 'xstate.error.actor.createGroupChat') {
          // The server's message, or a plain one when the failure says nothing.
          expect(c.error).toBe((e.error as { data?: unknown }).data ? 'You cannot invite this member' : CREATE_CHAT_FAILED);
          // The form is kept as it was, to correct and send again.
          expect(c.name).toBe(' Team ');
        }
        if (e.type === 'xstate.done.actor.createGroupChat') {
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ group: team() });
          expect(fx).toEqual({
            listed: ['g1'],
            announced: ['g1'],
            toasts: [{ type: 'success', description: 'Team created' }],
            navigations: ['/app/social/chat/messages?username=Team&id=g1&isGroup=true'],
          });
        } else expect(fx.listed).toEqual([]);
        // The search child lives as long as the dialog, whatever the form does.
        if (snapshot.status === 'active') expect(snapshot.children.search?.getSnapshot().input).toEqual({ exclude: ['me'] });
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('groupChatCreate', stateCount(groupChatCreateMachine)));
  expect(coverage.missed).toEqual([]);
});
