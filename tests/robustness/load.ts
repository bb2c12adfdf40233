/**
 * The bounded load: `connections` workers, one keep-alive socket each, for `seconds`, each
 * repeating a realistic mix of the back office's calls until the deadline: the systems list (a page,
 * with a search term), the systems filter search, the campaigns list, a system read, creates of
 * systems, campaigns and teams with names unique to the run, and updates of the records the worker
 * itself created (so that each record's last acknowledged value is well defined).
 */
import { Client, percentile } from './client';
import { create, update, type Kind } from './resources';

export interface LoadOptions {
  base: string;
  token: string;
  connections: number;
  seconds: number;
  run: string;
  /** Per-request bound (30 s: a back-office call unanswered that long has failed). */
  timeoutMs?: number;
}

export interface LoadFailure {
  op: string;
  status: number;
  error?: string;
  body?: unknown;
}

export interface LoadResult {
  requests: number;
  /** Requests and latency (ms) by operation. */
  byOp: Record<string, { requests: number; p50: number; p99: number }>;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Non-2xx answers, socket errors and timeouts. */
  errors: number;
  /** Requests sent again because their kept-alive connection had been closed by the server (not errors: see Client.call). */
  resent: number;
  timeouts: number;
  socketErrors: number;
  failures: LoadFailure[];
  /** Acknowledged creates by kind: id → last acknowledged name. */
  acknowledged: Record<Kind, Map<number, string>>;
  /** Acknowledged updates. */
  updates: number;
  /** An id acknowledged twice for two different creates (never expected). */
  reusedIds: number;
}

type Op = 'listSystems' | 'searchSystems' | 'listCampaigns' | 'getSystem' | 'createSystem' | 'createCampaign' | 'createTeam' | 'updateSystem' | 'updateCampaign';

/** Weights of the mix (a back office reads more than it writes). */
const MIX: Array<[Op, number]> = [
  ['listSystems', 22],
  ['searchSystems', 12],
  ['listCampaigns', 10],
  ['getSystem', 8],
  ['createSystem', 14],
  ['createCampaign', 14],
  ['createTeam', 6],
  ['updateSystem', 7],
  ['updateCampaign', 7],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);
const TERMS = ['', 'via', 'milano', 'roma', 'piazza', 'corso', 'MI-00'];
const SORTS = ['code', 'name', 'municipality'];

/** A small deterministic generator per worker (mulberry32), so a run's mix is reproducible. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const client = new Client(options.base, options.connections, options.token);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const latencies: number[] = [];
  const perOp: Record<string, number[]> = {};
  const failures: LoadFailure[] = [];
  let errors = 0;
  let resent = 0;
  let timeouts = 0;
  let socketErrors = 0;
  let updates = 0;
  let reusedIds = 0;
  let counter = 0;
  const acknowledged: LoadResult['acknowledged'] = { system: new Map(), campaign: new Map(), team: new Map() };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  async function worker(index: number) {
    // The connections open over the first second (20 ms apart), not all in the same instant.
    await new Promise((resolve) => setTimeout(resolve, index * 20));
    const random = generator(0x5eed + index);
    const own: Record<'system' | 'campaign', Array<{ id: number; n: number; name: string; updates: number }>> = { system: [], campaign: [] };
    const pick = (): Op => {
      let r = random() * TOTAL_WEIGHT;
      for (const [op, weight] of MIX) {
        r -= weight;
        if (r < 0) return op;
      }
      return 'listSystems';
    };
    while (performance.now() < deadline) {
      let op = pick();
      if ((op === 'updateSystem' && !own.system.length) || (op === 'updateCampaign' && !own.campaign.length)) op = op === 'updateSystem' ? 'createSystem' : 'createCampaign';
      if (op === 'getSystem' && !own.system.length) op = 'listSystems';
      let outcome;
      let onSuccess: ((body: unknown) => void) | undefined;
      switch (op) {
        case 'listSystems': {
          const term = TERMS[Math.floor(random() * TERMS.length)];
          const sort = SORTS[Math.floor(random() * SORTS.length)];
          const page = Math.floor(random() * 4);
          outcome = await client.call(`/systems/v1/system/all/page/${page}/perPage/25?type=ALL&sort=${sort}&sortDir=ASC${term ? `&searchTerm=${encodeURIComponent(term)}` : ''}`, { timeoutMs });
          break;
        }
        case 'searchSystems': {
          const term = TERMS[Math.floor(random() * TERMS.length)];
          const filter: Record<string, unknown> = { statuses: ['active', 'initialized'] };
          if (term) filter.searchTerm = term;
          outcome = await client.call('/systems/v1/system/search/params?page=0&size=25&type=ALL', { method: 'POST', body: filter, timeoutMs });
          break;
        }
        case 'listCampaigns':
          outcome = await client.call(`/campaign/v1/campaigns?sort=${encodeURIComponent('["id","DESC"]')}&range=${encodeURIComponent('[0,24]')}`, { timeoutMs });
          break;
        case 'getSystem': {
          const mine = own.system[Math.floor(random() * own.system.length)];
          outcome = await client.call(`/systems/v1/system/id/${mine.id}`, { timeoutMs });
          break;
        }
        case 'createSystem':
        case 'createCampaign':
        case 'createTeam': {
          const kind: Kind = op === 'createSystem' ? 'system' : op === 'createCampaign' ? 'campaign' : 'team';
          const n = ++counter;
          const name = `load-${options.run}-${kind}-${n}`;
          outcome = await create(client, kind, name, n, options.run);
          onSuccess = (body) => {
            const id = Number((body as { id?: unknown } | undefined)?.id);
            if (!Number.isInteger(id) || id < 1) {
              errors += 1;
              failures.push({ op, status: 0, error: 'no id in the answer', body });
              return;
            }
            if (acknowledged[kind].has(id)) reusedIds += 1;
            acknowledged[kind].set(id, name);
            if (kind !== 'team') own[kind].push({ id, n, name, updates: 0 });
          };
          break;
        }
        case 'updateSystem':
        case 'updateCampaign': {
          const kind = op === 'updateSystem' ? 'system' : 'campaign';
          const mine = own[kind][Math.floor(random() * own[kind].length)];
          const name = `${mine.name}~u${mine.updates + 1}`;
          outcome = await update(client, kind, mine.id, name, mine.n);
          onSuccess = () => {
            mine.updates += 1;
            updates += 1;
            acknowledged[kind].set(mine.id, name);
          };
          break;
        }
      }
      (perOp[op] ??= []).push(outcome.ms);
      latencies.push(outcome.ms);
      resent += outcome.resent;
      if (outcome.status >= 200 && outcome.status < 300) onSuccess?.(outcome.body);
      else {
        errors += 1;
        if (outcome.error?.startsWith('timeout')) timeouts += 1;
        else if (outcome.error) socketErrors += 1;
        if (failures.length < 20) failures.push({ op, status: outcome.status, error: outcome.error, body: outcome.body });
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i)));
  const seconds = (performance.now() - started) / 1000;
  client.close();
  const byOp: LoadResult['byOp'] = {};
  for (const [op, ms] of Object.entries(perOp)) byOp[op] = { requests: ms.length, p50: Math.round(percentile(ms, 50)), p99: Math.round(percentile(ms, 99)) };
  return {
    requests: latencies.length,
    byOp,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    errors,
    resent,
    timeouts,
    socketErrors,
    failures,
    acknowledged,
    updates,
    reusedIds,
  };
}
