/**
 * A value a state needs and its context may not hold in every state (the member an action is
 * about, the cursor of the next page). The chart only enters that state with it set, so a
 * missing one is a bug in the chart: it fails with what was missing instead of sending
 * `undefined` on.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
