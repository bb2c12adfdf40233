import type { Db } from './db';
import { numberedSequence } from './db/sequences';
import { clock } from './clock';
import { file, HttpError, isReply, reply, type Handler, type HandlerContext, type ServiceHandlers, type UploadedFile } from './http';

/* The generic JSON document store (table `records`): one collection per resource. */

export type RecordData = Record<string, unknown>;

/**
 * The field every record an edit form saves carries: the version its last write left (moved by
 * every write, migration 093). An update that sends it back is refused when the record has moved on
 * since (`guardedUpdate`). Not `version`: an estimate's `version` is its revision number.
 */
export const LOCK_VERSION = 'lockVersion';
export type StoredRecord = RecordData & { id: number };

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

function field(name: string): string {
  if (!FIELD.test(name)) throw new HttpError(400, `Campo non valido: ${name}`);
  return name;
}

type RecordRow = { id: string | number; data: RecordData; version?: string | number | null };

/** A stored row as the services read it: its data, its id, and the version its last write left. */
const toRecord = (row: RecordRow): StoredRecord => ({
  ...row.data,
  id: Number(row.id),
  ...(row.version === undefined || row.version === null ? {} : { [LOCK_VERSION]: Number(row.version) }),
});

/** What a write keeps of a body: neither the id nor the version are data. */
function dataOf(data: RecordData): RecordData {
  const { id: _id, [LOCK_VERSION]: _version, ...rest } = data;
  return rest;
}

export async function insertRecord(db: Db, collection: string, data: RecordData): Promise<StoredRecord> {
  const rest = dataOf(data);
  const { rows } = await db.query<RecordRow>(
    'INSERT INTO records (collection, data) VALUES ($1, $2) RETURNING id, data, version',
    [collection, JSON.stringify(rest)],
  );
  return toRecord(rows[0]);
}

export async function getRecord(db: Db, collection: string, id: number): Promise<StoredRecord | undefined> {
  const { rows } = await db.query<RecordRow>('SELECT id, data, version FROM records WHERE collection = $1 AND id = $2', [collection, id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function requireRecord(db: Db, collection: string, id: number, label = 'Elemento'): Promise<StoredRecord> {
  const record = await getRecord(db, collection, id);
  if (!record) throw new HttpError(404, `${label} ${id} non trovato`);
  return record;
}

export async function updateRecord(db: Db, collection: string, id: number, data: RecordData, merge = true): Promise<StoredRecord | undefined> {
  const rest = dataOf(data);
  const { rows } = await db.query<RecordRow>(
    `UPDATE records SET data = ${merge ? 'data || $3::jsonb' : '$3::jsonb'}, updated_at = now()
      WHERE collection = $1 AND id = $2 RETURNING id, data, version`,
    [collection, id, JSON.stringify(rest)],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function deleteRecord(db: Db, collection: string, id: number): Promise<StoredRecord | undefined> {
  const { rows } = await db.query<{ id: string; data: RecordData }>('DELETE FROM records WHERE collection = $1 AND id = $2 RETURNING id, data, version', [
    collection,
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export interface ListQuery {
  /** Equality per field (an array means any of); `q` searches every text; `<f>_gte` / `<f>_lte` bound a field. */
  filter?: Record<string, unknown>;
  sort?: [string, 'ASC' | 'DESC'];
  /** Inclusive range of positions, as ra-data-simple-rest sends it. */
  range?: [number, number];
}

export async function listRecords(db: Db, collection: string, query: ListQuery = {}): Promise<{ rows: StoredRecord[]; total: number }> {
  const where: string[] = ['collection = $1'];
  const params: unknown[] = [collection];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const [key, value] of Object.entries(query.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q') {
      where.push(`data::text ILIKE ${add(`%${String(value)}%`)}`);
    } else if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger); // no record has an id beyond them
      where.push(`id = ANY(${add(ids)}::bigint[])`);
    } else if (key.endsWith('_gte') || key.endsWith('_lte')) {
      const f = field(key.slice(0, -4));
      where.push(`data->>'${f}' ${key.endsWith('_gte') ? '>=' : '<='} ${add(String(value))}`);
    } else if (Array.isArray(value)) {
      where.push(`data->>'${field(key)}' = ANY(${add(value.map(String))}::text[])`);
    } else {
      where.push(`data->>'${field(key)}' = ${add(String(value))}`);
    }
  }
  const [sortField, sortDir] = query.sort ?? ['id', 'ASC'];
  const dir = sortDir === 'DESC' ? 'DESC' : 'ASC';
  const order = sortField === 'id' ? `id ${dir}` : `data->'${field(sortField)}' ${dir} NULLS LAST, id ${dir}`;
  const [start, end] = query.range ?? [0, 9999];
  const limit = Math.max(0, Math.min(10000, end - start + 1));
  const sql = `SELECT id, data, version, count(*) OVER () AS total FROM records WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${Math.max(0, start)}`;
  const { rows } = await db.query<RecordRow & { total: string }>(sql, params);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && start > 0) {
    const c = await db.query<{ n: string }>(`SELECT count(*) AS n FROM records WHERE ${where.join(' AND ')}`, params);
    total = Number(c.rows[0].n);
  }
  return { rows: rows.map(toRecord), total };
}

function parseJsonParam<T>(value: unknown, name: string): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    throw new HttpError(400, `Il parametro ${name} non è JSON valido`);
  }
}

/** ra-data-simple-rest's list query (`sort`, `range`, `filter` as JSON strings). */
export function simpleRestQuery(query: Record<string, unknown>): ListQuery {
  const sort = parseJsonParam<[string, 'ASC' | 'DESC']>(query.sort, 'sort');
  const range = parseJsonParam<[number, number]>(query.range, 'range');
  const filter = parseJsonParam<Record<string, unknown>>(query.filter, 'filter');
  if (sort && (!Array.isArray(sort) || typeof sort[0] !== 'string')) throw new HttpError(400, 'sort deve essere ["campo","ASC|DESC"]');
  if (range && (!Array.isArray(range) || range.length !== 2 || !range.every(Number.isSafeInteger) || range[0] < 0 || range[1] < range[0])) {
    throw new HttpError(400, 'range deve essere [inizio, fine] con 0 ≤ inizio ≤ fine');
  }
  if (filter && (typeof filter !== 'object' || Array.isArray(filter))) throw new HttpError(400, 'filter deve essere un oggetto JSON');
  return { sort, range, filter };
}

export interface SimpleRestOptions {
  /** The resource name in paths and in Content-Range (e.g. `campaigns`). */
  resource: string;
  collection?: string;
  label?: string;
  /** How a refused stale update names one (`dispositivo`), and whether the noun is feminine. */
  noun?: string;
  feminine?: boolean;
  /** Fills server-side fields and checks rules before a create or update. */
  beforeWrite?: (ctx: HandlerContext, data: RecordData, existing?: StoredRecord) => Promise<RecordData> | RecordData;
  afterWrite?: (ctx: HandlerContext, record: StoredRecord, action: 'create' | 'update' | 'delete') => Promise<void> | void;
}

/**
 * The five ra-data-simple-rest handlers of one resource. Their operationIds are passed in, since
 * each document names its own.
 */
export function simpleRestHandlers<const Ops extends { list?: string; get?: string; create?: string; update?: string; remove?: string }>(
  ops: Ops,
  options: SimpleRestOptions,
): Record<Ops[keyof Ops] & string, Handler> {
  const collection = options.collection ?? options.resource;
  const label = options.label ?? 'Elemento';
  const handlers: ServiceHandlers = {};
  const idOf = (ctx: HandlerContext) => {
    const id = Number(ctx.params.id);
    if (!Number.isInteger(id) || id < 1) throw new HttpError(400, 'id non valido');
    return id;
  };
  if (ops.list) {
    handlers[ops.list] = (async (ctx) => {
      const q = simpleRestQuery(ctx.query);
      const { rows, total } = await listRecords(ctx.db, collection, q);
      const start = q.range?.[0] ?? 0;
      const end = rows.length ? start + rows.length - 1 : start;
      return reply(200, rows, {
        'Content-Range': `${options.resource} ${start}-${end}/${total}`,
        'Access-Control-Expose-Headers': 'Content-Range',
      });
    }) as Handler;
  }
  if (ops.get) handlers[ops.get] = (async (ctx) => requireRecord(ctx.db, collection, idOf(ctx), label)) as Handler;
  if (ops.create) {
    handlers[ops.create] = (async (ctx) => {
      let data = { ...(ctx.body as RecordData) };
      if (options.beforeWrite) data = await options.beforeWrite(ctx, data);
      const record = await insertRecord(ctx.db, collection, data);
      await options.afterWrite?.(ctx, record, 'create');
      return reply(201, record);
    }) as Handler;
  }
  if (ops.update) {
    handlers[ops.update] = (async (ctx) => {
      const id = idOf(ctx);
      return guardedUpdate(ctx, inRecords(collection, id, options.noun ?? 'elemento', options.feminine), async (tx) => {
        const existing = await requireRecord(tx, collection, id, label);
        let data = { ...(ctx.body as RecordData) };
        if (options.beforeWrite) data = await options.beforeWrite({ ...ctx, db: tx }, data, existing);
        const record = (await updateRecord(tx, collection, id, data))!;
        await options.afterWrite?.({ ...ctx, db: tx }, record, 'update');
        return record;
      });
    }) as Handler;
  }
  if (ops.remove) {
    handlers[ops.remove] = (async (ctx) => {
      const record = await deleteRecord(ctx.db, collection, idOf(ctx));
      if (!record) throw new HttpError(404, `${label} ${ctx.params.id} non trovato`);
      await options.afterWrite?.(ctx, record, 'delete');
      return record;
    }) as Handler;
  }
  return handlers as Record<Ops[keyof Ops] & string, Handler>;
}

/** Stores an uploaded file; returns its id. */
export async function storeFile(
  db: Db,
  owner: { collection: string; id?: number | null },
  file: { fileName: string; mediaType: string; content: Buffer },
  uploadedBy?: string,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO files (owner_collection, owner_id, file_name, media_type, size, content, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [owner.collection, owner.id ?? null, file.fileName, file.mediaType, file.content.length, file.content, uploadedBy ?? null],
  );
  return Number(rows[0].id);
}

export async function readFile(db: Db, id: number): Promise<{ fileName: string; mediaType: string; content: Buffer; ownerCollection: string; ownerId: number | null } | undefined> {
  const { rows } = await db.query<{ file_name: string; media_type: string; content: Uint8Array; owner_collection: string; owner_id: string | null }>(
    'SELECT file_name, media_type, content, owner_collection, owner_id FROM files WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return r
    ? { fileName: r.file_name, mediaType: r.media_type, content: Buffer.from(r.content), ownerCollection: r.owner_collection, ownerId: r.owner_id === null ? null : Number(r.owner_id) }
    : undefined;
}

export async function deleteFile(db: Db, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM files WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Upload rules shared by every service: size and media type, with a clear 413 / 415. */
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export function requireUpload(ctx: HandlerContext, allowed: string[], fieldName = 'file') {
  const upload = ctx.files.find((f) => f.fieldName === fieldName) ?? ctx.files[0];
  if (!upload) throw new HttpError(400, 'Nessun file ricevuto');
  if (upload.size > UPLOAD_LIMIT_BYTES) throw new HttpError(413, `Il file supera il limite di ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`);
  if (!allowed.includes(upload.mediaType)) {
    throw new HttpError(415, `Tipo di file non ammesso: ${upload.mediaType} (ammessi: ${allowed.join(', ')})`);
  }
  if (/[\\/]|\.\./.test(upload.fileName)) throw new HttpError(400, 'Nome del file non valido');
  return upload;
}

/** Checks the one uploaded file (size, media type) and returns it. */
export function uploadedFile(ctx: HandlerContext, allowed: readonly string[], maxBytes: number, maxLabel: string): UploadedFile {
  const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
  if (!upload) throw new HttpError(400, 'Nessun file ricevuto', { errors: [{ path: '/body/file', message: 'obbligatorio' }] });
  if (upload.size > maxBytes) throw new HttpError(413, `Il file supera la dimensione massima di ${maxLabel}`);
  if (!allowed.includes(upload.mediaType)) throw new HttpError(415, `Tipo di file non supportato: ${upload.mediaType}`);
  const fileName = upload.fileName.replace(/^.*[\\/]/, '').trim() || 'file';
  return { ...upload, fileName };
}

/** A stored file's details as the documents read them (the store keeps the file id aside). */
export function withoutFileId<T extends RecordData>(record: T): Omit<T, 'fileId'> {
  const { fileId: _omit, ...rest } = record;
  return rest;
}

export async function fileDownload(db: Db, record: StoredRecord, notFound: string) {
  const stored = await readFile(db, Number(record.fileId));
  if (!stored) throw new HttpError(404, notFound);
  return file(stored.content, String(record.mediaType ?? stored.mediaType), String(record.fileName ?? stored.fileName));
}

/*
 * Records numbered per collection (1, 2, 3 …), as the sales services (catalogue, product,
 * advertiser, opportunity, estimate) keep them, so the ids in the documents' examples name
 * seeded records; each collection's numbers come from its own sequence (sandbox/db/sequences.ts).
 * Paging and sorting happen on the rows read.
 */

export type Row = Record<string, unknown> & { id: number };

/** Inserts a record with the next id of its own collection. */
export async function insertNumbered(db: Db, collection: string, data: Record<string, unknown>): Promise<Row> {
  const rest = dataOf(data);
  const { rows } = await db.query<RecordRow>(
    'INSERT INTO records (collection, id, data) VALUES ($1, nextval($3::regclass), $2) RETURNING id, data, version',
    [collection, JSON.stringify(rest), numberedSequence(collection)],
  );
  return toRecord(rows[0]);
}

/** Every record of a collection, by id. */
export async function allRows(db: Db, collection: string): Promise<Row[]> {
  const { rows } = await db.query<RecordRow>('SELECT id, data, version FROM records WHERE collection = $1 ORDER BY id', [collection]);
  return rows.map(toRecord);
}

export async function oneRow(db: Db, collection: string, id: number): Promise<Row | undefined> {
  const { rows } = await db.query<RecordRow>('SELECT id, data, version FROM records WHERE collection = $1 AND id = $2', [collection, id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function saveRow(db: Db, collection: string, id: number, data: Record<string, unknown>): Promise<Row> {
  const rest = dataOf(data);
  const { rows } = await db.query<{ version: string }>('UPDATE records SET data = $3::jsonb, updated_at = now() WHERE collection = $1 AND id = $2 RETURNING version', [
    collection,
    id,
    JSON.stringify(rest),
  ]);
  return { ...rest, id, ...(rows[0] ? { [LOCK_VERSION]: Number(rows[0].version) } : {}) };
}

export async function removeRow(db: Db, collection: string, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM records WHERE collection = $1 AND id = $2 RETURNING id', [collection, id]);
  return rows.length > 0;
}

/** A Spring-style page of already sorted items. */
export function pageOf<T>(items: T[], page: number, size: number) {
  return {
    content: items.slice(page * size, page * size + size),
    totalElements: items.length,
    totalPages: Math.ceil(items.length / size),
    number: page,
    size,
  };
}

/** Sort by a field, ties by id; numbers as numbers, text in Italian collation. */
export function sortRows<T extends { id: number }>(items: T[], field: string, dir: 'ASC' | 'DESC'): T[] {
  const sign = dir === 'DESC' ? -1 : 1;
  const collator = new Intl.Collator('it', { sensitivity: 'base' });
  return [...items].sort((a, b) => {
    const x = (a as Record<string, unknown>)[field];
    const y = (b as Record<string, unknown>)[field];
    let c = 0;
    if (x === undefined || x === null) c = y === undefined || y === null ? 0 : 1;
    else if (y === undefined || y === null) c = -1;
    else if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else c = collator.compare(String(x), String(y));
    return (x === undefined || x === null || y === undefined || y === null ? c : sign * c) || sign * (a.id - b.id);
  });
}

/* ra-data-simple-rest lists of the execution services (campaign, planner, creativity, order). */

export interface ListSpec {
  /** The resource name in Content-Range. */
  resource: string;
  collection?: string;
  /** Filter fields the document lists (besides `id` and `q`). */
  fields: readonly string[];
  /** Fields `q` searches. */
  searchFields?: readonly string[];
  /** Extra SQL conditions (e.g. a guest's one planning). */
  where?: (add: (value: unknown) => string) => string[];
}

const LIST_FIELD = /^[A-Za-z][A-Za-z0-9]*$/;

/** GET /{resources}: filter (equality or any-of), `q`, sort and range, answered with Content-Range. */
export async function listResource(
  ctx: HandlerContext,
  spec: ListSpec,
  map: (record: StoredRecord) => unknown = (r) => r,
  db: Db = ctx.db,
): Promise<ReturnType<typeof reply>> {
  const { sort, range, filter } = simpleRestQuery(ctx.query);
  const params: unknown[] = [spec.collection ?? spec.resource];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['collection = $1', ...(spec.where?.(add) ?? [])];
  for (const [key, value] of Object.entries(filter ?? {})) {
    // The documents share one Filter parameter whose example names other resources' fields: a field
    // this resource does not have matches nothing to filter and is left out.
    if (key !== 'id' && key !== 'q' && !spec.fields.includes(key)) continue;
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      const text = `%${String(value)}%`;
      const fields = spec.searchFields ?? [];
      if (fields.length) where.push(`(${fields.map((f) => `coalesce(data->>'${f}', '') ILIKE ${add(text)}`).join(' OR ')})`);
    } else if (key === 'id') {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger); // no record has an id beyond them
      where.push(`id = ANY(${add(ids)}::bigint[])`);
    } else if (value === null) {
      where.push(`(data->'${key}' IS NULL OR data->'${key}' = 'null'::jsonb)`);
    } else if (Array.isArray(value)) {
      where.push(`data->>'${key}' = ANY(${add(value.map(String))}::text[])`);
    } else {
      where.push(`data->>'${key}' = ${add(String(value))}`);
    }
  }
  const [sortField, sortDir] = sort ?? ['id', 'ASC'];
  if (!LIST_FIELD.test(sortField)) throw new HttpError(400, `Campo di ordinamento non valido: ${sortField}`);
  const dir = sortDir === 'DESC' ? 'DESC' : 'ASC';
  const order = sortField === 'id' ? `id ${dir}` : `data->'${sortField}' ${dir} NULLS LAST, id ${dir}`;
  const [start, end] = range ?? [0, 99999];
  const limit = Math.max(0, Math.min(100000, end - start + 1));
  const { rows } = await db.query<RecordRow & { total: string }>(
    `SELECT id, data, version, count(*) OVER () AS total FROM records WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit} OFFSET ${start}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && start > 0) {
    const c = await db.query<{ n: string }>(`SELECT count(*) AS n FROM records WHERE ${where.join(' AND ')}`, params);
    total = Number(c.rows[0].n);
  }
  const records = rows.map(toRecord);
  const contentRange = records.length ? `${spec.resource} ${start}-${start + records.length - 1}/${total}` : `${spec.resource} */${total}`;
  return reply(200, records.map(map), { 'Content-Range': contentRange, 'Access-Control-Expose-Headers': 'Content-Range' });
}

export function idParam(ctx: HandlerContext, name = 'id'): number {
  const id = Number(ctx.params[name]);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(400, `${name} non valido`);
  return id;
}

/** The record of a collection, or a 404 with the given Italian message. */
export async function requireOne(db: Db, collection: string, id: number, notFound: string): Promise<StoredRecord> {
  const record = await getRecord(db, collection, id);
  if (!record) throw new HttpError(404, notFound);
  return record;
}

/** A body field that names other records by id: where they are and what a person calls one. */
export interface Reference {
  /** The body field: one id, `null` (no reference), or an array of ids. */
  field: string;
  /** What a message calls one (`ordine`, `impianto`). */
  label: string;
  /** The `records` collection that holds them … */
  collection?: string;
  /** … or a table of its own with an `id` column (`systems`, `users`, `audit_agents`). */
  table?: 'systems' | 'users' | 'audit_agents';
}

async function existingIds(db: Db, ref: Reference, ids: number[]): Promise<Set<number>> {
  const { rows } = ref.table
    ? await db.query<{ id: string }>(`SELECT id FROM ${ref.table} WHERE id = ANY($1::bigint[])`, [ids])
    : await db.query<{ id: string }>('SELECT id FROM records WHERE collection = $1 AND id = ANY($2::bigint[])', [ref.collection, ids]);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Refuses with 422 a body whose reference fields name records that do not exist, each field named
 * (`errors: [{ path: '/body/orderId', message: 'ordine inesistente: 999' }]`): a reference is never
 * stored dangling. Fields the body leaves out or sets to null are not references; on an update
 * (`existing`, the record as stored), a field the body leaves as it was is not checked again.
 */
export async function requireReferences(db: Db, body: unknown, references: readonly Reference[], existing?: Record<string, unknown>): Promise<void> {
  const data = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Array<{ path: string; message: string }> = [];
  for (const ref of references) {
    const value = data[ref.field];
    if (value === undefined || value === null) continue;
    if (existing && JSON.stringify(existing[ref.field]) === JSON.stringify(value)) continue;
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map(Number))];
    // The documents bound ids to safe integers; anything else names no record.
    const found = await existingIds(db, ref, ids.filter(Number.isSafeInteger));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) errors.push({ path: `/body/${ref.field}`, message: `${ref.label} inesistente: ${missing.join(', ')}` });
  }
  if (errors.length) {
    const message = errors.length === 1 ? `Riferimento a un elemento inesistente (${errors[0].message})` : 'Riferimenti a elementi inesistenti';
    throw new HttpError(422, message, { errors });
  }
}

/* ---------- no silent overwrites ---------- */

/** Where a record an update guards is stored: its table and the condition that picks its row. */
export interface Versioned {
  table: 'records' | 'systems' | 'users' | 'audit_detections' | 'audit_subitems' | 'system_leases' | 'system_authorizations';
  /** SQL condition on the row, with `$1`, `$2` … for `params`. */
  where: string;
  params: unknown[];
  /** How a message names the record: `impianto`, and whether the noun is feminine (`campagna`). */
  noun: string;
  feminine?: boolean;
}

/** A record of the `records` store (`collection`, `id`). */
export const inRecords = (collection: string, id: number, noun: string, feminine = false): Versioned => ({
  table: 'records',
  where: 'collection = $1 AND id = $2',
  params: [collection, id],
  noun,
  feminine,
});

/** A row of a table of its own, by its id column. */
export const inTable = (table: Versioned['table'], idColumn: string, id: number, noun: string, feminine = false): Versioned => ({
  table,
  where: `${idColumn} = $1`,
  params: [id],
  noun,
  feminine,
});

/**
 * Takes the version an update's body sends back out of the body (it is never stored as data):
 * the version the form read, or undefined when the caller sends none.
 */
export function takeLockVersion(ctx: { body: unknown }): number | undefined {
  const body = ctx.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(LOCK_VERSION in body)) return undefined;
  const { [LOCK_VERSION]: sent, ...rest } = body as Record<string, unknown>;
  ctx.body = rest;
  return sent === undefined || sent === null ? undefined : Number(sent);
}

const ROME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });
const ROME_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `il 27/11/2026 alle 14:02`, Italian time. */
export const italianMoment = (at: Date) => `il ${ROME.format(at)} alle ${ROME_TIME.format(at)}`;

/** What a person is called: the user's name and surname, else the username. */
async function personName(db: Db, username: string): Promise<string> {
  const { rows } = await db.query<{ name: string | null }>(
    "SELECT nullif(btrim(coalesce(data->>'name', '') || ' ' || coalesce(data->>'surname', '')), '') AS name FROM users WHERE username = $1",
    [username],
  );
  return rows[0]?.name ?? username;
}

/**
 * An update that cannot overwrite someone else's save unseen. The body's `lockVersion` (the
 * version the form read) must still be the record's: otherwise the update is refused with 409,
 * naming who saved the record since and when (`modifiedBy` a person's name, `modifiedAt`, and the
 * record's `lockVersion` now), and nothing is written. An update without `lockVersion` is not
 * checked. The write runs in the same transaction, the row locked from the check on; afterwards
 * the row records the caller and the sandbox's time, and the answer carries the new version.
 */
export async function guardedUpdate<T>(ctx: Pick<HandlerContext, 'db' | 'user'> & { body: unknown }, target: Versioned, write: (tx: Db) => Promise<T>): Promise<T> {
  const sent = takeLockVersion(ctx);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ version: string; modified_by: string | null; modified_at: Date | string | null }>(
      `SELECT version, modified_by, modified_at FROM ${target.table} WHERE ${target.where} FOR UPDATE`,
      target.params,
    );
    const row = rows[0];
    if (row && sent !== undefined && Number(row.version) !== sent) {
      const at = row.modified_at ? new Date(row.modified_at) : undefined;
      const by = row.modified_by ? await personName(tx, row.modified_by) : undefined;
      const subject = `${target.feminine ? 'Questa' : 'Questo'} ${target.noun} è ${target.feminine ? 'stata modificata' : 'stato modificato'}`;
      const message = `${subject}${by ? ` da ${by}` : ''}${at ? ` ${italianMoment(at)}` : ''} dopo che l'hai ${target.feminine ? 'aperta' : 'aperto'}`;
      throw new HttpError(409, message, {
        modifiedBy: by ?? null,
        modifiedAt: at ? at.toISOString() : null,
        [LOCK_VERSION]: Number(row.version),
      });
    }
    const result = await write(tx);
    if (!row) return result;
    const stamped = await tx.query<{ version: string }>(
      `UPDATE ${target.table} SET modified_by = $${target.params.length + 1}, modified_at = $${target.params.length + 2} WHERE ${target.where} RETURNING version`,
      [...target.params, ctx.user?.username ?? null, clock.now().toISOString()],
    );
    const version = stamped.rows[0] ? Number(stamped.rows[0].version) : undefined;
    const answer = isReply(result) ? result.body : result;
    if (version !== undefined && answer && typeof answer === 'object' && !Array.isArray(answer)) (answer as Record<string, unknown>)[LOCK_VERSION] = version;
    return result;
  });
}

/** The record's `lockVersion`, for a read that builds its answer field by field. */
export const lockVersionOf = (record: Record<string, unknown>): { lockVersion?: number } =>
  typeof record[LOCK_VERSION] === 'number' ? { lockVersion: record[LOCK_VERSION] } : {};
