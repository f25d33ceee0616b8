/**
 * The benchmarks' goal table (tests/bench/goals.ts): a goal run several times is judged on its
 * median, shows its spread, and carries its floor; a goal that could not be measured says so.
 */
import { describe, expect, it } from 'vitest';
import { goalRows, growthOverFloor, median, meets, repeatCount, summarize, tally, type Goal } from './bench/goals';

const goal = (over: Partial<Goal>): Goal => ({
  goal: 'post create p99 / bare route',
  figure: 1,
  target: 1.5,
  direction: 'at most',
  met: true,
  unit: 'x',
  bench: 'writes',
  run: 1,
  ...over,
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('meets', () => {
  it('compares by direction and never passes a figure that is not a number', () => {
    expect(meets(1.5, 1.5, 'at most')).toBe(true);
    expect(meets(1.51, 1.5, 'at most')).toBe(false);
    expect(meets(0.8, 0.8, 'at least')).toBe(true);
    expect(meets(0.79, 0.8, 'at least')).toBe(false);
    expect(meets(Number.NaN, 1, 'at most')).toBe(false);
    expect(meets(Number.POSITIVE_INFINITY, 1, 'at least')).toBe(false);
  });
});

describe('summarize', () => {
  it('judges a goal run three times on its median, with the spread of the runs', () => {
    const [line] = summarize([goal({ figure: 1.2, run: 1 }), goal({ figure: 2.4, run: 2 }), goal({ figure: 1.4, run: 3 })]);
    expect(line).toMatchObject({ figure: 1.4, spread: { min: 1.2, max: 2.4 }, runs: 3, met: true });
  });

  it('misses a goal whose median misses, though one run met it', () => {
    const [line] = summarize([goal({ figure: 1.2, run: 1 }), goal({ figure: 1.6, run: 2 }), goal({ figure: 1.7, run: 3 })]);
    expect(line).toMatchObject({ figure: 1.6, met: false });
  });

  it('judges an "at least" goal on its median too', () => {
    const at = (figure: number, run: number) => goal({ goal: 'feed page 1', direction: 'at least', target: 0.8, figure, run });
    expect(summarize([at(0.9, 1), at(0.7, 2), at(0.85, 3)])[0]).toMatchObject({ figure: 0.85, met: true });
  });

  it('counts a run that measured nothing as the worst figure', () => {
    const [line] = summarize([goal({ figure: 1, run: 1 }), goal({ figure: Number.NaN, run: 2 }), goal({ figure: Number.NaN, run: 3 })]);
    expect(line).toMatchObject({ met: false, spread: { min: 1, max: Number.POSITIVE_INFINITY } });
  });

  it('keeps goals of other names, benchmarks and same-named goals of one run apart', () => {
    const lines = summarize([
      goal({ goal: 'a', run: 1, figure: 1 }),
      goal({ goal: 'a', run: 1, figure: 2 }),
      goal({ goal: 'b', run: 1 }),
      goal({ goal: 'a', bench: 'chat', run: 1 }),
      goal({ goal: 'a', run: 2, figure: 3 }),
      goal({ goal: 'a', run: 2, figure: 4 }),
    ]);
    expect(lines.map((line) => [line.bench, line.goal, line.runs, line.figure])).toEqual([
      ['writes', 'a', 2, 2],
      ['writes', 'a', 2, 3],
      ['writes', 'b', 1, 1],
      ['chat', 'a', 1, 1],
    ]);
  });

  it("carries the floor, as the median of the runs' floors", () => {
    const floor = (figure: number) => ({ figure, unit: 'ms', what: 'bare Fastify insert + emit p99' });
    const [line] = summarize([goal({ floor: floor(4), run: 1 }), goal({ floor: floor(9), run: 2 }), goal({ floor: floor(5), run: 3 })]);
    expect(line!.floor).toEqual(floor(5));
    expect(goalRows([line!])[0]!.floor).toBe('bare Fastify insert + emit p99: 5 ms');
  });
});

describe('the table', () => {
  it('prints the median, the spread, the target, the floor and the verdict', () => {
    const lines = summarize([
      goal({ figure: 1.2, run: 1, floor: { figure: 115.1, unit: 'KB', what: 'shell + widgets + styles' } }),
      goal({ figure: 2, run: 2, floor: { figure: 115.1, unit: 'KB', what: 'shell + widgets + styles' } }),
      goal({ figure: 1.3, run: 3, floor: { figure: 115.1, unit: 'KB', what: 'shell + widgets + styles' } }),
    ]);
    expect(goalRows(lines)).toEqual([
      {
        goal: 'post create p99 / bare route',
        'figure (median)': '1.300x',
        'spread (min-max)': '1.200x-2.000x',
        runs: 3,
        target: 'at most 1.500x',
        floor: 'shell + widgets + styles: 115.1 KB',
        met: 'met',
      },
    ]);
  });

  it('prints a floor that is itself a ratio (the same SQL bare over the same baseline) as one', () => {
    const floor = (figure: number) => ({ figure, unit: 'x', what: 'its SQL on bare Fastify, p99 / feed p99' });
    const lines = summarize([
      goal({ goal: 'text search p99 <= 3x the feed page', bench: 'search', figure: 2.5, target: 3, floor: floor(0.4), run: 1 }),
    ]);
    expect(goalRows(lines)[0]).toMatchObject({ floor: 'its SQL on bare Fastify, p99 / feed p99: 0.400x', met: 'met' });
  });

  it('says why a goal was not measured and leaves it out of the count of goals met', () => {
    const lines = summarize([
      goal({ figure: 1 }),
      goal({ goal: 'proxy', bench: 'proxy', figure: Number.NaN, met: false, notMeasured: 'nginx is not installed' }),
    ]);
    expect(goalRows(lines)[1]).toMatchObject({ 'figure (median)': 'not measured: nginx is not installed', met: 'not measured' });
    expect(tally(lines)).toBe('1 of 1 goals met; 1 not measured on this machine');
  });
});

describe('repeatCount', () => {
  it('runs goals judged on p99 three times, once with --quick, or as --repeat says', () => {
    expect(repeatCount([], {}, false)).toBe(3);
    expect(repeatCount(['--quick'], {}, true)).toBe(1);
    expect(repeatCount(['--repeat', '5'], {}, false)).toBe(5);
    expect(repeatCount(['--quick', '--repeat', '3'], {}, true)).toBe(3);
    expect(repeatCount([], { BENCH_REPEAT: '2' }, false)).toBe(2);
    expect(() => repeatCount(['--repeat', 'x'], {}, false)).toThrow('--repeat takes a whole number from 1 (got "x")');
    expect(() => repeatCount(['--repeat', '0'], {}, false)).toThrow();
  });
});

describe('growthOverFloor', () => {
  it("reads a growth over its floor's where the bare work grew too, else the growth itself", () => {
    // The bare insert grew 1.29x: a post's 1.28x growth is the floor's, nothing of Stoa's.
    expect(growthOverFloor(1.28, 1.29)).toBeCloseTo(0.992, 3);
    expect(growthOverFloor(1.55, 1.2)).toBeCloseTo(1.292, 3);
    // A floor that shrank or stayed does not tighten the goal.
    expect(growthOverFloor(1.125, 0.887)).toBe(1.125);
    expect(growthOverFloor(1.1, 1)).toBe(1.1);
    expect(growthOverFloor(1.3, Number.NaN)).toBe(1.3);
  });
});
