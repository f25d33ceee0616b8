/**
 * `npm run bench`: benchmarks, reported as figures and as ratios to baselines measured in the same run.
 * `npm run bench -- --only bundle`, `--only feed`, `--only mixed`, `--only chat`, `--only moderation`, `--only search`, `--only uploads`, `--only storm`, `--only transfer`, `--only writes`, `--only event-loop` or `--only proxy` (or BENCH_ONLY=feed) runs one of them.
 * `--quick` (or BENCH_QUICK=1) runs every case at a tenth of its size (quick.ts), a smoke check.
 * It ends with one table of every goal checked: its figure, met or NOT met (goals.ts).
 */
import { measureBundle } from './bundle';
import { measureTransfer, printTransfer } from './transfer';
import { measureChat, printChat } from './chat';
import { measureEventLoop, printEventLoop } from './eventLoop';
import { measureFeed, printFeed } from './feed';
import { printGoals } from './goals';
import { measureMixed, printMixed } from './mixed';
import { measureProxy, printProxy } from './proxy';
import { measureModeration, printModeration } from './moderation';
import { measureSearch, printSearch } from './search';
import { measureStorm, printStorm } from './storm';
import { measureUploads, printUploads } from './uploads';
import { recordGoal } from './goals';
import { measureWrites, printWrites } from './writes';

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
    'Stoa sign-in route': { gzip: kb(bundle.signIn), ratio: `${(bundle.signIn / bundle.reactFloor).toFixed(2)}x` },
    'Stoa member layout': { gzip: kb(bundle.member), ratio: `${(bundle.member / bundle.reactFloor).toFixed(2)}x` },
  });
  const goal = 110 * 1024;
  console.log(
    `sign-in route goal <= ${kb(goal)}: ${recordGoal('sign-in route JavaScript (gzip)', bundle.signIn / 1024, goal / 1024, 'at most', 'KB') ? 'met' : 'NOT met'} (${kb(bundle.signIn)})`,
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
for (const [i, name] of chosen().entries()) {
  if (i > 0) console.log('');
  await run[name]();
}
console.log('');
printGoals();
// Worker threads and sockets of the load generator must not keep the process alive.
process.exit(0);
