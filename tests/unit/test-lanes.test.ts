import { describe, expect, it } from 'vitest';
import { runInLanes } from '../../scripts/lanes.mjs';

/* `npm test`'s scheduler: steps in two lanes, needs respected, the end-to-end step alone. */

type Step = { name: string; needs?: string[]; alone?: boolean };

/** Runs the steps with hand-released ends, recording what ran beside what. */
function harness(steps: Step[], lanes: number) {
  const log: string[] = [];
  const running = new Set<string>();
  const release = new Map<string, (code: number) => void>();
  let widest = 0;
  const result = runInLanes(steps, lanes, (step, beside) => {
    running.add(step.name);
    widest = Math.max(widest, running.size);
    log.push(`start ${step.name}${beside.length ? ` beside ${beside.map((s) => s.name).join('+')}` : ''}`);
    return new Promise<number>((resolve) => {
      release.set(step.name, (code) => {
        running.delete(step.name);
        log.push(`end ${step.name}`);
        resolve(code);
      });
    });
  });
  /** Lets the scheduler start what it can, then ends `name`. */
  const end = async (name: string, code = 0) => {
    await new Promise((r) => setImmediate(r));
    const fn = release.get(name);
    if (!fn) throw new Error(`${name} has not started; log: ${log.join(' / ')}`);
    fn(code);
    await new Promise((r) => setImmediate(r));
  };
  return { log, end, result, widest: () => widest, running };
}

describe('runInLanes', () => {
  it('fills both lanes in the listed order: the long step in one, the short ones one after another in the other', async () => {
    const h = harness([{ name: 'unit' }, { name: 'tsc' }, { name: 'eslint' }, { name: 'contract' }], 2);
    await h.end('tsc');
    await h.end('eslint');
    await h.end('unit');
    await h.end('contract');
    const done = await h.result;
    expect(h.log).toEqual([
      'start unit',
      'start tsc beside unit',
      'end tsc',
      'start eslint beside unit',
      'end eslint',
      'start contract beside unit',
      'end unit',
      'end contract',
    ]);
    expect(h.widest()).toBe(2);
    expect(done.map((d) => [d.step.name, d.outcome])).toEqual([
      ['tsc', 0],
      ['eslint', 0],
      ['unit', 0],
      ['contract', 0],
    ]);
  });

  it('starts a step alone only when every step it needs has ended, with nothing beside it', async () => {
    const h = harness([{ name: 'unit' }, { name: 'build' }, { name: 'e2e', needs: ['unit', 'build'], alone: true }], 2);
    await h.end('build');
    expect(h.log).not.toContain('start e2e');
    await h.end('unit');
    await h.end('e2e');
    await h.result;
    expect(h.log.slice(-2)).toEqual(['start e2e', 'end e2e']);
  });

  it('lets later steps pass one whose needs are not met, and runs every step whatever the exit codes', async () => {
    const h = harness([{ name: 'a' }, { name: 'b', needs: ['a'] }, { name: 'c' }], 2);
    await h.end('c', 1);
    await h.end('a', 2);
    await h.end('b');
    const done = await h.result;
    expect(h.log.slice(0, 2)).toEqual(['start a', 'start c beside a']);
    expect(done.map((d) => [d.step.name, d.outcome])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 0],
    ]);
  });

  it('never runs more steps at once than there are lanes', async () => {
    const h = harness([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }], 2);
    for (const name of ['a', 'b', 'c', 'd']) await h.end(name);
    await h.result;
    expect(h.widest()).toBe(2);
  });

  it('refuses steps that can never start instead of waiting for ever', async () => {
    await expect(runInLanes([{ name: 'x', needs: ['missing'] }], 2, async () => 0)).rejects.toThrow('steps that can never start: x');
  });
});
