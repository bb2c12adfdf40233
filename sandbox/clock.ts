/**
 * The sandbox's clock: the time its time-bound rules read (session lifetimes). Tests move it to
 * check a rule at a later instant without waiting; it runs with the real time otherwise.
 */
let offsetMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
};

/** Moves the clock forward (or back) by `ms`; the moves add up. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/** Puts the clock back to the real time. */
export function resetClock(): void {
  offsetMs = 0;
}
