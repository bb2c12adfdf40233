import type { components, operations } from '../../src/api/generated/opportunity';
import type { Db } from '../db';
import { HttpError, reply } from '../http';
import { defineHandlers } from '../typed';
import { allRows, guardedUpdate, inRecords, insertNumbered, oneRow, pageOf, requireReferences, saveRow, sortRows, type Row } from '../store';
import { names, readOpportunity, salesPeople, toOpportunity } from '../shared/sales';
import type { SeedOptions } from '../seed/options';

/*
 * The opportunity service: sales opportunities (collection `opportunities`). The advertiser's and
 * the sales person's names are read when answering, so a renamed advertiser shows everywhere.
 */

type Opportunity = components['schemas']['Opportunity'];
type OpportunityInput = components['schemas']['OpportunityInput'];

async function everyOpportunity(db: Db): Promise<Opportunity[]> {
  const n = await names(db);
  return (await allRows(db, 'opportunities')).map((r) => toOpportunity(r, n));
}

const FILTER_KEYS = ['name', 'advertiserId', 'status', 'salesId', 'source'] as const;

/** The filters as they travel: plain query parameters (`filters` exploded), or a `filters` object. */
function filtersOf(query: Record<string, unknown>): Partial<Record<(typeof FILTER_KEYS)[number], string>> {
  const nested = query.filters && typeof query.filters === 'object' ? (query.filters as Record<string, unknown>) : {};
  const merged = { ...nested, ...query };
  const out: Partial<Record<(typeof FILTER_KEYS)[number], string>> = {};
  for (const k of FILTER_KEYS) {
    const v = merged[k];
    if (v !== undefined && v !== null && v !== '' && typeof v !== 'object') out[k] = String(v);
  }
  return out;
}

async function listPage(db: Db, params: { page: number; perPage: number; dir: 'ASC' | 'DESC' }, field: string, query: Record<string, unknown>) {
  const f = filtersOf(query);
  const name = f.name?.trim().toLowerCase();
  const items = (await everyOpportunity(db)).filter(
    (o) =>
      (!name || o.name.toLowerCase().includes(name)) &&
      (!f.advertiserId || o.advertiserId === Number(f.advertiserId)) &&
      (!f.status || o.status === f.status) &&
      (!f.salesId || o.salesId === Number(f.salesId)) &&
      (!f.source || o.source === f.source),
  );
  return pageOf(sortRows(items, field, params.dir), Number(params.page), Number(params.perPage));
}

async function checkRefs(db: Db, input: OpportunityInput) {
  await requireReferences(db, input, [{ field: 'advertiserId', collection: 'advertisers', label: 'inserzionista' }]);
  if (!(await salesPeople(db)).some((s) => s.id === input.salesId)) {
    const message = `commerciale inesistente: ${input.salesId}`;
    throw new HttpError(422, `Riferimento a un elemento inesistente (${message})`, { errors: [{ path: '/body/salesId', message }] });
  }
}

export const handlers = defineHandlers<operations>({
  listOpportunities: (ctx) => listPage(ctx.db, ctx.params, 'createdAt', ctx.query as Record<string, unknown>),
  listOpportunitiesSortedBy: (ctx) => listPage(ctx.db, ctx.params, ctx.params.field, ctx.query as Record<string, unknown>),
  async listOpportunityDtos(ctx) {
    return (await everyOpportunity(ctx.db))
      .sort((a, b) => a.name.localeCompare(b.name, 'it') || a.id - b.id)
      .map(({ id, name, advertiserId, advertiserName, salesId, status, amount }) => ({ id, name, advertiserId, advertiserName, salesId, status, amount }));
  },
  async listOpportunitiesByAdvertiserId(ctx) {
    const id = Number(ctx.params.id);
    if (!(await oneRow(ctx.db, 'advertisers', id))) throw new HttpError(404, `Inserzionista ${id} non trovato`);
    return sortRows(
      (await everyOpportunity(ctx.db)).filter((o) => o.advertiserId === id),
      'createdAt',
      'DESC',
    );
  },
  async getOpportunityById(ctx) {
    const o = await readOpportunity(ctx.db, Number(ctx.params.id));
    if (!o) throw new HttpError(404, `Opportunità ${ctx.params.id} non trovata`);
    return o;
  },
  async saveOpportunity(ctx) {
    const input = ctx.body;
    return guardedUpdate(ctx, inRecords('opportunities', Number(input.id ?? 0), 'opportunità', true), async (tx) => {
      await checkRefs(tx, input);
      let existing: Row | undefined;
      if (input.id) {
        existing = await oneRow(tx, 'opportunities', input.id);
        if (!existing) throw new HttpError(404, `Opportunità ${input.id} non trovata`);
      } else if (input.detectionId) {
        existing = (await allRows(tx, 'opportunities')).find((o) => Number(o.detectionId) === input.detectionId);
      }
      const data: Record<string, unknown> = {
        name: input.name.trim(),
        advertiserId: input.advertiserId,
        salesId: input.salesId,
        status: input.status ?? 'new',
        amount: input.amount ?? 0,
        expectedCloseDate: input.expectedCloseDate,
        source: input.source ?? 'manual',
        detectionId: input.detectionId ?? existing?.detectionId,
        createdAt: existing?.createdAt ?? new Date().toISOString(),
      };
      const row = existing ? await saveRow(tx, 'opportunities', existing.id, data) : await insertNumbered(tx, 'opportunities', data);
      const out = toOpportunity(row, await names(tx));
      return existing ? out : reply(201, out);
    });
  },
});

/* ---------- seed: ~300 opportunities over two years ---------- */

const THEMES = ['Campagna primavera', 'Lancio prodotto', 'Saldi estivi', 'Campagna autunno', 'Natale', 'Black Friday', 'Rebranding', 'Apertura punto vendita', 'Fiera', 'Promozione weekend'];
const AREAS = ['Milano centro', 'Roma', 'Torino', 'Napoli', 'Bologna', 'Venezia Mestre', 'Stazione Centrale', 'aeroporti', 'metropolitana', 'tangenziali'];
const STATUSES: Opportunity['status'][] = ['new', 'qualified', 'proposal', 'won', 'lost'];

export async function seed(db: Db, { rng, size }: SeedOptions): Promise<void> {
  const count = size === 'large' ? 1200 : 300;
  const sales = await salesPeople(db);
  const advertisers = (await allRows(db, 'advertisers')).map((a) => a.id);
  if (!sales.length || !advertisers.length) return;
  const demo = sales.filter((s) => s.username === 'sales' || s.username === 'salesleader');
  const start = Date.UTC(2025, 0, 1);
  const span = Date.UTC(2026, 10, 20) - start;
  for (let id = 1; id <= count; id++) {
    const created = new Date(start + Math.floor((id / count) * span) + rng.int(0, 86400000 * 2));
    const salesId = id === 21 ? (sales.find((s) => s.username === 'sales')?.id ?? sales[0].id) : rng.chance(0.5) && demo.length ? rng.pick(demo).id : rng.pick(sales).id;
    const advertiserId = id === 21 ? 12 : rng.pick(advertisers);
    const year = created.getUTCFullYear();
    const name = id === 21 ? 'Campagna primavera 2026 – Milano centro' : `${rng.pick(THEMES)} ${year} – ${rng.pick(AREAS)}`;
    const old = created.getTime() < Date.UTC(2026, 5, 1);
    const status = id === 21 ? 'proposal' : old ? rng.pick<Opportunity['status']>(['won', 'lost', 'won', 'proposal']) : rng.pick(STATUSES);
    const close = new Date(created.getTime() + rng.int(20, 120) * 86400000).toISOString().slice(0, 10);
    const fromMonitor = rng.chance(0.15);
    await insertNumbered(db, 'opportunities', {
      name,
      advertiserId,
      salesId,
      status,
      amount: id === 21 ? 18500 : rng.int(2, 120) * 500,
      expectedCloseDate: close,
      source: fromMonitor ? 'mediamonitor' : 'manual',
      detectionId: fromMonitor ? 300 + id : undefined,
      createdAt: created.toISOString(),
    });
  }
}
