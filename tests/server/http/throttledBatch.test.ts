import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledBatch } from '../../../server/realtime/throttledBatch';

describe('createThrottledBatch', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function batches(windowMs = 1000) {
    const sent: string[][] = [];
    const batch = createThrottledBatch<string>(windowMs, async (items) => void sent.push(items));
    return { sent, batch };
  }

  it('sends the first item at once, then what came during the window in one batch when it ends', async () => {
    const { sent, batch } = batches();
    batch.add('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a']]);
    batch.add('b');
    await vi.advanceTimersByTimeAsync(400);
    batch.add('c');
    await vi.advanceTimersByTimeAsync(599);
    expect(sent).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a'], ['b', 'c']]);
    // The trailing batch opened a window of its own: a next item waits for its end.
    batch.add('d');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([['a'], ['b', 'c']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('sends at once again after a window in which nothing came', async () => {
    const { sent, batch } = batches();
    batch.add('a');
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    batch.add('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['a'], ['b']]);
  });

  it('runs batches one after another, and a failed one stops none after it', async () => {
    const log: string[] = [];
    let release!: () => void;
    const batch = createThrottledBatch<string>(10, async (items) => {
      log.push(`start ${items.join()}`);
      if (items[0] === 'a') await new Promise<void>((resolve) => (release = resolve));
      if (items[0] === 'b') throw new Error('could not send');
      log.push(`end ${items.join()}`);
    });
    batch.add('a');
    batch.add('b');
    await vi.advanceTimersByTimeAsync(10);
    batch.add('c');
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual(['start a']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['start a', 'end a', 'start b', 'start c', 'end c']);
  });

  it('drops what waits when stopped, waits for the batch under way, and takes nothing more', async () => {
    const { sent, batch } = batches();
    batch.add('a');
    batch.add('b');
    await batch.stop();
    batch.add('c');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([['a']]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
