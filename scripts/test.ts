/**
 * `npm test`: the whole suite, in order, stopping nothing early so every failure is reported:
 * lint (the layers included), formatting (prettier --check), typecheck, statechart freshness, unit + view tests (vitest), then browser journeys (vitest e2e).
 * Prints one closing line "N passed, N failed" over the steps and exits non-zero on any failure.
 * The vitest steps also write a JSON report; the summary repeats each failed test's name and the
 * first lines of its error, because CI keeps only the tail of a long log.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'stoa-test-'));
const vitest = (file: string, ...projects: string[]): string[] => [
  'npx',
  'vitest',
  'run',
  ...projects.flatMap((project) => ['--project', project]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, file)}`,
];

const steps: Array<[string, string[], string?]> = [
  ['lint', ['npx', 'eslint', '.']],
  ['format', ['npx', 'prettier', '--check', '.']],
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['statecharts', ['npx', 'tsx', 'scripts/statecharts.ts', '--check']],
  ['unit and views', vitest('unit.json', 'unit', 'views'), 'unit.json'],
  ['e2e', vitest('e2e.json', 'e2e'), 'e2e.json'],
];

interface JsonReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** "file › test: the error and its diff, and the line of the test" for every failure a vitest JSON report holds. */
function failuresOf(file: string): string[] {
  const path = join(reports, file);
  if (!existsSync(path)) return ['(no report written: the run ended before its reporter)'];
  const report = JSON.parse(readFileSync(path, 'utf8')) as JsonReport;
  const lines: string[] = [];
  // The message and its diff (what was received), and where in the test file: not the stack's other frames.
  const firstLines = (text = ''): string => {
    const all = text.split('\n');
    const frame = all.find((line) => /^\s+at .*tests\//.test(line));
    const kept = all.filter((line) => !/^\s+at /.test(line) && line.trim() !== '').slice(0, 14);
    return [...kept, ...(frame ? [frame.trim()] : [])].join('\n      ').slice(0, 1500);
  };
  for (const suite of report.testResults ?? []) {
    const where = suite.name.replace(`${process.cwd()}/`, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`  ${where} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
    if (!failed.length && suite.status === 'failed') lines.push(`  ${where}\n      ${firstLines(suite.message)}`);
  }
  return lines;
}

const results: Array<[string, boolean, string[]]> = [];
for (const [name, [cmd, ...args], report] of steps) {
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const run = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  results.push([name, ok, !ok && report ? failuresOf(report) : []]);
}
rmSync(reports, { recursive: true, force: true });
console.log('\n=== summary');
for (const [name, ok, failures] of results) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  for (const failure of failures) console.log(failure);
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
