/**
 * `npm run check`: the fast loop while changing code (about a minute): the linter (layers
 * included), the formatter's check (`npm run format` fixes it), the type checker, and the unit and view tests that the uncommitted changes touch
 * (vitest follows the imports from each changed file to the tests that reach it). `npm test`
 * stays the whole suite.
 */
import { spawnSync } from 'node:child_process';

const since = process.argv[2]; // a git ref to compare with, e.g. `npm run check -- main`
const steps: Array<[string, string[]]> = [
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  [
    'touched tests',
    ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'views', '--passWithNoTests', since ? `--changed=${since}` : '--changed'],
  ],
];

let failed = 0;
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  if (spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status !== 0) failed += 1;
}
console.log(`\ncheck: ${steps.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
