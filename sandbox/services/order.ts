import type { components, operations } from '../../src/api/generated/order';
import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../http';
import {
  deleteFile,
  fileDownload,
  getRecord,
  guardedUpdate,
  idParam,
  inRecords,
  insertRecord,
  listResource,
  lockVersionOf,
  requireOne,
  requireReferences,
  storeFile,
  updateRecord,
  uploadedFile,
  withoutFileId,
  type RecordData,
  type Reference,
  type StoredRecord,
} from '../store';
import type { SeedOptions } from '../seed/options';
import { tinyPdf } from '../seed/pdf';
import { ensureOrderLink, ORDER_CAMPAIGNS, toLink } from '../shared/orderLinks';
import { readResource } from '../shared/resources';
import { salesPeople } from '../shared/sales';
import { checkPeriod, MB, nowIso, today } from '../shared/values';
import { checkMove } from '../shared/transitions';
import { fullNames } from '../shared/people';
import { OrderStatusLabels, OrderStatusTransitions } from '../../src/api/generated/order.rules';

/* The order service (collections `orders`, `orderDocuments`, `orderCampaigns` of the record store). */

type Order = components['schemas']['Order'];
type OrderStatus = components['schemas']['OrderStatus'];
type OrderTransition = components['schemas']['OrderTransition'];

/* ---------- estimates (estimate service), read defensively ---------- */

export interface EstimateView {
  id: number;
  status: string;
  advertiserId: number;
  opportunityId: number | null;
  salesId: number;
  total: number;
  lines: Array<{ periodStart?: string; periodEnd?: string }>;
}

async function tableExists(db: Db, name: string): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
  return Boolean(rows[0]?.t);
}

function estimateView(id: number, raw: Record<string, unknown>): EstimateView {
  const data = (raw.data && typeof raw.data === 'object' ? { ...(raw.data as object), ...raw } : raw) as Record<string, unknown>;
  const num = (k: string, alt?: string) => Number(data[k] ?? (alt ? data[alt] : undefined) ?? 0);
  return {
    id,
    status: String(data.status ?? ''),
    advertiserId: num('advertiserId', 'advertiser_id'),
    opportunityId: data.opportunityId ?? data.opportunity_id ? num('opportunityId', 'opportunity_id') : null,
    salesId: num('salesId', 'sales_id'),
    total: num('total'),
    lines: Array.isArray(data.lines) ? (data.lines as EstimateView['lines']) : [],
  };
}

/** An estimate by id: through the share service's readers / the record store, else an `estimates` table. */
export async function readEstimate(db: Db, id: number): Promise<EstimateView | null> {
  const found = await readResource(db, 'estimate', id);
  if (found.status === 'found') return estimateView(id, found.record);
  if (await tableExists(db, 'estimates')) {
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM estimates WHERE id = $1', [id]);
    if (rows[0]) {
      const view = estimateView(id, rows[0]);
      if (!view.lines.length && (await tableExists(db, 'estimate_lines'))) {
        const lines = await db.query<Record<string, unknown>>('SELECT * FROM estimate_lines WHERE estimate_id = $1', [id]);
        view.lines = lines.rows.map((l) => ({ periodStart: String(l.period_start ?? l.periodStart ?? ''), periodEnd: String(l.period_end ?? l.periodEnd ?? '') }));
      }
      return view;
    }
  }
  return null;
}

/** Accepted estimates' ids, wherever the estimate service keeps them (empty when it has none yet). */
export async function acceptedEstimateIds(db: Db): Promise<number[]> {
  const fromRecords = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'estimates' AND data->>'status' = 'accepted' ORDER BY id`);
  if (fromRecords.rows.length) return fromRecords.rows.map((r) => Number(r.id));
  if (await tableExists(db, 'estimates')) {
    try {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM estimates WHERE status = 'accepted' ORDER BY id`);
      return rows.map((r) => Number(r.id));
    } catch {
      return [];
    }
  }
  return [];
}

/* ---------- orders ---------- */

const ORDERS = 'orders';
const DOCUMENTS = 'orderDocuments';

const TRANSITIONS = 'orderTransitions';

/** The status moves: generated from OrderStatus.x-transitions (and its Italian x-labels). */
const RULES = { transitions: OrderStatusTransitions, labels: OrderStatusLabels };
export const STATUS_LABEL = OrderStatusLabels;
/** The statuses an order may be deleted in: nothing was agreed yet, or it was called off. */
const DELETABLE: OrderStatus[] = ['draft', 'cancelled'];

const ORDER_DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const orderNotFound = (id: number) => `Ordine ${id} non trovato`;

function toOrder(r: StoredRecord): Order {
  return {
    id: r.id,
    code: String(r.code),
    estimateId: (r.estimateId as number | null) ?? null,
    advertiserId: Number(r.advertiserId),
    opportunityId: (r.opportunityId as number | null) ?? null,
    salesId: Number(r.salesId),
    status: r.status as OrderStatus,
    total: Number(r.total),
    orderDate: String(r.orderDate),
    periodStart: String(r.periodStart),
    periodEnd: String(r.periodEnd),
    notes: (r.notes as string | null) ?? null,
    ...lockVersionOf(r),
  };
}

const codeOf = (id: number, orderDate: string) => `ORD-${orderDate.slice(0, 4)}-${String(id).padStart(4, '0')}`;

/** Inserts an order and gives it its code (`ORD-<year>-<id>`). */
export async function insertOrder(db: Db, data: Omit<Order, 'id' | 'code'>): Promise<Order> {
  const record = await insertRecord(db, ORDERS, { ...data, code: 'ORD-0000-0000' });
  const done = await updateRecord(db, ORDERS, record.id, { code: codeOf(record.id, data.orderDate) });
  return toOrder(done!);
}

function orderFields(body: RecordData): Omit<Order, 'id' | 'code' | 'status'> {
  return {
    estimateId: (body.estimateId as number | null | undefined) ?? null,
    advertiserId: Number(body.advertiserId),
    opportunityId: (body.opportunityId as number | null | undefined) ?? null,
    salesId: Number(body.salesId),
    total: Number(body.total),
    orderDate: String(body.orderDate),
    periodStart: String(body.periodStart),
    periodEnd: String(body.periodEnd),
    notes: (body.notes as string | null | undefined) ?? null,
  };
}

/** What an order names: its estimate, advertiser, opportunity and sales person. */
const ORDER_REFERENCES: readonly Reference[] = [
  { field: 'estimateId', collection: 'estimates', label: 'preventivo' },
  { field: 'advertiserId', collection: 'advertisers', label: 'inserzionista' },
  { field: 'opportunityId', collection: 'opportunities', label: 'opportunità' },
  { field: 'salesId', table: 'users', label: 'commerciale' },
];
const LINK_REFERENCES: readonly Reference[] = [
  { field: 'orderId', collection: ORDERS, label: 'ordine' },
  { field: 'campaignId', collection: 'campaigns', label: 'campagna' },
];

async function removeDocuments(db: Db, orderId: number) {
  const { rows } = await db.query<{ id: string; data: RecordData }>(`DELETE FROM records WHERE collection = $1 AND data->>'orderId' = $2 RETURNING id, data`, [DOCUMENTS, String(orderId)]);
  for (const r of rows) await deleteFile(db, Number(r.data.fileId));
}

/** Sets (or clears) a campaign's `orderId` when a link is made or removed, with a history entry. */
async function setCampaignOrder(ctx: HandlerContext, db: Db, campaignId: number, orderId: number | null, onlyIf?: number) {
  const campaign = await getRecord(db, 'campaigns', campaignId);
  if (!campaign) return;
  const current = (campaign.orderId as number | null | undefined) ?? null;
  if (onlyIf !== undefined && current !== onlyIf) return;
  if (current === orderId) return;
  await updateRecord(db, 'campaigns', campaignId, { orderId });
  await ctx.services.recordHistory(db, {
    entityType: 'campaign',
    entityId: campaignId,
    action: orderId === null ? 'detach' : 'attach',
    username: ctx.user?.username ?? 'system',
    changes: [{ field: 'orderId', oldValue: current, newValue: orderId }],
  });
}

const listOrders: Handler = (ctx) =>
  listResource(ctx, { resource: ORDERS, fields: ['status', 'advertiserId', 'estimateId', 'opportunityId', 'salesId'], searchFields: ['code', 'notes'] }, (r) => toOrder(r));

const createOrder: Handler = async (ctx) => {
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  const fields = orderFields(body);
  await requireReferences(ctx.db, fields, ORDER_REFERENCES);
  const order = await insertOrder(ctx.db, { ...fields, status: (body.status as OrderStatus | undefined) ?? 'draft' });
  return reply(201, order);
};

const getOrderById: Handler = async (ctx) => {
  const id = idParam(ctx);
  return toOrder(await requireOne(ctx.db, ORDERS, id, orderNotFound(id)));
};

const updateOrder: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as RecordData;
  return guardedUpdate(ctx, inRecords(ORDERS, id, 'ordine'), async (tx) => {
    const existing = toOrder(await requireOne(tx, ORDERS, id, orderNotFound(id)));
    checkPeriod(body.periodStart, body.periodEnd);
    const status = (body.status as OrderStatus | undefined) ?? existing.status;
    if (status !== existing.status) checkMove(RULES, existing.status, status);
    const fields = orderFields(body);
    await requireReferences(tx, fields, ORDER_REFERENCES, existing);
    const updated = await updateRecord(tx, ORDERS, id, { ...fields, status });
    if (status !== existing.status) await recordMove(ctx, tx, id, existing.status, status, null);
    return toOrder(updated!);
  });
};

const toTransition = (r: StoredRecord): OrderTransition => ({
  id: r.id,
  orderId: Number(r.orderId),
  from: r.from as OrderStatus,
  to: r.to as OrderStatus,
  note: (r.note as string | null | undefined) ?? null,
  username: String(r.username),
  at: String(r.at),
});

/** Keeps a move in the order's status history: who, when and the note. */
async function recordMove(ctx: HandlerContext, db: Db, orderId: number, from: OrderStatus, to: OrderStatus, note: string | null) {
  await insertRecord(db, TRANSITIONS, { orderId, from, to, note, username: ctx.user?.username ?? 'system', at: nowIso() });
}

/** A status move with its note: 409 unless OrderStatus.x-transitions allows it. */
const moveOrder: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as { to: OrderStatus; note?: string | null };
  return ctx.db.transaction(async (tx) => {
    const existing = toOrder(await requireOne(tx, ORDERS, id, orderNotFound(id)));
    checkMove(RULES, existing.status, body.to);
    const note = typeof body.note === 'string' && body.note.trim() ? body.note.trim() : null;
    const updated = await updateRecord(tx, ORDERS, id, { status: body.to });
    await recordMove(ctx, tx, id, existing.status, body.to, note);
    return toOrder(updated!);
  });
};

const listOrderTransitions: Handler = async (ctx) => {
  const id = idParam(ctx);
  await requireOne(ctx.db, ORDERS, id, orderNotFound(id));
  const { rows } = await ctx.db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'orderId' = $2 ORDER BY id`,
    [TRANSITIONS, String(id)],
  );
  const moves = rows.map((r) => toTransition({ ...r.data, id: Number(r.id) } as StoredRecord));
  const names = await fullNames(ctx.db, moves.map((m) => m.username));
  return moves.map((m) => (names.has(m.username) ? { ...m, userFullName: names.get(m.username) } : m));
};

const deleteOrder: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const existing = toOrder(await requireOne(tx, ORDERS, id, orderNotFound(id)));
    if (!DELETABLE.includes(existing.status)) {
      throw new HttpError(409, `Solo un ordine in bozza o annullato può essere eliminato (stato attuale: ${STATUS_LABEL[existing.status]})`);
    }
    await removeDocuments(tx, id);
    await tx.query(`DELETE FROM records WHERE collection = $1 AND data->>'orderId' = $2`, [TRANSITIONS, String(id)]);
    const links = await tx.query<{ data: RecordData }>(`DELETE FROM records WHERE collection = $1 AND data->>'orderId' = $2 RETURNING data`, [ORDER_CAMPAIGNS, String(id)]);
    for (const l of links.rows) await setCampaignOrder(ctx, tx, Number(l.data.campaignId), null, id);
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [ORDERS, id]);
    return existing;
  });
};

/** The period an estimate's lines cover: earliest start to latest end. */
export function estimatePeriod(lines: EstimateView['lines']): { periodStart?: string; periodEnd?: string } {
  const starts = lines.map((l) => l.periodStart).filter((d): d is string => typeof d === 'string' && d.length >= 10).sort();
  const ends = lines.map((l) => l.periodEnd).filter((d): d is string => typeof d === 'string' && d.length >= 10).sort();
  return { periodStart: starts[0]?.slice(0, 10), periodEnd: ends[ends.length - 1]?.slice(0, 10) };
}

const createOrderFromEstimate: Handler = async (ctx) => {
  const estimateId = idParam(ctx, 'estimateId');
  const body = (ctx.body ?? {}) as RecordData;
  return ctx.db.transaction(async (tx) => {
    // One order per estimate: two requests for the same estimate wait for each other here.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`order-from-estimate:${estimateId}`]);
    const estimate = await readEstimate(tx, estimateId);
    if (!estimate) throw new HttpError(404, `Preventivo ${estimateId} non trovato`);
    if (estimate.status !== 'accepted') throw new HttpError(409, `Il preventivo ${estimateId} non è accettato: impossibile creare l'ordine`);
    const existing = await tx.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = $1 AND data->>'estimateId' = $2 LIMIT 1`, [ORDERS, String(estimateId)]);
    if (existing.rows[0]) {
      throw new HttpError(409, `Il preventivo ${estimateId} ha già un ordine: ${String(existing.rows[0].data.code)}`, { orderId: Number(existing.rows[0].id) });
    }
    const period = estimatePeriod(estimate.lines);
    const orderDate = (body.orderDate as string | undefined) ?? today();
    const periodStart = (body.periodStart as string | undefined) ?? period.periodStart ?? orderDate;
    const periodEnd = (body.periodEnd as string | undefined) ?? period.periodEnd ?? periodStart;
    checkPeriod(periodStart, periodEnd);
    const order = await insertOrder(tx, {
      estimateId,
      advertiserId: estimate.advertiserId || 1,
      opportunityId: estimate.opportunityId,
      salesId: estimate.salesId || 1,
      status: 'draft',
      total: Math.max(0, estimate.total),
      orderDate,
      periodStart,
      periodEnd,
      notes: (body.notes as string | null | undefined) ?? null,
    });
    return reply(201, order);
  });
};

/* ---------- documents ---------- */

const documentNotFound = (id: number) => `Documento ${id} non trovato`;

const uploadOrderDocument: Handler = async (ctx) => {
  const orderId = idParam(ctx);
  await requireOne(ctx.db, ORDERS, orderId, orderNotFound(orderId));
  const upload = uploadedFile(ctx, ORDER_DOCUMENT_TYPES, 20 * MB, '20 MB');
  const record = await ctx.db.transaction(async (tx) => {
    const fileId = await storeFile(tx, { collection: DOCUMENTS, id: orderId }, { fileName: upload.fileName, mediaType: upload.mediaType, content: upload.content }, ctx.user?.username);
    return insertRecord(tx, DOCUMENTS, {
      orderId,
      fileName: upload.fileName,
      mediaType: upload.mediaType,
      size: upload.size,
      uploadedAt: nowIso(),
      uploadedBy: ctx.user?.username ?? 'system',
      fileId,
    });
  });
  return reply(201, withoutFileId(record));
};

const listOrderDocuments: Handler = (ctx) => listResource(ctx, { resource: DOCUMENTS, fields: ['orderId'], searchFields: ['fileName'] }, withoutFileId);

const getOrderDocumentById: Handler = async (ctx) => {
  const id = idParam(ctx);
  return withoutFileId(await requireOne(ctx.db, DOCUMENTS, id, documentNotFound(id)));
};

const deleteOrderDocument: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const record = await requireOne(tx, DOCUMENTS, id, documentNotFound(id));
    await deleteFile(tx, Number(record.fileId));
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [DOCUMENTS, id]);
    return withoutFileId(record);
  });
};

const downloadOrderDocument: Handler = async (ctx) => {
  const id = idParam(ctx);
  return fileDownload(ctx.db, await requireOne(ctx.db, DOCUMENTS, id, documentNotFound(id)), documentNotFound(id));
};

/* ---------- order ↔ campaign links ---------- */


/** Connects an order and a campaign (idempotent when `quiet`), keeping the campaign's `orderId` in step. */
export async function connect(ctx: HandlerContext, db: Db, orderId: number, campaignId: number, quiet = false) {
  const { link, created } = await ensureOrderLink(db, orderId, campaignId);
  if (!created && !quiet) throw new HttpError(409, `La campagna ${campaignId} è già collegata all'ordine ${orderId}`);
  if (created && !quiet) await setCampaignOrder(ctx, db, campaignId, orderId);
  return link;
}

const createOrderCampaign: Handler = async (ctx) => {
  const body = ctx.body as { orderId: number; campaignId: number };
  return ctx.db.transaction(async (tx) => {
    await requireReferences(tx, body, LINK_REFERENCES);
    return reply(201, await connect(ctx, tx, body.orderId, body.campaignId));
  });
};

const deleteOrderCampaign: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const link = toLink(await requireOne(tx, ORDER_CAMPAIGNS, id, `Collegamento ${id} non trovato`));
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [ORDER_CAMPAIGNS, id]);
    await setCampaignOrder(ctx, tx, link.campaignId, null, link.orderId);
    return link;
  });
};

export const handlers: OperationHandlers<operations> = {
  listOrders,
  createOrder,
  getOrderById,
  updateOrder,
  deleteOrder,
  moveOrder,
  listOrderTransitions,
  createOrderFromEstimate,
  uploadOrderDocument,
  listOrderDocuments,
  getOrderDocumentById,
  deleteOrderDocument,
  downloadOrderDocument,
  listOrderCampaigns: (ctx) => listResource(ctx, { resource: ORDER_CAMPAIGNS, fields: ['orderId', 'campaignId'] }, toLink),
  createOrderCampaign,
  deleteOrderCampaign,
};

/* ---------- seed ---------- */

const NOTES = [
  'Affissioni 6x3 su Milano e Roma, consegna materiali entro il 20 del mese precedente.',
  'Campagna pensiline a Torino: stampa a cura del cliente.',
  'Circuito digitale stazioni, spot da 15 secondi.',
  null,
];

/** Orders from accepted estimates (when the estimate service has them), then a few by hand. */
export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const accepted = await acceptedEstimateIds(db);
  const fromEstimates = accepted.slice(0, size === 'large' ? 40 : Math.max(0, Math.min(accepted.length - 1, 6)));
  let n = 0;
  for (const estimateId of fromEstimates) {
    const estimate = await readEstimate(db, estimateId);
    if (!estimate) continue;
    const period = estimatePeriod(estimate.lines);
    const periodStart = period.periodStart ?? '2026-03-01';
    const order = await insertOrder(db, {
      estimateId,
      advertiserId: estimate.advertiserId || 1,
      opportunityId: estimate.opportunityId,
      salesId: estimate.salesId || 1,
      status: rng.pick(['draft', 'confirmed'] as const),
      total: Math.max(0, estimate.total),
      orderDate: '2026-02-10',
      periodStart,
      periodEnd: period.periodEnd && period.periodEnd >= periodStart ? period.periodEnd : periodStart,
      notes: rng.pick(NOTES),
    });
    n += 1;
    await seedDocument(db, order);
  }
  const manual = size === 'large' ? 60 : 8;
  // A salesId names a sales person (sandbox/shared/sales.ts), as on the orders made from estimates.
  const sales = (await salesPeople(db)).map((p) => p.id);
  for (let i = 0; i < manual; i += 1) {
    const month = 1 + (i % 12);
    const start = `2026-${String(month).padStart(2, '0')}-01`;
    const order = await insertOrder(db, {
      estimateId: null,
      advertiserId: 1 + (i % 5),
      opportunityId: null,
      salesId: sales[i % sales.length],
      status: (['draft', 'confirmed', 'closed', 'cancelled'] as const)[i % 4],
      total: rng.int(20, 400) * 100,
      orderDate: `2026-${String(Math.max(1, month - 1)).padStart(2, '0')}-1${i % 9}`,
      periodStart: start,
      periodEnd: `2026-${String(month).padStart(2, '0')}-28`,
      notes: rng.pick(NOTES),
    });
    n += 1;
    if (i % 2 === 0) await seedDocument(db, order);
  }
  void n;
}

async function seedDocument(db: Db, order: Order) {
  const fileName = `contratto_${order.code}.pdf`;
  const content = tinyPdf(`Contratto ${order.code}`);
  const fileId = await storeFile(db, { collection: DOCUMENTS, id: order.id }, { fileName, mediaType: 'application/pdf', content }, 'sales');
  await insertRecord(db, DOCUMENTS, { orderId: order.id, fileName, mediaType: 'application/pdf', size: content.length, uploadedAt: '2026-02-11T09:42:17Z', uploadedBy: 'sales', fileId });
}
