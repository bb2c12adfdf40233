import type { components } from '../../src/api/generated/planner';
import type { Db } from '../db';
import { HttpError } from '../http';
import type { RecordData, StoredRecord } from '../store';
import { risksBefore } from './permits';
import { OCCUPYING, RESERVATIONS, addDays, busiest, daysBetween, toBlockers } from './reservations';
import { today } from './values';

/*
 * Availability across the inventory: the faces matching the filters × the periods of a step (a
 * week or a 14-day cycle), each cell free, partly taken (a screen with slots left), under option
 * or booked. One query pages the faces (systems in code order, each one's faces through the
 * faces' index on their system, so a page reads only its own rows); one reads the reservations of
 * the page; one aggregate counts every matching face and sums their occupancy, the reservations of
 * the period (a few) joined to their faces rather than every face read against them.
 */

type Page = components['schemas']['AvailabilityPage'];
type Row = components['schemas']['AvailabilityRow'];
type Cell = components['schemas']['AvailabilityCell'];

const MAX_DAYS = 53 * 7;
const SLOTS_SQL = `CASE WHEN f.data->>'digital' = 'true' THEN greatest(1, coalesce((f.data->>'slots')::int, 1)) ELSE 1 END`;

/** The faces' count and slots of a filter, with the version of the data it was counted on. */
type KeptFaces = { version: string; total: number; capacity: number };
/** Per database (tests open several), the kept counts of the last filters, the oldest dropped first. */
const keptFaces = new WeakMap<Db, Map<string, KeptFaces>>();
const FACE_COUNTS_KEPT = 200;

const one = (v: unknown): string | undefined => (Array.isArray(v) ? (v[0] as string | undefined) : (v as string | undefined));

export function periodsOf(start: string, end: string, step: 'week' | 'cycle14'): Array<{ start: string; end: string }> {
  const size = step === 'cycle14' ? 14 : 7;
  const out: Array<{ start: string; end: string }> = [];
  for (let day = start; day <= end; day = addDays(day, size)) {
    const last = addDays(day, size - 1);
    out.push({ start: day, end: last < end ? last : end });
  }
  return out;
}

export async function availabilityPage(db: Db, query: Record<string, unknown>): Promise<Page> {
  const periodStart = String(one(query.periodStart));
  const periodEnd = String(one(query.periodEnd));
  if (periodEnd < periodStart) {
    throw new HttpError(400, 'Il periodo non è valido', { errors: [{ path: '/query/periodEnd', message: 'non può precedere periodStart' }] });
  }
  if (daysBetween(periodStart, periodEnd) > MAX_DAYS) {
    throw new HttpError(400, 'Il periodo non può superare 53 settimane', { errors: [{ path: '/query/periodEnd', message: 'al massimo 53 settimane dopo periodStart' }] });
  }
  const step = one(query.step) === 'cycle14' ? 'cycle14' : 'week';
  const periods = periodsOf(periodStart, periodEnd, step);

  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [`f.collection = 'frames'`, `coalesce(f.data->>'status', 'active') <> 'removed'`, `s.status <> 'removed'`];
  const q = one(query.q)?.trim();
  if (q) where.push(`s.search_text LIKE ${add(`%${q.toLowerCase()}%`)}`);
  const municipality = one(query.municipality)?.trim();
  if (municipality) where.push(`lower(s.municipality_name) = ${add(municipality.toLowerCase())}`);
  const systemType = one(query.systemType);
  if (systemType) where.push(`s.system_type = ${add(systemType)}`);
  const format = one(query.format);
  if (format) {
    const [w, h] = format.split('x');
    where.push(`(f.data->>'width')::numeric = ${add(Number(w))} AND (f.data->>'height')::numeric = ${add(Number(h))}`);
  }
  const circuitId = one(query.circuitId);
  if (circuitId) {
    where.push(
      `s.id IN (SELECT jsonb_array_elements_text(c.data->'assets')::bigint FROM records c WHERE c.collection = 'circuits' AND c.id = ${add(Number(circuitId))})`,
    );
  }
  const rawIds = query.frameIds;
  if (rawIds !== undefined) {
    const ids = (Array.isArray(rawIds) ? rawIds : [rawIds]).map(Number).filter(Number.isSafeInteger);
    where.push(`f.id = ANY(${add(ids)}::bigint[])`);
  }
  // The page joins on the text of systemId, so that the faces' index on it (records_frames_system)
  // walks the systems in code order; the counts join on the system's key.
  const filters = where.join(' AND ');
  const byKey = `records f JOIN systems s ON s.id = (f.data->>'systemId')::bigint`;
  const from = `FROM ${byKey} WHERE ${filters}`;

  const range = query.range ? (JSON.parse(String(one(query.range))) as [number, number]) : [0, 49];
  const offset = Math.max(0, range[0]);
  const limit = Math.max(0, Math.min(500, range[1] - range[0] + 1));
  const { rows } = await db.query<{
    id: string;
    data: RecordData;
    code: string;
    name: string;
    system_type: string;
    address: string;
    municipality_name: string;
    slots: number;
  }>(
    `SELECT f.id, f.data, s.code, s.name, s.system_type, s.address, s.municipality_name, ${SLOTS_SQL} AS slots
       FROM records f JOIN systems s ON f.data->>'systemId' = s.id::text WHERE ${filters}
      ORDER BY s.code, (f.data->>'position')::int, f.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );

  // The reservations of the page's faces in the period (queues included, to name them).
  const pageIds = rows.map((r) => String(r.id));
  const held = pageIds.length
    ? (
        await db.query<{ id: string; data: RecordData }>(
          `SELECT id, data FROM records WHERE collection = $1 AND data->>'frameId' = ANY($2::text[])
              AND data->>'status' IN ('option', 'booked', 'waiting') AND data->>'periodStart' <= $4 AND data->>'periodEnd' >= $3 ORDER BY id`,
          [RESERVATIONS, pageIds, periodStart, periodEnd],
        )
      ).rows.map((r) => ({ ...r.data, id: Number(r.id) }) as StoredRecord)
    : [];
  const blockers = new Map((await toBlockers(db, held)).map((b) => [b.reservationId, b]));
  const days = daysBetween(periodStart, periodEnd);
  // A face is at risk when an authorization or lease of its system ends before the period does.
  const risks = await risksBefore(db, rows.map((r) => Number(r.data.systemId)), periodEnd, today());

  const out: Row[] = rows.map((r) => {
    const mine = held.filter((h) => h.frameId !== undefined && Number(h.frameId) === Number(r.id));
    const slots = Number(r.slots);
    const cells: Cell[] = periods.map((p) => {
      const here = mine.filter((h) => String(h.periodStart) <= p.end && String(h.periodEnd) >= p.start);
      const taking = here.filter((h) => (OCCUPYING as string[]).includes(String(h.status)));
      const slotsLeft = Math.max(0, slots - busiest(taking, p.start, p.end).length);
      const state: Cell['state'] = !taking.length ? 'free' : slotsLeft > 0 ? 'partial' : taking.some((h) => h.status === 'option') ? 'option' : 'booked';
      return { state, slotsLeft, holders: here.map((h) => blockers.get(h.id)!) };
    });
    let used = 0;
    for (const h of mine) {
      if (!(OCCUPYING as string[]).includes(String(h.status))) continue;
      const s0 = String(h.periodStart) > periodStart ? String(h.periodStart) : periodStart;
      const s1 = String(h.periodEnd) < periodEnd ? String(h.periodEnd) : periodEnd;
      used += daysBetween(s0, s1);
    }
    return {
      frameId: Number(r.id),
      frameName: String(r.data.name ?? ''),
      systemId: Number(r.data.systemId),
      systemCode: r.code,
      systemName: r.name,
      systemType: r.system_type as Row['systemType'],
      address: r.address,
      municipality: r.municipality_name,
      format: `${Number(r.data.width)}x${Number(r.data.height)}`,
      digital: r.data.digital === true,
      slots,
      cells,
      occupancy: Math.min(100, Math.round((used / (slots * days)) * 1000) / 10),
      atRisk: risks.has(Number(r.data.systemId)),
      risks: risks.get(Number(r.data.systemId)) ?? [],
    };
  });

  // Every matching face counted, and its occupancy: slot-days taken over slot-days there are. The
  // count of the faces is kept per filter while neither the records nor the systems were written
  // (the version below), so a page reads the reservations of the period, not every face.
  const s = add(periodStart);
  const e = add(periodEnd);
  const keptHere = keptFaces.get(db) ?? new Map<string, KeptFaces>();
  keptFaces.set(db, keptHere);
  const key = `${filters}\u0000${JSON.stringify(params.slice(0, -2))}`;
  const known = keptHere.get(key);
  const k = add(known?.version ?? '');
  const { rows: sums } = await db.query<{ version: string; total: string; capacity: string | null; used: string | null; held: string; option: string; booked: string }>(
    `WITH v AS (SELECT (SELECT last_value::text || is_called::text FROM record_version_seq) || '.' || (SELECT version FROM systems_version)::text AS version),
          held AS (SELECT r.data->>'frameId' AS fid,
                          sum(least(r.data->>'periodEnd', ${e})::date - greatest(r.data->>'periodStart', ${s})::date + 1) AS days,
                          bool_or(r.data->>'status' = 'option') AS option, bool_or(r.data->>'status' = 'booked') AS booked
                     FROM records r WHERE r.collection = '${RESERVATIONS}' AND r.data->>'status' IN ('option', 'booked')
                      AND r.data->>'periodStart' <= ${e} AND r.data->>'periodEnd' >= ${s} GROUP BY 1),
          faces AS (SELECT count(*) AS total, sum(${SLOTS_SQL}) AS capacity ${from} AND (SELECT version FROM v) <> ${k}),
          taken AS (SELECT count(*) AS held, sum(h.days) AS used, count(*) FILTER (WHERE h.option) AS option, count(*) FILTER (WHERE h.booked) AS booked
                      FROM held h JOIN ${byKey} ON f.id = h.fid::bigint WHERE ${filters})
     SELECT v.version, faces.total, faces.capacity, taken.held, taken.used, taken.option, taken.booked FROM v, faces, taken`,
    params,
  );
  const counted = sums[0]!;
  const faces: KeptFaces =
    known && counted.version === known.version
      ? known
      : { version: counted.version, total: Number(counted.total), capacity: Number(counted.capacity ?? 0) };
  keptHere.delete(key);
  keptHere.set(key, faces);
  if (keptHere.size > FACE_COUNTS_KEPT) keptHere.delete(keptHere.keys().next().value!);
  const total = faces.total;
  const capacity = faces.capacity * days;
  const used = Number(counted.used ?? 0);
  return {
    periods,
    rows: out,
    total,
    occupancy: {
      percent: capacity ? Math.min(100, Math.round((used / capacity) * 1000) / 10) : 0,
      free: total - Number(counted.held ?? 0),
      option: Number(counted.option ?? 0),
      booked: Number(counted.booked ?? 0),
    },
  };
}
