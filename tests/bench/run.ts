/** `npm run bench`: benchmarks, reported as figures and as ratios to baselines measured in the same run. */
import { measureBundle } from './bundle';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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
console.log(`sign-in route goal <= ${kb(goal)}: ${bundle.signIn <= goal ? 'met' : 'NOT met'} (${kb(bundle.signIn)})`);
