/** Time, injectable so tests can move it (token and reset-link expiry) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
