/** Types of scripts/lanes.mjs (the scheduler of `npm test`), for its unit test. */
export function runInLanes<Step extends { name: string; needs?: string[]; alone?: boolean }, Outcome>(
  steps: Step[],
  lanes: number,
  start: (step: Step, beside: Step[]) => Promise<Outcome>,
): Promise<Array<{ step: Step; outcome: Outcome }>>;
