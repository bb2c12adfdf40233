import ExcelJS from 'exceljs';
import type { components, operations } from '../../src/api/generated/systems';
import type { Db } from '../db';
import { file, HttpError, reply, type Handler, type HandlerContext, type ServiceHandlers, type UploadedFile } from '../http';
import { deleteFile, readFile, storeFile } from '../store';
import { DOOH_TYPES, OOH_TYPES, searchTextOf, seedLookups, seedSystems, STATUSES, SYSTEM_TYPE_LABELS } from '../seed/systems';
import { geocodeAddress, seededMunicipalities } from './geo';
import type { SeedOptions } from './index';
import { registerResourceReader } from './share';
import { teamHandlers } from './teams';

/*
 * The systems service (systems.yaml, spec §7 "Systems"): the asset inventory in the `systems`
 * table (migration 020), its lookups, map queries, images (files table, owner `system_images`),
 * the Excel template and the all-or-nothing import. Every write records a history entry
 * (entityType 'system'). The provider teams live in ./teams.ts.
 */

type S = components['schemas'];
type System = S['System'];
type SystemInput = S['SystemInput'];
type SystemFilter = S['SystemSearchFilter'];
type SystemFrame = S['SystemFrame'];
type Kind = S['SystemKind'];

const IMAGE_OWNER = 'system_images';
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_UPLOAD = 10 * 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TEMPLATE_NAME = 'template_impianti.xlsx';
const SEARCH_FIELDS = ['code', 'name', 'address', 'municipality', 'province', 'region', 'zipCode'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const FIELD_COLUMN: Record<SearchField, string> = {
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

async function imagesOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
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

const iso = (v: string | number | Date) => new Date(v).toISOString();
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
  'lease_id', 'domains', 'illuminated', 'faces', 'data', 'created_at', 'updated_at',
] as const satisfies readonly (keyof SystemRow)[];
// Microseconds rounded to an integer, then whole milliseconds (what toISOString of the Date shows).
const epochMs = (column: string) => `((date_part('epoch', ${column}) * 1000000)::bigint / 1000)`;
const TUPLE_SQL = `json_build_array(s.n, fi.images, ${TUPLE_COLUMNS.map((c) => (c === 'created_at' || c === 'updated_at' ? epochMs(`s.${c}`) : `s.${c}`)).join(', ')})`;

type Tuple = [number, number[] | null, ...unknown[]];

/** A row from its tuple: position, images, then the TUPLE_COLUMNS in their order. */
function rowOfTuple(t: Tuple): SystemRow {
  const [, , id, code, name, type, system_type, status, address, region, province, municipality_istat, municipality_name, zip_code, latitude, longitude,
    media_owner_ids, authorization_ids, area_id, lease_id, domains, illuminated, faces, data, created_at, updated_at] = t as unknown as never[];
  return {
    id, code, name, type, system_type, status, address, region, province, municipality_istat, municipality_name, zip_code, latitude, longitude,
    media_owner_ids, authorization_ids, area_id, lease_id, domains, illuminated, faces, data, created_at, updated_at,
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

async function rowById(db: Db, id: number): Promise<SystemRow | undefined> {
  const { rows } = await db.query<SystemRow>('SELECT * FROM systems WHERE id = $1', [id]);
  return rows[0];
}

async function requireRow(db: Db, id: number): Promise<SystemRow> {
  const row = await rowById(db, id);
  if (!row) throw new HttpError(404, `Impianto ${id} non trovato`);
  return row;
}

export async function systemById(db: Db, id: number): Promise<System | undefined> {
  return (await systemsWhere(db, { sql: 'WHERE id = $1', params: [id] })).systems[0];
}

registerResourceReader('system', async (db, id) => (await systemById(db, id)) ?? null);

/* ---------- searching ---------- */

const likeOf = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

class Where {
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

function kindFilter(w: Where, type: unknown) {
  if (type === 'OOH' || type === 'DOOH') w.add('type = ?', type);
}

function filterWhere(filter: SystemFilter, type: unknown): Where {
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
  if (filter.searchTerm?.trim()) w.add("search_text LIKE ? ESCAPE '\\'", likeOf(filter.searchTerm.trim()));
  return w;
}

async function page(db: Db, w: Where, p: number, n: number, order: string): Promise<S['SystemPage']> {
  const { systems, total } = await systemsWhere(db, w, order, { limit: n, offset: p * n, count: true });
  return { content: systems, totalElements: total, totalPages: Math.ceil(total / n), number: p, size: n };
}

function orderOf(sort: unknown, dir: unknown): string {
  const column = SORT_COLUMN[String(sort ?? 'id')] ?? 'id';
  const d = String(dir ?? 'ASC').toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  // The code is unique like the id: no tie to break, and its index gives the order.
  return column === 'id' || column === 'code' ? `${column} ${d}` : `${column} ${d}, id ${d}`;
}

/** SQL of the relevance of one column: exact 0.9 (1 for the code), prefix 0.75, word prefix 0.6, inside 0.4. */
function relevanceSql(column: string, exactScore: number, t: string, like: string, wordLike: string): string {
  const c = `lower(coalesce(${column}, ''))`;
  return `CASE WHEN ${c} = ${t} THEN ${exactScore} WHEN left(${c}, length(${t})) = ${t} THEN 0.75 WHEN ${c} LIKE ${wordLike} ESCAPE '\\' THEN 0.6 WHEN ${c} LIKE ${like} ESCAPE '\\' THEN 0.4 ELSE 0 END`;
}

function matchOf(s: SystemRow, fields: readonly SearchField[], term: string): { field: SearchField; value: string; score: number } {
  let best = { field: fields[0], value: String(s[FIELD_COLUMN[fields[0]] as keyof SystemRow] ?? ''), score: 0 };
  for (const f of fields) {
    const value = String(s[FIELD_COLUMN[f] as keyof SystemRow] ?? '');
    const v = value.toLowerCase();
    const score = v === term ? (f === 'code' ? 1 : 0.9) : v.startsWith(term) ? 0.75 : v.includes(` ${term}`) ? 0.6 : v.includes(term) ? 0.4 : 0;
    if (score > best.score) best = { field: f, value, score };
  }
  return best;
}

/* ---------- writing ---------- */

interface Resolved {
  columns: Record<string, unknown>;
  provinceCode: string;
}

const DOOH_MESSAGE = `Un impianto DOOH ammette solo i tipi ${DOOH_TYPES.join(', ')}`;

async function existingIds(db: Db, table: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1::bigint[])`, [ids]);
  return new Set(rows.map((r) => Number(r.id)));
}

/** The checks the schema cannot express; throws 400 with an Italian message. Returns the row columns. */
async function resolveInput(db: Db, input: SystemInput, queryType: unknown): Promise<Resolved> {
  if (queryType !== undefined && queryType !== input.type) {
    throw new HttpError(400, `Il tipo della richiesta (${String(queryType)}) non corrisponde al tipo dell'impianto (${input.type})`);
  }
  if (input.type === 'DOOH' && !(DOOH_TYPES as readonly string[]).includes(input.systemType)) {
    throw new HttpError(400, `${DOOH_MESSAGE}: "${input.systemType}" non è ammesso`, { errors: [{ path: '/body/systemType', message: DOOH_MESSAGE }] });
  }
  const { rows: places } = await db.query<{ istat_code: string; name: string; province_code: string; province_name: string; region_name: string; zip_codes: string[] }>(
    `SELECT m.istat_code, m.name, m.province_code, p.name AS province_name, r.name AS region_name, m.zip_codes
       FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code
      WHERE m.istat_code = $1`,
    [input.municipalityId],
  );
  const place = places[0];
  if (!place) throw new HttpError(400, `Comune non trovato: codice ISTAT ${input.municipalityId}`, { errors: [{ path: '/body/municipalityId', message: 'comune non trovato' }] });
  if (input.zipCode && place.zip_codes.length && !place.zip_codes.includes(input.zipCode)) {
    throw new HttpError(400, `Il CAP ${input.zipCode} non appartiene al comune di ${place.name}`, { errors: [{ path: '/body/zipCode', message: 'CAP non del comune' }] });
  }
  const sizes: S['SystemSize'][] = [];
  if (input.sizes?.length) {
    const { rows } = await db.query<{ id: string; width: number; height: number; type: string }>(
      'SELECT id, width, height, type FROM system_sizes WHERE id = ANY($1::bigint[])',
      [input.sizes.map((s) => s.sizeId)],
    );
    for (const s of input.sizes) {
      const found = rows.find((r) => Number(r.id) === s.sizeId);
      if (!found) throw new HttpError(400, `Formato ${s.sizeId} non trovato`);
      if (found.type !== input.type) throw new HttpError(400, `Il formato ${s.sizeId} non è un formato ${input.type}`);
      sizes.push({ sizeId: s.sizeId, width: s.width ?? Number(found.width), height: s.height ?? Number(found.height) });
    }
  }
  const checkAll = async (table: string, ids: number[], label: string) => {
    const found = await existingIds(db, table, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new HttpError(400, `${label} non trovat${missing.length > 1 ? 'e' : 'a'}: ${missing.join(', ')}`);
  };
  if (input.leaseId !== undefined) await checkAll('system_leases', [input.leaseId], 'Locazione');
  await checkAll('system_authorizations', input.authorizationIds ?? [], 'Autorizzazion' + ((input.authorizationIds ?? []).length > 1 ? 'i' : 'e'));
  await checkAll('system_media_owners', input.mediaOwnerIds ?? [], 'Concessionaria');
  if (input.areaId !== undefined) {
    const { rows } = await db.query<{ type: string }>('SELECT type FROM system_areas WHERE id = $1', [input.areaId]);
    if (!rows[0]) throw new HttpError(400, `Area ${input.areaId} non trovata`);
    if (rows[0].type !== input.type) throw new HttpError(400, `L'area ${input.areaId} non è un'area ${input.type}`);
  }
  const columns: Record<string, unknown> = {
    name: input.name.trim(),
    type: input.type,
    system_type: input.systemType,
    status: input.status ?? 'initialized',
    address: input.address.trim(),
    region: place.region_name,
    province: place.province_name,
    municipality_istat: place.istat_code,
    municipality_name: place.name,
    zip_code: input.zipCode ?? place.zip_codes[0] ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    media_owner_ids: input.mediaOwnerIds ?? [],
    authorization_ids: input.authorizationIds ?? [],
    area_id: input.areaId ?? null,
    lease_id: input.leaseId ?? null,
    domains: input.domains ?? [],
    illuminated: input.illuminated ?? false,
    faces: input.faces ?? 1,
  };
  return { columns: { ...columns, sizes, notes: input.notes }, provinceCode: place.province_code };
}

async function nextCode(db: Db, sequence: string, reserve: boolean): Promise<string> {
  const { rows } = await db.query<{ last: number }>('SELECT last FROM system_sequences WHERE name = $1', [sequence]);
  const { rows: used } = await db.query<{ max: number | null }>(
    `SELECT max(substring(code FROM 4)::int) AS max FROM systems WHERE code LIKE $1`,
    [`${sequence}-%`],
  );
  const next = Math.max(rows[0]?.last ?? 0, used[0]?.max ?? 0) + 1;
  if (reserve) {
    await db.query('INSERT INTO system_sequences (name, last) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET last = EXCLUDED.last', [sequence, next]);
  }
  return `${sequence}-${String(next).padStart(4, '0')}`;
}

async function requireFreeCode(db: Db, code: string, exceptId?: number) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM systems WHERE code = $1', [code]);
  if (rows[0] && Number(rows[0].id) !== exceptId) throw new HttpError(409, `Il codice ${code} è già in uso`);
}

/** The writable fields of a system, to diff for the history. */
function writable(s: System) {
  return {
    code: s.code, name: s.name, type: s.type, systemType: s.systemType, status: s.status, sizes: s.sizes, address: s.address,
    region: s.region, province: s.province, municipality: s.municipality.istatCode, zipCode: s.zipCode ?? null,
    latitude: s.latitude, longitude: s.longitude, domains: s.domains, lease: s.lease?.id ?? null,
    authorizations: s.authorizations.map((a) => a.id), mediaOwners: s.mediaOwners.map((m) => m.id), area: s.area?.id ?? null,
    illuminated: s.illuminated, faces: s.faces, notes: s.notes ?? null,
  };
}

function diff(before: System | undefined, after: System | undefined) {
  const a = before ? writable(before) : {};
  const b = after ? writable(after) : {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const changes: { field: string; oldValue: unknown; newValue: unknown }[] = [];
  for (const k of keys) {
    const o = (a as Record<string, unknown>)[k] ?? null;
    const n = (b as Record<string, unknown>)[k] ?? null;
    if (JSON.stringify(o) !== JSON.stringify(n)) changes.push({ field: k, oldValue: o, newValue: n });
  }
  return changes;
}

async function history(ctx: HandlerContext, db: Db, id: number, action: string, changes: unknown) {
  await ctx.services.recordHistory(db, { entityType: 'system', entityId: id, action, username: ctx.user?.username ?? 'system', changes });
}

/** Creates (no `id`) or replaces (with `id`) a system in `db`; records the history. */
export async function writeSystem(ctx: HandlerContext, db: Db, input: SystemInput, queryType: unknown, id?: number): Promise<System> {
  const before = id !== undefined ? await systemById(db, id) : undefined;
  if (id !== undefined && !before) throw new HttpError(404, `Impianto ${id} non trovato`);
  const { columns, provinceCode } = await resolveInput(db, input, queryType);
  const { sizes, notes, ...cols } = columns as Record<string, unknown> & { sizes: S['SystemSize'][]; notes?: string };
  let code = input.code;
  if (code) await requireFreeCode(db, code, id);
  else code = before?.code ?? (await nextCode(db, provinceCode, true));
  const search = searchTextOf({ code, name: String(cols.name), address: String(cols.address), municipality_name: String(cols.municipality_name), province: String(cols.province), zip_code: cols.zip_code as string | null });
  let newId: number;
  if (before) {
    const old = (await rowById(db, before.id))!;
    const data = { ...old.data, sizes, notes };
    const names = Object.keys(cols);
    await db.query(
      `UPDATE systems SET code = $1, search_text = $2, data = $3::jsonb, updated_at = now(), ${names.map((n, i) => `${n} = $${i + 4}`).join(', ')} WHERE id = $${names.length + 4}`,
      [code, search, JSON.stringify(data), ...names.map((n) => cols[n]), before.id],
    );
    newId = before.id;
  } else {
    const frames: Omit<SystemFrame, 'id' | 'systemId'>[] = [];
    const all = { ...cols, code, search_text: search, data: JSON.stringify({ sizes, notes, frames }) };
    const names = Object.keys(all);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO systems (${names.join(', ')}) VALUES (${names.map((_n, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      names.map((n) => (all as Record<string, unknown>)[n]),
    );
    newId = Number(rows[0].id);
  }
  const after = (await systemById(db, newId))!;
  await history(ctx, db, newId, before ? 'update' : 'create', diff(before, after));
  return after;
}

/* ---------- import ---------- */

/** The template's columns: header label, SystemInput field, how to read the cell. */
const COLUMNS: { header: string; key: string; kind: 'text' | 'number' | 'int' | 'bool' | 'ids' | 'list'; note: string }[] = [
  { header: 'Codice', key: 'code', kind: 'text', note: 'Vuoto per un nuovo codice (sigla provincia-numero, es. MI-0001); se esiste, l\'impianto viene aggiornato' },
  { header: 'Nome', key: 'name', kind: 'text', note: 'Obbligatorio' },
  { header: 'Tipo', key: 'type', kind: 'text', note: 'OOH o DOOH (obbligatorio)' },
  { header: 'Tipologia', key: 'systemType', kind: 'text', note: 'Vedi il foglio "Valori ammessi" (obbligatorio)' },
  { header: 'Stato', key: 'status', kind: 'text', note: STATUSES.join(', ') },
  { header: 'Indirizzo', key: 'address', kind: 'text', note: 'Obbligatorio' },
  { header: 'Codice ISTAT comune', key: 'municipalityId', kind: 'text', note: 'Sei cifre, es. 015146 (obbligatorio)' },
  { header: 'CAP', key: 'zipCode', kind: 'text', note: 'Cinque cifre' },
  { header: 'Latitudine', key: 'latitude', kind: 'number', note: 'Obbligatoria, da -90 a 90' },
  { header: 'Longitudine', key: 'longitude', kind: 'number', note: 'Obbligatoria, da -180 a 180' },
  { header: 'Formati', key: 'sizes', kind: 'ids', note: 'Id dei formati separati da ;' },
  { header: 'Domini', key: 'domains', kind: 'list', note: 'Separati da ;' },
  { header: 'Locazione', key: 'leaseId', kind: 'int', note: 'Id della locazione' },
  { header: 'Autorizzazioni', key: 'authorizationIds', kind: 'ids', note: 'Id separati da ;' },
  { header: 'Concessionarie', key: 'mediaOwnerIds', kind: 'ids', note: 'Id separati da ;' },
  { header: 'Area', key: 'areaId', kind: 'int', note: 'Id dell\'area' },
  { header: 'Illuminato', key: 'illuminated', kind: 'bool', note: 'SI o NO' },
  { header: 'Facce', key: 'faces', kind: 'int', note: 'Da 1 a 100' },
  { header: 'Note', key: 'notes', kind: 'text', note: 'Testo libero' },
];

const normalizeHeader = (h: string) => h.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]/g, '');

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString();
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v).trim();
}

/** One row → SystemInput, or the Italian reason it is invalid. */
function rowInput(values: Record<string, string>): SystemInput | string {
  const input: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const raw = values[c.key] ?? '';
    if (raw === '') continue;
    if (c.kind === 'text') input[c.key] = raw;
    else if (c.kind === 'number' || c.kind === 'int') {
      const n = Number(raw.replace(',', '.'));
      if (!Number.isFinite(n) || (c.kind === 'int' && !Number.isInteger(n))) return `${c.header}: "${raw}" non è un numero valido`;
      input[c.key] = n;
    } else if (c.kind === 'bool') {
      const v = raw.toLowerCase();
      if (['si', 'sì', 'true', '1', 'x'].includes(v)) input[c.key] = true;
      else if (['no', 'false', '0'].includes(v)) input[c.key] = false;
      else return `${c.header}: "${raw}" non è SI o NO`;
    } else {
      const parts = raw.split(/[;,]/).map((p) => p.trim()).filter(Boolean);
      if (c.kind === 'list') input[c.key] = [...new Set(parts)];
      else {
        const ids = parts.map(Number);
        if (ids.some((n) => !Number.isInteger(n) || n < 1)) return `${c.header}: "${raw}" non è un elenco di id`;
        input[c.key] = c.key === 'sizes' ? [...new Set(ids)].map((sizeId) => ({ sizeId })) : [...new Set(ids)];
      }
    }
  }
  const missing: string[] = [];
  if (!input.name) missing.push('nome');
  if (!input.type) missing.push('tipo');
  if (!input.systemType) missing.push('tipologia');
  if (!input.address) missing.push('indirizzo');
  if (!input.municipalityId) missing.push('codice ISTAT comune');
  if (input.latitude === undefined) missing.push('latitudine');
  if (input.longitude === undefined) missing.push('longitudine');
  if (missing.length) return `${missing.join(', ')} mancant${missing.length > 1 ? 'i' : 'e'}`;
  if (input.type !== 'OOH' && input.type !== 'DOOH') return `tipo "${String(input.type)}" non valido (OOH o DOOH)`;
  if (!(OOH_TYPES as readonly string[]).includes(String(input.systemType))) return `tipologia "${String(input.systemType)}" non valida`;
  if (input.status !== undefined && !(STATUSES as readonly string[]).includes(String(input.status))) return `stato "${String(input.status)}" non valido`;
  if (input.code !== undefined && !/^[A-Z]{2}-[0-9]{4,}$/.test(String(input.code))) return `codice "${String(input.code)}" non valido (es. MI-0001)`;
  if (!/^[0-9]{6}$/.test(String(input.municipalityId))) return `codice ISTAT "${String(input.municipalityId)}" non valido (sei cifre)`;
  if (input.zipCode !== undefined && !/^[0-9]{5}$/.test(String(input.zipCode))) return `CAP "${String(input.zipCode)}" non valido`;
  const lat = Number(input.latitude);
  const lng = Number(input.longitude);
  if (lat < -90 || lat > 90) return `latitudine ${lat} fuori intervallo`;
  if (lng < -180 || lng > 180) return `longitudine ${lng} fuori intervallo`;
  if (input.faces !== undefined && (Number(input.faces) < 1 || Number(input.faces) > 100)) return 'facce: da 1 a 100';
  if (String(input.name).length > 200) return 'nome troppo lungo (massimo 200 caratteri)';
  if (String(input.address).length > 300) return 'indirizzo troppo lungo (massimo 300 caratteri)';
  return input as unknown as SystemInput;
}

function requireFile(ctx: HandlerContext, allowed: string[], message: string): UploadedFile {
  const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
  if (!upload) throw new HttpError(400, 'Nessun file ricevuto');
  if (upload.size > MAX_UPLOAD) throw new HttpError(413, 'Il file supera la dimensione massima di 10 MB');
  if (!allowed.includes(upload.mediaType)) throw new HttpError(415, `${message} (ricevuto: ${upload.mediaType})`);
  return upload;
}

async function templateWorkbook(db: Db): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Back office OOH';
  const sheet = wb.addWorksheet('Impianti');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  COLUMNS.forEach((c, i) => {
    sheet.getRow(1).getCell(i + 1).note = c.note;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const values = wb.addWorksheet('Valori ammessi');
  values.columns = [
    { header: 'Campo', key: 'field', width: 22 },
    { header: 'Valore', key: 'value', width: 22 },
    { header: 'Descrizione', key: 'label', width: 44 },
  ];
  values.getRow(1).font = { bold: true };
  for (const t of ['OOH', 'DOOH']) values.addRow({ field: 'Tipo', value: t, label: t === 'OOH' ? 'Tradizionale' : 'Digitale' });
  for (const code of OOH_TYPES) {
    const dooh = (DOOH_TYPES as readonly string[]).includes(code);
    values.addRow({ field: 'Tipologia', value: code, label: `${SYSTEM_TYPE_LABELS[code]} (${dooh ? 'OOH e DOOH' : 'solo OOH'})` });
  }
  for (const s of STATUSES) values.addRow({ field: 'Stato', value: s, label: s });
  const lookup = async (field: string, sql: string) => {
    const { rows } = await db.query<{ id: string; label: string }>(sql);
    for (const r of rows) values.addRow({ field, value: Number(r.id), label: r.label });
  };
  await lookup('Formati', "SELECT id, name || ' (' || type || ')' AS label FROM system_sizes ORDER BY id");
  await lookup('Locazione', 'SELECT id, name AS label FROM system_leases ORDER BY id');
  await lookup('Autorizzazioni', 'SELECT id, name AS label FROM system_authorizations ORDER BY id');
  await lookup('Concessionarie', 'SELECT id, name AS label FROM system_media_owners ORDER BY id');
  await lookup('Area', "SELECT id, name || ' (' || type || ')' AS label FROM system_areas ORDER BY id");
  values.addRow({ field: 'Illuminato', value: 'SI', label: 'oppure NO' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface ParsedRow {
  row: number;
  input: SystemInput;
}

/** Reads the workbook: every data row as a SystemInput, and the rejections. */
export async function parseImport(content: Buffer): Promise<{ rows: ParsedRow[]; rejected: S['ImportRejection'][] }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(400, 'Il file non è un foglio Excel (.xlsx) leggibile');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw new HttpError(400, 'Il file non contiene fogli');
  const byHeader = new Map<string, string>();
  for (const c of COLUMNS) {
    byHeader.set(normalizeHeader(c.header), c.key);
    byHeader.set(normalizeHeader(c.key), c.key);
  }
  const keys = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(normalizeHeader(cellText(cell.value)));
    if (key) keys.set(col, key);
  });
  for (const required of ['name', 'type', 'systemType', 'address', 'municipalityId', 'latitude', 'longitude']) {
    if (![...keys.values()].includes(required)) {
      const header = COLUMNS.find((c) => c.key === required)!.header;
      throw new HttpError(400, `Il file non segue il modello: manca la colonna "${header}"`);
    }
  }
  const rows: ParsedRow[] = [];
  const rejected: S['ImportRejection'][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const values: Record<string, string> = {};
    let any = false;
    for (const [col, key] of keys) {
      const v = cellText(sheet.getRow(r).getCell(col).value);
      if (v) any = true;
      values[key] = v;
    }
    if (!any) continue;
    const input = rowInput(values);
    if (typeof input === 'string') rejected.push({ row: r, reason: input });
    else rows.push({ row: r, input });
  }
  return { rows, rejected };
}

/* ---------- handlers ---------- */

const num = (v: unknown) => Number(v);

const systemHandlers: Partial<Record<keyof operations, Handler>> = {
  async listAllSystems(ctx) {
    return (await systemsWhere(ctx.db, { sql: '', params: [] })).systems;
  },

  async listSystemsByType(ctx) {
    return (await systemsWhere(ctx.db, { sql: 'WHERE type = $1', params: [ctx.params.type] })).systems;
  },

  async listSystemsPage(ctx) {
    const w = new Where();
    kindFilter(w, ctx.query.type);
    const term = typeof ctx.query.searchTerm === 'string' ? ctx.query.searchTerm.trim() : '';
    if (term) w.add("search_text LIKE ? ESCAPE '\\'", likeOf(term));
    return page(ctx.db, w, num(ctx.params.p), num(ctx.params.n), orderOf(ctx.query.sort, ctx.query.sortDir));
  },

  async getSystemById(ctx) {
    const id = num(ctx.params.id);
    if (ctx.user?.kind === 'guest' && !(ctx.user.resource?.resourceType === 'system' && ctx.user.resource.resourceId === id)) {
      throw new HttpError(403, 'Il link condiviso non dà accesso a questo impianto');
    }
    const s = await systemById(ctx.db, id);
    if (!s) throw new HttpError(404, `Impianto ${id} non trovato`);
    return s;
  },

  async getSystemsByIds(ctx) {
    const ids = (ctx.body as number[]).map(Number);
    const { systems } = await systemsWhere(ctx.db, { sql: 'WHERE id = ANY($1::bigint[])', params: [ids] });
    const byId = new Map(systems.map((s) => [s.id, s]));
    const seen = new Set<number>();
    return ids.filter((id) => byId.has(id) && !seen.has(id) && seen.add(id)).map((id) => byId.get(id)!);
  },

  async suggestSystems(ctx) {
    const term = String(ctx.query.searchTerm).trim().toLowerCase();
    const fields: readonly SearchField[] = ctx.query.searchField ? [ctx.query.searchField as SearchField] : SEARCH_FIELDS;
    const p = num(ctx.query.page ?? 0);
    const n = num(ctx.query.size ?? 20);
    const w = new Where();
    kindFilter(w, ctx.query.type);
    const like = likeOf(term);
    w.params.push(term, like, `% ${like.slice(1)}`);
    const [t, l, wl] = [`$${w.params.length - 2}::text`, `$${w.params.length - 1}::text`, `$${w.params.length}::text`];
    const scores = fields.map((f) => relevanceSql(FIELD_COLUMN[f], f === 'code' ? 1 : 0.9, t, l, wl));
    const score = scores.length > 1 ? `GREATEST(${scores.join(', ')})` : scores[0];
    w.parts.push(`${t} IS NOT NULL AND ${wl} IS NOT NULL`);
    w.parts.push(`(${fields.map((f) => `lower(coalesce(${FIELD_COLUMN[f]}, '')) LIKE ${l} ESCAPE '\\'`).join(' OR ')})`);
    const dir = String(ctx.query.sortDir ?? 'DESC').toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
    const sortBy = String(ctx.query.sortBy ?? 'relevance');
    const order =
      sortBy === 'relevance'
        ? `score ${dir}, length(code) ASC, code ASC`
        : `${{ code: 'code', name: 'name', municipality: 'municipality_name', createdAt: 'created_at' }[sortBy] ?? 'code'} ${dir}, id ASC`;
    const { rows: count } = await ctx.db.query<{ total: string }>(`SELECT count(*) AS total FROM systems ${w.sql}`, w.params);
    const total = Number(count[0].total);
    const { rows } = await ctx.db.query<SystemRow & { score: number }>(
      `SELECT *, ${score} AS score FROM systems ${w.sql} ORDER BY ${order} LIMIT ${n} OFFSET ${p * n}`,
      w.params,
    );
    return {
      content: rows.map((r) => {
        const m = matchOf(r, fields, term);
        return {
          id: Number(r.id), code: r.code, name: r.name, type: r.type, systemType: r.system_type, address: r.address,
          municipality: r.municipality_name, matchedField: m.field, matchedValue: m.value, score: Number(r.score),
        };
      }),
      totalElements: total,
      totalPages: Math.ceil(total / n),
      number: p,
      size: n,
    };
  },

  async searchSystems(ctx) {
    const w = filterWhere((ctx.body ?? {}) as SystemFilter, ctx.query.type);
    return page(ctx.db, w, num(ctx.query.page ?? 0), num(ctx.query.size ?? 9999), 'code ASC');
  },

  async createSystem(ctx) {
    const created = await ctx.db.transaction((tx) => writeSystem(ctx, tx, ctx.body as SystemInput, ctx.query.type));
    return reply(201, created);
  },

  async updateSystem(ctx) {
    return ctx.db.transaction((tx) => writeSystem(ctx, tx, ctx.body as SystemInput, ctx.query.type, num(ctx.query.id)));
  },

  async deleteSystem(ctx) {
    const id = num(ctx.query.id);
    return ctx.db.transaction(async (tx) => {
      const before = await systemById(tx, id);
      if (!before) throw new HttpError(404, `Impianto ${id} non trovato`);
      await tx.query('DELETE FROM files WHERE owner_collection = $1 AND owner_id = $2', [IMAGE_OWNER, id]);
      // The team links of the system (./teams.ts keeps them in the record store).
      await tx.query("DELETE FROM records WHERE collection = 'systemProviders' AND data->>'systemId' = $1", [String(id)]);
      await tx.query('DELETE FROM systems WHERE id = $1', [id]);
      await history(ctx, tx, id, 'delete', diff(before, undefined));
      return before;
    });
  },

  async removeSystemDomains(ctx) {
    const id = num(ctx.params.id);
    const remove = ctx.body as string[];
    return ctx.db.transaction(async (tx) => {
      const row = await requireRow(tx, id);
      const kept = row.domains.filter((d) => !remove.includes(d));
      if (kept.length !== row.domains.length) {
        await tx.query('UPDATE systems SET domains = $1::text[], updated_at = now() WHERE id = $2', [kept, id]);
        await history(ctx, tx, id, 'update', [{ field: 'domains', oldValue: row.domains, newValue: kept }]);
      }
      return (await systemById(tx, id))!;
    });
  },

  async getPreviewId(ctx) {
    const sequenceName = String(ctx.query.sequenceName);
    return { sequenceName, previewId: await nextCode(ctx.db, sequenceName, false) };
  },

  async listSystemFrames(ctx) {
    const id = num(ctx.query.systemId);
    const row = await requireRow(ctx.db, id);
    return (row.data.frames ?? []).map((f) => ({ ...f, systemId: id })).sort((a, b) => a.position - b.position);
  },

  async listDistinctValues(ctx) {
    const column = { type: 'type', systemType: 'system_type', status: 'status', region: 'region', province: 'province', municipality: 'municipality_name', zipCode: 'zip_code', address: 'address' }[ctx.params.x];
    if (!column) throw new HttpError(400, `Campo non ammesso: ${ctx.params.x}`);
    const { rows } = await ctx.db.query<{ v: string }>(`SELECT DISTINCT ${column} AS v FROM systems WHERE coalesce(${column}, '') <> '' ORDER BY 1`);
    return rows.map((r) => String(r.v));
  },

  listSystemTypeCodes(ctx) {
    return ctx.query.type === 'DOOH' ? [...DOOH_TYPES] : [...OOH_TYPES];
  },

  async listSystemTypes(ctx) {
    const { rows } = await ctx.db.query<{ id: string; code: string; name: string; types: string[]; marker: boolean }>('SELECT * FROM system_types ORDER BY id');
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  },

  async listSystemTypesByType(ctx) {
    const { rows } = await ctx.db.query<{ id: string; code: string; name: string; types: string[]; marker: boolean }>(
      'SELECT * FROM system_types WHERE $1 = ANY(types) ORDER BY id',
      [ctx.query.type],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  },

  async listSizes(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; width: number; height: number; type: string }>(
      'SELECT * FROM system_sizes WHERE type = $1 ORDER BY id',
      [ctx.query.type],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), width: Number(r.width), height: Number(r.height) }));
  },

  async getSizeById(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; width: number; height: number; type: string }>(
      'SELECT * FROM system_sizes WHERE id = $1 AND type = $2',
      [num(ctx.query.sid), ctx.query.type],
    );
    if (!rows[0]) throw new HttpError(404, `Formato ${String(ctx.query.sid)} non trovato tra i formati ${String(ctx.query.type)}`);
    return { ...rows[0], id: Number(rows[0].id), width: Number(rows[0].width), height: Number(rows[0].height) };
  },

  async listAreas(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; circuit_id: string | null }>('SELECT * FROM system_areas ORDER BY name, id');
    return rows.map((r) => (r.circuit_id === null ? { id: Number(r.id), name: r.name } : { id: Number(r.id), name: r.name, circuitId: Number(r.circuit_id) }));
  },

  async listAreasByCircuit(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; circuit_id: string }>(
      'SELECT * FROM system_areas WHERE circuit_id = $1 AND type = $2 ORDER BY name, id',
      [num(ctx.query.cid), ctx.query.type],
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, circuitId: Number(r.circuit_id) }));
  },

  async listAreaDtos(ctx) {
    const noCircuit = ctx.query.noCircuit === undefined ? true : ctx.query.noCircuit === true || ctx.query.noCircuit === 'true';
    const { rows } = await ctx.db.query<{ id: string; name: string; type: Kind; circuit_id: string | null; system_ids: string[] | null }>(
      `SELECT a.id, a.name, a.type, a.circuit_id,
              (SELECT array_agg(s.id ORDER BY s.id) FROM systems s WHERE s.area_id = a.id) AS system_ids
         FROM system_areas a WHERE a.type = $1 ${noCircuit ? 'AND a.circuit_id IS NULL' : ''} ORDER BY a.name, a.id`,
      [ctx.query.type],
    );
    return rows.map((r) => ({
      id: Number(r.id), name: r.name, type: r.type, systemIds: (r.system_ids ?? []).map(Number),
      ...(r.circuit_id === null ? {} : { circuitId: Number(r.circuit_id) }),
    }));
  },

  async listMediaOwners(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; vat: string | null; mail: string | null }>('SELECT * FROM system_media_owners ORDER BY name');
    return rows.map((r) => ({ id: Number(r.id), name: r.name, ...(r.vat ? { vat: r.vat } : {}), ...(r.mail ? { mail: r.mail } : {}) }));
  },

  async listLeases(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; lessor: string | null; start_date: string | Date | null; end_date: string | Date | null; annual_fee: string | null }>(
      'SELECT * FROM system_leases ORDER BY name, id',
    );
    const day = (d: string | Date | null) => (d === null ? undefined : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
    return rows.map((r) => JSON.parse(JSON.stringify({
      id: Number(r.id), name: r.name, lessor: r.lessor ?? undefined, startDate: day(r.start_date), endDate: day(r.end_date),
      annualFee: r.annual_fee === null ? undefined : Number(r.annual_fee),
    })));
  },

  async listAuthorizations(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; issuer: string | null; number: string | null; valid_from: string | Date | null; valid_to: string | Date | null }>(
      'SELECT * FROM system_authorizations ORDER BY name, id',
    );
    const day = (d: string | Date | null) => (d === null ? undefined : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
    return rows.map((r) => JSON.parse(JSON.stringify({
      id: Number(r.id), name: r.name, issuer: r.issuer ?? undefined, number: r.number ?? undefined, validFrom: day(r.valid_from), validTo: day(r.valid_to),
    })));
  },

  async listMunicipalities(ctx) {
    const { rows } = await ctx.db.query<{ istat_code: string; name: string; province: string; region: string }>(
      `SELECT m.istat_code, m.name, p.name AS province, r.name AS region
         FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code
        WHERE m.istat_code IN (SELECT DISTINCT municipality_istat FROM systems)
        ORDER BY m.name, m.istat_code`,
    );
    return rows.map((r) => ({ istatCode: r.istat_code, name: r.name, province: r.province, region: r.region }));
  },

  async getMunicipalityById(ctx) {
    const { rows } = await ctx.db.query<{ istat_code: string; name: string; province: string; region: string }>(
      `SELECT m.istat_code, m.name, p.name AS province, r.name AS region
         FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code
        WHERE m.istat_code = $1`,
      [ctx.query.municipalityId],
    );
    if (!rows[0]) throw new HttpError(404, `Comune non trovato: codice ISTAT ${String(ctx.query.municipalityId)}`);
    const r = rows[0];
    return { istatCode: r.istat_code, name: r.name, province: r.province, region: r.region };
  },

  async listSystemsInArea(ctx) {
    const b = ctx.body as S['Bounds'];
    const bias = ctx.query.biasPercentage === undefined ? 0.01 : num(ctx.query.biasPercentage);
    const north = Math.max(b.north, b.south);
    const south = Math.min(b.north, b.south);
    const dLat = (north - south) * bias;
    const w = new Where();
    kindFilter(w, ctx.query.type);
    w.add('latitude BETWEEN ? AND ?', south - dLat, north + dLat);
    if (b.west <= b.east) {
      const dLng = (b.east - b.west) * bias;
      w.add('longitude BETWEEN ? AND ?', b.west - dLng, b.east + dLng);
    } else {
      // The bounds cross the antimeridian.
      w.add('(longitude >= ? OR longitude <= ?)', b.west, b.east);
    }
    const { rows } = await ctx.db.query<SystemRow>(
      `SELECT id, code, name, type, system_type, status, address, municipality_name, latitude, longitude FROM systems ${w.sql} ORDER BY id`,
      w.params,
    );
    return rows.map((r) => ({
      id: Number(r.id), code: r.code, name: r.name, type: r.type, systemType: r.system_type, status: r.status, address: r.address,
      municipality: r.municipality_name, latitude: Number(r.latitude), longitude: Number(r.longitude),
    }));
  },

  async geocodeAddress(ctx) {
    const found = await geocodeAddress(ctx.db, String(ctx.query.address));
    if (!found) return [];
    const street = String(ctx.query.address).split(',')[0].trim();
    return [{
      formattedAddress: found.formatted,
      ...(street && street.toLowerCase() !== found.entry.name.toLowerCase() ? { address: street } : {}),
      region: found.entry.region,
      province: found.entry.provinceName,
      municipality: { istatCode: found.entry.istatCode, name: found.entry.name },
      zipCode: found.zipCode,
      latitude: found.latitude,
      longitude: found.longitude,
    }];
  },

  async uploadSystemImage(ctx) {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const systemId = num(body.systemId);
    const upload = requireFile(ctx, IMAGE_TYPES, 'Tipo di file non supportato: sono ammesse immagini JPEG, PNG o WebP');
    if (/[\\/]|\.\./.test(upload.fileName)) throw new HttpError(400, 'Nome del file non valido');
    return ctx.db.transaction(async (tx) => {
      const row = await requireRow(tx, systemId);
      const before = (await imagesOf(tx, [systemId])).get(systemId) ?? [];
      const id = await storeFile(tx, { collection: IMAGE_OWNER, id: Number(row.id) }, upload, ctx.user?.username);
      await tx.query('UPDATE systems SET updated_at = now() WHERE id = $1', [systemId]);
      await history(ctx, tx, systemId, 'attach', [{ field: 'images', oldValue: before, newValue: [...before, id] }]);
      const { rows } = await tx.query<{ created_at: string | Date }>('SELECT created_at FROM files WHERE id = $1', [id]);
      return reply(201, { id, systemId, fileName: upload.fileName, contentType: upload.mediaType, size: upload.size, createdAt: iso(rows[0].created_at) });
    });
  },

  async getSystemImage(ctx) {
    const id = num(ctx.params.id);
    const found = await readFile(ctx.db, id);
    if (!found || found.ownerCollection !== IMAGE_OWNER) throw new HttpError(404, `Immagine ${id} non trovata`);
    if (ctx.user?.kind === 'guest' && !(ctx.user.resource?.resourceType === 'system' && ctx.user.resource.resourceId === found.ownerId)) {
      throw new HttpError(403, 'Il link condiviso non dà accesso a questa immagine');
    }
    return file(found.content, found.mediaType);
  },

  async deleteSystemImage(ctx) {
    const id = num(ctx.params.id);
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ owner_id: string; file_name: string; media_type: string; size: number; created_at: string | Date }>(
        'SELECT owner_id, file_name, media_type, size, created_at FROM files WHERE id = $1 AND owner_collection = $2',
        [id, IMAGE_OWNER],
      );
      const f = rows[0];
      if (!f) throw new HttpError(404, `Immagine ${id} non trovata`);
      const systemId = Number(f.owner_id);
      const before = (await imagesOf(tx, [systemId])).get(systemId) ?? [];
      await deleteFile(tx, id);
      await tx.query('UPDATE systems SET updated_at = now() WHERE id = $1', [systemId]);
      await history(ctx, tx, systemId, 'detach', [{ field: 'images', oldValue: before, newValue: before.filter((i) => i !== id) }]);
      return { id, systemId, fileName: f.file_name, contentType: f.media_type, size: Number(f.size), createdAt: iso(f.created_at) };
    });
  },

  async downloadImportTemplate(ctx) {
    return file(await templateWorkbook(ctx.db), XLSX, TEMPLATE_NAME);
  },

  async importSystems(ctx) {
    const upload = requireFile(ctx, [XLSX, 'application/octet-stream'], 'Tipo di file non supportato: serve un foglio Excel .xlsx');
    const { rows, rejected } = await parseImport(upload.content);
    if (!rows.length && !rejected.length) throw new HttpError(400, 'Il file non contiene righe da importare');
    const fail = (all: S['ImportRejection'][]) => {
      const sorted = [...all].sort((a, b) => a.row - b.row);
      const n = sorted.length;
      return new HttpError(422, `Importazione annullata: ${n} rig${n === 1 ? 'a non valida' : 'he non valide'}, nessun impianto importato`, {
        errors: sorted.map((r) => ({ path: `riga ${r.row}`, message: r.reason })),
        created: 0,
        updated: 0,
        rejected: sorted,
      });
    };
    // Codes twice in the file.
    const seenCodes = new Map<string, number>();
    for (const r of rows) {
      if (!r.input.code) continue;
      const first = seenCodes.get(r.input.code);
      if (first !== undefined) rejected.push({ row: r.row, reason: `codice ${r.input.code} già presente alla riga ${first}` });
      else seenCodes.set(r.input.code, r.row);
    }
    // Every valid row is written inside the one transaction (the business checks run there); any
    // rejection, syntactic or not, rolls the whole import back.
    try {
      return await ctx.db.transaction(async (tx) => {
        const problems: S['ImportRejection'][] = [...rejected];
        let created = 0;
        let updated = 0;
        for (const r of rows) {
          try {
            const { rows: found } = r.input.code ? await tx.query<{ id: string }>('SELECT id FROM systems WHERE code = $1', [r.input.code]) : { rows: [] };
            await writeSystem(ctx, tx, r.input, undefined, found[0] ? Number(found[0].id) : undefined);
            if (found[0]) updated++;
            else created++;
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            problems.push({ row: r.row, reason: error.message });
          }
        }
        if (problems.length) throw fail(problems);
        return { created, updated, rejected: [] };
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'Importazione non riuscita: il file non è stato importato');
    }
  },
};

/** The systems service: systems (here) and provider teams (./teams.ts), both in systems.yaml. */
export const handlers: ServiceHandlers = { ...(systemHandlers as ServiceHandlers), ...teamHandlers };

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const places = await seededMunicipalities(db);
  if (!places.length) return;
  await seedLookups(db, places, rng);
  await seedSystems(db, places, size === 'large' ? 20_000 : 2_000, rng);
}
