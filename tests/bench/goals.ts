/**
 * Every goal a benchmark checks, collected as it prints, so that `npm run bench` ends with one
 * table: each goal, its figure, the floor it stands on, met or missed.
 *
 * A benchmark whose goals are judged on a p99 runs several times (`--repeat N`, run.ts); its goals
 * are then recorded once per run, and the table shows each goal's median and its spread (min-max).
 * A goal is met when its median is: one burst of other work on a shared machine moves one run,
 * not the verdict. The pure parts (summarize, repeatCount) are unit-tested (tests/benchGoals.test.ts).
 */
import { benchPlan } from './quick';

/** What a goal is read against, measured in the same run: its figure and what it is. */
export interface Floor {
  figure: number;
  unit: string;
  what: string;
}

export interface Goal {
  goal: string;
  figure: number;
  target: number;
  /** Whether the figure must stay at most or reach at least the target. */
  direction: 'at most' | 'at least';
  met: boolean;
  unit: string;
  floor?: Floor;
  /** Why the goal could not be measured on this machine (then its figure is NaN and it is not met). */
  notMeasured?: string;
  /** The benchmark and its run (1, 2, ...) that recorded it. */
  bench: string;
  run: number;
}

/** One line of the table: a goal over every run that recorded it. */
export interface GoalLine {
  goal: string;
  bench: string;
  /** The median of the runs' figures (a run that failed counts as the worst figure). */
  figure: number;
  /** The lowest and highest figure over the runs. */
  spread: { min: number; max: number };
  runs: number;
  target: number;
  direction: Goal['direction'];
  unit: string;
  met: boolean;
  /** The median of the runs' floors, when the goal has one. */
  floor?: Floor;
  notMeasured?: string;
}

const goals: Goal[] = [];
let current = { bench: '', run: 1 };

/** The goals recorded from now on belong to this benchmark's run (run.ts calls it before each). */
export function beginRun(bench: string, run: number): void {
  current = { bench, run };
}

export const meets = (figure: number, target: number, direction: Goal['direction']): boolean =>
  Number.isFinite(figure) && (direction === 'at most' ? figure <= target : figure >= target);

export function recordGoal(
  goal: string,
  figure: number,
  target: number,
  direction: Goal['direction'],
  unit = 'x',
  options: { floor?: Floor } = {},
): boolean {
  const met = meets(figure, target, direction);
  goals.push({ goal, figure, target, direction, met, unit, ...options, ...current });
  return met;
}

/**
 * A growth goal beside its floor: where the same work done bare grew between the sizes too, no
 * design of Stoa's can grow less than it, so the goal reads Stoa's growth over the floor's. Where
 * the floor did not grow, the growth itself (a floor that shrank does not tighten the goal).
 */
export const growthOverFloor = (growth: number, floorGrowth: number): number =>
  Number.isFinite(floorGrowth) && floorGrowth > 1 ? growth / floorGrowth : growth;

/** A goal this machine cannot measure (e.g. nginx missing): a line of the table that says why, not a failed run. */
export function recordNotMeasured(goal: string, target: number, direction: Goal['direction'], unit: string, why: string): void {
  goals.push({ goal, figure: Number.NaN, target, direction, met: false, unit, notMeasured: why, ...current });
}

export const recordedGoals = (): readonly Goal[] => goals;

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One line per goal: the goals of every run grouped by benchmark, name and the order they were
 * recorded in within a run (two goals of one run may share a name). A figure that is not a number
 * (the run could not measure it) counts as the worst, so that it can only pull the median down.
 */
export function summarize(recorded: readonly Goal[]): GoalLine[] {
  const groups = new Map<string, Goal[]>();
  const seen = new Map<string, number>();
  for (const goal of recorded) {
    const inRun = `${goal.bench}|${goal.run}|${goal.goal}`;
    const occurrence = seen.get(inRun) ?? 0;
    seen.set(inRun, occurrence + 1);
    const key = `${goal.bench}|${goal.goal}|${occurrence}`;
    groups.set(key, [...(groups.get(key) ?? []), goal]);
  }
  return [...groups.values()].map((runs) => {
    const first = runs[0]!;
    const worst = first.direction === 'at most' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    const figures = runs.map((run) => (Number.isNaN(run.figure) ? worst : run.figure));
    const figure = median(figures);
    const floors = runs.flatMap((run) => (run.floor ? [run.floor] : []));
    const notMeasured = runs.find((run) => run.notMeasured)?.notMeasured;
    return {
      goal: first.goal,
      bench: first.bench,
      figure: runs.every((run) => Number.isNaN(run.figure)) ? Number.NaN : figure,
      spread: { min: Math.min(...figures), max: Math.max(...figures) },
      runs: runs.length,
      target: first.target,
      direction: first.direction,
      unit: first.unit,
      met: notMeasured === undefined && meets(figure, first.target, first.direction),
      ...(floors.length > 0 ? { floor: { ...floors[0]!, figure: median(floors.map((floor) => floor.figure)) } } : {}),
      ...(notMeasured !== undefined ? { notMeasured } : {}),
    };
  });
}

/**
 * How many times a benchmark judged on p99 runs: `--repeat N` (or BENCH_REPEAT=N), else 3, or 1
 * with --quick (a smoke check of a tenth of the size, not a verdict).
 */
export function repeatCount(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, quick: boolean): number {
  const flag = argv.indexOf('--repeat');
  const raw = flag >= 0 ? argv[flag + 1] : env.BENCH_REPEAT || undefined;
  if (raw === undefined) return benchPlan(quick).repeats;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--repeat takes a whole number from 1 (got "${raw}")`);
  return count;
}

export const formatFigure = (value: number, unit: string): string => {
  if (Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return 'failed';
  return unit === 'x' ? `${value.toFixed(3)}x` : `${Number(value.toFixed(1))} ${unit}`;
};

/** The table's rows, as printGoals shows them. */
export function goalRows(lines: readonly GoalLine[]): Record<string, string | number>[] {
  return lines.map((line) => ({
    goal: line.goal,
    'figure (median)': line.notMeasured !== undefined ? `not measured: ${line.notMeasured}` : formatFigure(line.figure, line.unit),
    'spread (min-max)':
      line.runs > 1 && line.notMeasured === undefined
        ? `${formatFigure(line.spread.min, line.unit)}-${formatFigure(line.spread.max, line.unit)}`
        : '',
    runs: line.runs,
    target: `${line.direction} ${formatFigure(line.target, line.unit)}`,
    floor: line.floor ? `${line.floor.what}: ${formatFigure(line.floor.figure, line.floor.unit)}` : '',
    met: line.notMeasured !== undefined ? 'not measured' : line.met ? 'met' : 'NOT met',
  }));
}

/** The closing line: how many goals were met, and how many this machine could not measure. */
export function tally(lines: readonly GoalLine[]): string {
  const measured = lines.filter((line) => line.notMeasured === undefined);
  const met = measured.filter((line) => line.met).length;
  const unmeasured = lines.length - measured.length;
  return `${met} of ${measured.length} goals met${unmeasured > 0 ? `; ${unmeasured} not measured on this machine` : ''}`;
}

export function printGoals(log: (line: string) => void = console.log): void {
  if (goals.length === 0) return;
  const lines = summarize(goals);
  log('goals (a goal run several times shows the median of its runs and their spread; it is met when its median is)');
  console.table(goalRows(lines));
  log(tally(lines));
}
