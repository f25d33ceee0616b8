/**
 * Path plans for testers: per machine, the all-transitions path cover its model test replays
 * (tests/machines/models), written as steps a tester can follow by hand or script in a browser.
 *
 *   npm run test:paths -- --plan DIR                  DIR/<name>.md + DIR/<name>.json per machine, DIR/README.md
 *   npm run test:paths -- --machine chat --to list.loaded     only the paths that reach that state (printed)
 *   npm run test:paths -- --machine chat --event chat.send    only the paths that take that event (printed)
 *   npm run test:paths -- --plan DIR --machine chat --to ...  the same, written to DIR/chat.{md,json}
 *
 * Without --plan, --machine, --to or --event it runs the model tests (vitest), as it always did.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnyMachineSnapshot, AnyTransitionDefinition, StateValue } from 'xstate';
import {
  coverPaths,
  guardName,
  stateCount,
  takenTransitions,
  TransitionCoverage,
  type MachineModel,
  type ModelEvent,
} from '../tests/machines/cover';
import { models } from '../tests/machines/models/index';
import { statecharts } from '../src/machines/index';

export interface PlanTransition {
  /** The state the transition is declared on, dot-separated ('' for the machine itself). */
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
}
export interface PlanStep {
  /** The active leaf states before and after, dot-separated. */
  from: string[];
  event: ModelEvent;
  transitions: PlanTransition[];
  to: string[];
}
export interface PlanPath {
  number: number;
  cover: string;
  start: string[];
  steps: PlanStep[];
}
export interface MachinePlan {
  machine: string;
  states: number;
  transitions: number;
  covered: number;
  covers: { label: string; paths: number }[];
  paths: PlanPath[];
}

/** 'idle' -> ['idle']; { open: 'editing' } -> ['open.editing']; parallel regions give one leaf each. */
export function leafStates(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : leafStates(child as StateValue).map((leaf) => `${key}.${leaf}`),
  );
}

const statePath = (node: { path: string[] }) => node.path.join('.');

function describeTransition(t: AnyTransitionDefinition): PlanTransition {
  return { source: statePath(t.source), event: t.eventType || 'always', guard: guardName(t), targets: (t.target ?? []).map(statePath) };
}

/** Errors have no enumerable fields: JSON would show `{}` where the tester needs the message. */
function plain(event: ModelEvent): ModelEvent {
  return JSON.parse(
    JSON.stringify(event, (_key, value) =>
      value instanceof Error ? { name: value.name, message: value.message, ...Object.fromEntries(Object.entries(value)) } : value,
    ),
  );
}

export function machinePlan(model: MachineModel): MachinePlan {
  const coverage = new TransitionCoverage(model.machine);
  const paths: PlanPath[] = [];
  const covers: MachinePlan['covers'] = [];
  for (const cover of model.covers) {
    const cut = coverPaths(model.machine, cover.options);
    covers.push({ label: cover.label, paths: cut.length });
    for (const path of cut) {
      const taken = takenTransitions(model.machine, path, cover.options);
      taken.forEach((ts) => coverage.record(ts));
      const leaves = path.steps.map((s) => leafStates((s.state as AnyMachineSnapshot).value));
      paths.push({
        number: paths.length + 1,
        cover: cover.label,
        start: leaves[0],
        steps: path.steps.slice(1).map((step, i) => ({
          from: leaves[i],
          event: plain(step.event),
          transitions: taken[i + 1].map(describeTransition),
          to: leaves[i + 1],
        })),
      });
    }
  }
  return {
    machine: model.name,
    states: stateCount(model.machine),
    transitions: coverage.all.size,
    covered: coverage.exercised.size,
    covers,
    paths,
  };
}

/** A state reached: the leaf itself or any of its ancestors ('conversation.open' is reached by 'conversation.open.ready.idle'). */
const reaches = (leaves: string[], state: string) => leaves.some((leaf) => leaf === state || leaf.startsWith(`${state}.`));

export interface PathFilter {
  to?: string;
  event?: string;
}

export function filterPlan(plan: MachinePlan, filter: PathFilter): MachinePlan {
  const keep = (path: PlanPath) =>
    (!filter.to || reaches(path.start, filter.to) || path.steps.some((s) => reaches(s.to, filter.to!))) &&
    (!filter.event || path.steps.some((s) => s.event.type === filter.event));
  return { ...plan, paths: plan.paths.filter(keep) };
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

function payloadOf(event: ModelEvent): string {
  const { type: _type, ...payload } = event;
  if (!Object.keys(payload).length) return '';
  const text = JSON.stringify(payload);
  return ` (${text.length > 120 ? `${text.slice(0, 117)}...` : text})`;
}

/** The leaves a step changed; when it changed none (a self-transition), where its transitions are declared. */
function stepLine(step: PlanStep): string {
  const left = step.from.filter((leaf) => !step.to.includes(leaf));
  const entered = step.to.filter((leaf) => !step.from.includes(leaf));
  const sources = [...new Set(step.transitions.map((t) => t.source || '(any state)'))];
  const from = left.length ? left : sources.length ? sources : step.from;
  const to = entered.length ? entered : ['(same state)'];
  const guards = step.transitions.filter((t) => t.guard).map((t) => (t.event === 'always' ? `always: ${t.guard}` : t.guard!));
  const guarded = guards.length ? ` [guard ${guards.map(code).join(', ')}]` : '';
  const ignored = step.transitions.length === 0 ? ' (no transition: ignored here)' : '';
  return `in ${from.map(code).join(' + ')}, ${code(step.event.type)}${payloadOf(step.event)}${guarded}${ignored} -> ${to.map(code).join(' + ')}`;
}

export function planMarkdown(plan: MachinePlan, filter: PathFilter = {}): string {
  const asked = [filter.to && `reaching ${code(filter.to)}`, filter.event && `taking ${code(filter.event)}`].filter(Boolean).join(' and ');
  const lines = [
    `# Path plan: ${plan.machine}`,
    '',
    `Generated by \`npm run test:paths -- --plan DIR\` (scripts/pathPlans.ts) from the covers that tests/machines replays (tests/machines/models); do not edit by hand.`,
    '',
    `${plan.states} states, ${plan.transitions} transitions, ${plan.covered} taken by these paths. ` +
      `Covers: ${plan.covers.map((c) => `${c.label} (${c.paths} paths)`).join('; ')}.`,
    '',
    `Each path starts from a fresh ${plan.machine} (reload the screen). A step reads: in the state(s) it leaves, the event (its payload), ` +
      `[the guard that chose the branch] -> the state(s) it enters. \`xstate.done.actor.X\` / \`xstate.error.actor.X\` are the answers of request X; ` +
      `\`xstate.after.D.state\` is waiting for the delay D.`,
    '',
  ];
  if (asked) lines.push(`Only the ${plan.paths.length} paths ${asked}.`, '');
  let cover = '';
  for (const path of plan.paths) {
    if (path.cover !== cover) {
      cover = path.cover;
      lines.push(`## ${cover}`, '');
    }
    lines.push(`### Path ${path.number}`, '', `Starts in ${path.start.map(code).join(' + ')}.`, '');
    path.steps.forEach((step, i) => lines.push(`${i + 1}. ${stepLine(step)}`));
    lines.push('');
  }
  return lines.join('\n');
}

export function coverageTable(plans: MachinePlan[]): string {
  const without = Object.keys(statecharts).filter((name) => !plans.some((p) => p.machine === name));
  const rows = plans.map(
    (p) =>
      `| [${p.machine}](${p.machine}.md) | ${p.states} | ${p.transitions} | ${p.covered} (${((100 * p.covered) / Math.max(p.transitions, 1)).toFixed(0)} %) | ${p.paths.length} |`,
  );
  return [
    '# Path plans',
    '',
    'Generated by `npm run test:paths -- --plan DIR` (scripts/pathPlans.ts); do not edit by hand. One plan per machine, from the',
    'covers its model test replays (tests/machines/models): the paths here are the paths the suite runs.',
    '',
    '| machine | states | transitions | covered by the paths | paths |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
    ...(without.length ? [`No model test yet, so no plan: ${without.join(', ')}.`, ''] : []),
  ].join('\n');
}

interface Args {
  plan?: string;
  machine?: string;
  to?: string;
  event?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = /^--(plan|machine|to|event)$/.exec(argv[i]);
    if (!flag) continue;
    const value = argv[++i];
    if (!value || value.startsWith('--')) throw new Error(`${argv[i - 1]} needs a value`);
    args[flag[1] as keyof Args] = value;
  }
  return args;
}

function main() {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (!args.plan && !args.machine && !args.to && !args.event) {
    const run = spawnSync('npx', ['vitest', 'run', 'tests/machines', '--reporter=verbose', ...argv], { stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
  if ((args.to || args.event) && !args.machine) throw new Error('--to and --event need --machine <name>');
  const chosen = args.machine ? models.filter((m) => m.name === args.machine) : models;
  if (!chosen.length) throw new Error(`no model for "${args.machine}"; machines with one: ${models.map((m) => m.name).join(', ')}`);
  const filter: PathFilter = { to: args.to, event: args.event };
  const plans = chosen.map((model) => filterPlan(machinePlan(model), filter));
  if (!args.plan) {
    for (const plan of plans) process.stdout.write(planMarkdown(plan, filter));
    return;
  }
  mkdirSync(args.plan, { recursive: true });
  for (const plan of plans) {
    writeFileSync(join(args.plan, `${plan.machine}.md`), planMarkdown(plan, filter));
    writeFileSync(join(args.plan, `${plan.machine}.json`), JSON.stringify(plan, null, 2) + '\n');
  }
  if (!args.machine) writeFileSync(join(args.plan, 'README.md'), coverageTable(plans));
  console.log(
    `wrote ${plans.length} plan(s) (${plans.reduce((n, p) => n + p.paths.length, 0)} paths) to ${relative(process.cwd(), args.plan) || '.'}`,
  );
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
