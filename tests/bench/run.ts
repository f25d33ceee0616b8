/**
 * `npm run bench`: benchmarks, reported as figures and as ratios to baselines measured in the same run.
 * `npm run bench -- --only bundle`, `--only feed`, `--only mixed`, `--only chat`, `--only moderation`, `--only search`, `--only uploads`, `--only storm`, `--only transfer`, `--only writes`, `--only event-loop` or `--only proxy` (or BENCH_ONLY=feed) runs one of them.
 * `--quick` (or BENCH_QUICK=1) runs every case at a tenth of its size (quick.ts), a smoke check.
 * A benchmark whose goals are judged on a p99 runs `--repeat N` times (BENCH_REPEAT; 3, or 1 with
 * --quick), and its goals are judged on the median of the runs (goals.ts).
 * It ends with one table of every goal checked: its figure, its floor, met or NOT met (goals.ts).
 * A benchmark that fails is a NOT met line of that table, and the others still run.
 */
import { measureBundle } from './bundle';
import { measureTransfer, printTransfer, SIGN_IN_OVER_FLOOR_GOAL, transferNotMeasured, transferUnavailable } from './transfer';
import { measureChat, printChat } from './chat';
import { measureEventLoop, printEventLoop } from './eventLoop';
import { measureFeed, printFeed } from './feed';
import { beginRun, printGoals, recordGoal, recordNotMeasured, repeatCount } from './goals';
import { measureMixed, printMixed } from './mixed';
import { measureProxy, printProxy } from './proxy';
import { measureModeration, printModeration } from './moderation';
import { measureSearch, printSearch } from './search';
import { measureStorm, printStorm } from './storm';
import { measureUploads, printUploads } from './uploads';
import { measureWrites, printWrites } from './writes';
import { clusterUnavailable } from '../e2e/support/cluster';
import { quick } from './quick';

const BENCHES = [
  'bundle',
  'transfer',
  'feed',
  'mixed',
  'chat',
  'moderation',
  'search',
  'uploads',
  'storm',
  'writes',
  'event-loop',
  'proxy',
] as const;
type Bench = (typeof BENCHES)[number];

/** The benchmarks with goals judged on a p99: they run `--repeat` times. */
const JUDGED_ON_P99: ReadonlySet<Bench> = new Set(['mixed', 'chat', 'moderation', 'search', 'writes', 'event-loop']);

function chosen(): readonly Bench[] {
  const flag = process.argv.indexOf('--only');
  const only = flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_ONLY || undefined;
  if (only === undefined) return BENCHES;
  if (!(BENCHES as readonly string[]).includes(only)) {
    console.error(`--only takes one of ${BENCHES.join(', ')} (got "${only}")`);
    process.exit(2);
  }
  return [only as Bench];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function benchBundle() {
  const bundle = await measureBundle();
  console.log('client bundle (gzip JavaScript, initial load)');
  console.table({
    'React 19 alone (floor)': { gzip: kb(bundle.reactFloor), ratio: '1.00x' },
    'React + xstate, wouter, socket.io-client, ofetch (floor)': {
      gzip: kb(bundle.libsFloor),
      ratio: `${(bundle.libsFloor / bundle.reactFloor).toFixed(2)}x`,
    },
    'React + xstate, wouter, ofetch, immer + the sign-in widgets (floor)': {
      gzip: kb(bundle.signInWidgetsFloor),
      ratio: `${(bundle.signInWidgetsFloor / bundle.reactFloor).toFixed(2)}x`,
    },
    'Stoa sign-in route': { gzip: kb(bundle.signIn), ratio: `${(bundle.signIn / bundle.reactFloor).toFixed(2)}x` },
    'Stoa member layout': { gzip: kb(bundle.member), ratio: `${(bundle.member / bundle.reactFloor).toFixed(2)}x` },
  });
  // The sign-in route's weight over what any page of the same libraries and widgets weighs.
  const signInWeight = bundle.signIn + bundle.signInStyles;
  const floor = bundle.signInWidgetsFloor + bundle.signInStyles;
  const met = recordGoal(
    'sign-in route JavaScript + styles (gzip) / its floor',
    signInWeight / floor,
    SIGN_IN_OVER_FLOOR_GOAL,
    'at most',
    'x',
    {
      floor: { figure: floor / 1024, unit: 'KB', what: 'shell libraries + sign-in widgets + styles (gzip)' },
    },
  );
  console.log(
    `sign-in route goal <= ${SIGN_IN_OVER_FLOOR_GOAL}x its floor (${kb(floor)}: the widgets' floor + ${kb(bundle.signInStyles)} of styles): ${met ? 'met' : 'NOT met'} (${kb(signInWeight)}, ${(signInWeight / floor).toFixed(2)}x)`,
  );
  // The debug panel and the statechart explorer never ship in what a member loads without ?debug=1.
  const { debugFiles, signIn, streams } = bundle.debug;
  const loaded = [...new Set([...signIn, ...streams])];
  const found = debugFiles.length > 0; // else the check would pass for want of any debug chunk
  console.log(`debug chunks (${debugFiles.join(', ') || 'none found'}) loaded by sign-in: ${signIn.length}, streams: ${streams.length}`);
  recordGoal('debug/explorer chunks loaded by the sign-in and streams routes', found ? loaded.length : Number.NaN, 0, 'at most', 'chunks');
  // The streams route's budget (brotli, as the server sends it), and the formatting libraries left to load when used.
  console.log(`streams route script (brotli, static imports): ${kb(bundle.streamsBrotli)}`);
  recordGoal('streams route script at most 180 KB', bundle.streamsBrotli / 1024, 180, 'at most', 'KB');
  for (const lazy of bundle.lazy)
    console.log(`${lazy.name}: ${lazy.built ? `${lazy.inStreams} modules in the streams route` : 'not in the build'}`);
  recordGoal(
    `${bundle.lazy.map((l) => l.name).join(', ')} modules in the streams route's static imports`,
    bundle.lazy.every((l) => l.built) ? bundle.lazy.reduce((n, l) => n + l.inStreams, 0) : Number.NaN,
    0,
    'at most',
    'modules',
  );
}

async function benchTransfer() {
  const missing = transferUnavailable();
  if (missing) {
    console.log(`transfer: not measured: ${missing}`);
    transferNotMeasured(missing);
    return;
  }
  printTransfer(await measureTransfer());
}

async function benchFeed() {
  printFeed(await measureFeed());
}

async function benchMixed() {
  printMixed(await measureMixed());
}

async function benchChat() {
  printChat(await measureChat());
}

async function benchModeration() {
  printModeration(await measureModeration());
}

async function benchUploads() {
  printUploads(await measureUploads());
}

async function benchSearch() {
  printSearch(await measureSearch());
}

async function benchStorm() {
  printStorm(await measureStorm());
}

async function benchWrites() {
  printWrites(await measureWrites());
}

async function benchEventLoop() {
  printEventLoop(await measureEventLoop());
}

async function benchProxy() {
  const missing = clusterUnavailable();
  if (missing) {
    console.log(`proxy: not measured: ${missing}`);
    recordNotMeasured('proxy: failed requests under load', 0, 'at most', 'requests', missing);
    return;
  }
  printProxy(await measureProxy());
}

const run: Record<Bench, () => Promise<void>> = {
  bundle: benchBundle,
  transfer: benchTransfer,
  feed: benchFeed,
  mixed: benchMixed,
  chat: benchChat,
  moderation: benchModeration,
  search: benchSearch,
  uploads: benchUploads,
  storm: benchStorm,
  writes: benchWrites,
  'event-loop': benchEventLoop,
  proxy: benchProxy,
};
let repeats: number;
try {
  repeats = repeatCount(process.argv, process.env, quick());
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
let failed = 0;
const runStarted = performance.now();
for (const [i, name] of chosen().entries()) {
  const times = JUDGED_ON_P99.has(name) ? repeats : 1;
  for (let time = 1; time <= times; time++) {
    if (i > 0 || time > 1) console.log('');
    if (times > 1) console.log(`${name}: run ${time} of ${times}`);
    beginRun(name, time);
    const started = performance.now();
    try {
      await run[name]();
      console.log(`${name} took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } catch (error) {
      // One benchmark's failure is a line of the table, not the end of the others.
      failed += 1;
      console.error(`${name} failed:`, error);
      recordGoal(`${name}: the benchmark ran to its end (${(error as Error).message ?? error})`.slice(0, 200), 1, 0, 'at most', 'failures');
    }
  }
}
console.log('');
printGoals();
console.log(
  `the benchmarks took ${((performance.now() - runStarted) / 1000).toFixed(0)} s in all${quick() ? ' (--quick: the goal is under 300 s)' : ''}`,
);
// Worker threads and sockets of the load generator must not keep the process alive.
process.exit(failed > 0 ? 1 : 0);
