/**
 * Writers for the restart test: `writers` loops, each creating one record (a system or a campaign,
 * name `restart-<run>-<kind>-<n>-w`) every `paceMs`, until told to stop. A write is acknowledged by a
 * 2xx with the new id. A write that got no answer is retried until acknowledged; when it may have
 * reached the server (the connection broke after sending), the writer first looks the name up
 * through the API — a write that was stored but whose answer was lost is then "learnt", not sent
 * twice. Each acknowledgement is tagged with the phase it happened in (before the graceful restart,
 * between the restarts, after the crash), so the check can say which restart lost what.
 */
import { Client } from './client';
import { create, findByName } from './resources';

export type Phase = 'before-sigterm' | 'before-sigkill' | 'after-sigkill';

export interface WrittenRecord {
  kind: 'system' | 'campaign';
  id: number;
  name: string;
  phase: Phase;
  /** Learnt by lookup after a lost answer, rather than acknowledged by the create itself. */
  learnt: boolean;
}

export interface Writers {
  /** Sets the phase stamped on the next acknowledgements. */
  setPhase(phase: Phase): void;
  /** Stops starting new writes, finishes (and retries) those begun, bounded by `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
  readonly written: WrittenRecord[];
  /** Writes begun but never acknowledged nor learnt (must be 0 at the end). */
  pending(): number;
  readonly stats: { attempts: number; retries: number; refused: number; brokenAfterSend: number; non2xx: number; lookups: number; lookupFailures: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startWriters(options: { base: string; token: string; writers: number; paceMs: number; run: string; timeoutMs?: number }): Writers {
  const client = new Client(options.base, options.writers, options.token);
  let phase: Phase = 'before-sigterm';
  let stopping = false;
  let hardDeadline = Number.POSITIVE_INFINITY;
  let counter = 0;
  let begun = 0;
  const written: WrittenRecord[] = [];
  const stats = { attempts: 0, retries: 0, refused: 0, brokenAfterSend: 0, non2xx: 0, lookups: 0, lookupFailures: 0 };

  /** One logical write, retried until acknowledged or learnt, or the hard deadline passes. */
  async function write(kind: 'system' | 'campaign') {
    const n = ++counter;
    // The `-w` end keeps one name from being a part of another (`…-1-w` is not inside `…-10-w`),
    // so that a lookup by "contains" search finds this write only.
    const name = `restart-${options.run}-${kind}-${n}-w`;
    begun += 1;
    let maybeStored = false;
    for (let attempt = 0; Date.now() < hardDeadline; attempt++) {
      if (attempt > 0) {
        stats.retries += 1;
        await sleep(Math.min(1000, 100 * attempt));
      }
      if (maybeStored) {
        stats.lookups += 1;
        const ids = await findByName(client, kind, name);
        if (ids === undefined) {
          stats.lookupFailures += 1;
          continue; // the sandbox is still away: try again later
        }
        if (ids.length) {
          written.push({ kind, id: ids[0], name, phase, learnt: true });
          return;
        }
        maybeStored = false;
      }
      stats.attempts += 1;
      const outcome = await create(client, kind, name, n, options.run);
      if (outcome.status >= 200 && outcome.status < 300) {
        written.push({ kind, id: Number((outcome.body as { id: number }).id), name, phase, learnt: false });
        return;
      }
      if (outcome.status === 0 && !outcome.sent) stats.refused += 1;
      else if (outcome.status === 0) {
        stats.brokenAfterSend += 1;
        maybeStored = true;
      } else {
        // 503 while stopping, or any other answer: nothing stored by this attempt
        stats.non2xx += 1;
      }
    }
  }

  const loops = Array.from({ length: options.writers }, async (_, index) => {
    for (let i = 0; !stopping; i++) {
      const started = Date.now();
      await write((index + i) % 2 === 0 ? 'system' : 'campaign');
      await sleep(Math.max(0, options.paceMs - (Date.now() - started)));
    }
  });

  return {
    setPhase(next) {
      phase = next;
    },
    async stop(timeoutMs) {
      stopping = true;
      hardDeadline = Date.now() + timeoutMs;
      await Promise.all(loops);
      client.close();
    },
    written,
    pending: () => begun - written.length,
    stats,
  };
}
