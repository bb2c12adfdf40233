import type { Db } from '../db';
import { HttpError, reply, type Handler, type HandlerContext } from '../http';
import { insertRecord, listRecords, requireReferences, simpleRestHandlers, simpleRestQuery, type RecordData, type StoredRecord } from '../store';
import { planPlayLogs, planScreenPlays, type PlayLogColumns } from '../seed/playLogs';
import { bookedScreens, minutesOn, playersOn, proofOfPlay, todayInItaly } from '../shared/proofOfPlay';
import type { SeedOptions } from '../seed/options';
import { allSystems } from '../shared/systems';
import { SYSTEM_TYPE_LABELS } from '../seed/systems';

/**
 * The device service: DOOH players (devices), playlists, shows and play logs, in the
 * ra-data-simple-rest shape. Rules: unique serials (409), a device's system must exist (422; a
 * device with no system is in stock) and be a DOOH system (409), a show's playlist and devices must exist (422), a playlist
 * used by a show cannot be deleted (409), deleting a device takes it out of its shows.
 */

const DEVICES = 'devices';
const SHOWS = 'shows';
const PLAYLISTS = 'playlists';

function samePathId(data: RecordData, existing?: StoredRecord): RecordData {
  if (existing && data.id !== undefined && Number(data.id) !== existing.id) {
    throw new HttpError(400, `L'id del corpo (${String(data.id)}) non corrisponde a quello del percorso (${existing.id})`);
  }
  const { id: _id, ...rest } = data;
  return rest;
}


/* ------------------------------------------------------------------ devices */

async function checkDevice(db: Db, input: RecordData, existing?: StoredRecord): Promise<RecordData> {
  const data = samePathId(input, existing);
  const serial = String(data.serial).trim();
  const { rows } = await db.query(
    "SELECT id FROM records WHERE collection = $1 AND lower(data->>'serial') = lower($2) AND id <> $3 LIMIT 1",
    [DEVICES, serial, existing?.id ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `Esiste già un dispositivo con seriale ${serial}`);
  // No system: the device is in stock.
  await requireReferences(db, data, [{ field: 'systemId', table: 'systems', label: 'impianto' }]);
  if (data.systemId !== undefined && data.systemId !== null) await requireDigital(db, Number(data.systemId));
  const hours = data.operatingHours as { opensAt: string; closesAt: string } | undefined | null;
  if (hours && minutesOn(hours) <= 0) {
    throw new HttpError(400, `Lo schermo si spegne (${hours.closesAt}) prima di accendersi (${hours.opensAt})`, {
      errors: [{ path: '/body/operatingHours/closesAt', message: `deve essere dopo ${hours.opensAt}` }],
    });
  }
  const record: RecordData = { status: 'offline', ...data, serial };
  // A full replace: optional fields left out are removed (a device sent without its system is detached).
  if (existing) for (const key of ['systemId', 'lastSeenAt', 'ipAddress', 'operatingHours']) if (!(key in data)) record[key] = null;
  return record;
}

/** A player plays on a screen: a device goes only on a DOOH system (409 naming the system's type otherwise). */
async function requireDigital(db: Db, systemId: number): Promise<void> {
  const { rows } = await db.query<{ code: string; type: string; system_type: string | null }>('SELECT code, type, system_type FROM systems WHERE id = $1', [systemId]);
  const system = rows[0];
  if (!system || system.type === 'DOOH') return;
  const kind = system.system_type ? `${SYSTEM_TYPE_LABELS[system.system_type] ?? system.system_type}, ` : '';
  throw new HttpError(409, `Un dispositivo si installa solo su un impianto DOOH: ${system.code} è un impianto ${kind}${system.type}`);
}

/** Store records keep explicit nulls after a replace; the documents want such fields absent. */
function withoutNulls<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) as T;
}

/* ------------------------------------------------------------------ shows and playlists */

async function checkShow(db: Db, input: RecordData, existing?: StoredRecord): Promise<RecordData> {
  const data = samePathId(input, existing);
  if (String(data.endDate) < String(data.startDate)) throw new HttpError(400, 'La data di fine deve essere uguale o successiva a quella di inizio');
  await requireReferences(db, data, [
    { field: 'playlistId', collection: PLAYLISTS, label: 'playlist' },
    { field: 'deviceIds', collection: DEVICES, label: 'dispositivo' },
  ]);
  const deviceIds = [...new Set((data.deviceIds as number[]).map(Number))];
  return { ...data, name: String(data.name).trim(), deviceIds };
}

function checkPlaylist(input: RecordData, existing?: StoredRecord): RecordData {
  const data = samePathId(input, existing);
  const items = data.items as Array<{ order: number }>;
  const seen = new Set<number>();
  for (const item of items) {
    if (seen.has(item.order)) throw new HttpError(400, `Due elementi della playlist hanno lo stesso ordine ${item.order}`);
    seen.add(item.order);
  }
  return { ...data, name: String(data.name).trim(), items: [...items].sort((a, b) => a.order - b.order) };
}

/**
 * A list handler whose filter has fields the generic store cannot match (a value inside an array,
 * a date inside a period): `special` turns them into the ids they allow.
 */
function listWith(resource: string, special: (db: Db, filter: Record<string, unknown>) => Promise<number[] | undefined>): Handler {
  return async (ctx: HandlerContext) => {
    const q = simpleRestQuery(ctx.query);
    const filter = { ...(q.filter ?? {}) };
    const allowed = await special(ctx.db, filter);
    if (allowed) {
      const requested = filter.id === undefined ? undefined : new Set((Array.isArray(filter.id) ? filter.id : [filter.id]).map(Number));
      filter.id = requested ? allowed.filter((id) => requested.has(id)) : allowed;
      if (!(filter.id as number[]).length) filter.id = [0];
    }
    const { rows, total } = await listRecords(ctx.db, resource, { ...q, filter });
    const start = q.range?.[0] ?? 0;
    return reply(200, rows.map(withoutNulls), {
      'Content-Range': rows.length ? `${resource} ${start}-${start + rows.length - 1}/${total}` : `${resource} */${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    });
  };
}

async function matching(db: Db, collection: string, conditions: string[], params: unknown[]): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM records WHERE collection = '${collection}' AND ${conditions.join(' AND ')}`, params);
  return rows.map((r) => Number(r.id));
}

const showsList = listWith(SHOWS, async (db, filter) => {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.deviceId !== undefined) {
    params.push(JSON.stringify([Number(filter.deviceId)]));
    conditions.push(`data->'deviceIds' @> $${params.length}::jsonb`);
  }
  if (filter.date !== undefined) {
    params.push(String(filter.date));
    conditions.push(`data->>'startDate' <= $${params.length} AND data->>'endDate' >= $${params.length}`);
  }
  delete filter.deviceId;
  delete filter.date;
  return conditions.length ? matching(db, SHOWS, conditions, params) : undefined;
});

const playlistsList = listWith(PLAYLISTS, async (db, filter) => {
  if (filter.creativeId === undefined) return undefined;
  const creativeId = Number(filter.creativeId);
  delete filter.creativeId;
  return matching(db, PLAYLISTS, [`data->'items' @> $1::jsonb`], [JSON.stringify([{ creativeId }])]);
});

/* ------------------------------------------------------------------ play logs */

const PLAY_LOG_COLUMNS: Record<string, string> = {
  id: 'id',
  deviceId: 'device_id',
  campaignId: 'campaign_id',
  creativeId: 'creative_id',
  playedAt: 'played_at',
  durationSeconds: 'duration_seconds',
  audience: 'audience',
};

interface PlayLogRow {
  id: string;
  device_id: string;
  campaign_id: string;
  creative_id: string;
  played_at: Date | string;
  duration_seconds: number;
  audience: number;
}

const playLogOf = (r: PlayLogRow) => ({
  id: Number(r.id),
  deviceId: Number(r.device_id),
  campaignId: Number(r.campaign_id),
  creativeId: Number(r.creative_id),
  playedAt: new Date(r.played_at).toISOString().replace('.000Z', 'Z'),
  durationSeconds: r.duration_seconds,
  audience: r.audience,
});

const listPlayLogs: Handler = async (ctx) => {
  const q = simpleRestQuery(ctx.query);
  const where: string[] = ['true'];
  const params: unknown[] = [];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [key, value] of Object.entries(q.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'id') where.push(`id = ANY(${add((Array.isArray(value) ? value : [value]).map(Number))}::bigint[])`);
    else if (key === 'playedAt_gte') where.push(`played_at >= ${add(String(value))}::timestamptz`);
    else if (key === 'playedAt_lte') where.push(`played_at <= ${add(String(value))}::timestamptz`);
    else if (PLAY_LOG_COLUMNS[key]) where.push(`${PLAY_LOG_COLUMNS[key]} = ${add(Number(value))}`);
    else throw new HttpError(400, `Filtro non valido: ${key}`);
  }
  const [field, order] = q.sort ?? ['id', 'ASC'];
  const column = PLAY_LOG_COLUMNS[field];
  if (!column) throw new HttpError(400, `Campo di ordinamento non valido: ${field}`);
  const dir = order === 'DESC' ? 'DESC' : 'ASC';
  const [start, end] = q.range ?? [0, 9999];
  const limit = Math.min(10000, end - start + 1);
  const clause = where.join(' AND ');
  const { rows } = await ctx.db.query<PlayLogRow>(
    `SELECT * FROM play_logs WHERE ${clause} ORDER BY ${column} ${dir}, id ${dir} LIMIT ${limit} OFFSET ${start}`,
    params,
  );
  const total = Number((await ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM play_logs WHERE ${clause}`, params)).rows[0].n);
  return reply(200, rows.map(playLogOf), {
    'Content-Range': rows.length ? `playLogs ${start}-${start + rows.length - 1}/${total}` : `playLogs */${total}`,
    'Access-Control-Expose-Headers': 'Content-Range',
  });
};

const getPlayLog: Handler = async (ctx) => {
  const id = Number(ctx.params.id);
  const { rows } = await ctx.db.query<PlayLogRow>('SELECT * FROM play_logs WHERE id = $1', [id]);
  if (!rows[0]) throw new HttpError(404, `Riproduzione ${id} non trovata`);
  return playLogOf(rows[0]);
};

/* ------------------------------------------------------------------ proof of play */

const getProofOfPlay: Handler = async (ctx) => {
  const campaignId = Number(ctx.params.campaignId);
  const proof = await proofOfPlay(ctx.db, campaignId);
  if (!proof) throw new HttpError(404, `Campagna ${campaignId} non trovata`);
  return proof;
};

/* ------------------------------------------------------------------ handlers */

const deviceHandlers = simpleRestHandlers(
  { list: 'listDevices', get: 'getDevice', create: 'createDevice', update: 'updateDevice', remove: 'deleteDevice' },
  {
    resource: DEVICES,
    label: 'Dispositivo',
    noun: 'dispositivo',
    beforeWrite: (ctx, data, existing) => checkDevice(ctx.db, data, existing),
    afterWrite: async (ctx, record, action) => {
      if (action !== 'delete') return;
      // The device leaves every show that lists it.
      await ctx.db.query(
        `UPDATE records SET data = jsonb_set(data, '{deviceIds}', coalesce((
            SELECT jsonb_agg(e) FROM jsonb_array_elements(data->'deviceIds') e WHERE e <> to_jsonb($2::bigint)), '[]'::jsonb)),
           updated_at = now()
          WHERE collection = $1 AND data->'deviceIds' @> jsonb_build_array($2::bigint)`,
        [SHOWS, record.id],
      );
    },
  },
);

const showHandlers = simpleRestHandlers(
  { get: 'getShow', create: 'createShow', update: 'updateShow', remove: 'deleteShow' },
  { resource: SHOWS, label: 'Show', noun: 'show', beforeWrite: (ctx, data, existing) => checkShow(ctx.db, data, existing) },
);

const playlistHandlers = simpleRestHandlers(
  { get: 'getPlaylist', create: 'createPlaylist', update: 'updatePlaylist' },
  { resource: PLAYLISTS, label: 'Playlist', noun: 'playlist', feminine: true, beforeWrite: (_ctx, data, existing) => checkPlaylist(data, existing) },
);

const deletePlaylist: Handler = async (ctx) => {
  const id = Number(ctx.params.id);
  const { rows: found } = await ctx.db.query<{ id: string; data: RecordData }>('SELECT id, data FROM records WHERE collection = $1 AND id = $2', [PLAYLISTS, id]);
  if (!found[0]) throw new HttpError(404, `Playlist ${id} non trovata`);
  const { rows: users } = await ctx.db.query<{ name: string }>(
    "SELECT data->>'name' AS name FROM records WHERE collection = $1 AND (data->>'playlistId')::bigint = $2 ORDER BY id",
    [SHOWS, id],
  );
  if (users.length) throw new HttpError(409, `La playlist è usata dagli show: ${users.map((u) => u.name).join(', ')}`);
  await ctx.db.query('DELETE FROM records WHERE collection = $1 AND id = $2', [PLAYLISTS, id]);
  return { ...found[0].data, id };
};

const getDevice: Handler = async (ctx) => withoutNulls((await deviceHandlers.getDevice(ctx)) as Record<string, unknown>);
const updateDevice: Handler = async (ctx) => withoutNulls((await deviceHandlers.updateDevice(ctx)) as Record<string, unknown>);
const deleteDevice: Handler = async (ctx) => withoutNulls((await deviceHandlers.deleteDevice(ctx)) as Record<string, unknown>);

export const handlers = {
  ...deviceHandlers,
  listDevices: listWith(DEVICES, async (db, filter) => {
    if (filter.installed === undefined) return undefined;
    // On a system or in stock (no system, or one removed by a replace).
    const installed = filter.installed === true || filter.installed === 'true';
    delete filter.installed;
    return matching(db, DEVICES, [`data->>'systemId' IS ${installed ? 'NOT ' : ''}NULL`], []);
  }),
  getDevice,
  updateDevice,
  deleteDevice,
  ...showHandlers,
  listShows: showsList,
  ...playlistHandlers,
  listPlaylists: playlistsList,
  deletePlaylist,
  listPlayLogs,
  getPlayLog,
  getProofOfPlay,
};

/* ------------------------------------------------------------------ seed */

const MODELS: Array<[model: string, resolution: string]> = [
  ['Samsung OM55N', '1080x1920'], ['Samsung OH75F', '1920x1080'], ['LG 55XS4F', '1920x1080'], ['LG 49XE4F', '1080x1920'],
  ['Philips 55BDL4051D', '1920x1080'], ['NEC MultiSync P555', '3840x2160'], ['Sharp PN-HB751', '3840x2160'], ['BrightSign XT1144', '1920x1080'],
];
const PLAYLIST_NAMES = [
  'Duomo mattina', 'Duomo sera', 'Stazione Centrale', 'Roma Termini', 'Weekend shopping', 'Aeroporti arrivi', 'Metro pendolari',
  'Centri commerciali', 'Tangenziale drive', 'Moda primavera', 'Food & beverage', 'Automotive', 'Telefonia', 'Eventi e cultura',
  'Turismo estate', 'Black Friday', 'Natale', 'Saldi invernali', 'Sport', 'Istituzionale',
];
const SHOW_PLACES = ['Duomo', 'Stazione Centrale', 'Roma Termini', 'Porta Nuova', 'Navigli', 'Lingotto', 'Piazza Maggiore', 'Santa Maria Novella', 'Malpensa', 'Fiumicino'];
const SEASONS: Array<[name: string, from: string, to: string]> = [
  ['inverno', '01-07', '03-20'], ['primavera', '03-21', '06-20'], ['estate', '06-21', '09-22'], ['autunno', '09-23', '12-20'], ['Natale', '12-01', '12-31'],
];

/** Two years of play logs, ending yesterday. */
const PLAY_LOG_DAYS = 728;

/**
 * The play logs (see seed/playLogs.ts): after every other seed, since they name the campaigns and
 * their creatives. About 130 sampled plays per device, so the seed stays fast and a month of the
 * whole network stays well inside one 10,000-row read of the dashboard.
 */
export async function seedLate(db: Db, { rng }: SeedOptions): Promise<void> {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => Number(r.id));
  const deviceIds = await ids(`SELECT id FROM records WHERE collection = '${DEVICES}' ORDER BY id`);
  const creatives = await db.query<{ id: string; campaign: string | null }>(
    "SELECT id, data->>'campaignId' AS campaign FROM records WHERE collection = 'creatives' ORDER BY id",
  );
  const campaigns = (await ids("SELECT id FROM records WHERE collection = 'campaigns' ORDER BY id")).map((id) => ({
    id,
    creativeIds: creatives.rows.filter((c) => Number(c.campaign) === id).map((c) => Number(c.id)),
  }));
  const today = new Date();
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const plays = planPlayLogs({ deviceIds, campaigns, creativeIds: creatives.rows.map((c) => Number(c.id)), end, days: PLAY_LOG_DAYS, rng });
  await insertPlays(db, plays);
  await seedProofOfPlay(db, campaigns, rng);
}

async function insertPlays(db: Db, plays: PlayLogColumns): Promise<void> {
  const chunk = 20_000;
  for (let i = 0; i < plays.deviceId.length; i += chunk) {
    const part = <T>(column: T[]) => column.slice(i, i + chunk);
    await db.query(
      `INSERT INTO play_logs (device_id, campaign_id, creative_id, played_at, duration_seconds, audience)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::int[], $6::int[])`,
      [part(plays.deviceId), part(plays.campaignId), part(plays.creativeId), part(plays.playedAt), part(plays.durationSeconds), part(plays.audience)],
    );
  }
}

/** Ended booked days a screen's complete plays are seeded for, at most. */
const PROOF_DAYS = 31;

/**
 * The proof-of-play demo: the first campaign whose confirmed plannings book a screen with a player
 * gets every play its booked slots owe on its ended days (the sample's plays of that campaign on
 * those players are replaced), some days falling short. One campaign only: a complete screen plays
 * a thousand times a day.
 */
async function seedProofOfPlay(db: Db, campaigns: Array<{ id: number; creativeIds: number[] }>, rng: SeedOptions['rng']): Promise<void> {
  const today = todayInItaly();
  for (const campaign of campaigns) {
    const { screens } = await bookedScreens(db, campaign.id);
    const players = await playersOn(db, screens.map((s) => s.systemId));
    const ready = screens.filter((s) => players.some((p) => p.systemId === s.systemId));
    if (!ready.length) continue;
    for (const screen of ready.slice(0, 3)) {
      const player = players.find((p) => p.systemId === screen.systemId)!;
      const days = [...screen.slotsByDay].filter(([day]) => day < today).sort(([a], [b]) => a.localeCompare(b)).slice(0, PROOF_DAYS);
      if (!days.length) continue;
      await db.query(
        `DELETE FROM play_logs WHERE campaign_id = $1 AND device_id = $2 AND played_at >= $3::date - 1 AND played_at < $4::date + 2`,
        [campaign.id, player.id, days[0][0], days.at(-1)![0]],
      );
      await insertPlays(
        db,
        planScreenPlays({
          deviceId: player.id,
          hours: player.hours,
          loopSeconds: screen.loopSeconds,
          slotSeconds: screen.slotSeconds,
          days: days.map(([day, slots]) => ({ day, slots })),
          creativeIds: campaign.creativeIds,
          campaignId: campaign.id,
          rng,
        }),
      );
    }
    return;
  }
}

/** The last devices of the seed are in stock (on no system), so a person has players to attach. */
export const SEED_DEVICES_IN_STOCK = 12;

export async function seed(db: Db, { size, rng }: SeedOptions): Promise<void> {
  const dooh = (await allSystems(db)).filter((s) => s.type === 'DOOH').map((s) => s.id);
  const deviceIds: number[] = [];
  if (dooh.length) {
    const devices: string[] = [];
    const count = size === 'large' ? 1000 : 300;
    for (let i = 0; i < count; i++) {
      const [model, resolution] = rng.pick(MODELS);
      const status = rng.chance(0.8) ? 'online' : rng.chance(0.6) ? 'offline' : 'maintenance';
      const seenMinutesAgo = status === 'online' ? rng.int(0, 10) : rng.int(60, 60 * 24 * 20);
      const device: RecordData = {
        ...(i < count - SEED_DEVICES_IN_STOCK ? { systemId: dooh[i % dooh.length] } : {}),
        serial: `SN-${model.split(' ')[0].slice(0, 3).toUpperCase()}-${String(i + 1).padStart(5, '0')}`,
        model,
        resolution,
        status,
        ipAddress: `10.${rng.int(0, 40)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      };
      if (!device.systemId) device.status = 'offline';
      if (!rng.chance(0.03)) device.lastSeenAt = new Date(Date.UTC(2026, 10, 20, 8) - seenMinutesAgo * 60_000).toISOString().replace('.000Z', 'Z');
      devices.push(JSON.stringify(device));
    }
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO records (collection, data) SELECT $1, d FROM unnest($2::jsonb[]) WITH ORDINALITY AS t(d, n) ORDER BY n RETURNING id',
      [DEVICES, devices],
    );
    deviceIds.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  const playlistIds: number[] = [];
  for (const name of PLAYLIST_NAMES) {
    const items = Array.from({ length: rng.int(2, 8) }, (_, k) => ({ creativeId: rng.int(1, 60), durationSeconds: rng.pick([10, 15, 20, 30]), order: k + 1 }));
    playlistIds.push((await insertRecord(db, PLAYLISTS, { name: `Playlist ${name}`, items })).id);
  }
  for (let i = 0; i < (size === 'large' ? 60 : 25); i++) {
    const [season, from, to] = rng.pick(SEASONS);
    const year = rng.pick([2025, 2026, 2027]);
    await insertRecord(db, SHOWS, {
      name: `${rng.pick(SHOW_PLACES)} ${season} ${year}${i >= SHOW_PLACES.length ? ` #${i + 1}` : ''}`,
      playlistId: playlistIds[i % playlistIds.length],
      startDate: `${year}-${from}`,
      endDate: `${year}-${to}`,
      deviceIds: rng.sample(deviceIds, Math.min(deviceIds.length, rng.int(1, 15))).sort((a, b) => a - b),
    });
  }
}
