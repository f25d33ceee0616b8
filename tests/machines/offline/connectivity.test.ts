import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectivityLogic, networkActor } from '../../../src/effects/offline/connectivity';
import { connectivityMachine, type ConnectivityContext } from '../../../src/machines/offline/connectivity.machine';
import { shownConnectivity } from '../../../src/machines/offline/connectivity.connect';
import { describePath, pathsOf, replay, stateCount, TransitionCoverage } from '../model';
import { connectivityModel } from './connectivity.model';

const coverage = new TransitionCoverage(connectivityMachine);

describe.each(connectivityModel.covers)('connectivity machine ($label)', ({ label, options }) => {
  const input = (options as { input: { online: boolean } }).input;
  const paths = pathsOf(connectivityModel, label);
  beforeEach(() => void vi.useFakeTimers());

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    let online = input.online;
    let socketDown = false;
    await replay(connectivityMachine, path, {
      input,
      coverage,
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as Parameters<typeof shownConnectivity>[0] & { context: ConnectivityContext };
        const event = step.event as { type: string; status?: string };
        if (event.type === 'connectivity.online') online = true;
        if (event.type === 'connectivity.offline') online = false;
        if (event.status === 'reconnecting') socketDown = true;
        if (event.status === 'connected' || event.status === 'disconnected') socketDown = false;
        expect(snapshot!.context).toEqual({ online, socketDown });
        // The browser's word wins; with a network, a dropped socket is "reconnecting".
        expect(shownConnectivity(snapshot)).toBe(!online ? 'offline' : socketDown ? 'reconnecting' : 'online');
      },
    });
  });
});

afterAll(() => {
  console.log(coverage.summary('connectivity', stateCount(connectivityMachine)));
  expect(coverage.missed).toEqual([]);
});

describe('connectivity effects', () => {
  it("follows the browser's online and offline events, and stops listening when stopped", () => {
    const target = new EventTarget();
    const actor = createActor(connectivityLogic(networkActor(target as unknown as Window)), { input: { online: true } }).start();
    expect(shownConnectivity(actor.getSnapshot())).toBe('online');
    target.dispatchEvent(new Event('offline'));
    expect(shownConnectivity(actor.getSnapshot())).toBe('offline');
    actor.send({ type: 'connectivity.socket', status: 'reconnecting' });
    target.dispatchEvent(new Event('online'));
    expect(shownConnectivity(actor.getSnapshot())).toBe('reconnecting');
    actor.send({ type: 'connectivity.socket', status: 'connecting' });
    expect(shownConnectivity(actor.getSnapshot())).toBe('reconnecting');
    actor.send({ type: 'connectivity.socket', status: 'connected' });
    expect(shownConnectivity(actor.getSnapshot())).toBe('online');
    actor.stop();
    target.dispatchEvent(new Event('offline'));
    expect(shownConnectivity(actor.getSnapshot())).toBe('online');
  });
});
