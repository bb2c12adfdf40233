import type { Db } from '../db';
import { HttpError, reply } from '../http';
import type { SeedOptions } from './index';
import { deleteRecord, getRecord, insertRecord, updateRecord, type StoredRecord } from '../store';
import { defineHandlers } from '../typed';
import type { operations, SchemaSystemProvider, SchemaTeam, SchemaTeamFilter, SchemaTeamInput, SchemaTeamProviderType } from '../../src/api/generated/systems';

/** The provider teams of the systems service (spec §7 "Teams", in systems.yaml). */

const TEAMS = 'teams';
const LINKS = 'system_providers';

export const TEAM_PROVIDER_TYPES: SchemaTeamProviderType[] = ['installazione', 'manutenzione', 'affissione', 'elettrico', 'pulizia', 'altro'];

const teamOf = (r: StoredRecord): SchemaTeam => r as unknown as SchemaTeam;

async function requireTeam(db: Db, id: number): Promise<SchemaTeam> {
  const team = await getRecord(db, TEAMS, id);
  if (!team) throw new HttpError(404, `Squadra ${id} non trovata`);
  return teamOf(team);
}

async function checkVat(db: Db, vat: string, exceptId?: number): Promise<void> {
  const { rows } = await db.query<{ id: string; name: string }>(
    "SELECT id, data->>'companyName' AS name FROM records WHERE collection = $1 AND data->>'vat' = $2 AND id <> $3 LIMIT 1",
    [TEAMS, vat, exceptId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `La partita IVA ${vat} è già in uso (${rows[0].name})`);
}

/** A team's stored data: only the document's fields, empty optional strings left out. */
function teamData(input: SchemaTeamInput): Record<string, unknown> {
  const data: Record<string, unknown> = {
    companyName: input.companyName.trim(),
    vat: input.vat,
    providerType: input.providerType,
    mail: input.mail,
  };
  if (input.address) data.address = input.address;
  if (input.phone) data.phone = input.phone;
  return data;
}

/** One page of teams for the filter body (text fields contain, case-insensitive; providerType any of). */
export async function listTeamsPage(db: Db, filter: SchemaTeamFilter, page: number, size: number) {
  const where = ['collection = $1'];
  const params: unknown[] = [TEAMS];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const key of ['companyName', 'address', 'vat', 'mail', 'phone'] as const) {
    const value = filter[key]?.trim();
    if (value) where.push(`coalesce(data->>'${key}', '') ILIKE ${add(`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  }
  if (filter.providerType?.length) where.push(`data->'providerType' ?| ${add(filter.providerType)}::text[]`);
  const dir = filter.sortOrder === 'DESC' ? 'DESC' : 'ASC';
  const { rows } = await db.query<{ id: string; data: Record<string, unknown>; total: string }>(
    `SELECT id, data, count(*) OVER () AS total FROM records WHERE ${where.join(' AND ')}
      ORDER BY lower(data->>'companyName') ${dir}, id ${dir} LIMIT ${size} OFFSET ${page * size}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && page > 0) {
    total = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM records WHERE ${where.join(' AND ')}`, params)).rows[0].n);
  }
  return {
    content: rows.map((r) => teamOf({ ...r.data, id: Number(r.id) })),
    totalElements: total,
    totalPages: Math.ceil(total / size),
    number: page,
    size,
  };
}

async function linkOf(db: Db, r: StoredRecord): Promise<SchemaSystemProvider> {
  const team = await getRecord(db, TEAMS, Number(r.teamId));
  return { ...(r as unknown as SchemaSystemProvider), ...(team ? { team: teamOf(team) } : {}) };
}

async function checkLink(db: Db, input: { systemId: number; teamId: number }, exceptId?: number): Promise<void> {
  await requireTeam(db, input.teamId);
  const missing = await missingSystems(db, [input.systemId]);
  if (missing.length) throw new HttpError(404, `Impianto ${input.systemId} non trovato`);
  const { rows } = await db.query(
    "SELECT id FROM records WHERE collection = $1 AND (data->>'systemId')::bigint = $2 AND (data->>'teamId')::bigint = $3 AND id <> $4 LIMIT 1",
    [LINKS, input.systemId, input.teamId, exceptId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `La squadra ${input.teamId} è già collegata all'impianto ${input.systemId}`);
}

export const teamHandlers = defineHandlers<operations>({
  async listTeamsPage(ctx) {
    return listTeamsPage(ctx.db, ctx.body ?? {}, Number(ctx.params.p), Number(ctx.params.n));
  },
  async listTeams(ctx) {
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown> }>(
      "SELECT id, data FROM records WHERE collection = $1 ORDER BY lower(data->>'companyName'), id",
      [TEAMS],
    );
    return rows.map((r) => teamOf({ ...r.data, id: Number(r.id) }));
  },
  async getTeamById(ctx) {
    return requireTeam(ctx.db, Number(ctx.params.id));
  },
  listTeamProviderTypes() {
    return TEAM_PROVIDER_TYPES;
  },
  async createTeam(ctx) {
    await checkVat(ctx.db, ctx.body.vat);
    return reply(201, teamOf(await insertRecord(ctx.db, TEAMS, teamData(ctx.body))));
  },
  async updateTeam(ctx) {
    const id = Number(ctx.params.id);
    await requireTeam(ctx.db, id);
    await checkVat(ctx.db, ctx.body.vat, id);
    return teamOf((await updateRecord(ctx.db, TEAMS, id, teamData(ctx.body), false))!);
  },
  async deleteTeam(ctx) {
    const id = Number(ctx.params.id);
    const team = await deleteRecord(ctx.db, TEAMS, id);
    if (!team) throw new HttpError(404, `Squadra ${id} non trovata`);
    await ctx.db.query("DELETE FROM records WHERE collection = $1 AND (data->>'teamId')::bigint = $2", [LINKS, id]);
    return teamOf(team);
  },
  async listSystemProviders(ctx) {
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown>; team: Record<string, unknown> | null; team_id: string | null }>(
      `SELECT l.id, l.data, t.data AS team, t.id AS team_id FROM records l
         LEFT JOIN records t ON t.collection = $1 AND t.id = (l.data->>'teamId')::bigint
        WHERE l.collection = $2 AND (l.data->>'systemId')::bigint = $3 ORDER BY l.id`,
      [TEAMS, LINKS, Number(ctx.query.systemId)],
    );
    return rows.map((r) => ({
      ...(r.data as unknown as SchemaSystemProvider),
      id: Number(r.id),
      ...(r.team ? { team: teamOf({ ...r.team, id: Number(r.team_id) }) } : {}),
    }));
  },
  async createSystemProvider(ctx) {
    await checkLink(ctx.db, ctx.body);
    const { systemId, teamId, duties } = ctx.body;
    const record = await insertRecord(ctx.db, LINKS, { systemId, teamId, duties });
    await ctx.services.recordHistory(ctx.db, {
      entityType: 'system',
      entityId: systemId,
      action: 'provider.create',
      username: ctx.user?.username ?? 'system',
      changes: { teamId, duties },
    });
    return reply(201, await linkOf(ctx.db, record));
  },
  async updateSystemProvider(ctx) {
    const id = Number(ctx.params.id);
    if (!(await getRecord(ctx.db, LINKS, id))) throw new HttpError(404, `Collegamento ${id} non trovato`);
    await checkLink(ctx.db, ctx.body, id);
    const { systemId, teamId, duties } = ctx.body;
    const record = (await updateRecord(ctx.db, LINKS, id, { systemId, teamId, duties }, false))!;
    await ctx.services.recordHistory(ctx.db, {
      entityType: 'system',
      entityId: systemId,
      action: 'provider.update',
      username: ctx.user?.username ?? 'system',
      changes: { teamId, duties },
    });
    return linkOf(ctx.db, record);
  },
  async deleteSystemProvider(ctx) {
    const id = Number(ctx.params.id);
    const record = await deleteRecord(ctx.db, LINKS, id);
    if (!record) throw new HttpError(404, `Collegamento ${id} non trovato`);
    await ctx.services.recordHistory(ctx.db, {
      entityType: 'system',
      entityId: Number(record.systemId),
      action: 'provider.delete',
      username: ctx.user?.username ?? 'system',
      changes: { teamId: record.teamId },
    });
    return linkOf(ctx.db, record);
  },
});

/* ------------------------------------------------------------------ the systems, as teams, circuits, frames and devices read them */

/* Shared by the teams, circuits, frame and device sandbox services: reading the systems they point at. */

/** A system as the other services see it, whatever columns the systems table uses. */
export interface SystemSummary {
  id: number;
  code: string;
  name: string;
  type: 'OOH' | 'DOOH';
  systemType: string;
  status: 'initialized' | 'active' | 'maintenance' | 'removed';
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

const STATUSES = ['initialized', 'active', 'maintenance', 'removed'] as const;

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
    status: (STATUSES as readonly string[]).includes(status) ? (status as SystemSummary['status']) : 'active',
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
export async function allSystems(db: Db): Promise<Array<{ id: number; type: 'OOH' | 'DOOH'; faces: number }>> {
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

/* ------------------------------------------------------------------ seed */

const COMPANY_STEMS = [
  'Impianti Lombardi', 'Affissioni Romane', 'Tecnoinstall', 'Pubblimontaggi', 'Elettroservice Padana', 'Segnaletica Adriatica',
  'Cartelloni Toscani', 'Montaggi Pubblicitari Emiliani', 'Installazioni Liguri', 'Servizi Affissione Sud', 'Luminosa Impianti',
  'Manutenzioni Venete', 'Edil Pubblicità', 'Grafiche e Affissioni Piemontesi', 'Schermi Digitali Italia', 'Fratelli Colombo',
  'Rossi & Bianchi', 'Pulizie Urbane', 'Elettrica Ferrari', 'Sistemi LED Marche', 'Montaggi Esposito', 'Tecnopali Sardegna',
  'Affissioni Siciliane', 'Impianti Brianza', 'Costruzioni Metalliche Gallo', 'Outdoor Service Campania', 'Cantieri Pubblicitari Conti',
  'Totem & Display', 'Manutenzione Impianti Ricci', 'Lavori Elettrici Marino', 'Servizi Tecnici Greco', 'Insegne Romano',
];
const FORMS = ['S.r.l.', 'S.p.A.', 'S.n.c.', 'S.a.s.', 'S.r.l.s.'];
const PLACES: Array<[city: string, cap: string, prefix: string]> = [
  ['Milano', '20121', '02'], ['Roma', '00185', '06'], ['Torino', '10121', '011'], ['Napoli', '80133', '081'], ['Bologna', '40121', '051'],
  ['Firenze', '50123', '055'], ['Genova', '16121', '010'], ['Venezia', '30121', '041'], ['Bari', '70121', '080'], ['Palermo', '90133', '091'],
  ['Verona', '37121', '045'], ['Brescia', '25121', '030'], ['Bergamo', '24121', '035'], ['Padova', '35122', '049'], ['Cagliari', '09124', '070'],
];
const STREETS = ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Viale Europa', 'Via Dante', 'Via Cavour', 'Via dei Mille', 'Via Verdi', 'Via Manzoni'];

/** An 11-digit partita IVA with a valid check digit (Luhn-like, as the Agenzia delle Entrate computes it). */
export function partitaIva(base10: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(base10[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return base10 + String((10 - (sum % 10)) % 10);
}

/** Seeds the teams and their links to systems (called by the circuits seed, which runs after the systems one). */
export async function seedTeams(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const count = size === 'large' ? 120 : 30;
  const teamIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const stem = COMPANY_STEMS[i % COMPANY_STEMS.length];
    const [city, cap, prefix] = PLACES[i % PLACES.length];
    const companyName = `${stem}${i >= COMPANY_STEMS.length ? ` ${city}` : ''} ${rng.pick(FORMS)}`;
    const slug = stem.toLowerCase().replace(/[^a-z]+/g, '');
    const base = String(rng.int(0, 9_999_999)).padStart(7, '0') + String(rng.int(100, 120)).padStart(3, '0');
    const team = await insertRecord(db, TEAMS, {
      companyName,
      address: `${rng.pick(STREETS)} ${rng.int(1, 180)}, ${cap} ${city}`,
      vat: partitaIva(base),
      providerType: rng.sample(TEAM_PROVIDER_TYPES, rng.int(1, 3)),
      mail: `squadre@${slug}${i >= COMPANY_STEMS.length ? i : ''}.it`,
      phone: `+39 ${prefix} ${rng.int(1000000, 9999999)}`,
    });
    teamIds.push(team.id);
  }
  const systems = await allSystems(db);
  if (!systems.length) return; // the systems service has not seeded: no links yet
  const linked = systems.filter((_, i) => i % 3 === 0).slice(0, size === 'large' ? 6000 : 600);
  const values: string[] = [];
  const params: unknown[] = [LINKS];
  for (const system of linked) {
    for (const teamId of rng.sample(teamIds, rng.int(1, 2))) {
      params.push(JSON.stringify({ systemId: system.id, teamId, duties: rng.sample(TEAM_PROVIDER_TYPES.slice(0, 5), rng.int(1, 2)) }));
      values.push(`($1, $${params.length}::jsonb)`);
      if (values.length >= 500) {
        await db.query(`INSERT INTO records (collection, data) VALUES ${values.join(',')}`, params);
        values.length = 0;
        params.length = 1;
      }
    }
  }
  if (values.length) await db.query(`INSERT INTO records (collection, data) VALUES ${values.join(',')}`, params);
}
