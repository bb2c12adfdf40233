/**
 * The sandbox's clock: the time its time-bound rules read (session lifetimes, scheduled events). Tests move it to
 * check a rule at a later instant without waiting; it runs with the real time otherwise.
 */
let offsetMs = 0;

export const clock = {
  now: (): Date => new Date(Date.now() + offsetMs),
};

type ClockListener = () => void | Promise<void>;
const listeners = new Set<ClockListener>();

/** Calls `listener` after each move of the clock; the returned function stops it. */
export function onClockMove(listener: ClockListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the listeners do after a move, awaited together. */
async function moved(): Promise<void> {
  await Promise.all([...listeners].map(async (l) => l()));
}

/** Moves the clock forward (or back) by `ms`; the moves add up. Resolves once the listeners are done. */
export function advanceClock(ms: number): Promise<void> {
  offsetMs += ms;
  return moved();
}

/** Puts the clock back to the real time and drops every listener, without calling any (a fresh start, for tests). */
export function forgetClock(): void {
  offsetMs = 0;
  listeners.clear();
}

/** Puts the clock back to the real time. */
export function resetClock(): Promise<void> {
  offsetMs = 0;
  return moved();
}
