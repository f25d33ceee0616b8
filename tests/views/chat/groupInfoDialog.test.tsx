import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromTransition, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import type { GroupChat } from '../../../src/api/chat';
import { createChatApi } from '../../../src/api/chat/client';
import type { ApiClient } from '../../../src/api/client';
import { chatAreaLogic } from '../../../src/effects/chat/area';
import type { ChatDeps } from '../../../src/effects/chat/chat';
import { createBus } from '../../../src/effects/shell/socket';
import { groupChatManageMachine, selectConfirming, type ManageContext } from '../../../src/machines/chat/groupChat/groupChatManage.machine';
import { ChatLogicProvider } from '../../../src/views/chat/ChatLogic';
import { GroupInfoDialog } from '../../../src/views/chat/GroupInfoDialog';
import { me, team } from '../../machines/chat/groupChat/groupChatFixtures';
import { describePath, pathsOf, stateCount, TransitionCoverage, type ModelEvent } from '../../machines/model';
import { danaFound, groupChatManageModel, serialize, TOASTS } from '../../machines/chat/groupChat/groupChatManage.model';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

/**
 * The group chat's info dialog, replaying every path of the groupChatManage model (the same
 * cover tests/machines/chat/groupChatManage.test.ts replays) through the real dialog: the real machine
 * with its real effects (src/effects/chat/chat.ts), over a fake server whose answers the path gives.
 */

/** What each request calls: `METHOD path` and body. */
const CALLS: Record<string, [string, unknown]> = {
  rename: ['PUT /group-chat/g1', { name: 'Team Two' }],
  invite: ['PUT /group-chat/add-members/g1', { members: ['u4'] }],
  promote: ['PUT /group-chat/promote/g1/u2', undefined],
  remove: ['DELETE /group-chat/remove-members/g1/u3', undefined],
  delete: ['DELETE /group-chat/g1', undefined],
  leave: ['PUT /group-chat/leave/g1', undefined],
};
const CONFIRM_TITLES: Record<string, [string, string]> = {
  remove: ['Remove cleo?', 'Remove'],
  delete: ['Delete Team?', 'Delete'],
  leave: ['Leave Team?', 'Leave'],
};

/** The server: each manage call waits for the path to answer it; the member search finds Dana. */
function fakeServer() {
  const calls: [string, unknown][] = [];
  let waiting: { resolve(value: unknown): void; reject(error: unknown): void } | null = null;
  const http = vi.fn(
    (path: string, opts?: { method?: string; body?: unknown }) =>
      new Promise((resolve, reject) => {
        calls.push([`${opts?.method ?? 'GET'} ${path}`, opts?.body]);
        waiting = { resolve, reject };
      }),
  );
  const search = vi.fn(async (query: string) => ({ search: [danaFound].filter((u) => u.username.startsWith(query)) }));
  return {
    api: { http, ...createChatApi(http as never), users: { search } } as unknown as ApiClient,
    calls,
    search,
    /** Answers the call in flight as the path's done/error event says. */
    async answer(event: ModelEvent) {
      const pending = waiting;
      if (!pending) throw new Error(`no call in flight for ${event.type}`);
      waiting = null;
      await act(async () => {
        if (event.type.startsWith('xstate.done.'))
          pending.resolve(event.output === null ? { message: 'Done', groupId: 'g1' } : { group: event.output });
        else pending.reject(event.error);
        await new Promise((r) => setTimeout(r, 0));
      });
    },
  };
}

/** The chat screen as the dialog sees it: the group as the chat list holds it (what ChatThread passes down). */
const chatStandIn = () =>
  createActor(
    fromTransition((group: GroupChat | null, event: { type: string; group?: GroupChat }) => {
      if (event.type === 'chat.groupUpdated') return event.group!;
      if (event.type === 'chat.groupRemoved') return null;
      return group;
    }, team()),
  ).start();

function Host({ chat }: { chat: AnyActorRef }) {
  const group = useSelector(chat, (s) => s.context as GroupChat | null);
  const [open, setOpen] = useState(true);
  const close = useCallback(() => setOpen(false), []);
  return open && group ? <GroupInfoDialog chat={chat as never} me={me} group={group} onClose={close} /> : <p>Dialog closed</p>;
}

const sheet = (name: string) => screen.getByRole('dialog', { name, hidden: true });
const button = (name: string | RegExp) => within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name, hidden: true });

async function perform(event: ModelEvent, user: UserEvent, before: AnyMachineSnapshot) {
  switch (event.type) {
    case 'manage.nameChange':
      // The whole new value at once, as a paste: one event, as the model sends it.
      fireEvent.change(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Group name' }), { target: { value: event.name } });
      return;
    case 'manage.rename':
      await user.click(button('Rename'));
      return;
    case 'manage.invite': {
      // The member search: a pause in typing (500 ms), then Dana is offered (still offered after a refusal).
      const dialog = screen.getByRole('dialog');
      const { username } = event.user as { username: string };
      const offered = within(dialog).queryByRole('button', { name: `Invite ${username}` });
      if (offered) {
        await user.click(offered);
        return;
      }
      const field = within(dialog).getByRole('searchbox', { name: 'Search members' });
      await user.clear(field);
      await user.type(field, username.slice(0, 2));
      await user.click(await within(dialog).findByRole('button', { name: `Invite ${username}` }, { timeout: 2000 }));
      return;
    }
    case 'manage.promote':
      await user.click(button(`Make admin: ${(event.member as { username: string }).username}`));
      return;
    case 'manage.remove':
      await user.click(button(`Remove ${(event.member as { username: string }).username}`));
      return;
    case 'manage.delete':
      await user.click(button('Delete group'));
      return;
    case 'manage.leave':
      await user.click(button('Leave group'));
      return;
    case 'manage.confirm':
    case 'manage.cancel': {
      const [title, action] = CONFIRM_TITLES[selectConfirming(before as never)!.kind]!;
      const confirm = screen.getByRole('alertdialog', { name: title });
      await user.click(within(confirm).getByRole('button', { name: event.type === 'manage.confirm' ? action : 'Cancel' }));
      return;
    }
    default:
      throw new Error(`no gesture for ${event.type}`);
  }
}

/** What the dialog must show for the manage actor's snapshot and the group the chat list holds. */
function expectScreen(snapshot: AnyMachineSnapshot, group: GroupChat | null) {
  if (snapshot.status === 'done') {
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(screen.getByText('Dialog closed')).toBeTruthy();
    return;
  }
  const c = snapshot.context as ManageContext;
  const working = snapshot.matches('working');
  // The sheet's title is the group as the list holds it, which the machine's answer updated.
  expect(group?.name).toBe(c.groupName);
  const dialog = sheet(c.groupName);
  const name = within(dialog).getByRole('textbox', { name: 'Group name', hidden: true }) as HTMLInputElement;
  expect(name.value).toBe(c.nameDraft);
  expect(name.disabled).toBe(working);
  if (c.nameError) expect(within(dialog).getByText(c.nameError)).toBeTruthy();
  else expect(within(dialog).queryByText(/^Group name must/)).toBeNull();
  const rename = button('Rename');
  expect(rename.hasAttribute('disabled')).toBe(working || c.nameDraft.trim() === c.groupName);
  // One row per member of the group (pending included), as the machine counts them for the search.
  const rows = within(within(dialog).getByRole('list', { name: 'Members', hidden: true })).getAllByRole('listitem', { hidden: true });
  expect(rows).toHaveLength(c.memberIds.length);
  for (const label of ['Leave group', 'Delete group', 'Remove ben', 'Remove cleo'])
    expect(button(label).hasAttribute('disabled'), label).toBe(working);
  expect(within(dialog).queryByRole('button', { name: 'Make admin: ben', hidden: true }) !== null).toBe(!group!.admins.includes('u2'));
  // The server's refusal stays on the panel.
  const alerts = within(dialog).queryAllByRole('alert', { hidden: true });
  expect(alerts.map((a) => a.textContent)).toEqual(c.error ? [c.error] : []);
  const asked = selectConfirming(snapshot as never);
  if (asked) {
    const confirm = screen.getByRole('alertdialog', { name: CONFIRM_TITLES[asked.kind]![0] });
    expect(within(confirm).getByRole('button', { name: CONFIRM_TITLES[asked.kind]![1] })).toBeTruthy();
  } else expect(screen.queryByRole('alertdialog')).toBeNull();
}

const coverage = new TransitionCoverage(groupChatManageMachine);

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('group info dialog, replaying every path of the group chat manage machine', () => {
  const paths = pathsOf(groupChatManageModel, 'all transitions');

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const h = viewHarness([], coverage);
    const chat = chatStandIn();
    try {
      const { app } = startTestApp();
      const server = fakeServer();
      const navigate = vi.fn();
      const deps: ChatDeps = { api: server.api, bus: createBus(), emit: vi.fn() as never, navigate };
      const toasts = () =>
        (
          app.system.get('toasts')!.getSnapshot() as { context: { toasts: { notification: { description: string; type: string } }[] } }
        ).context.toasts.map(({ notification: { type, description } }) => ({ type, description }));
      render(
        withApp(
          app,
          '/chat/messages?username=Team&id=g1&isGroup=true',
          <ChatLogicProvider logic={chatAreaLogic(app, deps)}>
            <Host chat={chat} />
          </ChatLogicProvider>,
        ).ui,
      );
      const user = userEvent.setup({ delay: null });
      const actor = h.actor();
      expect(serialize(actor.getSnapshot())).toEqual(serialize(path.steps[0].state as never));
      expectScreen(actor.getSnapshot(), chat.getSnapshot().context);
      let kind: string | null = null;
      for (const step of path.steps.slice(1)) {
        const { event } = step;
        if (event.type.startsWith('xstate.')) await server.answer(event);
        else await perform(event, user, actor.getSnapshot());
        const snapshot = actor.getSnapshot();
        expect(serialize(snapshot)).toEqual(serialize(step.state as never));
        expectScreen(snapshot, chat.getSnapshot().context);
        if (snapshot.matches('working')) {
          // The request the dialog's machine made, as the server received it.
          kind = (snapshot.context as ManageContext).request!.kind;
          expect(server.calls.at(-1)).toEqual(CALLS[kind]);
        }
        if (event.type === 'xstate.done.actor.request') {
          expect(toasts()).toContainEqual({ type: 'success', description: TOASTS[kind!] });
          if (kind === 'delete' || kind === 'leave') {
            expect(navigate).toHaveBeenCalledWith('/app/social/chat/messages', expect.anything());
            expect(chat.getSnapshot().context).toBeNull();
          }
        }
        if (event.type === 'xstate.error.actor.request') expect(toasts()).toEqual([]);
      }
      // Each request reached the server once.
      expect(server.calls.length).toBe(path.steps.filter((s) => (s.state as AnyMachineSnapshot).matches('working')).length);
    } finally {
      chat.stop();
      h.restore();
    }
  });

  afterAll(() => {
    console.log(coverage.summary('groupChatManage (through the group info dialog)', stateCount(groupChatManageMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
