/**
 * The mixed benchmark's floor of "a read's p99 under writes over its p99 without them": the read's
 * own SQL (captured from the app, sqlFloor.ts) replayed bare, in a worker thread of its own on a
 * read-only connection to the same file, while the paced reads run: every `everyMs` it runs the
 * statements once and times them. Its p99 under writes over its p99 without them is how much the
 * writes (their commits, WAL growth, checkpoints, the CPU they take) slow the SQL itself, with no
 * HTTP, authentication or event loop shared with the server: the least any server reading that
 * file on this machine at that moment could show.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { percentiles } from './insertFloor';
import type { CapturedQuery } from './sqlFloor';
import { startTsxWorker } from './tsxWorker';

interface ProbeArgs {
  file: string;
  /** The statements of each read, by name. */
  reads: Record<string, readonly CapturedQuery[]>;
  everyMs: number;
}

type Command = { start: string } | { stop: true };

export interface ProbeFigures {
  count: number;
  p50: number;
  p99: number;
}

/** A probe worker: `start(read)` replays that read's SQL every `everyMs` until `stop()`, which answers its figures. */
export async function startSqlProbe(args: ProbeArgs) {
  const worker = startTsxWorker(import.meta.url, { stoaSqlProbe: args });
  const answers: ((message: unknown) => void)[] = [];
  const failed = new Promise<never>((_, reject) => {
    worker.once('error', (error) => reject(new Error(`the SQL probe failed: ${error.message}`)));
  });
  failed.catch(() => undefined);
  worker.on('message', (message: unknown) => answers.shift()?.(message));
  const next = <T>() => Promise.race([new Promise<T>((resolve) => answers.push(resolve as (message: unknown) => void)), failed]);
  await next<'ready'>();
  return {
    start(read: string): void {
      worker.postMessage({ start: read } satisfies Command);
    },
    async stop(): Promise<ProbeFigures> {
      const figures = next<ProbeFigures>();
      worker.postMessage({ stop: true } satisfies Command);
      return figures;
    },
    async close(): Promise<void> {
      await worker.terminate();
    },
  };
}

/** While a probe runs, `run`; the probe's figures beside `run`'s result. */
export async function probing<T>(
  probe: Awaited<ReturnType<typeof startSqlProbe>>,
  read: string,
  run: () => Promise<T>,
): Promise<[T, ProbeFigures]> {
  probe.start(read);
  try {
    return [await run(), await probe.stop()];
  } catch (error) {
    await probe.stop().catch(() => undefined);
    throw error;
  }
}

const args = (workerData as { stoaSqlProbe?: ProbeArgs } | null)?.stoaSqlProbe;
if (!isMainThread && args) {
  const sqlite = new BetterSqlite3(args.file, { readonly: true });
  const reads = Object.fromEntries(
    Object.entries(args.reads).map(([name, queries]) => [
      name,
      queries.map((query) => ({ statement: sqlite.prepare(query.sql), parameters: query.parameters as unknown[] })),
    ]),
  );
  let timer: NodeJS.Timeout | undefined;
  let samples: number[] = [];
  parentPort!.on('message', (command: Command) => {
    if ('start' in command) {
      const statements = reads[command.start]!;
      samples = [];
      const tick = () => {
        const t0 = performance.now();
        for (const { statement, parameters } of statements) statement.all(...parameters);
        samples.push(performance.now() - t0);
        timer = setTimeout(tick, args.everyMs);
      };
      tick();
    } else if ('stop' in command) {
      clearTimeout(timer);
      const { count, p50, p99 } = percentiles(samples);
      parentPort!.postMessage({ count, p50, p99 } satisfies ProbeFigures);
    }
  });
  parentPort!.postMessage('ready');
}
