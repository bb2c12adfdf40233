import type { components } from '../../../src/api/generated/systems';
import type { Db } from '../../db';
import { HttpError } from '../../http';
import { registerResourceReader } from '../../shared/resources';

/*
 * The systems service (systems.yaml): the asset inventory in the `systems`
 * table (migration 020), its lookups, map queries, images (files table, owner `system_images`),
 * the Excel template and the all-or-nothing import. Every write records a history entry
 * (entityType 'system'). The provider teams live in ./teams.ts. This module: reading and searching.
 */

export type S = components['schemas'];
export type System = S['System'];
export type SystemInput = S['SystemInput'];
export type SystemFilter = S['SystemSearchFilter'];
export type SystemFrame = S['SystemFrame'];
export type Kind = S['SystemKind'];

export const IMAGE_OWNER = 'system_images';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_UPLOAD = 10 * 1024 * 1024;
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TEMPLATE_NAME = 'template_impianti.xlsx';
export const SEARCH_FIELDS = ['code', 'name', 'address', 'municipality', 'province', 'region', 'zipCode'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export const FIELD_COLUMN: Record<SearchField, string> = {
  code: 'code', name: 'name', address: 'address', municipality: 'municipality_name', province: 'province', region: 'region', zipCode: 'zip_code',
};
const SORT_COLUMN: Record<string, string> = {
  id: 'id', code: 'code', name: 'name', type: 'type', systemType: 'system_type', status: 'status', address: 'address',
  municipality: 'municipality_name', province: 'province', region: 'region', createdAt: 'created_at', updatedAt: 'updated_at', zipCode: 'zip_code',
};

export interface SystemRow {
  id: string;
  code: string;
  name: string;
  type: Kind;
  system_type: System['systemType'];
  status: System['status'];
  address: string;
  region: string;
  province: string;
  municipality_istat: string;
  municipality_name: string;
  zip_code: string | null;
  latitude: number;
  longitude: number;
  media_owner_ids: (string | number)[];
  authorization_ids: (string | number)[];
  area_id: string | null;
  lease_id: string | null;
  domains: string[];
  illuminated: boolean;
  faces: number;
  data: { sizes?: S['SystemSize'][]; frames?: SystemFrame[]; notes?: string };
  /** A Date, or epoch milliseconds when read as a tuple (see `systemsWhere`). */
  created_at: string | number | Date;
  updated_at: string | number | Date;
  /** The version the row's last write left (migration 093). */
  version: string | number;
}

/* ---------- reading ---------- */

interface Names {
  leases: Map<number, string>;
  authorizations: Map<number, string>;
  mediaOwners: Map<number, string>;
  areas: Map<number, string>;
}

/** The names of the four lookups as one JSON text of `[kind, id, name]` (a column of `systemsWhere`'s query). */
const NAMES_SQL = `(SELECT json_agg(json_build_array(k, id, name))::text FROM (
    SELECT 'leases' AS k, id, name FROM system_leases UNION ALL SELECT 'authorizations', id, name FROM system_authorizations
    UNION ALL SELECT 'mediaOwners', id, name FROM system_media_owners UNION ALL SELECT 'areas', id, name FROM system_areas) n)`;

function namesOf(json: string | null): Names {
  const names: Names = { leases: new Map(), authorizations: new Map(), mediaOwners: new Map(), areas: new Map() };
  for (const [k, id, name] of (JSON.parse(json ?? '[]') as Array<[keyof Names, number, string]>)) names[k].set(Number(id), name);
  return names;
}

export async function imagesOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const { rows } = await db.query<{ owner_id: string; id: string }>(
    'SELECT owner_id, id FROM files WHERE owner_collection = $1 AND owner_id = ANY($2::bigint[]) ORDER BY id',
    [IMAGE_OWNER, ids],
  );
  for (const r of rows) {
    const k = Number(r.owner_id);
    out.set(k, [...(out.get(k) ?? []), Number(r.id)]);
  }
  return out;
}

export const iso = (v: string | number | Date) => new Date(v).toISOString();
const ref = (names: Map<number, string>, id: number) => ({ id, name: names.get(id) ?? `#${id}` });

function toSystem(r: SystemRow, names: Names, images: number[]): System {
  const s: System = {
    id: Number(r.id),
    code: r.code,
    name: r.name,
    type: r.type,
    systemType: r.system_type,
    status: r.status,
    sizes: r.data.sizes ?? [],
    address: r.address,
    region: r.region,
    province: r.province,
    municipality: { istatCode: r.municipality_istat, name: r.municipality_name },
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    frames: (r.data.frames ?? []).map((f) => f.id),
    images,
    domains: r.domains,
    authorizations: r.authorization_ids.map((id) => ref(names.authorizations, Number(id))),
    mediaOwners: r.media_owner_ids.map((id) => ref(names.mediaOwners, Number(id))),
    illuminated: r.illuminated,
    faces: r.faces,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    lockVersion: Number(r.version),
  };
  if (r.zip_code) s.zipCode = r.zip_code;
  if (r.lease_id !== null) s.lease = ref(names.leases, Number(r.lease_id));
  if (r.area_id !== null) s.area = ref(names.areas, Number(r.area_id));
  if (r.data.notes) s.notes = r.data.notes;
  return s;
}

/*
 * Reading many systems. PGlite turns every column of every row into a JavaScript value one at a
 * time, which made a size-9999 search cost seconds: here the database writes each row as one JSON
 * array (json, not jsonb: plain text, cheap to build), all joined into a single text that
 * JavaScript parses at once. Each tuple starts with its position in the order, the timestamps
 * travel as epoch milliseconds, the coordinates in their shortest exact text form, the image ids
 * come from the same query.
 */
const TUPLE_COLUMNS = [
  'id', 'code', 'name', 'type', 'system_type', 'status', 'address', 'region', 'province', 'municipality_istat',
  'municipality_name', 'zip_code', 'latitude', 'longitude', 'media_owner_ids', 'authorization_ids', 'area_id',
  'lease_id', 'domains', 'illuminated', 'faces', 'data', 'created_at', 'updated_at', 'version',
] as const satisfies readonly (keyof SystemRow)[];
// Microseconds rounded to an integer, then whole milliseconds (what toISOString of the Date shows).
const epochMs = (column: string) => `((date_part('epoch', ${column}) * 1000000)::bigint / 1000)`;
const TUPLE_SQL = `json_build_array(s.n, fi.images, ${TUPLE_COLUMNS.map((c) => (c === 'created_at' || c === 'updated_at' ? epochMs(`s.${c}`) : `s.${c}`)).join(', ')})`;

type Tuple = [number, number[] | null, ...unknown[]];

/** A row from its tuple: position, images, then the TUPLE_COLUMNS in their order. */
function rowOfTuple(t: Tuple): SystemRow {
  const [, , id, code, name, type, system_type, status, address, region, province, municipality_istat, municipality_name, zip_code, latitude, longitude,
    media_owner_ids, authorization_ids, area_id, lease_id, domains, illuminated, faces, data, created_at, updated_at, version] = t as unknown as never[];
  return {
    id, code, name, type, system_type, status, address, region, province, municipality_istat, municipality_name, zip_code, latitude, longitude,
    media_owner_ids, authorization_ids, area_id, lease_id, domains, illuminated, faces, data, created_at, updated_at, version,
  };
}

/*
 * Counts of the lists, kept per filter while the `systems` table is unchanged: a trigger moves
 * `systems_version` on every write (migration 070), and the query that reads a page reads the
 * version in the same statement, counting again only when it moved. Bounded: the oldest filter
 * goes first.
 */
const COUNTS_KEPT = 200;
const counts = new Map<string, { version: string; total: number }>();

/** Forgets the kept counts: another database's versions say nothing of this one's (tests that open several). */
export function forgetCounts(): void {
  counts.clear();
}

/**
 * The systems that `where` selects, in `order`, from `offset` for at most `limit` (all without a
 * limit); with `count`, also how many `where` selects in all, from the same round trip.
 */
export async function systemsWhere(
  db: Db,
  w: { sql: string; params: unknown[] },
  order = 'id ASC',
  { limit, offset = 0, count = false }: { limit?: number; offset?: number; count?: boolean } = {},
): Promise<{ systems: System[]; total: number }> {
  const bounds = `${limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.trunc(limit))}`}${offset > 0 ? ` OFFSET ${Math.trunc(offset)}` : ''}`;
  const params = [...w.params];
  const key = `${w.sql}\u0000${JSON.stringify(w.params)}`;
  const known = count ? counts.get(key) : undefined;
  let total = 'NULL::bigint AS total, NULL::bigint AS version';
  if (count) {
    params.push(known?.version ?? '-1');
    total = `CASE WHEN v.version = $${params.length}::bigint THEN NULL ELSE (SELECT count(*) FROM systems ${w.sql}) END AS total, v.version`;
  }
  const { rows } = await db.query<{ rows: string | null; names: string | null; total: string | number | null; version: string | number | null }>(
    `SELECT (SELECT string_agg(${TUPLE_SQL}::text, ',')
               FROM (SELECT ${TUPLE_COLUMNS.join(', ')}, row_number() OVER (ORDER BY ${order}) AS n FROM systems ${w.sql} ORDER BY ${order}${bounds}) s
               LEFT JOIN (SELECT owner_id, array_agg(id ORDER BY id) AS images FROM files WHERE owner_collection = '${IMAGE_OWNER}' GROUP BY owner_id) fi
                 ON fi.owner_id = s.id) AS rows,
            ${NAMES_SQL} AS names, ${total}
       FROM systems_version v`,
    params,
  );
  const row = rows[0];
  let found = 0;
  if (count && row) {
    if (row.total === null && known) found = known.total;
    else {
      found = Number(row.total);
      counts.delete(key);
      counts.set(key, { version: String(row.version), total: found });
      if (counts.size > COUNTS_KEPT) counts.delete(counts.keys().next().value!);
    }
  }
  const tuples = (JSON.parse(`[${row?.rows ?? ''}]`) as Tuple[]).sort((a, b) => a[0] - b[0]);
  if (!tuples.length) return { systems: [], total: found };
  const names = namesOf(row?.names ?? null);
  return { systems: tuples.map((t) => toSystem(rowOfTuple(t), names, t[1] ?? [])), total: found };
}

export async function rowById(db: Db, id: number): Promise<SystemRow | undefined> {
  const { rows } = await db.query<SystemRow>('SELECT * FROM systems WHERE id = $1', [id]);
  return rows[0];
}

export async function requireRow(db: Db, id: number): Promise<SystemRow> {
  const row = await rowById(db, id);
  if (!row) throw new HttpError(404, `Impianto ${id} non trovato`);
  return row;
}

export async function systemById(db: Db, id: number): Promise<System | undefined> {
  return (await systemsWhere(db, { sql: 'WHERE id = $1', params: [id] })).systems[0];
}

registerResourceReader('system', async (db, id) => (await systemById(db, id)) ?? null);

/* ---------- searching ---------- */

export const likeOf = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class Where {
  parts: string[] = [];
  params: unknown[] = [];
  add(sql: string, ...values: unknown[]) {
    let text = sql;
    for (const v of values) {
      this.params.push(v);
      text = text.replace('?', `$${this.params.length}`);
    }
    this.parts.push(text);
  }
  get sql() {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

export function kindFilter(w: Where, type: unknown) {
  if (type === 'OOH' || type === 'DOOH') w.add('type = ?', type);
}

/** The systems that are members of circuits (records of the circuits service), less the condition on the circuits' id. */
const CIRCUIT_MEMBERS_SQL = "SELECT jsonb_array_elements_text(c.data->'assets')::bigint FROM records c WHERE c.collection = 'circuits' AND c.id";

export function filterWhere(filter: SystemFilter, type: unknown): Where {
  const w = new Where();
  kindFilter(w, type);
  if (filter.type && filter.type !== 'ALL') w.add('type = ?', filter.type);
  if (filter.systemTypes?.length) w.add('system_type = ANY(?::text[])', filter.systemTypes);
  if (filter.statuses?.length) w.add('status = ANY(?::text[])', filter.statuses);
  if (filter.municipalityIds?.length) w.add('municipality_istat = ANY(?::text[])', filter.municipalityIds);
  if (filter.region) w.add('lower(region) = lower(?)', filter.region);
  if (filter.province) w.add('lower(province) = lower(?)', filter.province);
  if (filter.mediaOwners?.length) w.add('media_owner_ids && ?::bigint[]', filter.mediaOwners);
  if (filter.areaIds?.length) w.add('area_id = ANY(?::bigint[])', filter.areaIds);
  if (filter.leaseIds?.length) w.add('lease_id = ANY(?::bigint[])', filter.leaseIds);
  if (filter.authorizationIds?.length) w.add('authorization_ids && ?::bigint[]', filter.authorizationIds);
  if (filter.circuitIds?.length) w.add(`id IN (${CIRCUIT_MEMBERS_SQL} = ANY(?::bigint[]))`, filter.circuitIds);
  if (filter.searchTerm?.trim()) w.add("search_text LIKE ? ESCAPE '\\'", likeOf(filter.searchTerm.trim()));
  return w;
}

export async function page(db: Db, w: Where, p: number, n: number, order: string): Promise<S['SystemPage']> {
  const { systems, total } = await systemsWhere(db, w, order, { limit: n, offset: p * n, count: true });
  return { content: systems, totalElements: total, totalPages: Math.ceil(total / n), number: p, size: n };
}

export function orderOf(sort: unknown, dir: unknown): string {
  const column = SORT_COLUMN[String(sort ?? 'id')] ?? 'id';
  const d = String(dir ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  // The code is unique like the id: no tie to break, and its index gives the order.
  return column === 'id' || column === 'code' ? `${column} ${d}` : `${column} ${d}, id ${d}`;
}

/** SQL of the relevance of one column: exact 0.9 (1 for the code), prefix 0.75, word prefix 0.6, inside 0.4. */
export function relevanceSql(column: string, exactScore: number, t: string, like: string, wordLike: string): string {
  const c = `lower(coalesce(${column}, ''))`;
  return `CASE WHEN ${c} = ${t} THEN ${exactScore} WHEN left(${c}, length(${t})) = ${t} THEN 0.75 WHEN ${c} LIKE ${wordLike} ESCAPE '\\' THEN 0.6 WHEN ${c} LIKE ${like} ESCAPE '\\' THEN 0.4 ELSE 0 END`;
}

export function matchOf(s: SystemRow, fields: readonly SearchField[], term: string): { field: SearchField; value: string; score: number } {
  let best = { field: fields[0], value: String(s[FIELD_COLUMN[fields[0]] as keyof SystemRow] ?? ''), score: 0 };
  for (const f of fields) {
    const value = String(s[FIELD_COLUMN[f] as keyof SystemRow] ?? '');
    const v = value.toLowerCase();
    const score = v === term ? (f === 'code' ? 1 : 0.9) : v.startsWith(term) ? 0.75 : v.includes(` ${term}`) ? 0.6 : v.includes(term) ? 0.4 : 0;
    if (score > best.score) best = { field: f, value, score };
  }
  return best;
}
