/**
 * Collects items and hands them to `flush` in batches: the first item at once (nothing waits when
 * little happens), then at most one batch per `windowMs` with everything added meanwhile. Batches
 * run one after another, in the order the items came. Used where one frame carrying several items
 * costs about what one frame carrying one does (socket fan-out: a frame per receiving socket).
 */
export function createThrottledBatch<T>(windowMs: number, flush: (items: T[]) => Promise<void>) {
  let pending: T[] = [];
  let window: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const run = () => {
    const items = pending;
    pending = [];
    // `flush` reports its own failures; one that throws anyway must not stop the batches after it.
    running = running.then(() => flush(items)).catch(() => undefined);
    window = setTimeout(() => {
      window = null;
      if (pending.length > 0 && !stopped) run();
    }, windowMs);
    // A window left open never keeps the process alive.
    window.unref();
  };

  return {
    add(item: T): void {
      if (stopped) return;
      pending.push(item);
      if (!window) run();
    },
    /** Drops what still waits for its window and waits for the batch being sent (shutdown). */
    async stop(): Promise<void> {
      stopped = true;
      if (window) clearTimeout(window);
      window = null;
      pending = [];
      await running;
    },
  };
}
