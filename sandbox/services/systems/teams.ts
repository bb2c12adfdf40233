import type { Db } from '../../db';
import { HttpError, reply } from '../../http';
import { deleteRecord, getRecord, guardedUpdate, inRecords, insertRecord, requireReferences, updateRecord, type StoredRecord } from '../../store';
import { definePartialHandlers } from '../../typed';
import { LINKS, TEAM_PROVIDER_TYPES, TEAMS } from '../../seed/teams';
import type { operations, SchemaSystemProvider, SchemaTeam, SchemaTeamFilter, SchemaTeamInput } from '../../../src/api/generated/systems';

/** The provider teams of the systems service (in systems.yaml). */


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
  await requireReferences(db, input, [
    { field: 'systemId', table: 'systems', label: 'impianto' },
    { field: 'teamId', collection: TEAMS, label: 'squadra' },
  ]);
  const { rows } = await db.query(
    "SELECT id FROM records WHERE collection = $1 AND (data->>'systemId')::bigint = $2 AND (data->>'teamId')::bigint = $3 AND id <> $4 LIMIT 1",
    [LINKS, input.systemId, input.teamId, exceptId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `La squadra ${input.teamId} è già collegata all'impianto ${input.systemId}`);
}

export const teamHandlers = definePartialHandlers<operations>()({
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
    return guardedUpdate(ctx, inRecords(TEAMS, id, 'squadra', true), async (tx) => {
      await requireTeam(tx, id);
      await checkVat(tx, ctx.body.vat, id);
      return teamOf((await updateRecord(tx, TEAMS, id, teamData(ctx.body), false))!);
    });
  },
  async deleteTeam(ctx) {
    const id = Number(ctx.params.id);
    const team = await deleteRecord(ctx.db, TEAMS, id);
    if (!team) throw new HttpError(404, `Squadra ${id} non trovata`);
    await ctx.db.query("DELETE FROM records WHERE collection = $1 AND (data->>'teamId')::bigint = $2", [LINKS, id]);
    return teamOf(team);
  },
  async listSystemProviders(ctx) {
    const { rows } = await ctx.db.query<{ id: string; data: Record<string, unknown>; version: string; team: Record<string, unknown> | null; team_id: string | null }>(
      `SELECT l.id, l.data, l.version, t.data AS team, t.id AS team_id FROM records l
         LEFT JOIN records t ON t.collection = $1 AND t.id = (l.data->>'teamId')::bigint
        WHERE l.collection = $2 AND (l.data->>'systemId')::bigint = $3 ORDER BY l.id`,
      [TEAMS, LINKS, Number(ctx.query.systemId)],
    );
    return rows.map((r) => ({
      ...(r.data as unknown as SchemaSystemProvider),
      id: Number(r.id),
      lockVersion: Number(r.version),
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
    return guardedUpdate(ctx, inRecords(LINKS, id, 'collegamento'), async (tx) => {
      if (!(await getRecord(tx, LINKS, id))) throw new HttpError(404, `Collegamento ${id} non trovato`);
      await checkLink(tx, ctx.body, id);
      const { systemId, teamId, duties } = ctx.body;
      const record = (await updateRecord(tx, LINKS, id, { systemId, teamId, duties }, false))!;
      await ctx.services.recordHistory(tx, {
        entityType: 'system',
        entityId: systemId,
        action: 'provider.update',
        username: ctx.user?.username ?? 'system',
        changes: { teamId, duties },
      });
      return linkOf(tx, record);
    });
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
