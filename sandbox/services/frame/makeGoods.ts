import type { components } from '../../../src/api/generated/frame';
import type { Db } from '../../db';
import { HttpError, reply, type HandlerContext } from '../../http';
import { getRecord, insertRecord, requireReferences, updateRecord, type RecordData, type StoredRecord } from '../../store';
import { fullNames } from '../../shared/people';
import {
  addDays,
  blockedMessage,
  busiest,
  daysBetween,
  expireDue,
  facesByIds,
  holdFace,
  HoldRefused,
  itDate,
  lockReservations,
  occupying,
  RESERVATIONS,
  todayOn,
  toBlockers,
} from '../../shared/reservations';
import { systemsByIds } from '../../shared/systems';
import { nowIso } from '../../shared/values';
import { POSTING_DUTIES, teamFor, toWorkOrders, WORK_ORDERS } from '../../shared/workOrders';

/*
 * Delivered against contracted, face by face, and the make-goods given for the days lost. A face
 * is posted from the day its posting order is done with both photos; a problem reported on one of
 * the campaign's orders on the face costs the days from its report until its maintenance order is
 * done (until today while it is open). A make-good gives the days back: more days on the same face
 * (its booking goes on, when the face is free then) or days on another face (booked in the same
 * planning at no price, with its posting and removal orders).
 */

type Delivery = components['schemas']['CampaignDelivery'];
type DeliveryRow = Delivery['rows'][number];
type MakeGood = components['schemas']['MakeGood'];
type MakeGoodInput = components['schemas']['MakeGoodInput'];
type Photo = components['schemas']['WorkOrderPhoto'];

export const MAKE_GOODS = 'makeGoods';
const ITEMS = 'planningItems';

export interface FaceDays {
  periodStart: string;
  /** Last day contracted. */
  periodEnd: string;
  /** The day the posting order was done with both photos; null while it is not. */
  postedOn: string | null;
  problems: Array<{ reportedOn: string; fixedOn: string | null }>;
  madeGoodDays: number;
  today: string;
}

/** Every day from `start` to `end`, both included (none when end is before start). */
function days(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * One face's delivery up to today: days contracted, days posted (from the day it was posted, less
 * the days lost), days lost (each problem from its report to the day before its fix, or to today
 * while open, within the contracted period) and its status.
 */
export function faceDelivery(f: FaceDays) {
  const last = f.periodEnd < f.today ? f.periodEnd : f.today;
  const lost = new Set<string>();
  const problemLost = f.problems.map((p) => {
    const from = p.reportedOn > f.periodStart ? p.reportedOn : f.periodStart;
    const to = p.fixedOn ? addDays(p.fixedOn, -1) : last;
    const span = days(from, to < last ? to : last);
    span.forEach((d) => lost.add(d));
    return span.length;
  });
  const posted = f.postedOn ? days(f.postedOn > f.periodStart ? f.postedOn : f.periodStart, last).filter((d) => !lost.has(d)).length : 0;
  let status: DeliveryRow['status'];
  if (f.problems.some((p) => p.fixedOn === null)) status = 'problem';
  else if (lost.size) status = f.madeGoodDays >= lost.size ? 'madeGood' : 'lost';
  else if (!f.postedOn) status = f.today < f.periodStart ? 'scheduled' : 'notPosted';
  else status = 'regular';
  return { contractedDays: daysBetween(f.periodStart, f.periodEnd), postedDays: posted, lostDays: lost.size, problemLost, status };
}

const rowsOf = (rows: Array<{ id: string; data: RecordData }>): StoredRecord[] => rows.map((r) => ({ ...r.data, id: Number(r.id) }));

/** The faces the campaign's confirmed plannings book, the faces given as make-goods left out. */
async function bookedItems(db: Db, campaignId: number) {
  const { rows } = await db.query<{ id: string; data: RecordData; planning: string }>(
    `SELECT i.id, i.data, p.data->>'name' AS planning FROM records i JOIN records p ON p.collection = 'plannings' AND p.id = (i.data->>'planningId')::bigint
      WHERE i.collection = $1 AND p.data->>'campaignId' = $2 AND p.data->>'status' IN ('confirmed', 'closed') AND i.data ? 'frameId'
        AND i.data->>'makeGoodId' IS NULL
      ORDER BY i.id`,
    [ITEMS, String(campaignId)],
  );
  return rows.map((r) => ({ ...r.data, id: Number(r.id), planningName: r.planning }) as StoredRecord & { planningName: string });
}

async function toMakeGoods(db: Db, rows: StoredRecord[]): Promise<MakeGood[]> {
  const faces = await facesByIds(db, [...new Set(rows.flatMap((r) => [Number(r.frameId), Number(r.givenFrameId)]))]);
  const names = await fullNames(db, rows.map((r) => String(r.createdBy)));
  return rows.map((r) => {
    const face = faces.get(Number(r.frameId));
    const given = faces.get(Number(r.givenFrameId));
    const workOrderId = r.workOrderId == null ? null : Number(r.workOrderId);
    return {
      id: r.id,
      campaignId: Number(r.campaignId),
      planningItemId: Number(r.planningItemId),
      frameId: Number(r.frameId),
      frameName: face?.frameName ?? '',
      systemCode: face?.systemCode ?? '',
      kind: r.kind as MakeGood['kind'],
      days: Number(r.days),
      givenFrameId: Number(r.givenFrameId),
      givenFrameName: given?.frameName ?? '',
      givenSystemCode: given?.systemCode ?? '',
      periodStart: String(r.periodStart),
      periodEnd: String(r.periodEnd),
      reason: String(r.reason),
      createdBy: String(r.createdBy),
      createdByName: names.get(String(r.createdBy)) ?? String(r.createdBy),
      createdAt: String(r.createdAt),
      workOrderId,
      workOrderCode: workOrderId === null ? null : `WO-${String(workOrderId).padStart(6, '0')}`,
    };
  });
}

const hasBothPhotos = (photos: Photo[]) => photos.some((p) => p.kind === 'wide') && photos.some((p) => p.kind === 'close');

export async function campaignDelivery(db: Db, campaignId: number): Promise<Delivery> {
  const campaign = await getRecord(db, 'campaigns', campaignId);
  if (!campaign) throw new HttpError(404, `Campagna ${campaignId} non trovata`);
  const advertiser = campaign.advertiserId ? await getRecord(db, 'advertisers', Number(campaign.advertiserId)) : undefined;
  const today = todayOn();
  const items = await bookedItems(db, campaignId);
  const { rows: stored } = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = $1 AND data->>'campaignId' = $2 ORDER BY id`, [
    WORK_ORDERS,
    String(campaignId),
  ]);
  const orders = await toWorkOrders(db, rowsOf(stored));
  const sourceOf = new Map(rowsOf(stored).map((r) => [r.id, r.sourceWorkOrderId == null ? null : Number(r.sourceWorkOrderId)]));
  const { rows: given } = await db.query<{ id: string; data: RecordData }>(`SELECT id, data FROM records WHERE collection = $1 AND data->>'campaignId' = $2 ORDER BY id DESC`, [
    MAKE_GOODS,
    String(campaignId),
  ]);
  const makeGoods = await toMakeGoods(db, rowsOf(given));
  const faces = await facesByIds(db, items.map((i) => Number(i.frameId)));
  const systems = new Map((await systemsByIds(db, [...new Set([...faces.values()].map((f) => f.systemId))])).map((s) => [s.id, s]));
  const rows: DeliveryRow[] = items.map((item) => {
    const frameId = Number(item.frameId);
    const face = faces.get(frameId);
    const system = face ? systems.get(face.systemId) : undefined;
    const periodStart = String(item.periodStart);
    const periodEnd = String(item.contractedEnd ?? item.periodEnd);
    const posting = orders.find((o) => o.type === 'posting' && o.frameId === frameId && o.dueDate === periodStart);
    const postedOn = posting?.status === 'done' && posting.doneAt && hasBothPhotos(posting.photos) ? posting.doneAt.slice(0, 10) : null;
    const reported = orders.filter((o) => o.frameId === frameId && o.problem);
    const problems = reported.map((o) => {
      const maintenance = orders.find((m) => m.type === 'maintenance' && sourceOf.get(m.id) === o.id);
      return { order: o, maintenance, reportedOn: o.problem!.reportedAt.slice(0, 10), fixedOn: maintenance?.status === 'done' && maintenance.doneAt ? maintenance.doneAt.slice(0, 10) : null };
    });
    const madeGoodDays = makeGoods.filter((m) => m.planningItemId === item.id).reduce((sum, m) => sum + m.days, 0);
    const d = faceDelivery({ periodStart, periodEnd, postedOn, problems, madeGoodDays, today });
    return {
      planningItemId: item.id,
      planningName: item.planningName,
      frameId,
      frameName: face?.frameName ?? '',
      systemCode: face?.systemCode ?? '',
      address: system?.address ?? '',
      municipality: system?.municipality ?? '',
      periodStart,
      periodEnd,
      contractedDays: d.contractedDays,
      postedDays: d.postedDays,
      lostDays: d.lostDays,
      madeGoodDays,
      status: d.status,
      problems: problems.map((p, k) => ({
        workOrderCode: p.order.code,
        kind: p.order.problem!.kind,
        note: p.order.problem!.note,
        reportedAt: p.order.problem!.reportedAt,
        maintenanceCode: p.maintenance?.code ?? null,
        fixedAt: p.fixedOn ? p.maintenance!.doneAt : null,
        lostDays: d.problemLost[k],
      })),
    };
  });
  return { campaignId, campaignName: String(campaign.name ?? ''), advertiserName: String(advertiser?.name ?? ''), today, rows, makeGoods };
}

/** A work order for a face, given to the team that posts on its system. */
async function orderFor(tx: Db, face: { frameId: number; systemId: number }, type: 'posting' | 'removal', dueDate: string, planningId: number, campaignId: number) {
  return insertRecord(tx, WORK_ORDERS, {
    frameId: face.frameId,
    systemId: face.systemId,
    type,
    dueDate,
    teamId: await teamFor(tx, face.systemId, POSTING_DUTIES),
    status: 'todo',
    notes: 'Recupero',
    planningId,
    campaignId,
    photos: [],
    problem: null,
    doneAt: null,
    createdAt: nowIso(),
  });
}

/** Gives a make-good for a booked face: more days on it, or days on another face. */
export async function createMakeGood(ctx: HandlerContext) {
  const body = ctx.body as MakeGoodInput;
  const username = ctx.user?.username ?? 'admin';
  await requireReferences(ctx.db, body as unknown as RecordData, [
    { field: 'planningItemId', collection: ITEMS, label: 'faccia prenotata' },
    { field: 'frameId', collection: 'frames', label: 'faccia' },
  ]);
  await expireDue(ctx.db);
  const id = await ctx.db.transaction(async (tx) => {
    await lockReservations(tx);
    const item = await getRecord(tx, ITEMS, body.planningItemId);
    if (!item) throw new HttpError(422, `Riferimento a un elemento inesistente (faccia prenotata inesistente: ${body.planningItemId})`);
    const planning = await getRecord(tx, 'plannings', Number(item.planningId));
    const reservation = item.reservationId ? await getRecord(tx, RESERVATIONS, Number(item.reservationId)) : undefined;
    if (!planning || !['confirmed', 'closed'].includes(String(planning.status)) || reservation?.status !== 'booked') {
      throw new HttpError(409, 'Il recupero si dà su una faccia prenotata da una pianificazione confermata');
    }
    const campaignId = Number(planning.campaignId);
    const campaign = await getRecord(tx, 'campaigns', campaignId);
    const frameId = Number(item.frameId);
    const face = (await facesByIds(tx, [frameId])).get(frameId)!;
    const reason = body.reason.trim();
    if (!reason) throw new HttpError(400, 'Scrivi il motivo del recupero', { errors: [{ path: '/body/reason', message: 'obbligatorio' }] });
    let given: { frameId: number; periodStart: string; periodEnd: string; workOrderId: number; itemId: number | null };
    if (body.kind === 'extraDays') {
      const oldEnd = String(item.periodEnd);
      const from = addDays(oldEnd, 1);
      const to = addDays(oldEnd, body.days);
      const overlapping = await occupying(tx, frameId, from, to, reservation.id);
      const taken = busiest(overlapping, from, to);
      if (taken.length >= face.slots) {
        const blockers = await toBlockers(tx, face.slots === 1 ? overlapping : taken);
        throw new HoldRefused({ message: `Non si può prolungare dal ${itDate(from)} al ${itDate(to)}: ${blockedMessage(face, blockers, false)}`, blockers });
      }
      await updateRecord(tx, RESERVATIONS, reservation.id, { periodEnd: to });
      await updateRecord(tx, ITEMS, item.id, { periodEnd: to, contractedEnd: item.contractedEnd ?? oldEnd });
      // The removal moves to the day after the new end.
      const { rows: removal } = await tx.query<{ id: string }>(
        `SELECT id FROM records WHERE collection = $1 AND data->>'type' = 'removal' AND data->>'frameId' = $2 AND data->>'planningId' = $3 AND data->>'dueDate' = $4 AND data->>'status' <> 'done' LIMIT 1`,
        [WORK_ORDERS, String(frameId), String(planning.id), addDays(oldEnd, 1)],
      );
      let workOrderId: number;
      if (removal[0]) {
        workOrderId = Number(removal[0].id);
        await updateRecord(tx, WORK_ORDERS, workOrderId, { dueDate: addDays(to, 1) });
      } else workOrderId = (await orderFor(tx, face, 'removal', addDays(to, 1), planning.id, campaignId)).id;
      given = { frameId, periodStart: from, periodEnd: to, workOrderId, itemId: null };
    } else {
      if (!body.frameId) throw new HttpError(400, 'Scegli la faccia su cui dare il recupero', { errors: [{ path: '/body/frameId', message: 'obbligatoria per un’altra faccia' }] });
      const other = (await facesByIds(tx, [body.frameId])).get(body.frameId);
      if (!other) throw new HttpError(422, `Riferimento a un elemento inesistente (faccia inesistente: ${body.frameId})`);
      const start = body.periodStart ?? addDays(todayOn(), 1);
      if (start < todayOn()) throw new HttpError(400, 'Il recupero non può cominciare nel passato', { errors: [{ path: '/body/periodStart', message: `non prima di oggi (${itDate(todayOn())})` }] });
      const end = addDays(start, body.days - 1);
      const held = await holdFace(
        tx,
        { frameId: other.frameId, periodStart: start, periodEnd: end, advertiserId: campaign?.advertiserId ? Number(campaign.advertiserId) : null, planningId: planning.id, book: true, price: 0 },
        username,
      );
      const newItem = await insertRecord(tx, ITEMS, { planningId: planning.id, frameId: other.frameId, systemId: other.systemId, periodStart: start, periodEnd: end, price: 0, reservationId: held.id, estimateLineId: null });
      const posting = await orderFor(tx, other, 'posting', start, planning.id, campaignId);
      await orderFor(tx, other, 'removal', addDays(end, 1), planning.id, campaignId);
      given = { frameId: other.frameId, periodStart: start, periodEnd: end, workOrderId: posting.id, itemId: newItem.id };
    }
    const record = await insertRecord(tx, MAKE_GOODS, {
      campaignId,
      planningItemId: item.id,
      frameId,
      kind: body.kind,
      days: body.days,
      givenFrameId: given.frameId,
      givenItemId: given.itemId,
      periodStart: given.periodStart,
      periodEnd: given.periodEnd,
      reason,
      createdBy: username,
      createdAt: nowIso(),
      workOrderId: given.workOrderId,
    });
    if (given.itemId) await updateRecord(tx, ITEMS, given.itemId, { makeGoodId: record.id });
    return record.id;
  });
  const row = await getRecord(ctx.db, MAKE_GOODS, id);
  return reply(201, (await toMakeGoods(ctx.db, [row!]))[0]);
}
