/**
 * Every goal a benchmark checks, collected as it prints, so that `npm run bench` ends with one
 * table: each goal, its figure, met or missed.
 */
export interface Goal {
  goal: string;
  figure: number;
  target: number;
  /** Whether the figure must stay at most or reach at least the target. */
  direction: 'at most' | 'at least';
  met: boolean;
  unit: string;
}

const goals: Goal[] = [];

export function recordGoal(goal: string, figure: number, target: number, direction: Goal['direction'], unit = 'x'): boolean {
  const met = Number.isFinite(figure) && (direction === 'at most' ? figure <= target : figure >= target);
  goals.push({ goal, figure, target, direction, met, unit });
  return met;
}

export const recordedGoals = (): readonly Goal[] => goals;

export function printGoals(log: (line: string) => void = console.log): void {
  if (goals.length === 0) return;
  log('goals');
  const number = (value: number, unit: string) => (unit === 'x' ? `${value.toFixed(3)}x` : `${Number(value.toFixed(1))} ${unit}`);
  console.table(
    goals.map((goal) => ({
      goal: goal.goal,
      figure: number(goal.figure, goal.unit),
      target: `${goal.direction} ${number(goal.target, goal.unit)}`,
      met: goal.met ? 'met' : 'NOT met',
    })),
  );
  const missed = goals.filter((goal) => !goal.met).length;
  log(`${goals.length - missed} of ${goals.length} goals met`);
}
