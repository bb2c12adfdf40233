import type { Db } from '../db';
import { HttpError, reply } from '../http';
import { deleteRecord, getRecord, guardedUpdate, inRecords, insertRecord, updateRecord, type StoredRecord } from '../store';
import { defineHandlers } from '../typed';
import type { operations, SchemaCircuit, SchemaCircuitAsset, SchemaCircuitType } from '../../src/api/generated/circuits';
import type { SeedOptions } from '../seed/options';
import { allSystems, systemsByIds } from '../shared/systems';
import { seedTeams } from '../seed/teams';

/** The circuits service: named groups of systems of one type. */

const CIRCUITS = 'circuits';

const circuitOf = (r: StoredRecord): SchemaCircuit => {
  const c = r as unknown as SchemaCircuit;
  return { ...c, assets: c.assets ?? [] };
};

async function requireCircuit(db: Db, id: number, type?: SchemaCircuitType): Promise<SchemaCircuit> {
  const record = await getRecord(db, CIRCUITS, id);
  if (!record || (type && record.type !== type)) throw new HttpError(404, type ? `Circuito ${type} ${id} non trovato` : `Circuito ${id} non trovato`);
  return circuitOf(record);
}

async function checkName(db: Db, name: string, type: SchemaCircuitType, exceptId?: number): Promise<void> {
  const { rows } = await db.query(
    "SELECT id FROM records WHERE collection = $1 AND data->>'type' = $2 AND lower(data->>'name') = lower($3) AND id <> $4 LIMIT 1",
    [CIRCUITS, type, name.trim(), exceptId ?? 0],
  );
  if (rows[0]) throw new HttpError(409, `Esiste già un circuito ${type} con nome ${name.trim()}`);
}

/** Every asset must be an existing system (422, naming `assets`) of the circuit's type (409). */
async function checkAssets(db: Db, assets: number[], type: SchemaCircuitType): Promise<void> {
  if (!assets.length) return;
  const found = await systemsByIds(db, assets);
  if (!found.length && !(await allSystems(db)).length) return; // no systems service data yet: accept
  const byId = new Map(found.map((s) => [s.id, s]));
  const missing = assets.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `impianto inesistente: ${missing.join(', ')}`;
    throw new HttpError(422, `Riferimento a un elemento inesistente (${message})`, { errors: [{ path: '/body/assets', message }] });
  }
  const wrong = found.filter((s) => s.type !== type);
  if (wrong.length) throw new HttpError(409, `Gli impianti ${wrong.map((s) => s.code).join(', ')} non sono di tipo ${type}`);
}

async function list(db: Db, where: string, params: unknown[]): Promise<SchemaCircuit[]> {
  const { rows } = await db.query<{ id: string; data: Record<string, unknown> }>(
    `SELECT id, data FROM records WHERE collection = '${CIRCUITS}' AND ${where} ORDER BY lower(data->>'name'), id`,
    params,
  );
  return rows.map((r) => circuitOf({ ...r.data, id: Number(r.id) }));
}

export const handlers = defineHandlers<operations>({
  listCircuitsByType(ctx) {
    return list(ctx.db, "data->>'type' = $1", [ctx.query.type]);
  },
  getCircuitById(ctx) {
    return requireCircuit(ctx.db, Number(ctx.query.id), ctx.query.type);
  },
  listCircuitsByAssetId(ctx) {
    return list(ctx.db, "data->'assets' @> $1::jsonb", [JSON.stringify([Number(ctx.query.assetId)])]);
  },
  async listCircuitAssets(ctx) {
    const circuit = await requireCircuit(ctx.db, Number(ctx.query.id), ctx.query.type);
    const systems = await systemsByIds(ctx.db, circuit.assets);
    return systems.sort((a, b) => a.code.localeCompare(b.code)) satisfies SchemaCircuitAsset[];
  },
  async createCircuit(ctx) {
    const { name, type, playlistId, showId } = ctx.query;
    const assets = [...new Set((ctx.body as { assets?: number[] } | undefined)?.assets ?? [])];
    await checkName(ctx.db, name, type);
    await checkAssets(ctx.db, assets, type);
    const data: Record<string, unknown> = { name: name.trim(), type, assets };
    if (playlistId) data.playlistId = Number(playlistId);
    if (showId) data.showId = Number(showId);
    return reply(201, circuitOf(await insertRecord(ctx.db, CIRCUITS, data)));
  },
  async updateCircuit(ctx) {
    const id = Number(ctx.query.id);
    const { name, type } = ctx.query;
    return guardedUpdate(ctx, inRecords(CIRCUITS, id, 'circuito'), async (tx) => {
      await requireCircuit(tx, id, type);
      const changes: Record<string, unknown> = {};
      if (name !== undefined) {
        await checkName(tx, name, type, id);
        changes.name = name.trim();
      }
      const body = ctx.body as { assets?: number[] } | undefined;
      if (body?.assets) {
        const assets = [...new Set(body.assets)];
        await checkAssets(tx, assets, type);
        changes.assets = assets;
      }
      return circuitOf((await updateRecord(tx, CIRCUITS, id, changes))!);
    });
  },
  async deleteCircuit(ctx) {
    const id = Number(ctx.query.id);
    const record = await deleteRecord(ctx.db, CIRCUITS, id);
    if (!record) throw new HttpError(404, `Circuito ${id} non trovato`);
    return circuitOf(record);
  },
});

/* ------------------------------------------------------------------ seed */

const OOH_NAMES = [
  'Milano Centro Premium', 'Roma Grandi Arterie', 'Torino Porta Nuova', 'Napoli Lungomare', 'Bologna Tangenziale', 'Firenze Centro Storico',
  'Navigli Weekend', 'Genova Porto Antico', 'Verona Arena', 'Bari Murattiano', 'Palermo Via Libertà', 'Padova Università',
  'Brescia Ingressi Città', 'Bergamo Alta', 'Venezia Mestre', 'Catania Etnea', 'Autostrade del Nord', 'Stazioni Ferroviarie Italia',
  'Grandi Centri Commerciali', 'Aeroporti Nord', 'Poster 6x3 Nazionale', 'Stendardi Centro Città', 'Pensiline Urbane', 'Arredo Urbano Lombardia',
];
const DOOH_NAMES = [
  'Totem Duomo', 'Schermi Stazione Centrale', 'LED Piazza San Babila', 'Digital Roma Termini', 'Maxischermi Tangenziale Est',
  'Circuito Digital Retail', 'Schermi Metro Milano', 'Digital Aeroporti', 'Totem Centri Commerciali', 'LED Napoli Centro',
  'Digital Torino Lingotto', 'Schermi Bologna Fiera', 'Digital Firenze SMN', 'Programmatic Nord Ovest', 'Programmatic Centro Sud', 'Digital Weekend',
];

export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await seedTeams(db, options);
  const { rng, size } = options;
  const systems = await allSystems(db);
  const ooh = systems.filter((s) => s.type === 'OOH').map((s) => s.id);
  const dooh = systems.filter((s) => s.type === 'DOOH').map((s) => s.id);
  const playlists = (await db.query<{ id: string }>("SELECT id FROM records WHERE collection = 'playlists' ORDER BY id")).rows.map((r) => Number(r.id));
  const shows = (await db.query<{ id: string; playlist: string }>("SELECT id, data->>'playlistId' AS playlist FROM records WHERE collection = 'shows' ORDER BY id")).rows;
  const rounds = size === 'large' ? 3 : 1;
  for (let round = 0; round < rounds; round++) {
    const suffix = round ? ` ${round + 1}` : '';
    for (const name of OOH_NAMES) {
      await insertRecord(db, CIRCUITS, { name: name + suffix, type: 'OOH', assets: rng.sample(ooh, Math.min(ooh.length, rng.int(4, 30))).sort((a, b) => a - b) });
    }
    for (const name of DOOH_NAMES) {
      const show = shows.length ? rng.pick(shows) : undefined;
      const data: Record<string, unknown> = { name: name + suffix, type: 'DOOH', assets: rng.sample(dooh, Math.min(dooh.length, rng.int(3, 20))).sort((a, b) => a - b) };
      if (show) {
        data.showId = Number(show.id);
        data.playlistId = Number(show.playlist);
      } else if (playlists.length) data.playlistId = rng.pick(playlists);
      await insertRecord(db, CIRCUITS, data);
    }
  }
}
