import type { components, operations } from '../../src/api/generated/planner';
import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../http';
import { getRecord, guardedUpdate, inRecords, insertRecord, lockVersionOf, oneRow, updateRecord, type RecordData, type StoredRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { idParam, listResource, requireOne, requireReferences, type Reference } from '../store';
import { checkPeriod, cents, nowIso, today as todayOn } from '../shared/values';
import { checkMove } from '../shared/transitions';
import { PlanningStatusLabels, PlanningStatusTransitions } from '../../src/api/generated/planner.rules';
import {
  HoldRefused,
  addDays,
  busiest,
  endAndPromote,
  RESERVATIONS,
  expireDue,
  facesByIds,
  holdFace,
  lockReservations,
  occupyingMany,
  readReservation,
  readSettings,
  releaseReservation,
  releaseWhere,
  renewReservation,
  toBlockers,
  toReservations,
  writeSettings,
  type HoldRequest,
  type Refusal,
} from '../shared/reservations';
import { NOTIFICATIONS, runSweeps } from '../shared/notices';
// The sweeps of work orders and campaigns register themselves when loaded.
import '../shared/dueSweeps';
import { availabilityPage } from '../shared/availability';
import { quoteFaces } from '../shared/pricing';
import { workOrdersFromPlanning } from '../shared/workOrders';
import { facesAtRisk } from '../shared/permits';
import { fullNames } from '../shared/people';

/*
 * The planner service: plannings, the faces they book (collection `planningItems`), and the
 * reservations that hold faces (options, queues, bookings; sandbox/shared/reservations.ts). A
 * planning item holds its face through a reservation: an option while the planning is a draft, a
 * booking once it is confirmed; cancelling the planning releases them.
 */

type Planning = components['schemas']['Planning'];
type PlanningItem = components['schemas']['PlanningItem'];
type Criteria = components['schemas']['PlanningCriteria'];

const PLANNINGS = 'plannings';
const ITEMS = 'planningItems';
const EMPTY_CRITERIA: Criteria = { circuitIds: [], systemTypes: [], municipalityIds: [] };

/** The status moves: generated from PlanningStatus.x-transitions (and its Italian x-labels). */
const RULES = { transitions: PlanningStatusTransitions, labels: PlanningStatusLabels };

const planningNotFound = (id: number) => `Pianificazione ${id} non trovata`;
const itemNotFound = (id: number) => `Prenotazione ${id} non trovata`;

function toPlanning(r: StoredRecord, totals: Planning['totals']): Planning {
  return {
    id: r.id,
    name: String(r.name),
    campaignId: Number(r.campaignId),
    orderId: r.orderId == null ? null : Number(r.orderId),
    periodStart: String(r.periodStart),
    periodEnd: String(r.periodEnd),
    criteria: (r.criteria as Criteria | undefined) ?? EMPTY_CRITERIA,
    status: (r.status as Planning['status']) ?? 'draft',
    totals,
    riskOverride: (r.riskOverride as Planning['riskOverride'] | undefined) ?? null,
    ...lockVersionOf(r),
  };
}

/** Items as read, with their reservation's status and expiry and their face's name. */
async function toItems(db: Db, rows: StoredRecord[]): Promise<PlanningItem[]> {
  const reservationIds = rows.map((r) => Number(r.reservationId)).filter((n) => n > 0);
  const reservations = new Map<number, RecordData>();
  if (reservationIds.length) {
    const { rows: rs } = await db.query<{ id: string; data: RecordData }>('SELECT id, data FROM records WHERE collection = $1 AND id = ANY($2::bigint[])', [
      RESERVATIONS,
      reservationIds,
    ]);
    for (const r of rs) reservations.set(Number(r.id), r.data);
  }
  const faces = await facesByIds(db, [...new Set(rows.map((r) => Number(r.frameId)).filter((n) => n > 0))]);
  return rows.map((r) => {
    const reservation = r.reservationId ? reservations.get(Number(r.reservationId)) : undefined;
    const item: PlanningItem = {
      id: r.id,
      planningId: Number(r.planningId),
      frameId: Number(r.frameId ?? 0) || Number(r.systemId),
      frameName: faces.get(Number(r.frameId))?.frameName ?? 'Impianto intero',
      systemId: Number(r.systemId),
      periodStart: String(r.periodStart),
      periodEnd: String(r.periodEnd),
      price: Number(r.price ?? 0),
      reservationId: reservation ? Number(r.reservationId) : null,
      reservationStatus: reservation ? (reservation.status as PlanningItem['reservationStatus']) : null,
      expiresOn: reservation?.expiresOn == null ? null : String(reservation.expiresOn),
    };
    if (r.estimateLineId) item.estimateLineId = Number(r.estimateLineId);
    return item;
  });
}

/** Totals of many plannings in one query, with their order's total beside. */
async function totalsOf(db: Db, plannings: Array<{ id: number; orderId?: unknown }>): Promise<Map<number, Planning['totals']>> {
  const out = new Map<number, Planning['totals']>();
  const ids = plannings.map((p) => p.id);
  const orderIds = [...new Set(plannings.map((p) => Number(p.orderId)).filter((n) => n > 0))];
  const orderTotals = new Map<number, number>();
  if (orderIds.length) {
    const { rows } = await db.query<{ id: string; total: string | null }>(
      "SELECT id, data->>'total' AS total FROM records WHERE collection = 'orders' AND id = ANY($1::bigint[])",
      [orderIds],
    );
    for (const r of rows) orderTotals.set(Number(r.id), Number(r.total ?? 0));
  }
  const sums = new Map<number, { systems: number; faces: number; amount: number }>();
  if (ids.length) {
    const { rows } = await db.query<{ planning: string; systems: string; faces: string; amount: string | null }>(
      `SELECT data->>'planningId' AS planning, count(DISTINCT data->>'systemId') AS systems, count(*) AS faces, sum((data->>'price')::numeric) AS amount
         FROM records WHERE collection = $1 AND data->>'planningId' = ANY($2::text[]) GROUP BY 1`,
      [ITEMS, ids.map(String)],
    );
    for (const r of rows) sums.set(Number(r.planning), { systems: Number(r.systems), faces: Number(r.faces), amount: cents(Number(r.amount ?? 0)) });
  }
  for (const p of plannings) {
    const sum = sums.get(p.id) ?? { systems: 0, faces: 0, amount: 0 };
    const orderTotal = orderTotals.get(Number(p.orderId));
    out.set(p.id, { ...sum, orderTotal: orderTotal ?? null, difference: orderTotal === undefined ? null : cents(sum.amount - orderTotal) });
  }
  return out;
}

async function readPlanning(db: Db, id: number): Promise<Planning> {
  const record = await requireOne(db, PLANNINGS, id, planningNotFound(id));
  return toPlanning(record, (await totalsOf(db, [record])).get(id)!);
}

/** A guest (shared link) sees only the planning its token opens. */
function guestPlanning(ctx: HandlerContext): number | undefined {
  if (ctx.user?.kind !== 'guest') return undefined;
  return ctx.user.resource?.resourceType === 'planning' ? ctx.user.resource.resourceId : -1;
}

/** The advertiser of a planning: its campaign's. */
async function advertiserOf(db: Db, planning: StoredRecord): Promise<number | null> {
  const campaign = await oneRow(db, 'campaigns', Number(planning.campaignId));
  return campaign?.advertiserId ? Number(campaign.advertiserId) : null;
}

/* ---------- availability of whole systems (the configurator's check) ---------- */

const getPlanningAvailability: Handler = async (ctx) => {
  const id = idParam(ctx);
  const planning = await readPlanning(ctx.db, id);
  await expireDue(ctx.db);
  const raw = ctx.query.systemIds;
  const ids = (Array.isArray(raw) ? raw : [raw]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  // The faces of every asked system, and what takes room on them in the period: two queries in all.
  const { rows } = await ctx.db.query<{ id: string; system: string }>(
    "SELECT id, data->>'systemId' AS system FROM records WHERE collection = 'frames' AND data->>'systemId' = ANY($1::text[]) ORDER BY id",
    [ids.map(String)],
  );
  const faces = await facesByIds(ctx.db, rows.map((r) => Number(r.id)));
  const taken = await occupyingMany(ctx.db, [...faces.keys()], planning.periodStart, planning.periodEnd);
  const out = [];
  for (const systemId of ids) {
    const mine = rows.filter((r) => Number(r.system) === systemId).map((r) => faces.get(Number(r.id))).filter((face) => face !== undefined);
    let conflict: components['schemas']['ConflictingBooking'] | null = null;
    let free = mine.length === 0;
    for (const face of mine) {
      const held = taken.get(face.frameId) ?? [];
      if (busiest(held, planning.periodStart, planning.periodEnd).length < face.slots) {
        free = true;
        break;
      }
      if (!conflict) {
        const [b] = await toBlockers(ctx.db, [held[0]]);
        conflict = { planningId: Number(held[0].planningId ?? 0) || id, planningName: b.planningName ?? `${b.advertiserName} (${b.holderName})`, systemId, periodStart: b.periodStart, periodEnd: b.periodEnd };
      }
    }
    out.push({ systemId, free, conflict: free ? null : conflict });
  }
  return out;
};

/* ---------- plannings ---------- */

function planningFields(body: RecordData) {
  return {
    name: String(body.name),
    campaignId: Number(body.campaignId),
    orderId: body.orderId == null ? null : Number(body.orderId),
    periodStart: String(body.periodStart),
    periodEnd: String(body.periodEnd),
    criteria: (body.criteria as Criteria | undefined) ?? EMPTY_CRITERIA,
    status: (body.status as Planning['status'] | undefined) ?? 'draft',
  };
}

/** What a planning names: its campaign and its order. */
const PLANNING_REFERENCES: readonly Reference[] = [
  { field: 'campaignId', collection: 'campaigns', label: 'campagna' },
  { field: 'orderId', collection: 'orders', label: 'ordine' },
];

const createPlanning: Handler = async (ctx) => {
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  const fields = planningFields(body);
  await requireReferences(ctx.db, fields, PLANNING_REFERENCES);
  const record = await insertRecord(ctx.db, PLANNINGS, { ...fields, status: 'draft' });
  return reply(201, toPlanning(record, (await totalsOf(ctx.db, [record])).get(record.id)!));
};

/** Confirming books every item's face: its option becomes a booking, a lapsed one is held again; 409 names the faces that cannot be. */
async function bookItems(tx: Db, planning: StoredRecord, holder: string): Promise<void> {
  const { rows } = await tx.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = $1 AND data->>'planningId' = $2 ORDER BY id`, [
    ITEMS,
    String(planning.id),
  ]);
  const refusals: string[] = [];
  const blockers: components['schemas']['Blocker'][] = [];
  const advertiserId = await advertiserOf(tx, planning);
  for (const r of rows) {
    const item: StoredRecord = { ...r.data, id: Number(r.id) };
    if (!item.frameId) continue;
    const reservation = item.reservationId ? await getRecord(tx, RESERVATIONS, Number(item.reservationId)) : undefined;
    if (reservation?.status === 'booked') continue;
    if (reservation?.status === 'option') {
      await updateRecord(tx, RESERVATIONS, reservation.id, { status: 'booked', expiresOn: null, price: Number(item.price ?? 0), planningId: planning.id });
      continue;
    }
    if (reservation?.status === 'waiting') await endAndPromote(tx, reservation, 'Sostituita dalla prenotazione');
    try {
      const held = await holdFace(
        tx,
        { frameId: Number(item.frameId), periodStart: String(item.periodStart), periodEnd: String(item.periodEnd), advertiserId, planningId: planning.id, book: true, price: Number(item.price ?? 0) },
        holder,
      );
      await updateRecord(tx, ITEMS, item.id, { reservationId: held.id });
    } catch (e) {
      if (!(e instanceof HoldRefused)) throw e;
      refusals.push(e.refusal.message);
      blockers.push(...e.refusal.blockers);
    }
  }
  if (refusals.length) {
    throw new HttpError(409, `La pianificazione non può essere confermata: ${refusals.join('; ')}`, { blockers });
  }
}

/**
 * Confirming a planning with faces at risk (an authorization or lease of their system ends before
 * the item's period does) needs an explicit override with a reason: without one the move is a 409
 * naming the faces and what ends; with one, the override to record (who, when, why, which faces).
 */
async function overrideOf(ctx: HandlerContext, planningId: number, body: RecordData): Promise<Planning['riskOverride'] | undefined> {
  const { rows } = await ctx.db.query<{ data: RecordData }>(`SELECT data FROM records WHERE collection = $1 AND data->>'planningId' = $2 ORDER BY id`, [ITEMS, String(planningId)]);
  const items = rows.map((r) => r.data).filter((d) => d.frameId);
  const faces = await facesByIds(ctx.db, items.map((d) => Number(d.frameId)));
  const risks = await facesAtRisk(
    ctx.db,
    items.map((d) => {
      const face = faces.get(Number(d.frameId));
      return { frameId: Number(d.frameId), frameName: face?.frameName, systemId: Number(d.systemId ?? face?.systemId), systemCode: face?.systemCode ?? '', periodEnd: String(d.periodEnd) };
    }),
    todayOn(),
  );
  if (!risks.length) return undefined;
  const sent = body.riskOverride as { reason?: unknown } | null | undefined;
  const reason = typeof sent?.reason === 'string' ? sent.reason.trim() : '';
  if (!reason) {
    const named = risks.map((r) => `${r.frameName ? `${r.frameName} di ` : ''}${r.systemCode} a rischio (${r.reason})`);
    throw new HttpError(409, `La pianificazione non può essere confermata: ${named.join('; ')}. Conferma indicando il motivo per procedere comunque`, { risks });
  }
  const by = ctx.user?.username ?? 'admin';
  return { reason, by, byName: (await fullNames(ctx.db, [by])).get(by) ?? null, at: nowIso(), faces: risks };
}

const updatePlanning: Handler = async (ctx) => {
  const id = idParam(ctx);
  checkPeriod((ctx.body as RecordData).periodStart, (ctx.body as RecordData).periodEnd);
  await expireDue(ctx.db);
  // With the version read, a planning saved since is refused (naming who and when) before any rule
  // is checked; the checks and the write then run in the same transaction, the planning locked.
  const { from, fields } = await guardedUpdate(ctx, inRecords(PLANNINGS, id, 'pianificazione', true), async (tx) => {
    const body = ctx.body as RecordData;
    const existing = await requireOne(tx, PLANNINGS, id, planningNotFound(id));
    const fields = planningFields({ criteria: existing.criteria, orderId: existing.orderId, ...body });
    await requireReferences(tx, fields, PLANNING_REFERENCES, existing);
    const from = (existing.status as Planning['status'] | undefined) ?? 'draft';
    if (fields.status !== from) checkMove(RULES, from, fields.status);
    const confirming = fields.status === 'confirmed' && from !== 'confirmed';
    const riskOverride = confirming ? await overrideOf({ ...ctx, db: tx }, id, body) : undefined;
    await lockReservations(tx);
    if (confirming) await bookItems(tx, existing, ctx.user?.username ?? 'admin');
    await updateRecord(tx, PLANNINGS, id, riskOverride ? { ...fields, riskOverride } : fields);
    return { from, fields };
  });
  if (fields.status === 'cancelled' && from !== 'cancelled') await releaseWhere(ctx.db, 'planningId', id, 'Pianificazione annullata');
  // A confirmed planning goes into the street: the posting and removal orders of its faces, per team.
  if (fields.status === 'confirmed' && from !== 'confirmed') await workOrdersFromPlanning(ctx.db, id);
  return readPlanning(ctx.db, id);
};

const deletePlanning: Handler = async (ctx) => {
  const id = idParam(ctx);
  const planning = await readPlanning(ctx.db, id);
  await releaseWhere(ctx.db, 'planningId', id, 'Pianificazione eliminata');
  await ctx.db.transaction(async (tx) => {
    await tx.query(`DELETE FROM records WHERE collection = $1 AND data->>'planningId' = $2`, [ITEMS, String(id)]);
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [PLANNINGS, id]);
  });
  return planning;
};

const listPlannings: Handler = async (ctx) => {
  const result = await listResource(ctx, { resource: PLANNINGS, fields: ['campaignId', 'orderId', 'status'], searchFields: ['name'] });
  const rows = result.body as StoredRecord[];
  const totals = await totalsOf(ctx.db, rows);
  return { ...result, body: rows.map((r) => toPlanning(r, totals.get(r.id)!)) };
};

/** A draft planning from the faces an order's estimate sold, each at the price sold. */
const createPlanningFromOrder: Handler = async (ctx) => {
  const body = ctx.body as { orderId: number; campaignId: number; name?: string };
  await requireReferences(ctx.db, body, [
    { field: 'orderId', collection: 'orders', label: 'ordine' },
    { field: 'campaignId', collection: 'campaigns', label: 'campagna' },
  ]);
  const order = (await oneRow(ctx.db, 'orders', body.orderId))!;
  const estimate = order.estimateId ? await oneRow(ctx.db, 'estimates', Number(order.estimateId)) : undefined;
  const lines = ((estimate?.lines as RecordData[] | undefined) ?? []).filter((l) => Array.isArray(l.frameIds) && l.frameIds.length);
  const starts = lines.map((l) => String(l.periodStart)).sort();
  const ends = lines.map((l) => String(l.periodEnd)).sort();
  const skipped: Refusal[] = [];
  await expireDue(ctx.db);
  const planningId = await ctx.db.transaction(async (tx) => {
    await lockReservations(tx);
    const planning = await insertRecord(tx, PLANNINGS, {
      name: body.name?.trim() || `Pianificazione ${String(order.code ?? `ordine ${body.orderId}`)}`,
      campaignId: body.campaignId,
      orderId: body.orderId,
      periodStart: starts[0] ?? String(order.periodStart),
      periodEnd: ends[ends.length - 1] ?? String(order.periodEnd),
      criteria: EMPTY_CRITERIA,
      status: 'draft',
    });
    const advertiserId = Number(order.advertiserId) || (await advertiserOf(tx, planning));
    for (const line of lines) {
      const frameIds = (line.frameIds as number[]).map(Number);
      const lineTotal = Number(line.total ?? 0);
      const each = cents(lineTotal / frameIds.length);
      for (const [i, frameId] of frameIds.entries()) {
        // The last face takes the rounding, so the faces of a line add up to the line's total.
        const price = i === frameIds.length - 1 ? cents(lineTotal - each * (frameIds.length - 1)) : each;
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id FROM records WHERE collection = $1 AND data->>'estimateId' = $2 AND data->>'frameId' = $3
              AND data->>'status' IN ('option', 'waiting') ORDER BY id LIMIT 1`,
          [RESERVATIONS, String(estimate!.id), String(frameId)],
        );
        let reservationId = rows[0] ? Number(rows[0].id) : undefined;
        if (reservationId) {
          await updateRecord(tx, RESERVATIONS, reservationId, { planningId: planning.id, price });
        } else {
          try {
            const held = await holdFace(
              tx,
              { frameId, periodStart: String(line.periodStart), periodEnd: String(line.periodEnd), advertiserId, estimateId: Number(estimate!.id), planningId: planning.id, price },
              ctx.user?.username ?? 'admin',
            );
            reservationId = held.id;
          } catch (e) {
            if (!(e instanceof HoldRefused)) throw e;
            skipped.push(e.refusal);
            continue;
          }
        }
        const face = (await facesByIds(tx, [frameId])).get(frameId)!;
        await insertRecord(tx, ITEMS, {
          planningId: planning.id,
          frameId,
          systemId: face.systemId,
          periodStart: String(line.periodStart),
          periodEnd: String(line.periodEnd),
          price,
          reservationId,
          estimateLineId: line.id ?? null,
        });
      }
    }
    return planning.id;
  });
  return reply(201, { planning: await readPlanning(ctx.db, planningId), skipped });
};

/* ---------- items ---------- */

/** What an item names: its planning and its face. */
const ITEM_REFERENCES: readonly Reference[] = [
  { field: 'planningId', collection: PLANNINGS, label: 'pianificazione' },
  { field: 'frameId', collection: 'frames', label: 'faccia' },
];

interface ItemInput {
  planningId: number;
  frameId: number;
  periodStart?: string;
  periodEnd?: string;
  price?: number;
  estimateLineId?: number;
}

/** Holds the item's face (an option in a draft, a booking in a confirmed planning) and writes the item, in one transaction. */
async function writeItem(ctx: HandlerContext, input: ItemInput, existing?: StoredRecord): Promise<PlanningItem> {
  await expireDue(ctx.db);
  const id = await ctx.db.transaction(async (tx) => {
    await lockReservations(tx);
    const planning = await getRecord(tx, PLANNINGS, input.planningId);
    if (!planning) throw new HttpError(404, planningNotFound(input.planningId));
    const periodStart = input.periodStart ?? String(planning.periodStart);
    const periodEnd = input.periodEnd ?? String(planning.periodEnd);
    checkPeriod(periodStart, periodEnd);
    const price = input.price ?? 0;
    const sameHold =
      existing && Number(existing.frameId) === input.frameId && existing.periodStart === periodStart && existing.periodEnd === periodEnd && existing.reservationId;
    let reservationId = existing?.reservationId ? Number(existing.reservationId) : null;
    if (!sameHold) {
      const old = reservationId ? await getRecord(tx, RESERVATIONS, reservationId) : undefined;
      if (old) await endAndPromote(tx, old, 'Sostituita nella pianificazione');
      const req: HoldRequest = {
        frameId: input.frameId,
        periodStart,
        periodEnd,
        advertiserId: await advertiserOf(tx, planning),
        planningId: planning.id,
        book: planning.status === 'confirmed' || planning.status === 'closed',
        price,
      };
      reservationId = (await holdFace(tx, req, ctx.user?.username ?? 'admin')).id;
    } else if (reservationId) {
      await updateRecord(tx, RESERVATIONS, reservationId, { price });
    }
    const face = (await facesByIds(tx, [input.frameId])).get(input.frameId)!;
    const data = {
      planningId: input.planningId,
      frameId: input.frameId,
      systemId: face.systemId,
      periodStart,
      periodEnd,
      price,
      reservationId,
      estimateLineId: input.estimateLineId ?? existing?.estimateLineId ?? null,
    };
    const record = existing ? await updateRecord(tx, ITEMS, existing.id, data) : await insertRecord(tx, ITEMS, data);
    return record!.id;
  });
  return (await toItems(ctx.db, [await requireOne(ctx.db, ITEMS, id, itemNotFound(id))]))[0];
}

const createPlanningItem: Handler = async (ctx) => {
  await requireReferences(ctx.db, ctx.body, ITEM_REFERENCES);
  return reply(201, await writeItem(ctx, ctx.body as ItemInput));
};

const updatePlanningItem: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as ItemInput & { id?: number };
  const existing = await requireOne(ctx.db, ITEMS, id, itemNotFound(id));
  await requireReferences(ctx.db, body, ITEM_REFERENCES, existing);
  return writeItem(ctx, body, existing);
};

/* ---------- reservations ---------- */

const RESERVATION_REFERENCES: readonly Reference[] = [
  { field: 'frameId', collection: 'frames', label: 'faccia' },
  { field: 'advertiserId', collection: 'advertisers', label: 'inserzionista' },
  { field: 'estimateId', collection: 'estimates', label: 'preventivo' },
];

async function holdOne(ctx: HandlerContext, req: HoldRequest): Promise<StoredRecord> {
  return ctx.db.transaction(async (tx) => {
    await lockReservations(tx);
    return holdFace(tx, req, ctx.user?.username ?? 'admin');
  });
}

const createReservation: Handler = async (ctx) => {
  const body = ctx.body as HoldRequest;
  await requireReferences(ctx.db, body, RESERVATION_REFERENCES);
  await expireDue(ctx.db);
  const held = await holdOne(ctx, { ...body, book: false });
  return reply(201, await readReservation(ctx.db, held.id));
};

const holdFaces: Handler = async (ctx) => {
  const body = ctx.body as Omit<HoldRequest, 'frameId'> & { frameIds: number[] };
  await requireReferences(ctx.db, body, [{ field: 'frameIds', collection: 'frames', label: 'faccia' }, ...RESERVATION_REFERENCES.slice(1)]);
  await expireDue(ctx.db);
  const results = [];
  for (const frameId of body.frameIds) {
    try {
      const held = await holdOne(ctx, { ...body, frameId, book: false });
      results.push({ frameId, reservation: await readReservation(ctx.db, held.id), refusal: null });
    } catch (e) {
      if (!(e instanceof HoldRefused)) throw e;
      results.push({ frameId, reservation: null, refusal: e.refusal });
    }
  }
  return { results };
};

const listReservations: Handler = async (ctx) => {
  await expireDue(ctx.db);
  const filter = ctx.query.filter ? (JSON.parse(String(ctx.query.filter)) as Record<string, unknown>) : {};
  const username = ctx.user?.username ?? '';
  const result = await listResource(ctx, {
    resource: RESERVATIONS,
    fields: ['frameId', 'systemId', 'estimateId', 'planningId', 'status', 'holder'],
    where: filter.mine === true ? (add) => [`data->>'holder' = ${add(username)}`] : undefined,
  });
  return { ...result, body: await toReservations(ctx.db, result.body as StoredRecord[]) };
};

/* ---------- notices ---------- */

const toNotification = (r: StoredRecord) => ({
  id: r.id,
  username: String(r.username),
  kind: r.kind as components['schemas']['Notification']['kind'],
  message: String(r.message),
  link: String(r.link),
  createdAt: String(r.createdAt),
  readAt: r.readAt == null ? null : String(r.readAt),
});

const listNotifications: Handler = async (ctx) => {
  await expireDue(ctx.db);
  await runSweeps(ctx.db);
  const filter = ctx.query.filter ? (JSON.parse(String(ctx.query.filter)) as Record<string, unknown>) : {};
  if (!ctx.query.sort) ctx.query.sort = '["id","DESC"]';
  return listResource(
    ctx,
    {
      resource: NOTIFICATIONS,
      fields: ['kind'],
      searchFields: ['message'],
      where: (add) => [`data->>'username' = ${add(ctx.user?.username ?? '')}`, ...(filter.unread === true ? [`data->>'readAt' IS NULL`] : [])],
    },
    toNotification,
  );
};

const markNotificationRead: Handler = async (ctx) => {
  const id = idParam(ctx);
  const row = await getRecord(ctx.db, NOTIFICATIONS, id);
  if (!row || row.username !== ctx.user?.username) throw new HttpError(404, `Avviso ${id} non trovato`);
  const updated = row.readAt ? row : await updateRecord(ctx.db, NOTIFICATIONS, id, { readAt: nowIso() });
  return toNotification(updated!);
};

const markAllNotificationsRead: Handler = async (ctx) => {
  const { rows } = await ctx.db.query<{ id: string }>(
    `SELECT id FROM records WHERE collection = $1 AND data->>'username' = $2 AND data->>'readAt' IS NULL ORDER BY id`,
    [NOTIFICATIONS, ctx.user?.username ?? ''],
  );
  const readAt = nowIso();
  for (const r of rows) await updateRecord(ctx.db, NOTIFICATIONS, Number(r.id), { readAt });
  return { read: rows.length };
};

export const handlers: OperationHandlers<operations> = {
  listPlannings,
  createPlanning,
  createPlanningFromOrder,
  getPlanningById: async (ctx) => {
    const id = idParam(ctx);
    const guest = guestPlanning(ctx);
    if (guest !== undefined && guest !== id) throw new HttpError(404, planningNotFound(id));
    await expireDue(ctx.db);
    return readPlanning(ctx.db, id);
  },
  updatePlanning,
  deletePlanning,
  getPlanningAvailability,
  listPlanningItems: async (ctx) => {
    const guest = guestPlanning(ctx);
    await expireDue(ctx.db);
    const result = await listResource(ctx, {
      resource: ITEMS,
      fields: ['planningId', 'systemId', 'frameId'],
      where: guest === undefined ? undefined : (add) => [`data->>'planningId' = ${add(String(guest))}`],
    });
    return { ...result, body: await toItems(ctx.db, result.body as StoredRecord[]) };
  },
  createPlanningItem,
  getPlanningItemById: async (ctx) => {
    const id = idParam(ctx);
    const [item] = await toItems(ctx.db, [await requireOne(ctx.db, ITEMS, id, itemNotFound(id))]);
    const guest = guestPlanning(ctx);
    if (guest !== undefined && guest !== item.planningId) throw new HttpError(404, itemNotFound(id));
    return item;
  },
  updatePlanningItem,
  deletePlanningItem: async (ctx) => {
    const id = idParam(ctx);
    const row = await requireOne(ctx.db, ITEMS, id, itemNotFound(id));
    const [item] = await toItems(ctx.db, [row]);
    await ctx.db.transaction(async (tx) => {
      await lockReservations(tx);
      const reservation = row.reservationId ? await getRecord(tx, RESERVATIONS, Number(row.reservationId)) : undefined;
      await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [ITEMS, id]);
      if (reservation) await endAndPromote(tx, reservation, 'Tolta dalla pianificazione');
    });
    return item;
  },
  listReservations,
  createReservation,
  holdFaces,
  getReservationById: async (ctx) => {
    await expireDue(ctx.db);
    return readReservation(ctx.db, idParam(ctx));
  },
  renewReservation: (ctx) => renewReservation(ctx.db, idParam(ctx), ctx.user, String((ctx.body as { expiresOn: string }).expiresOn)),
  releaseReservation: (ctx) => releaseReservation(ctx.db, idParam(ctx), ctx.user, (ctx.body as { reason?: string } | undefined)?.reason),
  getAvailability: async (ctx) => {
    await expireDue(ctx.db);
    return availabilityPage(ctx.db, ctx.query);
  },
  quoteFaces: (ctx) => quoteFaces(ctx.db, ctx.body as Parameters<typeof quoteFaces>[1]),
  getReservationSettings: (ctx) => readSettings(ctx.db),
  updateReservationSettings: (ctx) => writeSettings(ctx.db, ctx.body as Parameters<typeof writeSettings>[1]),
  listNotifications,
  markNotificationRead,
  markAllNotificationsRead,
};

/* ---------- seed ---------- */

/**
 * A planning per seeded campaign (up to a few), each putting faces in its campaign's period: the
 * confirmed ones book them, the drafts hold them under option. Faces are dealt out in turn, and a
 * face without room is skipped: no double booking. Then a few options of the sales people, some
 * expiring this week, and a request waiting behind one of them.
 */
export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const campaigns = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = 'campaigns' ORDER BY id`);
  const { rows: frameRows } = await db.query<{ id: string }>(
    `SELECT id FROM records WHERE collection = 'frames' ORDER BY id LIMIT ${size === 'large' ? 4000 : 400}`,
  );
  const frames = frameRows.map((r) => Number(r.id));
  if (!frames.length) return;
  const count = Math.min(campaigns.rows.length, size === 'large' ? 60 : 6);
  for (let i = 0; i < count; i += 1) {
    const c = campaigns.rows[i];
    const status = i % 3 === 0 ? 'confirmed' : 'draft';
    const planning = await insertRecord(db, PLANNINGS, {
      name: `Pianificazione ${String(c.data.name)}`,
      campaignId: Number(c.id),
      orderId: c.data.orderId ?? null,
      periodStart: String(c.data.periodStart),
      periodEnd: String(c.data.periodEnd),
      criteria: EMPTY_CRITERIA,
      status,
    });
    const wanted = Math.min(frames.length, rng.int(3, 8));
    for (let k = 0; k < wanted; k += 1) {
      const frameId = frames[(i * 7 + k) % frames.length];
      const price = rng.int(3, 30) * 50;
      try {
        const held = await holdFace(
          db,
          {
            frameId,
            periodStart: String(c.data.periodStart),
            periodEnd: String(c.data.periodEnd),
            advertiserId: c.data.advertiserId ? Number(c.data.advertiserId) : null,
            planningId: planning.id,
            book: status === 'confirmed',
            price,
          },
          'admin',
        );
        await insertRecord(db, ITEMS, {
          planningId: planning.id,
          frameId,
          systemId: Number(held.systemId),
          periodStart: c.data.periodStart,
          periodEnd: c.data.periodEnd,
          price,
          reservationId: held.id,
        });
      } catch (e) {
        if (!(e instanceof HoldRefused)) throw e;
      }
    }
  }
  // Options of the sales people on the next cycles: some expire this week; one request waits behind an option.
  const advertisers = (await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'advertisers' ORDER BY id LIMIT 6`)).rows.map((r) => Number(r.id));
  if (!advertisers.length) return;
  const today = todayOn();
  const cycleStart = addDays(today, 14 - ((Date.parse(`${today}T00:00:00Z`) / 86_400_000 + 3) % 14));
  const optionFrames = frames.slice(-12);
  for (const [k, frameId] of optionFrames.entries()) {
    const holder = k % 2 ? 'salesleader' : 'sales';
    try {
      await holdFace(
        db,
        {
          frameId,
          periodStart: cycleStart,
          periodEnd: addDays(cycleStart, 13),
          advertiserId: advertisers[k % advertisers.length],
          expiresOn: addDays(today, k < 4 ? 1 + k : 10 + k),
        },
        holder,
      );
      if (k === 0) {
        await holdFace(
          db,
          { frameId, periodStart: cycleStart, periodEnd: addDays(cycleStart, 13), advertiserId: advertisers[(k + 1) % advertisers.length], queue: true, expiresOn: addDays(today, 12) },
          'salesleader',
        );
      }
    } catch (e) {
      if (!(e instanceof HoldRefused)) throw e;
    }
  }
}
