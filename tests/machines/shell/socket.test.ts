import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelay, socketMachine, type SocketContext } from '../../../src/machines/shell/socket.machine';
import { pathsOf, describePath, replay, stateCount, TransitionCoverage } from '../model';
import { post, socketModel } from './socket.model';

const coverage = new TransitionCoverage(socketMachine);

describe('socket machine', () => {
  const paths = pathsOf(socketModel, 'all transitions');
  beforeEach(() => void vi.useFakeTimers());

  it('doubles the retry delay up to a cap', () => {
    expect([1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const published: unknown[] = [];
    let reconnects = 0;
    await replay(socketMachine, path, {
      coverage,
      provide: {
        actions: {
          publish: (_: unknown, message: unknown) => void published.push(message),
          announceReconnected: () => void (reconnects += 1),
        },
      },
      afterStep: (step, actor) => {
        const snapshot = actor.getSnapshot() as unknown as {
          matches(v: unknown): boolean;
          context: SocketContext;
          children: Record<string, unknown>;
        };
        if (step.event.type === 'socket.message') expect(published.at(-1)).toEqual({ event: 'post added', payload: { post } });
        // The connection runs exactly while the machine is active.
        expect(Boolean(snapshot.children.connection)).toBe(!snapshot.matches('disconnected'));
        if (snapshot.matches('disconnected')) expect(snapshot.context).toEqual({ token: '', attempts: 0, lastError: null });
      },
    });
    // Every connect, the first included, tells the screens to fetch what they may have missed.
    const connects = path.steps.filter(
      (step, i) =>
        step.event.type === 'socket.connected' &&
        i > 0 &&
        (path.steps[i - 1].state as { value: unknown }).value !== undefined &&
        JSON.stringify((path.steps[i - 1].state as { value: unknown }).value).includes('connecting'),
    ).length;
    expect(reconnects).toBe(connects);
  });

  afterAll(() => {
    console.log(coverage.summary('socket', stateCount(socketMachine)));
    expect(coverage.missed).toEqual([]);
  });
});
