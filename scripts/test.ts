/**
 * `npm test`: the whole suite, in order, stopping nothing early so every failure is reported:
 * lint (the layers included), formatting (prettier --check), typecheck, statechart freshness, unit + view tests (vitest), then browser journeys (vitest e2e).
 * Prints one closing line "N passed, N failed" over the steps and exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';

const steps: Array<[string, string[]]> = [
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['statecharts', ['npx', 'tsx', 'scripts/statecharts.ts', '--check']],
  ['unit and views', ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'views']],
  ['e2e', ['npx', 'vitest', 'run', '--project', 'e2e']],
];

const results: Array<[string, boolean]> = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  results.push([name, run.status === 0]);
}
console.log('\n=== summary');
for (const [name, ok] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
const failed = results.filter(([, ok]) => !ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
