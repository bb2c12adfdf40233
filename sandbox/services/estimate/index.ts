import type { components, operations } from '../../../src/api/generated/estimate';
import { EstimateStatusLabels, EstimateStatusTransitions } from '../../../src/api/generated/estimate.rules';
import { checkMove } from '../../shared/transitions';
import type { Db } from '../../db';
import { ESTIMATE_LINE_SEQUENCE, nextvals } from '../../db/sequences';
import { HttpError, file, reply } from '../../http';
import { defineHandlers } from '../../typed';
import { allRows, insertNumbered, oneRow, pageOf, removeRow, saveRow, sortRows, type Row } from '../../store';
import { cents } from '../../shared/values';
import type { SeedOptions } from '../../seed/options';
import { readOpportunity, salesPeople, toCatalog } from '../../shared/sales';
import { registerResourceReader } from '../../shared/resources';
import { latestVersionId } from '../../shared/estimateAnswers';
import { releaseWhere } from '../../shared/reservations';
import { seller } from '../../company';
import { euro, offerPdf, validUntilOf, type OfferParties } from './pdf';

export { euro } from './pdf';

/*
 * The estimate service: estimates (collection `estimates`) with their lines, totals, the sales
 * person's commission (the documented discount-bracket rule), status moves and the PDF.
 */

type Estimate = components['schemas']['Estimate'];
type EstimateLine = components['schemas']['EstimateLine'];
type EstimateInput = components['schemas']['EstimateInput'];
type Status = components['schemas']['EstimateStatus'];
type Commission = components['schemas']['Commission'];

/** The allowed status moves: generated from EstimateStatus.x-transitions in openapi/estimate.yaml, as the app's. */
export const TRANSITIONS = EstimateStatusTransitions;

/** The statuses' Italian names: generated from EstimateStatus.x-labels. */
export const STATUS_LABELS = EstimateStatusLabels;
const RULES = { transitions: TRANSITIONS, labels: STATUS_LABELS };

/* ---------- totals and commission ---------- */

export const lineTotal = (l: { quantity: number; unitPrice: number; discountPercent?: number }) =>
  cents(l.quantity * l.unitPrice * (1 - (l.discountPercent ?? 0) / 100));

export function totalsOf(lines: Array<{ quantity: number; unitPrice: number; discountPercent?: number }>) {
  const subtotal = cents(lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0));
  const total = cents(lines.reduce((s, l) => s + lineTotal(l), 0));
  return { subtotal, total, discountTotal: cents(Math.max(0, subtotal - total)) };
}

const BRACKETS: Array<{ upTo: number; rate: 10 | 8 | 6 | 4; label: string }> = [
  { upTo: 10, rate: 10, label: 'fascia 0–10%' },
  { upTo: 20, rate: 8, label: 'fascia oltre 10% fino a 20%' },
  { upTo: 30, rate: 6, label: 'fascia oltre 20% fino a 30%' },
  { upTo: Infinity, rate: 4, label: 'fascia oltre 30%' },
];

/** The documented rule: the commission rate by the bracket of the average discount, applied to the total. */
export function commissionOf(t: { subtotal: number; discountTotal: number; total: number }) {
  const discount = t.subtotal > 0 ? (t.discountTotal / t.subtotal) * 100 : 0;
  const bracket = BRACKETS.find((b) => discount <= b.upTo)!;
  const commission = cents((t.total * bracket.rate) / 100);
  const shown = Math.round(discount * 100) / 100;
  const rule = `Sconto medio ${shown.toFixed(2).replace('.', ',')}% (${bracket.label}): provvigione ${bracket.rate}% sul totale di ${euro(t.total)} €`;
  return { discountPercent: shown, commissionRate: bracket.rate, commission, rule };
}

/* ---------- records ---------- */

export function toEstimate(row: Row): Estimate {
  const out: Estimate = {
    id: row.id,
    name: String(row.name),
    opportunityId: Number(row.opportunityId),
    advertiserId: Number(row.advertiserId),
    salesId: Number(row.salesId),
    status: row.status as Status,
    commissions: Number(row.commissions ?? 0),
    lines: (row.lines as EstimateLine[]) ?? [],
    subtotal: Number(row.subtotal ?? 0),
    discountTotal: Number(row.discountTotal ?? 0),
    total: Number(row.total ?? 0),
    createdAt: String(row.createdAt),
  };
  if (row.validUntil) out.validUntil = String(row.validUntil);
  if (row.notes) out.notes = String(row.notes);
  out.version = Number(row.version ?? 1);
  if (row.previousVersionId) out.previousVersionId = Number(row.previousVersionId);
  if (row.replacedById) out.replacedById = Number(row.replacedById);
  if (row.acceptance) out.acceptance = row.acceptance as Estimate['acceptance'];
  if (Array.isArray(row.changeRequests) && row.changeRequests.length) out.changeRequests = row.changeRequests as Estimate['changeRequests'];
  return out;
}

async function requireEstimateRow(db: Db, id: number): Promise<Row> {
  const row = await oneRow(db, 'estimates', id);
  if (!row) throw new HttpError(404, `Preventivo ${id} non trovato`);
  return row;
}

/** The estimate's opportunity, client (its advertiser) and sales person, for the PDF and the shared view. */
async function partiesOf(db: Db, e: Estimate): Promise<OfferParties & { advertiserName: string }> {
  const opportunity = await readOpportunity(db, e.opportunityId);
  const advertiser = await oneRow(db, 'advertisers', e.advertiserId);
  const sales = (await salesPeople(db)).find((s) => s.id === e.salesId);
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  const advertiserName = advertiser ? String(advertiser.name) : `Inserzionista ${e.advertiserId}`;
  return {
    opportunityName: opportunity?.name ?? `Opportunità ${e.opportunityId}`,
    advertiserName,
    salesName: sales ? `${sales.name} ${sales.surname}`.trim() : `Commerciale ${e.salesId}`,
    client: {
      name: advertiserName,
      address: text(advertiser?.address),
      city: text(advertiser?.city),
      vatNumber: text(advertiser?.vatNumber),
      fiscalCode: text(advertiser?.fiscalCode),
      email: text(advertiser?.email),
    },
  };
}

/**
 * What a shared link shows of an estimate: the estimate, the names of its parties and its
 * commission-free totals. The share service reads estimates through this (registered below).
 */
export async function sharedEstimateView(db: Db, id: number): Promise<Record<string, unknown> | null> {
  const row = await oneRow(db, 'estimates', id);
  if (!row) return null;
  const { commissions: _internal, ...estimate } = toEstimate(row);
  const { opportunityName, advertiserName, salesName } = await partiesOf(db, toEstimate(row));
  // The conditions the client agrees to when accepting: the PDF's.
  const offer = seller().identity.offer;
  const conditions = [...offer.terms, `Offerta valida fino al ${validUntilOf(estimate, offer.validityDays).split('-').reverse().join('/')}.`];
  return { ...estimate, opportunityName, advertiserName, salesName, statusLabel: STATUS_LABELS[estimate.status], conditions };
}

registerResourceReader('estimate', sharedEstimateView);

const badRequest = (path: string, message: string) => new HttpError(400, 'Richiesta non valida', { errors: [{ path, message }] });

/** Lines with their totals; checks periods, products, catalogs and that each product is in its catalog. */
async function buildLines(db: Db, input: EstimateInput, keep: Set<number>): Promise<EstimateLine[]> {
  const products = new Map((await allRows(db, 'products')).map((p) => [p.id, p]));
  const catalogs = new Map((await allRows(db, 'catalogs')).map((c) => [c.id, toCatalog(c)]));
  // New lines take ids unique across every estimate from their sequence (only as many as needed).
  const fresh = await nextvals(db, ESTIMATE_LINE_SEQUENCE, input.lines.filter((l) => !(l.id && keep.has(l.id))).length);
  return input.lines.map((l, i) => {
    if (l.periodEnd < l.periodStart) throw badRequest(`/body/lines/${i}/periodEnd`, "la fine del periodo precede l'inizio");
    const product = products.get(l.productId);
    if (!product) throw new HttpError(404, `Prodotto ${l.productId} non trovato`);
    const catalog = catalogs.get(l.catalogId);
    if (!catalog) throw new HttpError(404, `Listino ${l.catalogId} non trovato`);
    if (!catalog.prices.some((p) => p.productId === l.productId)) throw new HttpError(409, `Il prodotto ${l.productId} non è nel listino ${l.catalogId}`);
    const id = l.id && keep.has(l.id) ? l.id : fresh.shift()!;
    const discountPercent = l.discountPercent ?? 0;
    return {
      id,
      productId: l.productId,
      catalogId: l.catalogId,
      description: l.description?.trim() || String(product.name),
      quantity: l.quantity,
      periodStart: l.periodStart,
      periodEnd: l.periodEnd,
      unitPrice: cents(l.unitPrice),
      discountPercent,
      total: lineTotal({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent }),
    };
  });
}

function withTotals(data: Record<string, unknown>, lines: EstimateLine[]) {
  const totals = totalsOf(lines);
  return { ...data, lines, ...totals, commissions: commissionOf(totals).commission };
}

/* ---------- the PDF ---------- */

/** The estimate as a formal offer of the configured seller (see ./pdf.ts). */
export async function estimatePdf(db: Db, e: Estimate): Promise<Uint8Array> {
  return offerPdf(e, await partiesOf(db, e), seller());
}

/* ---------- handlers ---------- */

export const handlers = defineHandlers<operations>({
  async listEstimates(ctx) {
    const field = String((ctx.query as Record<string, unknown>).sortValue ?? 'name');
    const items = sortRows((await allRows(ctx.db, 'estimates')).map(toEstimate), field, ctx.params.dir);
    return pageOf(items, Number(ctx.params.p), Number(ctx.params.n));
  },
  async listEstimateDtos(ctx) {
    return sortRows((await allRows(ctx.db, 'estimates')).map(toEstimate), 'name', 'ASC').map(
      ({ id, name, opportunityId, advertiserId, salesId, status, total, validUntil, createdAt }) => ({
        id,
        name,
        opportunityId,
        advertiserId,
        salesId,
        status,
        total,
        ...(validUntil ? { validUntil } : {}),
        createdAt,
      }),
    );
  },
  async listSalesPeople(ctx) {
    return salesPeople(ctx.db);
  },
  async listEstimatesByOpportunityId(ctx) {
    const id = Number(ctx.query.opportunityId);
    if (!(await oneRow(ctx.db, 'opportunities', id))) throw new HttpError(404, `Opportunità ${id} non trovata`);
    return sortRows(
      (await allRows(ctx.db, 'estimates')).map(toEstimate).filter((e) => e.opportunityId === id),
      'createdAt',
      'DESC',
    );
  },
  async getEstimateById(ctx) {
    return toEstimate(await requireEstimateRow(ctx.db, Number(ctx.params.id)));
  },
  async getEstimatePdf(ctx) {
    const id = Number(ctx.params.id);
    // A shared link's guest downloads the offer its link opens, and no other.
    const shared = ctx.user?.kind === 'guest' ? ctx.user.resource : undefined;
    // (A revised estimate's link opens its newest version instead.)
    if (ctx.user?.kind === 'guest' && !(shared?.resourceType === 'estimate' && (await latestVersionId(ctx.db, Number(shared.resourceId))) === id)) {
      throw new HttpError(403, 'Il link condiviso non dà accesso a questo preventivo');
    }
    const e = toEstimate(await requireEstimateRow(ctx.db, id));
    return file(await estimatePdf(ctx.db, e), 'application/pdf', `preventivo-${e.id}.pdf`);
  },
  async calculateEstimateCommission(ctx) {
    const e = toEstimate(await requireEstimateRow(ctx.db, Number(ctx.params.id)));
    const c: Commission = { estimateId: e.id, subtotal: e.subtotal, ...commissionOf(e) };
    return c;
  },
  async deleteEstimate(ctx) {
    const id = Number(ctx.query.id);
    const row = await requireEstimateRow(ctx.db, id);
    if (row.status === 'accepted') throw new HttpError(409, 'Un preventivo accettato non può essere eliminato');
    await removeRow(ctx.db, 'estimates', id);
    // The faces it held under option are free again (and their queues move on).
    await releaseWhere(ctx.db, 'estimateId', id, 'Preventivo eliminato');
    return reply(204);
  },
  async saveEstimate(ctx) {
    const { opportunityId, advertiserId, salesId } = ctx.query;
    const input = ctx.body;
    return ctx.db.transaction(async (tx) => {
      if (!(await oneRow(tx, 'opportunities', Number(opportunityId)))) throw new HttpError(404, `Opportunità ${opportunityId} non trovata`);
      if (!(await oneRow(tx, 'advertisers', Number(advertiserId)))) throw new HttpError(404, `Inserzionista ${advertiserId} non trovato`);
      if (!(await salesPeople(tx)).some((s) => s.id === Number(salesId))) throw new HttpError(404, `Commerciale ${salesId} non trovato`);
      const existing = input.id ? await requireEstimateRow(tx, input.id) : undefined;
      if (existing && existing.status !== 'draft') {
        throw new HttpError(409, `Solo i preventivi in bozza possono essere modificati (stato attuale: ${STATUS_LABELS[existing.status as Status] ?? String(existing.status)})`);
      }
      const keep = new Set(((existing?.lines as EstimateLine[] | undefined) ?? []).map((l) => l.id));
      const lines = await buildLines(tx, input, keep);
      const data = withTotals(
        {
          name: input.name.trim(),
          opportunityId: Number(opportunityId),
          advertiserId: Number(advertiserId),
          salesId: Number(salesId),
          status: existing?.status ?? 'draft',
          validUntil: input.validUntil,
          notes: input.notes,
          createdAt: existing?.createdAt ?? new Date().toISOString(),
          // A version keeps its place in its chain of revisions.
          version: existing?.version,
          previousVersionId: existing?.previousVersionId,
          replacedById: existing?.replacedById,
        },
        lines,
      );
      const row = existing ? await saveRow(tx, 'estimates', existing.id, data) : await insertNumbered(tx, 'estimates', data);
      return existing ? toEstimate(row) : reply(201, toEstimate(row));
    });
  },
  async reviseEstimate(ctx) {
    const id = Number(ctx.query.estimateId);
    return ctx.db.transaction(async (tx) => {
      const row = await requireEstimateRow(tx, id);
      if (row.replacedById) throw new HttpError(409, `Il preventivo ${id} è già stato sostituito dalla versione ${String(row.replacedById)}: modifica la più recente`);
      const previous = toEstimate(row);
      // New lines take fresh ids, as any new estimate's.
      const fresh = await nextvals(tx, ESTIMATE_LINE_SEQUENCE, previous.lines.length);
      const lines = previous.lines.map((l) => ({ ...l, id: fresh.shift()! }));
      const data = withTotals(
        {
          name: previous.name,
          opportunityId: previous.opportunityId,
          advertiserId: previous.advertiserId,
          salesId: previous.salesId,
          status: 'draft',
          validUntil: previous.validUntil,
          notes: previous.notes,
          createdAt: new Date().toISOString(),
          version: (previous.version ?? 1) + 1,
          previousVersionId: id,
        },
        lines,
      );
      const created = await insertNumbered(tx, 'estimates', data);
      await saveRow(tx, 'estimates', id, { ...row, replacedById: created.id });
      return reply(201, toEstimate(created));
    });
  },
  async changeEstimateStatus(ctx) {
    const id = Number(ctx.query.estimateId);
    const to = ctx.query.status;
    const row = await requireEstimateRow(ctx.db, id);
    const from = row.status as Status;
    checkMove(RULES, from, to);
    const saved = await saveRow(ctx.db, 'estimates', id, { ...row, status: to });
    // A refused or expired offer holds no faces: its options are released (and their queues move on).
    if (to === 'rejected' || to === 'expired') await releaseWhere(ctx.db, 'estimateId', id, to === 'rejected' ? 'Preventivo rifiutato' : 'Preventivo scaduto');
    return toEstimate(saved);
  },
});

/* ---------- seed: ~200 estimates in every status ---------- */

const STATUSES: Status[] = ['draft', 'sent', 'accepted', 'rejected', 'expired'];

export async function seed(db: Db, { rng, size }: SeedOptions): Promise<void> {
  const count = size === 'large' ? 800 : 200;
  const opportunities = await allRows(db, 'opportunities');
  const catalogs = (await allRows(db, 'catalogs')).map(toCatalog).filter((c) => c.prices.length);
  const products = new Map((await allRows(db, 'products')).map((p) => [p.id, p]));
  if (!opportunities.length || !catalogs.length) return;
  let lineId = 100;
  for (let id = 1; id <= count; id++) {
    const spread = Math.floor((id / count) * opportunities.length) + rng.int(-3, 3);
    const o = id === 42 ? (opportunities.find((x) => x.id === 21) ?? opportunities[0]) : opportunities[Math.max(0, Math.min(opportunities.length - 1, spread))];
    const created = new Date(Date.parse(String(o.createdAt)) + rng.int(1, 20) * 86400000);
    const start = new Date(created.getTime() + rng.int(10, 60) * 86400000);
    const catalog = id === 42 ? catalogs[0] : rng.pick(catalogs);
    const picked = id === 42 ? catalog.prices.filter((p) => p.productId === 3 || p.productId === 7) : rng.sample(catalog.prices, rng.int(1, 5));
    const lines: EstimateLine[] = picked.map((p) => {
      const weeks = rng.int(1, 4);
      const end = new Date(start.getTime() + (weeks * 7 - 1) * 86400000);
      const quantity = rng.int(1, 30);
      const discountPercent = rng.pick([0, 0, 5, 10, 15, 20, 25, 35]);
      return {
        id: ++lineId,
        productId: p.productId,
        catalogId: catalog.id,
        description: String(products.get(p.productId)?.name ?? `Prodotto ${p.productId}`),
        quantity,
        periodStart: start.toISOString().slice(0, 10),
        periodEnd: end.toISOString().slice(0, 10),
        unitPrice: p.price,
        discountPercent,
        total: lineTotal({ quantity, unitPrice: p.price, discountPercent }),
      };
    });
    const status = id === 42 ? 'draft' : id <= STATUSES.length ? STATUSES[id - 1] : rng.pick(STATUSES);
    await insertNumbered(
      db,
      'estimates',
      withTotals(
        {
          name: id === 42 ? 'Preventivo primavera 2026 – Milano centro' : `Preventivo ${String(o.name)}`,
          opportunityId: o.id,
          advertiserId: Number(o.advertiserId),
          salesId: Number(o.salesId),
          status,
          validUntil: new Date(created.getTime() + 30 * 86400000).toISOString().slice(0, 10),
          notes: rng.chance(0.5) ? 'Prezzi IVA esclusa. Stampa e affissione incluse.' : undefined,
          createdAt: created.toISOString(),
        },
        lines,
      ),
    );
  }
}
