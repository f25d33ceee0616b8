import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATE_CHAT_FAILED, groupChatCreateMachine, type CreateGroupChatContext } from '../../src/machines/groupChatCreate.machine';
import { refused } from '../fixtures/streams';
import { ben, cleo, me, team } from './groupChatFixtures';
import { coverPaths, describePath, replay, stateCount, TransitionCoverage, type ModelEvent } from './model';

const found = (who: { id: string; username: string }) => ({ _id: who.id, username: who.username, avatarColor: '#1d4ed8', profilePicture: '' });

/** The group name rules (src/api/chat.ts groupNameSchema), message by message. */
const NAME_ERRORS: Record<string, string | null> = {
  '': 'Group name is required',
  ab: 'Group name must be at least 3 characters',
  ['x'.repeat(51)]: 'Group name must not exceed 50 characters',
  'Team!': 'Group name must contain only letters, numbers, and spaces',
  ' Team ': null,
};

const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as CreateGroupChatContext;
  return JSON.stringify({ value: snapshot.value, status: snapshot.status, name: c.name, nameError: c.nameError, invitees: c.invitees.map((u) => u._id), error: c.error, group: c.group?._id ?? null });
};

const model = {
  serialize,
  input: { me },
  events: [
    ...Object.keys(NAME_ERRORS).map((value) => ({ type: 'create.name', value })),
    { type: 'create.toggle', user: found(ben) },
    { type: 'create.toggle', user: found(cleo) },
    { type: 'xstate.done.actor.createGroupChat', output: team() },
    { type: 'xstate.error.actor.createGroupChat', error: refused('You cannot invite this member', 403) },
    { type: 'xstate.error.actor.createGroupChat', error: { statusCode: 502 } },
  ] as ModelEvent[],
  // Names are typed on an empty invitation list; invitations are made once the name is valid.
  filter: (snapshot: { context: unknown }, event: ModelEvent) => {
    const c = snapshot.context as CreateGroupChatContext;
    if (event.type === 'create.name') return c.invitees.length === 0 && c.error === null && c.name !== ' Team ';
    if (event.type === 'create.toggle') return c.name === ' Team ' && c.error === null && c.invitees.length < 2;
    return true;
  },
};

const coverage = new TransitionCoverage(groupChatCreateMachine);

describe('group chat create machine', () => {
  const paths = coverPaths(groupChatCreateMachine, model as never);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const fx = { listed: [] as string[], announced: [] as string[], toasts: [] as { type: string; description: string }[], navigations: [] as string[] };
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
