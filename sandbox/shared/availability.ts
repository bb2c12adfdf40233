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
 * or booked. One query pages the faces; one reads the reservations of the page; one sums the
 * occupancy of every matching face.
 */

type Page = components['schemas']['AvailabilityPage'];
type Row = components['schemas']['AvailabilityRow'];
type Cell = components['schemas']['AvailabilityCell'];

const MAX_DAYS = 53 * 7;
const SLOTS_SQL = `CASE WHEN f.data->>'digital' = 'true' THEN greatest(1, coalesce((f.data->>'slots')::int, 1)) ELSE 1 END`;

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
  const from = `FROM records f JOIN systems s ON s.id = (f.data->>'systemId')::bigint WHERE ${where.join(' AND ')}`;

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
    total: string;
  }>(
    `SELECT f.id, f.data, s.code, s.name, s.system_type, s.address, s.municipality_name, ${SLOTS_SQL} AS slots, count(*) OVER () AS total
       ${from} ORDER BY s.code, (f.data->>'position')::int, f.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && offset > 0) total = Number((await db.query<{ n: string }>(`SELECT count(*) AS n ${from}`, params)).rows[0].n);

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

  // Occupancy of every matching face: slot-days taken over slot-days there are.
  const s = add(periodStart);
  const e = add(periodEnd);
  const { rows: sums } = await db.query<{ capacity: string | null; used: string | null; free: string; option: string; booked: string }>(
    `WITH faces AS (SELECT f.id::text AS id, ${SLOTS_SQL} AS slots ${from}),
          held AS (SELECT r.data->>'frameId' AS fid, r.data->>'status' AS st,
                          (least(r.data->>'periodEnd', ${e})::date - greatest(r.data->>'periodStart', ${s})::date + 1) AS days
                     FROM records r WHERE r.collection = '${RESERVATIONS}' AND r.data->>'status' IN ('option', 'booked')
                      AND r.data->>'periodStart' <= ${e} AND r.data->>'periodEnd' >= ${s})
     SELECT (SELECT sum(slots) FROM faces) AS capacity,
            (SELECT sum(h.days) FROM held h JOIN faces f ON f.id = h.fid) AS used,
            (SELECT count(*) FROM faces f WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.fid = f.id)) AS free,
            (SELECT count(*) FROM faces f WHERE EXISTS (SELECT 1 FROM held h WHERE h.fid = f.id AND h.st = 'option')) AS option,
            (SELECT count(*) FROM faces f WHERE EXISTS (SELECT 1 FROM held h WHERE h.fid = f.id AND h.st = 'booked')) AS booked`,
    params,
  );
  const capacity = Number(sums[0]?.capacity ?? 0) * days;
  const used = Number(sums[0]?.used ?? 0);
  return {
    periods,
    rows: out,
    total,
    occupancy: {
      percent: capacity ? Math.min(100, Math.round((used / capacity) * 1000) / 10) : 0,
      free: Number(sums[0]?.free ?? 0),
      option: Number(sums[0]?.option ?? 0),
      booked: Number(sums[0]?.booked ?? 0),
    },
  };
}
