import type { components } from '../../src/api/generated/planner';
import { ReservationStatusLabels } from '../../src/api/generated/planner.rules';
import { clock } from '../clock';
import type { Db } from '../db';
import { HttpError, type Principal } from '../http';
import { notify, registerSweep } from './notices';
import { nowIso, today as todayOn } from './values';
import { getRecord, insertRecord, oneRow, updateRecord, type RecordData, type StoredRecord } from '../store';

/*
 * What is sold is a face for a period. A reservation holds one face for a period: an option while
 * the client decides (until its expiry), a place in the queue behind the options that fill the
 * face, or a booking once a planning is confirmed. A static face takes one sale at a time; a screen
 * as many as its loop has slots. Every check and write runs under one advisory lock, so two
 * concurrent holds of the same face on a PostgreSQL server cannot both pass the check.
 */

export type Reservation = components['schemas']['Reservation'];
export type Blocker = components['schemas']['Blocker'];
export type Refusal = components['schemas']['Refusal'];
export type ReservationSettings = components['schemas']['ReservationSettings'];
type Status = Reservation['status'];

export const RESERVATIONS = 'reservations';
const SETTINGS = 'reservationSettings';
export const DEFAULT_SETTINGS: ReservationSettings = { optionDefaultDays: 14, optionMaxDays: 30, separatedBusinessAreas: [] };

/** The statuses that take room on a face. */
export const OCCUPYING: readonly Status[] = ['option', 'booked'];
/** The statuses that are over. */
const ENDED: readonly Status[] = ['released', 'expired'];

const DAY_MS = 86_400_000;
export { todayOn };
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (start: string, end: string): number => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
/** An Italian date (27/02/2026). */
export const itDate = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Serialises every hold, release and booking (PGlite runs one transaction at a time anyway). */
export async function lockReservations(tx: Db): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(7207)`);
}

/* ---------- settings ---------- */

export async function readSettings(db: Db): Promise<ReservationSettings> {
  const { rows } = await db.query<{ data: RecordData }>('SELECT data FROM records WHERE collection = $1 ORDER BY id LIMIT 1', [SETTINGS]);
  return { ...DEFAULT_SETTINGS, ...(rows[0]?.data as Partial<ReservationSettings> | undefined) };
}

export async function writeSettings(db: Db, settings: ReservationSettings): Promise<ReservationSettings> {
  if (settings.optionDefaultDays > settings.optionMaxDays) {
    throw new HttpError(400, 'La durata predefinita non può superare la durata massima', {
      errors: [{ path: '/body/optionDefaultDays', message: `non può superare ${settings.optionMaxDays} giorni` }],
    });
  }
  const { rows } = await db.query<{ id: string }>('SELECT id FROM records WHERE collection = $1 ORDER BY id LIMIT 1', [SETTINGS]);
  const data = { optionDefaultDays: settings.optionDefaultDays, optionMaxDays: settings.optionMaxDays, separatedBusinessAreas: settings.separatedBusinessAreas };
  if (rows[0]) await updateRecord(db, SETTINGS, Number(rows[0].id), data, false);
  else await insertRecord(db, SETTINGS, data);
  return readSettings(db);
}

/* ---------- faces ---------- */

export interface Face {
  frameId: number;
  frameName: string;
  systemId: number;
  systemCode: string;
  slots: number;
  excluded: string[];
}

/** Sales a face takes at once: 1 for a static face, the slots of its loop for a screen. */
export function slotsOf(frame: RecordData): number {
  if (!frame.digital) return 1;
  const loop = Number(frame.loopSeconds ?? 60);
  const slot = Number(frame.slotSeconds ?? 10);
  return Math.max(1, Math.floor(loop / slot));
}

/** The faces with these ids (missing ones left out), with their system's code, in the order of their ids. */
export async function facesByIds(db: Db, ids: number[]): Promise<Map<number, Face>> {
  const out = new Map<number, Face>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ id: string; data: RecordData; code: string | null }>(
    `SELECT f.id, f.data, s.code FROM records f LEFT JOIN systems s ON s.id = (f.data->>'systemId')::bigint
      WHERE f.collection = 'frames' AND f.id = ANY($1::bigint[]) ORDER BY f.id`,
    [ids],
  );
  for (const r of rows) {
    const systemId = Number(r.data.systemId);
    out.set(Number(r.id), {
      frameId: Number(r.id),
      frameName: String(r.data.name ?? `Faccia ${r.id}`),
      systemId,
      systemCode: r.code ?? `Impianto ${systemId}`,
      slots: slotsOf(r.data),
      excluded: Array.isArray(r.data.excludedBusinessAreas) ? r.data.excludedBusinessAreas.map(String) : [],
    });
  }
  return out;
}

const faceLabel = (face: Pick<Face, 'frameName' | 'systemCode'>) => `${face.frameName} di ${face.systemCode}`;

/* ---------- reading ---------- */

interface Names {
  users: Map<string, string>;
  advertisers: Map<number, { name: string; businessArea: string }>;
  plannings: Map<number, string>;
}

async function namesFor(db: Db, rows: RecordData[]): Promise<Names> {
  const usernames = [...new Set(rows.map((r) => String(r.holder ?? '')))];
  const advertiserIds = [...new Set(rows.map((r) => Number(r.advertiserId)).filter((n) => n > 0))];
  const planningIds = [...new Set(rows.map((r) => Number(r.planningId)).filter((n) => n > 0))];
  const users = new Map<string, string>();
  if (usernames.length) {
    const { rows: u } = await db.query<{ username: string; data: { name?: string; surname?: string } }>(
      'SELECT username, data FROM users WHERE username = ANY($1::text[])',
      [usernames],
    );
    for (const r of u) users.set(r.username, `${r.data.name ?? ''} ${r.data.surname ?? ''}`.trim() || r.username);
  }
  const advertisers = new Map<number, { name: string; businessArea: string }>();
  if (advertiserIds.length) {
    const { rows: a } = await db.query<{ id: string; data: RecordData }>(
      "SELECT id, data FROM records WHERE collection = 'advertisers' AND id = ANY($1::bigint[])",
      [advertiserIds],
    );
    for (const r of a) advertisers.set(Number(r.id), { name: String(r.data.name ?? ''), businessArea: String(r.data.businessArea ?? '') });
  }
  const plannings = new Map<number, string>();
  if (planningIds.length) {
    const { rows: p } = await db.query<{ id: string; name: string }>(
      "SELECT id, data->>'name' AS name FROM records WHERE collection = 'plannings' AND id = ANY($1::bigint[])",
      [planningIds],
    );
    for (const r of p) plannings.set(Number(r.id), r.name);
  }
  return { users, advertisers, plannings };
}

/** Places in the queue of waiting reservations: 1 for the oldest waiting on its face. */
async function queuePlaces(db: Db, rows: StoredRecord[]): Promise<Map<number, number>> {
  const waiting = rows.filter((r) => r.status === 'waiting');
  const out = new Map<number, number>();
  if (!waiting.length) return out;
  const { rows: q } = await db.query<{ id: string; place: string }>(
    `SELECT w.id, (SELECT count(*) FROM records o WHERE o.collection = $1 AND o.data->>'status' = 'waiting'
                      AND o.data->>'frameId' = w.data->>'frameId' AND o.id <= w.id
                      AND o.data->>'periodStart' <= w.data->>'periodEnd' AND o.data->>'periodEnd' >= w.data->>'periodStart') AS place
       FROM records w WHERE w.collection = $1 AND w.id = ANY($2::bigint[])`,
    [RESERVATIONS, waiting.map((r) => r.id)],
  );
  for (const r of q) out.set(Number(r.id), Number(r.place));
  return out;
}

/** Stored reservations as read: names of the holder, the advertiser, the face and its system. */
export async function toReservations(db: Db, rows: StoredRecord[]): Promise<Reservation[]> {
  const [names, faces, places] = await Promise.all([
    namesFor(db, rows),
    facesByIds(db, [...new Set(rows.map((r) => Number(r.frameId)))]),
    queuePlaces(db, rows),
  ]);
  return rows.map((r) => {
    const face = faces.get(Number(r.frameId));
    const advertiserId = r.advertiserId == null ? null : Number(r.advertiserId);
    const out: Reservation = {
      id: r.id,
      frameId: Number(r.frameId),
      systemId: Number(r.systemId),
      frameName: face?.frameName ?? `Faccia ${String(r.frameId)}`,
      systemCode: face?.systemCode ?? `Impianto ${String(r.systemId)}`,
      periodStart: String(r.periodStart),
      periodEnd: String(r.periodEnd),
      status: r.status as Status,
      holder: String(r.holder),
      holderName: names.users.get(String(r.holder)) ?? String(r.holder),
      advertiserId,
      advertiserName: advertiserId ? (names.advertisers.get(advertiserId)?.name ?? '') : '',
      estimateId: r.estimateId == null ? null : Number(r.estimateId),
      planningId: r.planningId == null ? null : Number(r.planningId),
      expiresOn: r.expiresOn == null ? null : String(r.expiresOn),
      queuePosition: places.get(r.id) ?? null,
      price: r.price == null ? null : Number(r.price),
      warnings: Array.isArray(r.warnings) ? r.warnings.map(String) : [],
      createdAt: String(r.createdAt),
    };
    if (r.endedAt) out.endedAt = String(r.endedAt);
    if (r.endReason) out.endReason = String(r.endReason);
    return out;
  });
}

export async function readReservation(db: Db, id: number): Promise<Reservation> {
  const row = await getRecord(db, RESERVATIONS, id);
  if (!row) throw new HttpError(404, `Opzione o prenotazione ${id} non trovata`);
  return (await toReservations(db, [row]))[0];
}

/** Reservations as blockers: who holds the face, for whom, until when. */
export async function toBlockers(db: Db, rows: StoredRecord[]): Promise<Blocker[]> {
  const names = await namesFor(db, rows);
  return rows.map((r) => ({
    reservationId: r.id,
    status: r.status as Status,
    holderName: names.users.get(String(r.holder)) ?? String(r.holder),
    advertiserName: r.advertiserId == null ? '' : (names.advertisers.get(Number(r.advertiserId))?.name ?? ''),
    periodStart: String(r.periodStart),
    periodEnd: String(r.periodEnd),
    expiresOn: r.expiresOn == null ? null : String(r.expiresOn),
    planningName: r.planningId == null ? null : (names.plannings.get(Number(r.planningId)) ?? null),
  }));
}

/** The reservations that take room on the face in [start, end], oldest first. */
export async function occupying(db: Db, frameId: number, start: string, end: string, exceptId = 0): Promise<StoredRecord[]> {
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'frameId' = $2 AND id <> $3
        AND data->>'status' = ANY($6::text[]) AND data->>'periodStart' <= $5 AND data->>'periodEnd' >= $4
      ORDER BY id`,
    [RESERVATIONS, String(frameId), exceptId, start, end, OCCUPYING],
  );
  return rows.map((r) => ({ ...r.data, id: Number(r.id) }));
}

/** `occupying` for many faces in one query: each face's reservations in [start, end], oldest first. */
export async function occupyingMany(db: Db, frameIds: number[], start: string, end: string): Promise<Map<number, StoredRecord[]>> {
  const out = new Map<number, StoredRecord[]>(frameIds.map((id) => [id, []]));
  if (!frameIds.length) return out;
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'frameId' = ANY($2::text[])
        AND data->>'status' = ANY($5::text[]) AND data->>'periodStart' <= $4 AND data->>'periodEnd' >= $3
      ORDER BY id`,
    [RESERVATIONS, frameIds.map(String), start, end, OCCUPYING],
  );
  for (const r of rows) out.get(Number(r.data.frameId))?.push({ ...r.data, id: Number(r.id) });
  return out;
}

/**
 * The reservations that run on the busiest day of [start, end]: a screen's slots are taken day by
 * day, so two sales in different weeks share one slot. The busiest day is the start of the period
 * or of one of the reservations.
 */
export function busiest(rows: readonly StoredRecord[], start: string, end: string): StoredRecord[] {
  let peak: StoredRecord[] = [];
  const days = new Set([start, ...rows.map((r) => String(r.periodStart)).filter((day) => day > start && day <= end)]);
  for (const day of days) {
    const here = rows.filter((r) => String(r.periodStart) <= day && String(r.periodEnd) >= day);
    if (here.length > peak.length) peak = here;
  }
  return peak;
}

/** The message naming what fills a face. */
export function blockedMessage(face: Face, blockers: Blocker[], canQueue: boolean): string {
  const parts = blockers.map((b) =>
    b.status === 'booked'
      ? `prenotata dal ${itDate(b.periodStart)} al ${itDate(b.periodEnd)} per ${b.advertiserName || 'un altro cliente'}${b.planningName ? ` («${b.planningName}»)` : ''}`
      : `in opzione dal ${itDate(b.periodStart)} al ${itDate(b.periodEnd)} per ${b.advertiserName || 'un altro cliente'} (${b.holderName}, fino al ${itDate(String(b.expiresOn))})`,
  );
  const full = face.slots > 1 ? `${faceLabel(face)} ha tutti i ${face.slots} slot occupati: ` : `${faceLabel(face)} è `;
  return `${full}${parts.join('; ')}${canQueue ? ': puoi metterti in coda' : ''}`;
}

/* ---------- notices ---------- */


/* ---------- the life of a reservation ---------- */

async function end(tx: Db, row: StoredRecord, status: 'released' | 'expired', reason: string): Promise<void> {
  await updateRecord(tx, RESERVATIONS, row.id, { status, endedAt: nowIso(), endReason: reason });
}

/** Turns the oldest waiting reservations of the face into options while it has room, telling their holders. */
async function promote(tx: Db, frameId: number, today = todayOn()): Promise<void> {
  const face = (await facesByIds(tx, [frameId])).get(frameId);
  if (!face) return;
  const settings = await readSettings(tx);
  const { rows } = await tx.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'frameId' = $2 AND data->>'status' = 'waiting' ORDER BY id`,
    [RESERVATIONS, String(frameId)],
  );
  for (const r of rows) {
    const start = String(r.data.periodStart);
    const endDay = String(r.data.periodEnd);
    if (busiest(await occupying(tx, frameId, start, endDay), start, endDay).length >= face.slots) continue;
    const stored = String(r.data.expiresOn ?? '');
    const expiresOn = stored >= addDays(today, 1) ? stored : addDays(today, settings.optionDefaultDays);
    await updateRecord(tx, RESERVATIONS, Number(r.id), { status: 'option', expiresOn });
    await notify(tx, {
      username: String(r.data.holder),
      kind: 'optionFreed',
      message: `${faceLabel(face)} si è liberata dal ${itDate(start)} al ${itDate(endDay)}: la tua richiesta in coda è ora un'opzione, fino al ${itDate(expiresOn)}`,
      link: `/availability?frameId=${frameId}&periodStart=${start}`,
    });
  }
}

/**
 * Ends the options and queue places whose last day has passed, and moves each queue on. `at` is the
 * sandbox's time unless a test asks what will have expired by a later instant without moving the
 * clock (POST /internal/clock with back=1).
 */
export async function expireDue(db: Db, at: Date = clock.now()): Promise<void> {
  const today = at.toISOString().slice(0, 10);
  const { rows: due } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM records WHERE collection = $1 AND data->>'status' IN ('option', 'waiting') AND data->>'expiresOn' < $2`,
    [RESERVATIONS, today],
  );
  if (!due[0]?.n) return;
  await db.transaction(async (tx) => {
    await lockReservations(tx);
    const { rows } = await tx.query<{ id: string; data: RecordData }>(
      `SELECT id, data FROM records WHERE collection = $1 AND data->>'status' IN ('option', 'waiting') AND data->>'expiresOn' < $2 ORDER BY id`,
      [RESERVATIONS, today],
    );
    const frames = new Set<number>();
    const faces = await facesByIds(tx, [...new Set(rows.map((r) => Number(r.data.frameId)))]);
    for (const r of rows) {
      const row = { ...r.data, id: Number(r.id) };
      await end(tx, row, 'expired', `Scaduta il ${itDate(String(r.data.expiresOn))}`);
      const face = faces.get(Number(r.data.frameId));
      await notify(tx, {
        username: String(r.data.holder),
        kind: 'optionExpired',
        message: `${r.data.status === 'waiting' ? 'La tua richiesta in coda su' : 'La tua opzione su'} ${face ? faceLabel(face) : `faccia ${String(r.data.frameId)}`} dal ${itDate(String(r.data.periodStart))} al ${itDate(String(r.data.periodEnd))} è scaduta il ${itDate(String(r.data.expiresOn))}`,
        link: `/availability?frameId=${String(r.data.frameId)}&periodStart=${String(r.data.periodStart)}`,
      });
      frames.add(Number(r.data.frameId));
    }
    for (const frameId of frames) await promote(tx, frameId, today);
  });
}

/** Days before its end an option's holder is told it is about to expire. */
export const OPTION_EXPIRING_DAYS = 2;

/** Tells each holder, once per option and expiry date, of their options ending within OPTION_EXPIRING_DAYS. */
async function optionsExpiring(db: Db, day: string): Promise<void> {
  const { rows } = await db.query<{ id: string; data: RecordData }>(
    `SELECT id, data FROM records WHERE collection = $1 AND data->>'status' = 'option' AND data->>'expiresOn' >= $2 AND data->>'expiresOn' <= $3 ORDER BY id`,
    [RESERVATIONS, day, addDays(day, OPTION_EXPIRING_DAYS)],
  );
  const faces = await facesByIds(db, [...new Set(rows.map((r) => Number(r.data.frameId)))]);
  for (const r of rows) {
    const face = faces.get(Number(r.data.frameId));
    await notify(db, {
      username: String(r.data.holder),
      kind: 'optionExpiring',
      message: `La tua opzione su ${face ? faceLabel(face) : `faccia ${String(r.data.frameId)}`} dal ${itDate(String(r.data.periodStart))} al ${itDate(String(r.data.periodEnd))} scade il ${itDate(String(r.data.expiresOn))}: rinnovala o lasciala`,
      link: `/availability?frameId=${String(r.data.frameId)}&periodStart=${String(r.data.periodStart)}`,
      key: `optionExpiring:${r.id}:${String(r.data.expiresOn)}`,
    });
  }
}
registerSweep('optionsExpiring', optionsExpiring);

export interface HoldRequest {
  frameId: number;
  periodStart: string;
  periodEnd: string;
  advertiserId: number | null;
  estimateId?: number | null;
  planningId?: number | null;
  expiresOn?: string;
  queue?: boolean;
  /** Book at once (a confirmed planning's new face) instead of an option. */
  book?: boolean;
  price?: number | null;
}

/** A refusal as thrown: 409 naming the blockers or the rule. */
export class HoldRefused extends HttpError {
  constructor(readonly refusal: Refusal) {
    super(409, refusal.message, { blockers: refusal.blockers, ...(refusal.rule ? { rule: refusal.rule } : {}) });
  }
}

/** The option's last day: the one asked (refused past the longest duration), else the estimate's validity or the default, never past the period. */
async function expiryOf(tx: Db, req: HoldRequest, settings: ReservationSettings): Promise<string> {
  const today = todayOn();
  const latest = addDays(today, settings.optionMaxDays);
  if (req.expiresOn) {
    if (req.expiresOn < today) throw new HttpError(409, `La scadenza dell'opzione (${itDate(req.expiresOn)}) è già passata`, { blockers: [] });
    if (req.expiresOn > latest) {
      throw new HttpError(409, `Un'opzione può durare al massimo ${settings.optionMaxDays} giorni: fino al ${itDate(latest)}`, { blockers: [] });
    }
    return req.expiresOn;
  }
  let wanted = addDays(today, settings.optionDefaultDays);
  if (req.estimateId) {
    const estimate = await oneRow(tx, 'estimates', req.estimateId);
    if (estimate?.validUntil && String(estimate.validUntil) >= today) wanted = String(estimate.validUntil);
  }
  return [wanted, latest, req.periodEnd].sort()[0] < today ? today : [wanted, latest, req.periodEnd].sort()[0];
}

/** Separation warnings: competitors of a separated business area on the same system in the period. */
async function separationWarnings(tx: Db, face: Face, req: HoldRequest, area: string, settings: ReservationSettings): Promise<string[]> {
  if (!area || !settings.separatedBusinessAreas.includes(area)) return [];
  const { rows } = await tx.query<{ id: string; data: RecordData }>(
    `SELECT r.id, r.data FROM records r JOIN records a ON a.collection = 'advertisers' AND a.id = (r.data->>'advertiserId')::bigint
      WHERE r.collection = $1 AND r.data->>'systemId' = $2 AND r.data->>'status' = ANY($6::text[])
        AND r.data->>'periodStart' <= $4 AND r.data->>'periodEnd' >= $3 AND a.data->>'businessArea' = $5
        AND (r.data->>'advertiserId')::bigint <> $7 ORDER BY r.id`,
    [RESERVATIONS, String(face.systemId), req.periodStart, req.periodEnd, area, OCCUPYING, req.advertiserId ?? 0],
  );
  const blockers = await toBlockers(tx, rows.map((r) => ({ ...r.data, id: Number(r.id) })));
  return blockers.map(
    (b) => `Separazione ${area}: su ${face.systemCode} c'è già ${b.advertiserName} dal ${itDate(b.periodStart)} al ${itDate(b.periodEnd)}`,
  );
}

/**
 * Holds one face, in the caller's transaction (which must hold the lock): an option, a place in
 * the queue, or a booking; HoldRefused naming what blocks it.
 */
export async function holdFace(tx: Db, req: HoldRequest, holder: string): Promise<StoredRecord> {
  const face = (await facesByIds(tx, [req.frameId])).get(req.frameId);
  if (!face) throw new HttpError(422, `Riferimento a un elemento inesistente (faccia inesistente: ${req.frameId})`, { errors: [{ path: '/body/frameId', message: `faccia inesistente: ${req.frameId}` }] });
  if (req.periodEnd < req.periodStart) {
    throw new HttpError(400, 'Il periodo non è valido', { errors: [{ path: '/body/periodEnd', message: 'non può precedere periodStart' }] });
  }
  const settings = await readSettings(tx);
  const advertiser = req.advertiserId ? await oneRow(tx, 'advertisers', req.advertiserId) : undefined;
  const area = String(advertiser?.businessArea ?? '');
  if (area && face.excluded.includes(area)) {
    const rule = `${faceLabel(face)} esclude il settore ${area}`;
    throw new HoldRefused({ message: `${rule}: non può essere proposta a ${String(advertiser?.name ?? 'questo inserzionista')}`, rule, blockers: [] });
  }
  const overlapping = await occupying(tx, face.frameId, req.periodStart, req.periodEnd);
  const taken = busiest(overlapping, req.periodStart, req.periodEnd);
  let status: Status = req.book ? 'booked' : 'option';
  if (taken.length >= face.slots) {
    // A static face names every sale in the way; a screen the ones that fill its busiest day.
    const blockers = await toBlockers(tx, face.slots === 1 ? overlapping : taken);
    const canQueue = !req.book && taken.some((t) => t.status === 'option');
    if (!(canQueue && req.queue)) throw new HoldRefused({ message: blockedMessage(face, blockers, canQueue), blockers });
    status = 'waiting';
  }
  const expiresOn = status === 'booked' ? null : await expiryOf(tx, req, settings);
  const warnings = await separationWarnings(tx, face, req, area, settings);
  return insertRecord(tx, RESERVATIONS, {
    frameId: face.frameId,
    systemId: face.systemId,
    periodStart: req.periodStart,
    periodEnd: req.periodEnd,
    status,
    holder,
    advertiserId: req.advertiserId ?? null,
    estimateId: req.estimateId ?? null,
    planningId: req.planningId ?? null,
    expiresOn,
    price: req.price ?? null,
    warnings,
    createdAt: nowIso(),
  });
}

/** May the caller act on this reservation: its holder, a sales leader or an admin. */
function mayActOn(row: StoredRecord, user: Principal | undefined): boolean {
  if (!user) return false;
  return user.role === 'ROLE_ADMIN' || user.role === 'ROLE_SALESLEADER' || user.username === row.holder;
}

const statusLabel = (s: Status) => ReservationStatusLabels[s].toLowerCase();

/** Ends a live reservation in the caller's locked transaction and moves its face's queue on. */
export async function endAndPromote(tx: Db, row: StoredRecord, reason: string): Promise<void> {
  if (!['option', 'waiting', 'booked'].includes(String(row.status))) return;
  await end(tx, row, 'released', reason);
  await promote(tx, Number(row.frameId));
}

export async function releaseReservation(db: Db, id: number, user: Principal | undefined, reason: string | undefined): Promise<Reservation> {
  await expireDue(db);
  await db.transaction(async (tx) => {
    await lockReservations(tx);
    const row = await getRecord(tx, RESERVATIONS, id);
    if (!row) throw new HttpError(404, `Opzione o prenotazione ${id} non trovata`);
    if (!mayActOn(row, user)) throw new HttpError(403, "Solo chi la detiene, un capo area vendite o un amministratore può rilasciarla");
    if (row.status === 'booked' && user?.role !== 'ROLE_ADMIN') throw new HttpError(403, 'Solo un amministratore può rilasciare una prenotazione');
    if ((ENDED as string[]).includes(String(row.status))) throw new HttpError(409, `È già ${statusLabel(row.status as Status)}`);
    await end(tx, row, 'released', reason?.trim() || 'Rilasciata');
    await promote(tx, Number(row.frameId));
  });
  return readReservation(db, id);
}

export async function renewReservation(db: Db, id: number, user: Principal | undefined, expiresOn: string): Promise<Reservation> {
  await expireDue(db);
  await db.transaction(async (tx) => {
    await lockReservations(tx);
    const row = await getRecord(tx, RESERVATIONS, id);
    if (!row) throw new HttpError(404, `Opzione o prenotazione ${id} non trovata`);
    if (!mayActOn(row, user)) throw new HttpError(403, "Solo chi la detiene, un capo area vendite o un amministratore può rinnovarla");
    if (row.status !== 'option' && row.status !== 'waiting') throw new HttpError(409, `Si rinnova solo un'opzione o una richiesta in coda: questa è ${statusLabel(row.status as Status)}`);
    const settings = await readSettings(tx);
    const today = todayOn();
    const latest = addDays(today, settings.optionMaxDays);
    if (expiresOn <= today) throw new HttpError(409, 'La nuova scadenza deve essere dopo oggi');
    if (expiresOn > latest) throw new HttpError(409, `Un'opzione può durare al massimo ${settings.optionMaxDays} giorni: fino al ${itDate(latest)}`);
    await updateRecord(tx, RESERVATIONS, id, { expiresOn });
  });
  return readReservation(db, id);
}

/** Releases every live reservation that matches `where` (an estimate refused or deleted, a planning cancelled), moving queues on. */
export async function releaseWhere(db: Db, field: 'estimateId' | 'planningId', value: number, reason: string): Promise<number> {
  return db.transaction(async (tx) => {
    await lockReservations(tx);
    const { rows } = await tx.query<{ id: string; data: RecordData }>(
      `SELECT id, data FROM records WHERE collection = $1 AND data->>$2 = $3 AND data->>'status' IN ('option', 'waiting', 'booked') ORDER BY id`,
      [RESERVATIONS, field, String(value)],
    );
    for (const r of rows) await end(tx, { ...r.data, id: Number(r.id) }, 'released', reason);
    for (const frameId of new Set(rows.map((r) => Number(r.data.frameId)))) await promote(tx, frameId);
    return rows.length;
  });
}
