import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client';
import { groupsAreaLogic } from '../../../src/effects/groups/area';
import { bridgeActions } from '../../../src/effects/shell/bridge';
import { createBus } from '../../../src/effects/shell/socket';
import { streamsLogic } from '../../../src/effects/streams/streams';
import type { FoundUser } from '../../../src/machines/groups/createGroup.machine';
import { groupMachine } from '../../../src/machines/groups/group.machine';
import { groupChatSearchMachine } from '../../../src/machines/chat/groupChat/groupChatSearch.machine';
import type { OutboxItem } from '../../../src/machines/offline/outbox.types';
import GroupPage from '../../../src/views/groups/page/GroupPage';
import { GroupsLogicProvider } from '../../../src/views/groups/GroupsLogic';
import { ComposerProvider } from '../../../src/views/streams/ComposerContext';
import { StreamsLogicProvider } from '../../../src/views/streams/StreamsLogic';
import { alice, auth } from '../../fixtures/auth';
import { post } from '../../fixtures/streams';
import { serverEvents } from '../../../src/api/socket';
import { memberPublic } from '../../machines/groups/groupFixtures';
import { startTestApp, withApp } from '../appHarness';
import { viewHarness } from '../harness';

const GROUP_ACTORS = Object.keys(groupMachine.implementations.actors).filter((name) => name !== 'live' && name !== 'inviteSearch');

const groupPostItem = (clientId: string, text: string, groupId = 'g1', state: OutboxItem['state'] = 'waiting'): OutboxItem => ({
  kind: 'groupPost',
  clientId,
  payload: { groupId, groupName: 'Harbour walkers', body: { post: text, feelings: '', bgColor: '#ffffff', gifUrl: '' }, image: null },
  order: clientId.length,
  state,
  error: state === 'failed' ? 'Only members can post in this group' : null,
});

afterEach(cleanup);

/** A member's group page over an empty Posts tab (the group effects are the machine's fake actors). */
function setup() {
  const { app } = startTestApp();
  app.system.get('session')!.send({ type: 'session.login', ...auth(alice) });
  const h = viewHarness(GROUP_ACTORS);
  const logic = groupMachine.provide({
    actors: {
      ...h.actors,
      live: fromCallback(() => () => {}),
      inviteSearch: groupChatSearchMachine.provide({
        actors: { searchUsers: fromPromise(async (): Promise<{ search: FoundUser[] }> => ({ search: [] })) },
      }),
    } as never,
    actions: { showToast: bridgeActions(app).showToast, navigate: () => {} },
  });
  const api = {
    posts: {
      ofGroup: vi.fn(async () => ({ posts: [], totalPosts: 0, nextCursor: null })),
      pendingOfGroup: vi.fn(async () => ({ posts: [], totalPosts: 0, nextCursor: null })),
    },
  } as unknown as ApiClient;
  const bus = createBus();
  const { ui } = withApp(
    app,
    '/group/g1',
    <StreamsLogicProvider logic={streamsLogic(app, { api, bus })}>
      <ComposerProvider value={{ openComposer: vi.fn() }}>
        <GroupsLogicProvider logic={{ ...groupsAreaLogic(app), group: logic }}>
          <GroupPage groupId="g1" />
        </GroupsLogicProvider>
      </ComposerProvider>
    </StreamsLogicProvider>,
  );
  render(ui);
  return { app, h, bus };
}

describe("the group page shows the member's group posts the outbox holds", () => {
  it('as pending cards in place of "No posts yet", waiting or refused; the sent post takes its card’s place once', async () => {
    const t = setup();
    try {
      await t.h.settle({ type: 'xstate.done.actor.fetchGroup', output: { group: memberPublic } });
      await screen.findByText('No posts yet');
      const outbox = t.app.system.get('outbox')!;
      outbox.send({ type: 'outbox.changed', change: { put: groupPostItem('c1', 'Written on the ferry') } });
      outbox.send({ type: 'outbox.changed', change: { put: groupPostItem('c22', 'For another group', 'g2') } });
      outbox.send({ type: 'outbox.changed', change: { put: groupPostItem('c333', 'Refused one', 'g1', 'failed') } });

      const pending = await screen.findByRole('list', { name: 'Not sent yet' });
      const cards = within(pending).getAllByRole('article');
      // Only this group's, newest written first; the empty state gives way.
      expect(cards.map((card) => card.textContent)).toEqual([
        expect.stringContaining('Refused one'),
        expect.stringContaining('Written on the ferry'),
      ]);
      expect(screen.queryByText('No posts yet')).toBeNull();
      expect(screen.queryByText('For another group')).toBeNull();
      expect(cards[1].textContent).toContain('Waiting to send');
      expect(cards[1].textContent).toContain('Group');
      expect(within(cards[1]).queryByRole('button')).toBeNull();
      expect(cards[0].textContent).toContain('Not sent: Only members can post in this group');
      expect(within(cards[0]).getByRole('button', { name: 'Try again' })).toBeTruthy();
      fireEvent.click(within(cards[0]).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('Refused one')).toBeNull());

      // Sent: the item leaves the outbox and the real post comes as published, then again from the socket: one card.
      const sent = post({ _id: 'gp9', post: 'Written on the ferry', groupId: 'g1', groupStatus: 'accepted' });
      outbox.send({ type: 'outbox.changed', change: { remove: 'c1' } });
      t.bus.publish({ event: 'published', post: sent });
      t.bus.publish({ event: serverEvents.postAdded, payload: { post: sent } } as never);
      await waitFor(() => expect(screen.queryByRole('list', { name: 'Not sent yet' })).toBeNull());
      expect(screen.getAllByText('Written on the ferry')).toHaveLength(1);
      expect(screen.queryByText('No posts yet')).toBeNull();
    } finally {
      t.h.restore();
    }
  });
});
