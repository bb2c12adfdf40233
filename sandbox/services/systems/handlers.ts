import type { operations } from '../../../src/api/generated/systems';
import { file, HttpError, reply, type Handler } from '../../http';
import { deleteFile, guardedUpdate, inTable, readFile, storeFile } from '../../store';
import { geocodeAddress } from '../../shared/geo';
import { systemIdsOf } from '../../shared/resources';
import { DOOH_TYPES, OOH_TYPES } from '../../seed/systems';
import { LINKS } from '../../seed/teams';
import { CSV_TYPES, readLimitsOf } from '../../excel';
import { importSystemsFile, requireFile, templateWorkbook } from './importExport';
import { FIELD_COLUMN, IMAGE_OWNER, IMAGE_TYPES, Kind, S, SEARCH_FIELDS, SearchField, SystemFilter, SystemInput, SystemRow, TEMPLATE_NAME, Where, XLSX, filterWhere, imagesOf, iso, kindFilter, likeOf, matchOf, orderOf, page, relevanceSql, requireRow, systemById, systemsWhere } from './queries';
import { changesOf, history, nextCode, writeSystem } from './writes';

/* ---------- handlers ---------- */

const num = (v: unknown) => Number(v);

export const systemHandlers = {
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
    let ids = (ctx.body as number[]).map(Number);
    // A shared link's guest reads only the systems its resource shows; other ids are left out, like unknown ones.
    if (ctx.user?.kind === 'guest') {
      const shown = new Set(ctx.user.resource ? await systemIdsOf(ctx.db, ctx.user.resource) : []);
      ids = ids.filter((id) => shown.has(id));
      if (!ids.length) return [];
    }
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
    return page(ctx.db, w, num(ctx.query.page ?? 0), num(ctx.query.size ?? 9999), orderOf(ctx.query.sort ?? 'code', ctx.query.sortDir));
  },

  async bulkSetSystemStatusByFilter(ctx) {
    const body = ctx.body as { filter: SystemFilter; status: S['SystemStatus'] };
    const w = filterWhere(body.filter ?? {}, ctx.query.type);
    return ctx.db.transaction(async (tx) => {
      const { rows: matched } = await tx.query<{ id: string; status: string }>(`SELECT id, status FROM systems ${w.sql}`, w.params);
      const changing = matched.filter((r) => r.status !== body.status);
      if (changing.length) {
        await tx.query('UPDATE systems SET status = $1, updated_at = now() WHERE id = ANY($2::bigint[])', [body.status, changing.map((r) => r.id)]);
        for (const r of changing)
          await history(ctx, tx, Number(r.id), 'update', [{ field: 'status', oldValue: r.status, newValue: body.status }]);
      }
      return { matched: matched.length, changed: changing.map((r) => Number(r.id)) };
    });
  },

  async createSystem(ctx) {
    const created = await ctx.db.transaction((tx) => writeSystem(ctx, tx, ctx.body as SystemInput, ctx.query.type));
    return reply(201, created);
  },

  async updateSystem(ctx) {
    const id = num(ctx.query.id);
    return guardedUpdate(ctx, inTable('systems', 'id', id, 'impianto'), (tx) => writeSystem(ctx, tx, ctx.body as SystemInput, ctx.query.type, id));
  },

  async deleteSystem(ctx) {
    const id = num(ctx.query.id);
    return ctx.db.transaction(async (tx) => {
      const before = await systemById(tx, id);
      if (!before) throw new HttpError(404, `Impianto ${id} non trovato`);
      await tx.query('DELETE FROM files WHERE owner_collection = $1 AND owner_id = $2', [IMAGE_OWNER, id]);
      // The team links of the system (./teams.ts keeps them in the record store).
      await tx.query("DELETE FROM records WHERE collection = $1 AND data->>'systemId' = $2", [LINKS, String(id)]);
      await tx.query('DELETE FROM systems WHERE id = $1', [id]);
      await history(ctx, tx, id, 'delete', changesOf(before, undefined));
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
    // A shared link's guest sees the photos of the systems its resource shows (a system, a planning's booked ones).
    if (ctx.user?.kind === 'guest') {
      const shown = ctx.user.resource ? await systemIdsOf(ctx.db, ctx.user.resource) : [];
      if (!shown.includes(Number(found.ownerId))) throw new HttpError(403, 'Il link condiviso non dà accesso a questa immagine');
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
    const upload = requireFile(ctx, [XLSX, 'application/octet-stream', ...CSV_TYPES], 'Tipo di file non supportato: serve un foglio Excel .xlsx o un CSV');
    return importSystemsFile(ctx, upload.content, readLimitsOf(ctx.extensions));
  },
} satisfies Partial<Record<keyof operations, Handler>>;
