/**
 * Concurrent creates through the API, for a sandbox on a PostgreSQL server (where requests run side
 * by side): a bounded pool of writers takes a shuffled list of creates across the resources whose
 * ids or codes the sandbox allocates (systems with automatic codes, the numbered sales collections,
 * estimates with lines, audit sub-items and agents, the records-store campaigns, orders and
 * plannings), and races of the same unique value (one create must win, the others answer 409).
 * Every outcome is kept, to be checked against the database afterwards (see run.ts). Usable from
 * other suites: `concurrentCreates(...)` never throws for a failed request.
 */
import { Client, type Outcome } from '../robustness/client';

export type CreateKind =
  | 'system'
  | 'campaign'
  | 'planning'
  | 'order'
  | 'product'
  | 'advertiser'
  | 'opportunity'
  | 'catalog'
  | 'estimate'
  | 'subitem'
  | 'agent';

export const CREATE_KINDS: CreateKind[] = ['system', 'campaign', 'planning', 'order', 'product', 'advertiser', 'opportunity', 'catalog', 'estimate', 'subitem', 'agent'];

/** Seeded records the creates refer to (read once before the writers start). */
export interface References {
  advertiserId: number;
  opportunityId: number;
  salesId: number;
  campaignId: number;
  catalogId: number;
  /** Products priced in that catalog (an estimate line must use one). */
  productIds: number[];
}

export interface Created {
  kind: CreateKind;
  /** The name (or code, for a race) the create wrote: unique in the run. */
  name: string;
  status: number;
  id?: number;
  /** Systems: the code the sandbox gave; sub-items: their type. Estimates: the ids of the lines. */
  code?: string;
  lineIds?: number[];
  outcome: Pick<Outcome, 'status' | 'error' | 'ms'> & { body?: unknown };
}

export interface Race {
  what: string;
  statuses: number[];
}

interface Job {
  kind: CreateKind | 'race';
  run: () => Promise<Created | { race: string; status: number; body: unknown; error?: string }>;
}

const SUB_ITEM_PATHS = ['format', 'mediatype', 'location', 'supplier', 'productcategory'];
const SUB_ITEM_KEYS = ['format', 'media_type', 'location', 'supplier', 'product_category'];

function num(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Reads the seeded references through the API. */
export async function references(client: Client): Promise<References> {
  const estimate = await client.call('/estimate/estimate/42');
  const e = estimate.body as { opportunityId?: number; advertiserId?: number; salesId?: number; lines?: Array<{ catalogId: number }> };
  if (estimate.status !== 200 || !e.lines?.length) throw new Error(`preventivo 42 non leggibile: ${estimate.status}`);
  const catalogId = e.lines[0].catalogId;
  const catalog = await client.call(`/catalogue/estimate/catalog/getById/${catalogId}`);
  const prices = (catalog.body as { prices?: Array<{ productId: number }> }).prices ?? [];
  const campaigns = await client.call(`/campaign/v1/campaigns?range=${encodeURIComponent('[0,0]')}`);
  const campaignId = num((campaigns.body as Array<{ id: number }> | undefined)?.[0]?.id);
  if (!prices.length || !campaignId) throw new Error(`listino ${catalogId} o campagne non leggibili: ${catalog.status} ${campaigns.status}`);
  return { advertiserId: e.advertiserId!, opportunityId: e.opportunityId!, salesId: e.salesId!, campaignId, catalogId, productIds: prices.map((p) => p.productId) };
}

/** One create of a kind: the request, and how to read its id from the answer. */
function createRequest(kind: CreateKind, name: string, n: number, run: string, refs: References): { path: string; method?: string; body: unknown } {
  const unique = `${run}${String(n).padStart(4, '0')}`;
  switch (kind) {
    case 'system':
      return {
        path: '/systems/v1/system/create?type=OOH',
        body: n % 2
          ? { name, type: 'OOH', systemType: 'poster', municipalityId: '015146', address: 'Via Torino 12', latitude: 45.4613, longitude: 9.1853 }
          : { name, type: 'OOH', systemType: 'poster', municipalityId: '058091', address: 'Via del Corso 101', latitude: 41.9015, longitude: 12.4812 },
      };
    case 'campaign':
      return { path: '/campaign/v1/campaigns', body: { name, advertiserId: refs.advertiserId, periodStart: '2026-05-01', periodEnd: '2026-05-31', budget: 1000 + n } };
    case 'planning':
      return { path: '/planner/v1/plannings', body: { name, campaignId: refs.campaignId, periodStart: '2026-05-01', periodEnd: '2026-05-31' } };
    case 'order':
      return {
        path: '/order/orders',
        body: { advertiserId: refs.advertiserId, salesId: refs.salesId, total: 100 + n, orderDate: '2026-04-01', periodStart: '2026-05-01', periodEnd: '2026-05-31', notes: name },
      };
    case 'product':
      return { path: '/product/v1/estimate/product/save', body: { code: `C-${unique}`, name, unit: 'week', basePrice: 100 + n } };
    case 'advertiser':
      return {
        path: '/advertiser/v1/create',
        body: { name, vatNumber: `8${unique}`.padEnd(11, '0').slice(0, 11), email: `c${unique}@concorrenza.it`, businessArea: 'Alimentare' },
      };
    case 'opportunity':
      return { path: '/opportunity/v1/opportunity/save', body: { name, advertiserId: refs.advertiserId, salesId: refs.salesId, status: 'proposal', amount: 1000 } };
    case 'catalog':
      return { path: '/catalogue/estimate/catalog/save', body: { name, validFrom: '2026-01-01', prices: [] } };
    case 'estimate': {
      const [a, b] = [refs.productIds[n % refs.productIds.length], refs.productIds[(n + 1) % refs.productIds.length]];
      const line = (productId: number) => ({ productId, catalogId: refs.catalogId, quantity: 1 + (n % 5), periodStart: '2026-05-04', periodEnd: '2026-05-17', unitPrice: 100, discountPercent: 0 });
      return {
        path: `/estimate/estimate/save?opportunityId=${refs.opportunityId}&advertiserId=${refs.advertiserId}&salesId=${refs.salesId}`,
        body: { name, lines: a === b ? [line(a)] : [line(a), line(b)] },
      };
    }
    case 'subitem': {
      const t = n % SUB_ITEM_PATHS.length;
      return { path: `/audit/v1/detection/${SUB_ITEM_PATHS[t]}/save`, body: { [SUB_ITEM_KEYS[t]]: { name, description: 'scritto dal test di concorrenza' } } };
    }
    case 'agent':
      return { path: '/audit/v1/detection/agent/save', body: { name, surname: `Concorrente${unique}`, email: `a${unique}@concorrenza.it` } };
  }
}

/** The name a create wrote, as the database keeps it (see run.ts's count back). */
export function writtenName(kind: CreateKind, name: string, n: number, run: string): string {
  return kind === 'agent' ? `${name} Concorrente${run}${String(n).padStart(4, '0')}` : name;
}

/** The unique-value races: `size` creates of the same value at once; one must answer 2xx, the rest 409. */
function raceJobs(client: Client, run: string, size: number, refs: References & { raceCampaignId: number; acceptedEstimateId: number }): Array<{ what: string; jobs: Job[] }> {
  const same = (what: string, path: string, body: () => unknown): { what: string; jobs: Job[] } => ({
    what,
    jobs: Array.from({ length: size }, () => ({
      kind: 'race' as const,
      run: async () => {
        const o = await client.call(path, { method: 'POST', body: body() });
        return { race: what, status: o.status, body: o.body, error: o.error };
      },
    })),
  });
  return [
    same('product code', '/product/v1/estimate/product/save', () => ({ code: `RACE-${run}`, name: `race-${run}-prodotto`, unit: 'week', basePrice: 10 })),
    same('system code', '/systems/v1/system/create?type=OOH', () => ({
      code: `RC-${run}`,
      name: `race-${run}-impianto`,
      type: 'OOH',
      systemType: 'poster',
      municipalityId: '015146',
      address: 'Via Torino 12',
      latitude: 45.4613,
      longitude: 9.1853,
    })),
    same('audit sub-item name', '/audit/v1/detection/format/save', () => ({ format: { name: `race-${run}-formato` } })),
    same('advertiser VAT number', '/advertiser/v1/create', () => ({ name: `race-${run}-inserzionista`, vatNumber: `7${run}`.padEnd(11, '1'), email: `race${run}@concorrenza.it`, businessArea: 'Alimentare' })),
    same('catalog name', '/catalogue/estimate/catalog/save', () => ({ name: `race-${run}-listino`, validFrom: '2026-01-01', prices: [] })),
    same('team VAT number', '/systems/v1/team/create/', () => ({
      companyName: `race-${run}-squadra`,
      vat: `6${run}`.padEnd(11, '2'),
      providerType: ['installazione'],
      mail: `squadra${run}@concorrenza.it`,
      address: 'Via Torino 12, 20123 Milano',
    })),
    same('campaign member', '/campaign/v1/campaignMembers', () => ({ campaignId: refs.raceCampaignId, username: 'designer', role: 'ROLE_DESIGNER' })),
    same('order from an estimate', `/order/orders/fromEstimate/${refs.acceptedEstimateId}`, () => ({ notes: `race-${run}-ordine` })),
  ];
}

function idOf(kind: CreateKind, body: unknown, n: number): { id?: number; code?: string; lineIds?: number[] } {
  const b = (body ?? {}) as { id?: unknown; code?: unknown; lines?: Array<{ id: number }>; [key: string]: unknown };
  // A sub-item's id is unique within its type: the type goes in `code`.
  if (kind === 'subitem') return { id: num(b.id), code: SUB_ITEM_KEYS[n % SUB_ITEM_KEYS.length] };
  return { id: num(b.id), code: typeof b.code === 'string' ? b.code : undefined, lineIds: kind === 'estimate' ? (b.lines ?? []).map((l) => l.id) : undefined };
}

export interface ConcurrentResult {
  created: Created[];
  races: Race[];
  seconds: number;
}

function shuffle<T>(items: T[], seed: number): T[] {
  let s = seed;
  const random = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * `perKind` creates of every kind, plus the races, by `concurrency` writers at once (each its own
 * kept-alive connection). Names start with `pg-<run>-` (races: `race-<run>-`).
 */
export async function concurrentCreates(options: { base: string; token: string; concurrency: number; perKind: number; raceSize: number; run: string }): Promise<ConcurrentResult> {
  const client = new Client(options.base, options.concurrency, options.token);
  try {
    const refs = await references(client);
    const created: Created[] = [];
    const jobs: Job[] = [];
    for (const kind of CREATE_KINDS) {
      for (let n = 1; n <= options.perKind; n++) {
        const name = `pg-${options.run}-${kind}-${n}`;
        jobs.push({
          kind,
          run: async () => {
            const request = createRequest(kind, name, n, options.run, refs);
            const o = await client.call(request.path, { method: request.method ?? 'POST', body: request.body, timeoutMs: 60_000 });
            return { kind, name: writtenName(kind, name, n, options.run), status: o.status, ...idOf(kind, o.body, n), outcome: { status: o.status, error: o.error, ms: o.ms, body: o.status >= 300 ? o.body : undefined } };
          },
        });
      }
    }
    // A campaign of its own for the members' race (a seeded one may have the member already).
    const campaign = await client.call('/campaign/v1/campaigns', {
      method: 'POST',
      body: { name: `race-${options.run}-campagna`, advertiserId: refs.advertiserId, periodStart: '2026-05-01', periodEnd: '2026-05-31', budget: 1000 },
    });
    const raceCampaignId = num((campaign.body as { id?: number } | undefined)?.id);
    if (!raceCampaignId) throw new Error(`campagna della gara non creata: ${campaign.status}`);
    // An accepted estimate of its own, for the race of orders made from it (one order per estimate).
    const draft = createRequest('estimate', `race-${options.run}-preventivo`, 1, options.run, refs);
    const estimate = await client.call(draft.path, { method: 'POST', body: draft.body });
    const acceptedEstimateId = num((estimate.body as { id?: number } | undefined)?.id);
    if (!acceptedEstimateId) throw new Error(`preventivo della gara non creato: ${estimate.status}`);
    for (const status of ['sent', 'accepted']) {
      const moved = await client.call(`/estimate/estimate/changeStatus?estimateId=${acceptedEstimateId}&status=${status}`, { method: 'PUT' });
      if (moved.status !== 200) throw new Error(`preventivo ${acceptedEstimateId} non passato a ${status}: ${moved.status} ${JSON.stringify(moved.body)}`);
    }
    const races = raceJobs(client, options.run, options.raceSize, { ...refs, raceCampaignId, acceptedEstimateId });
    const raceStatuses = new Map(races.map((r) => [r.what, [] as number[]]));
    // The races' creates go out back to back, so that they meet in the server.
    const queue = [...shuffle(jobs, Number(options.run) || 1), ...races.flatMap((r) => r.jobs)];
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const job = queue[next++];
        const result = await job.run();
        if ('race' in result) raceStatuses.get(result.race)!.push(result.error ? 0 : result.status);
        else created.push(result);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return { created, races: [...raceStatuses].map(([what, statuses]) => ({ what, statuses: statuses.sort((a, b) => a - b) })), seconds: (performance.now() - started) / 1000 };
  } finally {
    client.close();
  }
}
