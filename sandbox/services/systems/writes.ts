import type { Db } from '../../db';
import { peekSystemCodeNumber, takeSystemCodeNumber } from '../../db/sequences';
import { HttpError, type HandlerContext } from '../../http';
import { DOOH_TYPES, searchTextOf } from '../../seed/systems';
import { diff } from '../../shared/values';
import { S, System, SystemFrame, SystemInput, rowById, systemById } from './queries';

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

/** The next code of a sequence (`MI-0042`): taken for good with `reserve`, else only previewed. */
export async function nextCode(db: Db, sequence: string, reserve: boolean): Promise<string> {
  const next = reserve ? await takeSystemCodeNumber(db, sequence) : await peekSystemCodeNumber(db, sequence);
  return `${sequence}-${String(next).padStart(4, '0')}`;
}

async function requireFreeCode(db: Db, code: string, exceptId?: number) {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM systems WHERE code = $1', [code]);
  if (rows[0] && Number(rows[0].id) !== exceptId) {
    // The violation names its field (the Error schema's errors list), so forms show it under "Codice".
    const message = `Il codice ${code} è già in uso`;
    throw new HttpError(409, message, { errors: [{ path: '/body/code', message }] });
  }
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

/** The changes between two versions of a system, every writable field compared. */
export const changesOf = (before: System | undefined, after: System | undefined) => diff(before ? writable(before) : {}, after ? writable(after) : {});

export async function history(ctx: HandlerContext, db: Db, id: number, action: string, changes: unknown) {
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
  await history(ctx, db, newId, before ? 'update' : 'create', changesOf(before, after));
  return after;
}
