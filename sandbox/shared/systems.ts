import type { Db } from '../db';
import { SYSTEM_STATUSES, type SystemKind, type SystemStatus } from '../../src/api/systemCodes';

/*
 * The systems as the teams, circuits, frame and device services read them: a summary whatever
 * columns the systems table uses, read straight from the database (the systems service owns it).
 */

/** A system as the other services see it, whatever columns the systems table uses. */
export interface SystemSummary {
  id: number;
  code: string;
  name: string;
  type: SystemKind;
  systemType: string;
  status: SystemStatus;
  address: string;
  municipality: string;
  latitude: number;
  longitude: number;
}

type Source = 'table' | 'records' | 'none';

async function systemsSource(db: Db): Promise<Source> {
  const { rows } = await db.query<{ t: string | null }>("SELECT to_regclass('public.systems')::text AS t");
  if (rows[0]?.t) return 'table';
  const r = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM records WHERE collection = 'systems'");
  return r.rows[0].n > 0 ? 'records' : 'none';
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'name' in value) return text((value as { name: unknown }).name);
  return '';
}

function pick(row: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (row[key] !== undefined && row[key] !== null) return row[key];
  return undefined;
}

/** Maps a row of the systems table (camelCase or snake_case columns, or a `data` jsonb) to a summary. */
export function summaryOf(raw: Record<string, unknown>): SystemSummary {
  const data = raw.data && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : {};
  const row = { ...data, ...raw };
  const id = Number(row.id);
  const status = text(pick(row, 'status'));
  const type = text(pick(row, 'type')) === 'DOOH' ? 'DOOH' : 'OOH';
  const code = text(pick(row, 'code')) || `SY-${String(id).padStart(4, '0')}`;
  return {
    id,
    code,
    name: text(pick(row, 'name')) || code,
    type,
    systemType: text(pick(row, 'systemType', 'system_type')) || (type === 'DOOH' ? 'totem' : 'poster'),
    status: (SYSTEM_STATUSES as readonly string[]).includes(status) ? (status as SystemSummary['status']) : 'active',
    address: text(pick(row, 'address')),
    municipality: text(pick(row, 'municipalityName', 'municipality_name', 'municipality')),
    latitude: Number(pick(row, 'latitude', 'lat') ?? 0),
    longitude: Number(pick(row, 'longitude', 'lng', 'lon') ?? 0),
  };
}

/** The systems with these ids (missing ones are left out), as summaries. */
export async function systemsByIds(db: Db, ids: number[]): Promise<SystemSummary[]> {
  if (!ids.length) return [];
  const source = await systemsSource(db);
  if (source === 'table') {
    const { rows } = await db.query<{ j: Record<string, unknown> }>('SELECT to_jsonb(s) AS j FROM systems s WHERE s.id = ANY($1::bigint[])', [ids]);
    return rows.map((r) => summaryOf(r.j));
  }
  if (source === 'records') {
    const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(
      "SELECT id, data FROM records WHERE collection = 'systems' AND id = ANY($1::bigint[])",
      [ids],
    );
    return rows.map((r) => summaryOf({ ...r.data, id: Number(r.id) }));
  }
  return [];
}

/**
 * Whether the systems are known. While no systems exist at all (the systems service not there yet),
 * every id is accepted, so that links can be made; once they exist, unknown ids are refused.
 */
export async function missingSystems(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  if ((await systemsSource(db)) === 'none') return [];
  const found = new Set((await systemsByIds(db, ids)).map((s) => s.id));
  return ids.filter((id) => !found.has(id));
}

/** Every system id with its type (for seeds); empty while there are none. */
export async function allSystems(db: Db): Promise<Array<{ id: number; type: SystemKind; faces: number }>> {
  const source = await systemsSource(db);
  let rows: Array<Record<string, unknown>> = [];
  if (source === 'table') {
    rows = (await db.query<{ j: Record<string, unknown> }>('SELECT to_jsonb(s) AS j FROM systems s ORDER BY s.id')).rows.map((r) => r.j);
  } else if (source === 'records') {
    rows = (await db.query<{ id: string; data: Record<string, unknown> }>("SELECT id, data FROM records WHERE collection = 'systems' ORDER BY id")).rows.map(
      (r) => ({ ...r.data, id: Number(r.id) }),
    );
  }
  return rows.map((raw) => {
    const data = raw.data && typeof raw.data === 'object' ? (raw.data as Record<string, unknown>) : {};
    const row = { ...data, ...raw };
    const faces = Number(row.faces ?? 1);
    return { id: Number(row.id), type: row.type === 'DOOH' ? 'DOOH' : 'OOH', faces: Number.isFinite(faces) && faces > 0 ? Math.min(faces, 4) : 1 };
  });
}

