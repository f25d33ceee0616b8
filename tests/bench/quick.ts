/**
 * `npm run bench -- --quick` (or BENCH_QUICK=1): every case at a tenth of its size (sockets,
 * messages, bursts), the seeded communities of the feed, moderation and mixed benchmarks at a
 * hundredth, and short load runs, for a smoke check that every benchmark still runs, in under five
 * minutes on this 2-core machine. Its figures are not the goals' figures: small communities hide what grows.
 */
export const quick = (): boolean => process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A size knob: as given, or a tenth of it (at least 1) with --quick. */
export const scaled = (size: number): number => (quick() ? Math.max(1, Math.round(size / 10)) : size);

/**
 * A seeded community's size (members, posts, pages deep): as given, or a hundredth of it with
 * --quick. At a tenth, seeding alone took minutes on this shared machine (500,000 posts: 125 s).
 */
export const scaledCommunity = (size: number): number => (quick() ? Math.max(1, Math.round(size / 100)) : size);
