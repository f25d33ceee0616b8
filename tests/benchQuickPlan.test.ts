/**
 * `npm run bench -- --quick` runs the quick plan (tests/bench/quick.ts): every benchmark takes its
 * default sizes, load durations and repeats from `benchPlan`, so the plan is checked here, not
 * its timing (docs/benchmarks/README.md records the measured wall time).
 */
import { describe, expect, it } from 'vitest';
import { repeatCount } from './bench/goals';
import { secondsUnderWrites } from './bench/mixed';
import { benchPlan } from './bench/quick';

describe('the benchmarks plan', () => {
  it('--quick seeds communities at a hundredth, other sizes at a tenth, with short load runs and one repeat', () => {
    const plan = benchPlan(true);
    expect(plan.repeats).toBe(1);
    expect(repeatCount(['--quick'], {}, true)).toBe(1);
    expect(plan.load).toEqual({ seconds: 1, warmupSeconds: 0 });
    expect(plan.feed).toEqual({ members: 1000, posts: 10_000, depthPages: 50, readers: 40, rounds: 1, turns: 1, turnSeconds: 1 });
    expect(plan.moderation).toEqual({ members: 1000, posts: 10_000 });
    expect(plan.search).toEqual({ members: 1000, posts: 10_000, images: 1000 });
    expect(plan.mixed).toEqual({
      sizes: [
        { posts: 10_000, members: 1000 },
        { posts: 50_000, members: 5000 },
      ],
      sockets: 100,
      depthPages: 500,
      floorInserts: 50,
      queueSeconds: 0.5,
      postsPerRun: 0,
    });
    expect(plan.writes).toEqual({ members: 10_000, sockets: 100, postsPerKind: 20 });
    expect(plan.chat).toEqual({ sockets: 100, group: 50, messages: 100, broadcasts: 20 });
    expect(plan.storm).toEqual({ clients: 30, messages: 1000, sendSeconds: 6 });
    expect(plan.eventLoop).toEqual({ bursts: 2, quietRequests: 40 });
    expect(plan.uploads).toEqual({ videoMb: 10 });
    expect(plan.proxy).toEqual({ posts: 200, authors: 2, seconds: 1 });
  });

  it('the full run keeps its sizes, its load runs and three repeats', () => {
    const plan = benchPlan(false);
    expect(plan.repeats).toBe(3);
    expect(repeatCount([], {}, false)).toBe(3);
    expect(plan.load).toEqual({ seconds: 8, warmupSeconds: 2 });
    expect(plan.feed).toEqual({ members: 100_000, posts: 1_000_000, depthPages: 5000, readers: 400, rounds: 3, turns: 8, turnSeconds: 3 });
    expect(plan.moderation).toEqual({ members: 100_000, posts: 1_000_000 });
    expect(plan.search).toEqual({ members: 100_000, posts: 1_000_000, images: 100_000 });
    expect(plan.mixed).toEqual({
      sizes: [
        { posts: 1_000_000, members: 100_000 },
        { posts: 5_000_000, members: 500_000 },
      ],
      sockets: 1000,
      depthPages: 5000,
      floorInserts: 200,
      queueSeconds: 2,
      postsPerRun: 300,
    });
    expect(plan.writes).toEqual({ members: 100_000, sockets: 1000, postsPerKind: 200 });
    expect(plan.chat).toEqual({ sockets: 1000, group: 500, messages: 1000, broadcasts: 200 });
    expect(plan.storm).toEqual({ clients: 300, messages: 10_000, sendSeconds: 60 });
    expect(plan.eventLoop).toEqual({ bursts: 20, quietRequests: 400 });
    expect(plan.uploads).toEqual({ videoMb: 95 });
    expect(plan.proxy).toEqual({ posts: 2000, authors: 20, seconds: 8 });
  });

  it('--quick or BENCH_QUICK=1 chooses the quick plan by default', async () => {
    const { quick } = await import('./bench/quick');
    const argv = process.argv;
    const env = process.env.BENCH_QUICK;
    try {
      process.argv = [...argv, '--quick'];
      expect(quick()).toBe(true);
      expect(benchPlan()).toEqual(benchPlan(true));
      process.argv = argv.filter((arg) => arg !== '--quick');
      process.env.BENCH_QUICK = '1';
      expect(benchPlan()).toEqual(benchPlan(true));
      delete process.env.BENCH_QUICK;
      expect(benchPlan()).toEqual(benchPlan(false));
    } finally {
      process.argv = argv;
      if (env === undefined) delete process.env.BENCH_QUICK;
      else process.env.BENCH_QUICK = env;
    }
  });
});

describe('the mixed runs under writes', () => {
  it('last long enough for a few hundred posts at the low rate, and no shorter than other runs', () => {
    const full = benchPlan(false);
    // 5 writes a second, half of them posts: two paced cases of 60 s hold 300 posts.
    expect(secondsUnderWrites(5, full.load.seconds, full.mixed.postsPerRun)).toBe(60);
    // 50 a second make them within the usual 8 s.
    expect(secondsUnderWrites(50, full.load.seconds, full.mixed.postsPerRun)).toBe(full.load.seconds);
    const quickPlan = benchPlan(true);
    expect(secondsUnderWrites(5, quickPlan.load.seconds, quickPlan.mixed.postsPerRun)).toBe(quickPlan.load.seconds);
  });
});
