import type { components, operations } from '../../src/api/generated/planner';
import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext, type OperationHandlers } from '../http';
import { getRecord, insertRecord, updateRecord, type RecordData, type StoredRecord } from '../store';
import type { SeedOptions } from '../seed/options';
import { idParam, listResource, requireOne, requireReferences, type Reference } from '../store';
import { checkPeriod } from '../shared/values';
import { checkMove } from '../shared/transitions';
import { PlanningStatusLabels, PlanningStatusTransitions } from '../../src/api/generated/planner.rules';

/*
 * The planner service: plannings and the systems they book (collections `plannings` and
 * `planningItems`). The availability rule — a system is never booked twice in overlapping periods —
 * is checked and applied in one transaction, under an advisory lock so that two concurrent
 * bookings on a PostgreSQL server cannot both pass the check. A cancelled planning's bookings no
 * longer hold their systems.
 */

type Planning = components['schemas']['Planning'];
type PlanningItem = components['schemas']['PlanningItem'];
type Conflict = components['schemas']['ConflictingBooking'];
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
    periodStart: String(r.periodStart),
    periodEnd: String(r.periodEnd),
    criteria: (r.criteria as Criteria | undefined) ?? EMPTY_CRITERIA,
    status: (r.status as Planning['status']) ?? 'draft',
    totals,
  };
}

const toItem = (r: StoredRecord): PlanningItem => ({
  id: r.id,
  planningId: Number(r.planningId),
  systemId: Number(r.systemId),
  periodStart: String(r.periodStart),
  periodEnd: String(r.periodEnd),
  price: Number(r.price ?? 0),
});

/** Totals of many plannings in one query. */
async function totalsOf(db: Db, ids: number[]): Promise<Map<number, Planning['totals']>> {
  const out = new Map<number, Planning['totals']>(ids.map((id) => [id, { systems: 0, amount: 0 }]));
  if (!ids.length) return out;
  const { rows } = await db.query<{ planning: string; systems: string; amount: string | null }>(
    `SELECT data->>'planningId' AS planning, count(DISTINCT data->>'systemId') AS systems, sum((data->>'price')::numeric) AS amount
       FROM records WHERE collection = $1 AND data->>'planningId' = ANY($2::text[]) GROUP BY 1`,
    [ITEMS, ids.map(String)],
  );
  for (const r of rows) out.set(Number(r.planning), { systems: Number(r.systems), amount: Math.round(Number(r.amount ?? 0) * 100) / 100 });
  return out;
}

async function readPlanning(db: Db, id: number): Promise<Planning> {
  const record = await requireOne(db, PLANNINGS, id, planningNotFound(id));
  return toPlanning(record, (await totalsOf(db, [id])).get(id)!);
}

/** A guest (shared link) sees only the planning its token opens. */
function guestPlanning(ctx: HandlerContext): number | undefined {
  if (ctx.user?.kind !== 'guest') return undefined;
  return ctx.user.resource?.resourceType === 'planning' ? ctx.user.resource.resourceId : -1;
}

/* ---------- availability ---------- */

/** The first booking of `systemId` overlapping [start, end], leaving out the booking `exceptItemId`. */
export async function findConflict(db: Db, systemId: number, start: string, end: string, exceptItemId = 0): Promise<Conflict | null> {
  const { rows } = await db.query<{ data: RecordData; name: string | null }>(
    `SELECT i.data, p.data->>'name' AS name
       FROM records i LEFT JOIN records p ON p.collection = $1 AND p.id = (i.data->>'planningId')::bigint
      WHERE i.collection = $2 AND i.data->>'systemId' = $3 AND i.id <> $4
        AND i.data->>'periodStart' <= $6 AND i.data->>'periodEnd' >= $5
        AND coalesce(p.data->>'status', 'draft') <> 'cancelled'
      ORDER BY i.data->>'periodStart', i.id LIMIT 1`,
    [PLANNINGS, ITEMS, String(systemId), exceptItemId, start, end],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    planningId: Number(r.data.planningId),
    planningName: r.name ?? `Pianificazione ${String(r.data.planningId)}`,
    systemId,
    periodStart: String(r.data.periodStart),
    periodEnd: String(r.data.periodEnd),
  };
}

export const conflictMessage = (c: Conflict) =>
  `L'impianto ${c.systemId} è già prenotato dal ${c.periodStart} al ${c.periodEnd} nella pianificazione «${c.planningName}»`;

/** Serialises bookings on a PostgreSQL server (PGlite runs one transaction at a time anyway). */
async function lockBookings(tx: Db) {
  await tx.query(`SELECT pg_advisory_xact_lock(7207)`);
}

interface Booking {
  planningId: number;
  systemId: number;
  periodStart?: string;
  periodEnd?: string;
  price?: number;
}

/** Checks and writes one booking in one transaction; 409 naming the conflicting planning. */
export async function book(db: Db, booking: Booking, existingId?: number): Promise<PlanningItem> {
  return db.transaction(async (tx) => {
    await lockBookings(tx);
    const planning = await getRecord(tx, PLANNINGS, booking.planningId);
    if (!planning) throw new HttpError(404, planningNotFound(booking.planningId));
    const periodStart = booking.periodStart ?? String(planning.periodStart);
    const periodEnd = booking.periodEnd ?? String(planning.periodEnd);
    checkPeriod(periodStart, periodEnd);
    const conflict = await findConflict(tx, booking.systemId, periodStart, periodEnd, existingId);
    if (conflict) throw new HttpError(409, conflictMessage(conflict), { conflict });
    const data = { planningId: booking.planningId, systemId: booking.systemId, periodStart, periodEnd, price: booking.price ?? 0 };
    const record = existingId ? await updateRecord(tx, ITEMS, existingId, data) : await insertRecord(tx, ITEMS, data);
    return toItem(record!);
  });
}

const getPlanningAvailability: Handler = async (ctx) => {
  const id = idParam(ctx);
  const planning = await readPlanning(ctx.db, id);
  const raw = ctx.query.systemIds;
  const ids = (Array.isArray(raw) ? raw : [raw]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const out = [];
  for (const systemId of ids) {
    const conflict = await findConflict(ctx.db, systemId, planning.periodStart, planning.periodEnd);
    out.push({ systemId, free: conflict === null, conflict });
  }
  return out;
};

/* ---------- plannings ---------- */

function planningFields(body: RecordData) {
  return {
    name: String(body.name),
    campaignId: Number(body.campaignId),
    periodStart: String(body.periodStart),
    periodEnd: String(body.periodEnd),
    criteria: (body.criteria as Criteria | undefined) ?? EMPTY_CRITERIA,
    status: (body.status as Planning['status'] | undefined) ?? 'draft',
  };
}

/** What a planning names: its campaign. */
const PLANNING_REFERENCES: readonly Reference[] = [{ field: 'campaignId', collection: 'campaigns', label: 'campagna' }];

const createPlanning: Handler = async (ctx) => {
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  const fields = planningFields(body);
  await requireReferences(ctx.db, fields, PLANNING_REFERENCES);
  const record = await insertRecord(ctx.db, PLANNINGS, { ...fields, status: 'draft' });
  return reply(201, toPlanning(record, { systems: 0, amount: 0 }));
};

const updatePlanning: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as RecordData;
  checkPeriod(body.periodStart, body.periodEnd);
  const existing = await requireOne(ctx.db, PLANNINGS, id, planningNotFound(id));
  const fields = planningFields({ criteria: existing.criteria, ...body });
  await requireReferences(ctx.db, fields, PLANNING_REFERENCES, existing);
  const from = (existing.status as Planning['status'] | undefined) ?? 'draft';
  if (fields.status !== from) checkMove(RULES, from, fields.status);
  await updateRecord(ctx.db, PLANNINGS, id, fields);
  return readPlanning(ctx.db, id);
};

const deletePlanning: Handler = async (ctx) => {
  const id = idParam(ctx);
  return ctx.db.transaction(async (tx) => {
    const planning = await readPlanning(tx, id);
    await tx.query(`DELETE FROM records WHERE collection = $1 AND data->>'planningId' = $2`, [ITEMS, String(id)]);
    await tx.query('DELETE FROM records WHERE collection = $1 AND id = $2', [PLANNINGS, id]);
    return planning;
  });
};

const listPlannings: Handler = async (ctx) => {
  const result = await listResource(ctx, { resource: PLANNINGS, fields: ['campaignId', 'status'], searchFields: ['name'] });
  const rows = result.body as StoredRecord[];
  const totals = await totalsOf(ctx.db, rows.map((r) => r.id));
  return { ...result, body: rows.map((r) => toPlanning(r, totals.get(r.id)!)) };
};

/* ---------- items ---------- */

/** What a booking names: its planning and its system. */
const ITEM_REFERENCES: readonly Reference[] = [
  { field: 'planningId', collection: PLANNINGS, label: 'pianificazione' },
  { field: 'systemId', table: 'systems', label: 'impianto' },
];

const createPlanningItem: Handler = async (ctx) => {
  await requireReferences(ctx.db, ctx.body, ITEM_REFERENCES);
  return reply(201, await book(ctx.db, ctx.body as Booking));
};

const updatePlanningItem: Handler = async (ctx) => {
  const id = idParam(ctx);
  const body = ctx.body as Booking & { id?: number };
  await requireReferences(ctx.db, body, ITEM_REFERENCES, await requireOne(ctx.db, ITEMS, id, itemNotFound(id)));
  return book(ctx.db, body, id);
};

export const handlers: OperationHandlers<operations> = {
  listPlannings,
  createPlanning,
  getPlanningById: async (ctx) => {
    const id = idParam(ctx);
    const guest = guestPlanning(ctx);
    if (guest !== undefined && guest !== id) throw new HttpError(404, planningNotFound(id));
    return readPlanning(ctx.db, id);
  },
  updatePlanning,
  deletePlanning,
  getPlanningAvailability,
  listPlanningItems: (ctx) => {
    const guest = guestPlanning(ctx);
    return listResource(
      ctx,
      { resource: ITEMS, fields: ['planningId', 'systemId'], where: guest === undefined ? undefined : (add) => [`data->>'planningId' = ${add(String(guest))}`] },
      toItem,
    );
  },
  createPlanningItem,
  getPlanningItemById: async (ctx) => {
    const id = idParam(ctx);
    const item = toItem(await requireOne(ctx.db, ITEMS, id, itemNotFound(id)));
    const guest = guestPlanning(ctx);
    if (guest !== undefined && guest !== item.planningId) throw new HttpError(404, itemNotFound(id));
    return item;
  },
  updatePlanningItem,
  deletePlanningItem: async (ctx) => {
    const id = idParam(ctx);
    const item = toItem(await requireOne(ctx.db, ITEMS, id, itemNotFound(id)));
    await ctx.db.query('DELETE FROM records WHERE collection = $1 AND id = $2', [ITEMS, id]);
    return item;
  },
};

/* ---------- seed ---------- */

/** System ids of the systems service (its `systems` table, else its records), oldest first. */
export async function seededSystemIds(db: Db, limit: number): Promise<number[]> {
  const { rows: t } = await db.query<{ t: string | null }>(`SELECT to_regclass('systems')::text AS t`);
  if (t[0]?.t) {
    try {
      const { rows } = await db.query<{ id: string }>(`SELECT id FROM systems ORDER BY id LIMIT ${limit}`);
      if (rows.length) return rows.map((r) => Number(r.id));
    } catch {
      // a table of another shape: fall back to the record store
    }
  }
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = 'systems' ORDER BY id LIMIT ${limit}`);
  return rows.map((r) => Number(r.id));
}

/**
 * A planning per seeded campaign (up to a few), each booking systems in its campaign's period.
 * Systems are dealt out in turn, and a booking that would overlap is skipped: no double booking.
 */
export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const campaigns = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = 'campaigns' ORDER BY id`);
  const systems = await seededSystemIds(db, size === 'large' ? 2000 : 200);
  const count = Math.min(campaigns.rows.length, size === 'large' ? 60 : 6);
  for (let i = 0; i < count; i += 1) {
    const c = campaigns.rows[i];
    const planning = await insertRecord(db, PLANNINGS, {
      name: `Pianificazione ${String(c.data.name)}`,
      campaignId: Number(c.id),
      periodStart: String(c.data.periodStart),
      periodEnd: String(c.data.periodEnd),
      criteria: EMPTY_CRITERIA,
      status: i % 3 === 0 ? 'confirmed' : 'draft',
    });
    const wanted = Math.min(systems.length, rng.int(3, 8));
    for (let k = 0; k < wanted; k += 1) {
      const systemId = systems[(i * 7 + k) % systems.length];
      if (await findConflict(db, systemId, String(c.data.periodStart), String(c.data.periodEnd))) continue;
      await insertRecord(db, ITEMS, { planningId: planning.id, systemId, periodStart: c.data.periodStart, periodEnd: c.data.periodEnd, price: rng.int(3, 30) * 50 });
    }
  }
}
