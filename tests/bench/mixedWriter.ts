/**
 * The mixed benchmark's writer (tests/bench/mixed.ts) in a worker thread of its own: the server
 * runs on the bench process's main thread, and a writer there would take its turns on the server's
 * event loop (its requests, their timing) and time its own writes by that loop.
 */
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { paths } from '../../src/api/paths';
import { percentiles } from './insertFloor';
import { startTsxWorker } from './tsxWorker';

export const WRITE_KINDS = ['post Public', 'post Followers', 'post Private', 'reaction', 'comment', 'follow'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];
/** The kinds that create a post (the post goals' samples). */
export const POST_KINDS = ['post Public', 'post Followers', 'post Private'] as const satisfies readonly WriteKind[];

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx: a write benchmark whose writes fail measures nothing. */
  failures: number;
}

export interface Writer {
  token: string;
  id: string;
}

interface Targets {
  postIds: string[];
  followees: string[];
}

export interface WriterResult {
  writes: Record<WriteKind, Percentiles>;
  /** Every post of any privacy together. */
  posts: Percentiles;
  /**
   * The post goal's floor, sent beside each post through the same client at the same moment: a bare
   * Fastify route doing one durable insert and one socket.io emit (postFloor.ts) under the same load.
   */
  request: Percentiles;
  /** Writes not sent because `queueSeconds` worth (2; --quick 0.5) were still waiting for an answer. */
  shed: number;
  /** Writes sent per second. */
  achievedRate: number;
}

interface WriterArgs {
  api: string;
  /** The bare insert-and-emit route (postFloor.ts) a request goes to beside each post. */
  floorUrl: string;
  writers: Writer[];
  targets: Targets;
  rate: number;
  /** Seconds of writes that may wait for an answer before more are shed (at least 10 writes). */
  queueSeconds: number;
}

const withFailures = (samples: number[], failures: number): Percentiles => ({ ...percentiles(samples), failures });

/**
 * Starts writing at `rate` a second in a worker (answered once the first write is on its way);
 * `stop` ends it and answers the latencies once every write answered.
 */
export async function startWriter(
  api: string,
  floorUrl: string,
  writers: Writer[],
  targets: Targets,
  rate: number,
  queueSeconds: number,
): Promise<{ stop(): Promise<WriterResult> }> {
  const worker = startTsxWorker(import.meta.url, {
    stoaMixedWriter: { api, floorUrl, writers, targets, rate, queueSeconds } satisfies WriterArgs,
  });
  const messages: ((message: unknown) => void)[] = [];
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      messages.push(resolve as (message: unknown) => void);
      worker.once('error', (error) => reject(new Error(`the writer worker failed: ${error.message}`)));
      worker.once('exit', (code) => reject(new Error(`the writer worker exited (code ${code}) before answering`)));
    });
  worker.on('message', (message: unknown) => messages.shift()?.(message));
  await next<'started'>();
  const result = next<WriterResult>();
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await result;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/**
 * Open-loop writes at `rate` a second until stopped: each write starts on schedule, so a slow server
 * meets a queue, as it would with real members. Returns the latencies by kind once every write answered.
 */
function write(api: string, floorUrl: string, writers: Writer[], targets: Targets, rate: number, queueSeconds: number) {
  const samples = Object.fromEntries(WRITE_KINDS.map((kind) => [kind, [] as number[]])) as Record<WriteKind, number[]>;
  const requestSamples: number[] = [];
  let requestFailures = 0;
  const probe = async (writer: Writer) => {
    const t0 = performance.now();
    const response = await fetch(floorUrl, { method: 'POST', headers: { authorization: `Bearer ${writer.token}` } });
    await response.arrayBuffer();
    if (response.ok) requestSamples.push(performance.now() - t0);
    else requestFailures++;
  };
  const failures = Object.fromEntries(WRITE_KINDS.map((kind) => [kind, 0])) as Record<WriteKind, number>;
  const following = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  let shed = 0;
  const send = async (kind: WriteKind, writer: Writer, method: string, path: string, body: unknown) => {
    const t0 = performance.now();
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${writer.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    if (response.ok) samples[kind].push(performance.now() - t0);
    else failures[kind]++;
  };
  const one = (i: number): Promise<void> => {
    const kind = WRITE_KINDS[i % WRITE_KINDS.length]!;
    const writer = writers[Math.floor(i / WRITE_KINDS.length) % writers.length]!;
    const postId = targets.postIds[i % targets.postIds.length]!;
    switch (kind) {
      case 'post Public':
      case 'post Followers':
      case 'post Private':
        return Promise.all([
          send(kind, writer, 'POST', paths.posts.create, { post: `mixed benchmark ${i} #bench`, privacy: kind.slice(5) }),
          probe(writer).catch(() => void requestFailures++),
        ]).then(() => undefined);
      case 'reaction':
        return send(kind, writer, 'POST', paths.reactions.react, { postId, type: (['like', 'love', 'haha'] as const)[i % 3] });
      case 'comment':
        return send(kind, writer, 'POST', paths.comments.create, { postId, comment: `comment ${i}` });
      case 'follow': {
        const followee = targets.followees[i % targets.followees.length]!;
        const key = `${writer.id}|${followee}`;
        const on = following.has(key);
        if (on) following.delete(key);
        else following.add(key);
        return send(kind, writer, 'PUT', on ? paths.follows.unfollow(followee) : paths.follows.follow(followee), undefined);
      }
    }
  };
  const interval = 1000 / rate;
  const started = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    // Catch up to the schedule (timers drift under load), then wait for the next slot.
    while (n * interval <= performance.now() - started) {
      // A server that cannot keep up meets a bounded queue (two seconds of writes; --quick half a
      // second), not one that grows until the run times out: writes beyond it are not sent, and counted as shed.
      if (inFlight.size >= Math.max(10, queueSeconds * rate)) {
        shed++;
        n++;
        continue;
      }
      const kind = WRITE_KINDS[n % WRITE_KINDS.length]!;
      const write = one(n++).catch(() => void failures[kind]++);
      inFlight.add(write);
      void write.finally(() => inFlight.delete(write));
    }
    timer = setTimeout(tick, Math.max(0, n * interval - (performance.now() - started)));
  };
  tick();
  return {
    async stop(): Promise<WriterResult> {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...inFlight]);
      const writes = Object.fromEntries(WRITE_KINDS.map((kind) => [kind, withFailures(samples[kind], failures[kind])])) as Record<
        WriteKind,
        Percentiles
      >;
      const posts = withFailures(
        POST_KINDS.flatMap((kind) => samples[kind]),
        POST_KINDS.reduce((sum, kind) => sum + failures[kind], 0),
      );
      const seconds = (performance.now() - started) / 1000;
      return { writes, posts, request: withFailures(requestSamples, requestFailures), shed, achievedRate: (n - shed) / seconds };
    },
  };
}

const args = (workerData as { stoaMixedWriter?: WriterArgs } | null)?.stoaMixedWriter;
if (!isMainThread && args) {
  const writing = write(args.api, args.floorUrl, args.writers, args.targets, args.rate, args.queueSeconds);
  parentPort!.postMessage('started');
  parentPort!.once('message', () => void writing.stop().then((result) => parentPort!.postMessage(result)));
}
