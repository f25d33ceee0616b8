/**
 * `npm run bench -- --quick` (or BENCH_QUICK=1): every case at a tenth of its size (sockets,
 * messages, bursts), the seeded communities of the feed, moderation, search and mixed benchmarks
 * at a hundredth, short load runs and one run of each p99 benchmark, for a smoke check that every
 * benchmark still runs, in under five minutes on this 2-core machine. Its figures are not the
 * goals' figures: small communities hide what grows.
 *
 * Every benchmark takes its default sizes from `benchPlan` (an environment knob still overrides
 * one), so the plan of a run is pure data: tests/benchQuickPlan.test.ts checks that --quick's is
 * the small one and that the full run's is unchanged.
 */
export const quick = (): boolean => process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A size knob: as given, or a tenth of it (at least 1) when quick. */
export const scaled = (size: number, isQuick = quick()): number => (isQuick ? Math.max(1, Math.round(size / 10)) : size);

/**
 * A seeded community's size (members, posts, pages deep): as given, or a hundredth of it when
 * quick. At a tenth, seeding alone took minutes on this shared machine (500,000 posts: 125 s).
 */
export const scaledCommunity = (size: number, isQuick = quick()): number => (isQuick ? Math.max(1, Math.round(size / 100)) : size);

/** The default sizes, durations and repeats of a run: the full one, or --quick's. */
export function benchPlan(isQuick = quick()) {
  const size = (n: number) => scaled(n, isQuick);
  const community = (n: number) => scaledCommunity(n, isQuick);
  /** The community the feed, moderation and search benchmarks seed (posts, members, the deep page). */
  const feedCommunity = { members: community(100_000), posts: community(1_000_000), depthPages: community(5000) };
  return {
    /** Runs of each benchmark judged on a p99 (goals.ts repeatCount; `--repeat N` overrides). */
    repeats: isQuick ? 1 : 3,
    /**
     * Each autocannon case (feed, moderation, search, mixed, proxy): seconds measured, after a
     * warm-up run. Quick has no warm-up run, only the requests one at a time that every case sends
     * first: each autocannon run starts a worker thread, 1.5-3 s on this loaded machine, and the
     * feed alone has 26 cases.
     */
    load: { seconds: isQuick ? 1 : 8, warmupSeconds: isQuick ? 0 : 2 },
    /**
     * rounds: how often (15) and (16) are measured in turns, the median round reported. turns and
     * turnSeconds: the stack goals' short turns, floor then subject (feed.ts inTurns).
     */
    feed: { ...feedCommunity, readers: size(400), rounds: isQuick ? 1 : 3, turns: isQuick ? 1 : 8, turnSeconds: isQuick ? 1 : 3 },
    moderation: { members: feedCommunity.members, posts: feedCommunity.posts },
    /** The search index and the image fingerprints at the community's scale (a tenth was 100,000 posts indexed). */
    search: { members: feedCommunity.members, posts: feedCommunity.posts, images: community(100_000) },
    mixed: {
      sizes: [
        { posts: community(1_000_000), members: community(100_000) },
        { posts: community(5_000_000), members: community(500_000) },
      ],
      sockets: size(1000),
      depthPages: size(5000),
      floorInserts: isQuick ? 50 : 200,
      /**
       * The writer's queue, in seconds of writes: past it a write is shed, not sent. A server that
       * falls behind answers the queued writes after the reads end, and the run waits for every
       * answer: at 50 writes/s on this loaded machine (0.2 cores for the server) two seconds of
       * writes took 58 s to drain. Quick queues half a second.
       */
      queueSeconds: isQuick ? 0.5 : 2,
      /**
       * The posts a run under writes holds at least, so that their p99 is a percentile and not the
       * slowest of a few dozen: at 5 writes a second, half of them posts, the paced reads beside the
       * writer last long enough for it (60 s per case at full size). Quick keeps its short runs.
       */
      postsPerRun: isQuick ? 0 : 300,
    },
    writes: { members: size(100_000), sockets: size(1000), postsPerKind: size(200) },
    chat: { sockets: Math.max(4, size(1000)), group: size(500), messages: size(1000), broadcasts: size(200) },
    storm: { clients: size(300), messages: size(10_000), sendSeconds: size(60) },
    eventLoop: { bursts: size(20), quietRequests: size(400) },
    uploads: { videoMb: size(95) },
    proxy: { posts: size(2000), authors: size(20), seconds: isQuick ? 1 : 8 },
  };
}

export type BenchPlan = ReturnType<typeof benchPlan>;
