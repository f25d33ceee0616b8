import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { SocketAck } from '../../../src/api/chat';
import { presenceEventOf, presenceLogic } from '../../../src/effects/chat/presence';
import { createBus } from '../../../src/effects/shell/socket';
import { presenceMachine, selectOnline } from '../../../src/machines/chat/presence.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { OTHER, PEER, input, presenceModel } from './presence.model';

describe('presence machine (model)', () => {
  const paths = pathsOf(presenceModel, 'all transitions');
  const coverage = new TransitionCoverage(presenceMachine);
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    await replay(presenceMachine, path, {
      input,
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as Parameters<typeof selectOnline>[0];
        // Only the watched member is ever counted; unknown until the server has answered once.
        expect(snapshot.context.online ?? []).not.toContain(OTHER);
        if (
          step.event.type === 'presence.changed' &&
          (step.event as unknown as { userId: string }).userId === PEER &&
          snapshot.context.online !== null
        ) {
          expect(selectOnline(snapshot, PEER)).toBe((step.event as unknown as { online: boolean }).online);
        }
        if (step.event.type === 'presence.reconnected') expect(snapshot.matches('watching')).toBe(true);
      },
    });
  });

  afterAll(() => {
    console.log(coverage.summary('presence', stateCount(presenceMachine)));
    expect(coverage.missed).toEqual([]);
  });
});

describe('presence effects', () => {
  it('watches the member on the socket, then follows their changes from the bus; a reconnect watches again', async () => {
    const bus = createBus();
    const watched: unknown[] = [];
    const emit = vi.fn(async (_event: string, payload: unknown): Promise<SocketAck> => {
      watched.push(payload);
      return { ok: true, online: [] };
    });
    const actor = createActor(presenceLogic({ bus, emit: emit as never }), { input }).start();
    expect(selectOnline(actor.getSnapshot(), PEER)).toBeNull();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('live'));
    expect(emit).toHaveBeenCalledWith('watch presence', { userIds: [PEER] });
    expect(selectOnline(actor.getSnapshot(), PEER)).toBe(false);
    bus.publish({ event: 'user online', payload: { type: 'change', userId: PEER, online: true } });
    expect(selectOnline(actor.getSnapshot(), PEER)).toBe(true);
    bus.publish({ event: 'reconnected' });
    await vi.waitFor(() => expect(watched).toHaveLength(2));
    actor.stop();
  });

  it('reads only presence and reconnects from the bus', () => {
    expect(presenceEventOf({ event: 'reconnected' })).toEqual({ type: 'presence.reconnected' });
    expect(presenceEventOf({ event: 'following', userId: PEER, following: true })).toBeNull();
  });
});
