import type { operations } from '../../../src/api/generated/systems';
import type { Db } from '../../db';
import { file, HttpError, reply, type Handler, type HandlerContext } from '../../http';
import { guardedUpdate, idParam, inTable, readFile, requireReferences, simpleRestQuery, storeFile, uploadedFile } from '../../store';
import { PERMIT_FILES, PERMIT_NOUN, PERMIT_TABLE, SYSTEMS_OF, toDocument, toPermits, type PermitKind } from '../../shared/permits';
import { MB, today } from '../../shared/values';

/*
 * Authorizations and leases as records (ra-data-simple-rest): list with sort, range and filter,
 * one, create, update (guarded by lockVersion), delete, and their documents. Both live in tables of
 * their own that the systems name (`lease_id`, `authorization_ids`).
 */

const DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** Body field → column, per kind (the date, money and party columns carry older names). */
const COLUMNS = {
  authorization: { name: 'name', issuer: 'issuer', number: 'number', startDate: 'valid_from', endDate: 'valid_to', cost: 'cost', notes: 'notes' },
  lease: { name: 'name', landlord: 'lessor', reference: 'reference', startDate: 'start_date', endDate: 'end_date', annualCost: 'annual_fee', notes: 'notes' },
} as const;

/** Fields `q` searches. */
const SEARCHED = { authorization: ['name', 'issuer', 'number'], lease: ['name', 'lessor', 'reference'] } as const;

const RESOURCE = { authorization: 'authorizations', lease: 'leases' } as const;
const LABEL = { authorization: 'Autorizzazione', lease: 'Locazione' } as const;

const notFound = (kind: PermitKind, id: number) => new HttpError(404, `${LABEL[kind]} ${id} non trovata`);

async function readPermits(db: Db, kind: PermitKind, where: string, params: unknown[], tail = '') {
  const { rows } = await db.query(`SELECT p.* FROM ${PERMIT_TABLE[kind]} p ${where} ${tail}`, params);
  return toPermits(db, kind, rows as never, today());
}

async function readPermit(db: Db, kind: PermitKind, id: number) {
  const [record] = await readPermits(db, kind, 'WHERE p.id = $1', [id]);
  if (!record) throw notFound(kind, id);
  return record;
}

function list(kind: PermitKind): Handler {
  return async (ctx) => {
    const { sort, range, filter } = simpleRestQuery(ctx.query);
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    const f = filter ?? {};
    if (f.id !== undefined) where.push(`p.id = ANY(${add((Array.isArray(f.id) ? f.id : [f.id]).map(Number).filter(Number.isSafeInteger))}::bigint[])`);
    const q = typeof f.q === 'string' ? f.q.trim() : '';
    if (q) {
      const like = add(`%${q}%`);
      where.push(`(${SEARCHED[kind].map((c) => `coalesce(p.${c}, '') ILIKE ${like}`).join(' OR ')})`);
    }
    if (f.systemId !== undefined && f.systemId !== '') where.push(`EXISTS (SELECT 1 FROM systems s WHERE s.id = ${add(Number(f.systemId))} AND ${SYSTEMS_OF[kind]('p.id')})`);
    const endColumn = COLUMNS[kind].endDate;
    if (typeof f.endsBefore === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(f.endsBefore)) where.push(`p.${endColumn} < ${add(f.endsBefore)}`);
    const [field, dir] = sort ?? ['id', 'ASC'];
    const columns = COLUMNS[kind] as Record<string, string>;
    const column = field === 'id' ? 'id' : field === 'expiresIn' ? endColumn : columns[field];
    if (!column) throw new HttpError(400, `Campo di ordinamento non valido: ${field}`);
    const order = `ORDER BY p.${column} ${dir === 'DESC' ? 'DESC' : 'ASC'} NULLS LAST, p.id ${dir === 'DESC' ? 'DESC' : 'ASC'}`;
    const [start, end] = range ?? [0, 99999];
    const limit = Math.max(0, Math.min(100000, end - start + 1));
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = Number((await ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${PERMIT_TABLE[kind]} p ${whereSql}`, params)).rows[0].n);
    const records = await readPermits(ctx.db, kind, whereSql, params, `${order} LIMIT ${limit} OFFSET ${start}`);
    const contentRange = records.length ? `${RESOURCE[kind]} ${start}-${start + records.length - 1}/${total}` : `${RESOURCE[kind]} */${total}`;
    return reply(200, records, { 'Content-Range': contentRange, 'Access-Control-Expose-Headers': 'Content-Range' });
  };
}

/** The body's fields as columns, checked: a name, an end not before the start. */
function columnsOf(kind: PermitKind, body: Record<string, unknown>): Record<string, unknown> {
  const errors: Array<{ path: string; message: string }> = [];
  if (typeof body.name !== 'string' || !body.name.trim()) errors.push({ path: '/body/name', message: 'obbligatorio' });
  if (typeof body.startDate === 'string' && typeof body.endDate === 'string' && body.endDate < body.startDate) {
    errors.push({ path: '/body/endDate', message: 'la scadenza non può precedere la data di inizio' });
  }
  if (errors.length) throw new HttpError(400, errors.length === 1 && errors[0].path === '/body/endDate' ? 'La scadenza non può precedere la data di inizio' : 'Dati non validi', { errors });
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS[kind])) {
    const value = body[field];
    out[column] = value === undefined || value === '' ? null : typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/** Links the permit to exactly these systems (a lease moves each system off its previous one). */
async function linkSystems(tx: Db, kind: PermitKind, id: number, systemIds: number[]): Promise<void> {
  if (kind === 'lease') {
    await tx.query('UPDATE systems SET lease_id = NULL WHERE lease_id = $1 AND NOT (id = ANY($2::bigint[]))', [id, systemIds]);
    await tx.query('UPDATE systems SET lease_id = $1 WHERE id = ANY($2::bigint[]) AND lease_id IS DISTINCT FROM $1', [id, systemIds]);
    return;
  }
  await tx.query('UPDATE systems SET authorization_ids = array_remove(authorization_ids, $1) WHERE $1 = ANY(authorization_ids) AND NOT (id = ANY($2::bigint[]))', [id, systemIds]);
  await tx.query('UPDATE systems SET authorization_ids = authorization_ids || $1::bigint WHERE id = ANY($2::bigint[]) AND NOT ($1 = ANY(authorization_ids))', [id, systemIds]);
}

const SYSTEM_REFERENCE = [{ field: 'systemIds', table: 'systems', label: 'impianto' }] as const;

function create(kind: PermitKind): Handler {
  return async (ctx) => {
    const body = ctx.body as Record<string, unknown>;
    const columns = columnsOf(kind, body);
    await requireReferences(ctx.db, body, SYSTEM_REFERENCE);
    const id = await ctx.db.transaction(async (tx) => {
      const names = Object.keys(columns);
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO ${PERMIT_TABLE[kind]} (${names.join(', ')}, modified_by, modified_at) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}, $${names.length + 1}, now()) RETURNING id`,
        [...Object.values(columns), ctx.user?.username ?? null],
      );
      const newId = Number(rows[0].id);
      if (Array.isArray(body.systemIds)) await linkSystems(tx, kind, newId, body.systemIds.map(Number));
      return newId;
    });
    return reply(201, await readPermit(ctx.db, kind, id));
  };
}

function update(kind: PermitKind): Handler {
  return async (ctx) => {
    const id = idParam(ctx);
    const body = { ...(ctx.body as Record<string, unknown>) };
    delete body.lockVersion;
    const columns = columnsOf(kind, body);
    const existing = await readPermit(ctx.db, kind, id);
    await requireReferences(ctx.db, body, SYSTEM_REFERENCE, { systemIds: existing.systems.map((s) => s.id) });
    await guardedUpdate(ctx, inTable(PERMIT_TABLE[kind], 'id', id, PERMIT_NOUN[kind], true), async (tx) => {
      const names = Object.keys(columns);
      await tx.query(`UPDATE ${PERMIT_TABLE[kind]} SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...Object.values(columns)]);
      if (Array.isArray(body.systemIds)) await linkSystems(tx, kind, id, body.systemIds.map(Number));
    });
    return readPermit(ctx.db, kind, id);
  };
}

function remove(kind: PermitKind): Handler {
  return async (ctx) => {
    const id = idParam(ctx);
    const record = await readPermit(ctx.db, kind, id);
    await ctx.db.transaction(async (tx) => {
      await linkSystems(tx, kind, id, []);
      await tx.query('DELETE FROM files WHERE owner_collection = $1 AND owner_id = $2', [PERMIT_FILES[kind], id]);
      await tx.query(`DELETE FROM ${PERMIT_TABLE[kind]} WHERE id = $1`, [id]);
    });
    return record;
  };
}

function uploadDocument(kind: PermitKind): Handler {
  return async (ctx) => {
    const id = idParam(ctx);
    await readPermit(ctx.db, kind, id);
    const upload = uploadedFile(ctx, DOCUMENT_TYPES, 20 * MB, '20 MB');
    const fileId = await storeFile(ctx.db, { collection: PERMIT_FILES[kind], id }, upload, ctx.user?.username);
    return reply(201, await documentOf(ctx, kind, id, fileId));
  };
}

async function documentOf(ctx: HandlerContext, kind: PermitKind, id: number, documentId: number) {
  const { rows } = await ctx.db.query<{ id: string; file_name: string; media_type: string; size: number; uploaded_by: string | null; created_at: Date }>(
    'SELECT id, file_name, media_type, size, uploaded_by, created_at FROM files WHERE id = $1 AND owner_collection = $2 AND owner_id = $3',
    [documentId, PERMIT_FILES[kind], id],
  );
  if (!rows[0]) throw new HttpError(404, `Documento ${documentId} non trovato`);
  return toDocument(rows[0]);
}

function downloadDocument(kind: PermitKind): Handler {
  return async (ctx) => {
    const id = idParam(ctx);
    const documentId = idParam(ctx, 'documentId');
    await documentOf(ctx, kind, id, documentId);
    const stored = (await readFile(ctx.db, documentId))!;
    return file(stored.content, stored.mediaType, stored.fileName);
  };
}

function deleteDocument(kind: PermitKind): Handler {
  return async (ctx) => {
    const id = idParam(ctx);
    const documentId = idParam(ctx, 'documentId');
    const document = await documentOf(ctx, kind, id, documentId);
    await ctx.db.query('DELETE FROM files WHERE id = $1', [documentId]);
    return document;
  };
}

const allOf = (kind: PermitKind): Handler => async (ctx) => readPermits(ctx.db, kind, '', [], 'ORDER BY p.name, p.id');

export const permitHandlers = {
  listAuthorizations: allOf('authorization'),
  listLeases: allOf('lease'),
  listAuthorizationRecords: list('authorization'),
  createAuthorization: create('authorization'),
  getAuthorizationById: async (ctx) => readPermit(ctx.db, 'authorization', idParam(ctx)),
  updateAuthorization: update('authorization'),
  deleteAuthorization: remove('authorization'),
  uploadAuthorizationDocument: uploadDocument('authorization'),
  downloadAuthorizationDocument: downloadDocument('authorization'),
  deleteAuthorizationDocument: deleteDocument('authorization'),
  listLeaseRecords: list('lease'),
  createLease: create('lease'),
  getLeaseById: async (ctx) => readPermit(ctx.db, 'lease', idParam(ctx)),
  updateLease: update('lease'),
  deleteLease: remove('lease'),
  uploadLeaseDocument: uploadDocument('lease'),
  downloadLeaseDocument: downloadDocument('lease'),
  deleteLeaseDocument: deleteDocument('lease'),
} satisfies Partial<Record<keyof operations, Handler>>;
