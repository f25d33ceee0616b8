import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { filterPlan, leafStates, machinePlan, type MachinePlan } from '../../scripts/pathPlans';
import { statecharts } from '../../src/machines/index';
import { pathsOf, type MachineModel, type ModelPath } from './cover';
import { chatModel } from './chat/chat.model';
import { models } from './models/index';
import { toastModel } from './notifications/toast.model';
import { composerModel } from './composer/composer.model';

const root = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'stoa-plans-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** What a tester follows: the event types and the states each one leads to. */
const walkOfReplayed = (path: ModelPath) =>
  path.steps.slice(1).map((step) => ({ event: step.event.type, to: leafStates((step.state as AnyMachineSnapshot).value) }));
const walkOfPlanned = (steps: MachinePlan['paths'][number]['steps']) => steps.map((step) => ({ event: step.event.type, to: step.to }));

/** The paths the model test replays, cover after cover, in the order its it.each runs them. */
const replayed = (model: MachineModel) =>
  model.covers.flatMap((cover) => pathsOf(model, cover.label).map((path) => ({ cover: cover.label, walk: walkOfReplayed(path) })));

function expectSamePaths(model: MachineModel, plan: MachinePlan) {
  const tested = replayed(model);
  expect(plan.paths.length).toBe(tested.length);
  plan.paths.forEach((path, i) => {
    expect(path.cover).toBe(tested[i].cover);
    expect(walkOfPlanned(path.steps), `path ${path.number}`).toEqual(tested[i].walk);
  });
}

function pathPlans(...args: string[]) {
  const run = spawnSync('npx', ['tsx', 'scripts/pathPlans.ts', ...args], { cwd: root, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('path plans', () => {
  it('has a model, with the very machine drawn in docs/statecharts, for every statechart', () => {
    expect(models.map((m) => m.name).sort()).toEqual(Object.keys(statecharts).sort());
    for (const model of models) expect(model.machine, model.name).toBe(statecharts[model.name as keyof typeof statecharts]);
  });

  it('writes the toast plan as JSON whose paths are the ones the toast test replays', () => {
    pathPlans('--plan', out, '--machine', 'toast');
    const plan = JSON.parse(readFileSync(join(out, 'toast.json'), 'utf8')) as MachinePlan;
    expectSamePaths(toastModel, plan);
    // The delay is a step of its own, with the guard-free transition it takes.
    const timeout = plan.paths.flatMap((p) => p.steps).find((s) => s.event.type.startsWith('xstate.after.'));
    expect(timeout?.to).toEqual(['dismissed']);
    expect(readFileSync(join(out, 'toast.md'), 'utf8')).toContain(
      '1. in `waiting`, `toast.activate` ({"paused":false}) -> `visible.counting`',
    );
    // A filtered run is a plan of one machine, not the table of all.
    expect(existsSync(join(out, 'README.md'))).toBe(false);
  });

  it('plans the same paths the chat and composer tests replay, and names the guards that chose each branch', () => {
    for (const model of [chatModel, composerModel]) {
      const plan = machinePlan(model);
      expectSamePaths(model, plan);
      // The paths take every transition the machine declares, as the model test demands.
      expect(plan.covered, model.name).toBe(plan.transitions);
      const guards = new Set(plan.paths.flatMap((p) => p.steps.flatMap((s) => s.transitions.map((t) => t.guard))).filter(Boolean));
      expect(guards.size, model.name).toBeGreaterThan(0);
    }
  }, 120_000);

  it('keeps, for --to, exactly the paths that reach the state (or a state inside it)', () => {
    const plan = machinePlan(chatModel);
    const to = 'conversation.open.ready.outbox.sending';
    const kept = filterPlan(plan, { to });
    const reaches = (leaves: string[]) => leaves.some((leaf) => leaf === to || leaf.startsWith(`${to}.`));
    expect(kept.paths.length).toBeGreaterThan(0);
    expect(kept.paths.length).toBeLessThan(plan.paths.length);
    for (const path of plan.paths) {
      const reached = path.steps.some((s) => reaches(s.to));
      expect(kept.paths.includes(path), `path ${path.number}`).toBe(reached);
    }
    // A parent state is reached by any of its children.
    expect(filterPlan(plan, { to: 'conversation.open' }).paths.length).toBeGreaterThan(kept.paths.length);
    expect(filterPlan(plan, { to: 'no.such.state' }).paths).toEqual([]);
  }, 60_000);

  it('prints, for --machine and --event, only the paths taking that event, numbered as in the whole plan', () => {
    const text = pathPlans('--machine', 'toast', '--event', 'toast.resume');
    const numbers = [...text.matchAll(/^### Path (\d+)$/gm)].map((m) => Number(m[1]));
    const plan = machinePlan(toastModel);
    const taking = plan.paths.filter((p) => p.steps.some((s) => s.event.type === 'toast.resume')).map((p) => p.number);
    expect(numbers).toEqual(taking);
    expect(taking.length).toBeLessThan(plan.paths.length);
    expect(text).toContain(`Only the ${taking.length} paths taking \`toast.resume\`.`);
  });
});
