// The scheduler of `npm test` (scripts/test.mjs): steps in lanes, one per core.

/**
 * Starts each step, in the listed order, as soon as a lane is free and every step it `needs` has
 * ended; a step marked `alone` starts only when nothing runs, and nothing starts beside it. A
 * step whose needs are not met does not hold back the ones after it. Resolves with every step and
 * its outcome, in the order they ended.
 *
 * @template {{ name: string, needs?: string[], alone?: boolean }} Step
 * @template Outcome
 * @param {Step[]} steps
 * @param {number} lanes
 * @param {(step: Step, beside: Step[]) => Promise<Outcome>} start
 * @returns {Promise<Array<{ step: Step, outcome: Outcome }>>}
 */
export async function runInLanes(steps, lanes, start) {
  const ended = new Set();
  const waiting = [...steps];
  /** @type {Map<Step, Promise<{ step: Step, outcome: Outcome }>>} */
  const running = new Map();
  const done = [];
  while (waiting.length > 0 || running.size > 0) {
    for (const step of [...waiting]) {
      if (running.size >= lanes || [...running.keys()].some((s) => s.alone)) break;
      if (!(step.needs ?? []).every((name) => ended.has(name))) continue;
      if (step.alone && running.size > 0) break;
      waiting.splice(waiting.indexOf(step), 1);
      const beside = [...running.keys()];
      running.set(step, start(step, beside).then((outcome) => ({ step, outcome })));
    }
    if (running.size === 0) throw new Error(`steps that can never start: ${waiting.map((s) => s.name).join(', ')}`);
    const finished = await Promise.race(running.values());
    running.delete(finished.step);
    ended.add(finished.step.name);
    done.push(finished);
  }
  return done;
}
