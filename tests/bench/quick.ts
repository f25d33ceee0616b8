/**
 * `npm run bench -- --quick` (or BENCH_QUICK=1): every case at a tenth of its size (communities,
 * sockets, messages) and short load runs, for a smoke check that every benchmark still runs. Its
 * figures are not the goals' figures: small communities hide what grows.
 */
export const quick = (): boolean => process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A size knob: as given, or a tenth of it (at least 1) with --quick. */
export const scaled = (size: number): number => (quick() ? Math.max(1, Math.round(size / 10)) : size);
