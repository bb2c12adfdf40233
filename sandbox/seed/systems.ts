import type { Db } from '../db';
import { addDays } from '../shared/reservations';
import { today } from '../shared/values';
import type { Rng } from './random';
import type { SeededMunicipality } from '../shared/geo';
import { DOOH_SYSTEM_TYPES, SYSTEM_STATUSES, SYSTEM_TYPES } from '../../src/api/systemCodes';

/*
 * Seed data of the systems service: the lookups (system types, sizes, areas, media owners, leases,
 * authorizations) and ~2,000 systems (20,000 with `--seed large`) spread over the municipalities the
 * geo seed placed, every type and status of a system, OOH and DOOH. Rows go in with batched
 * INSERT … SELECT FROM jsonb_to_recordset (500 rows a statement).
 */

/* The kinds, types and statuses come from the systems document through src/api/systemCodes.ts,
 * the one list the app also reads; the seed's order is the enum's order. */
export const DOOH_TYPES = DOOH_SYSTEM_TYPES;
export const OOH_TYPES = SYSTEM_TYPES;
/** The marker types: every OOH type but the DOOH ones and customooh (the document's SystemTypeCode). */
export const MARKER_TYPES = OOH_TYPES.filter((code) => !(DOOH_TYPES as readonly string[]).includes(code) && code !== 'customooh');
export const STATUSES = SYSTEM_STATUSES;

export const SYSTEM_TYPE_LABELS: Record<string, string> = {
  alux: 'Alux',
  customdooh: 'DOOH personalizzato',
  posterdooh: 'Poster digitale',
  totem: 'Totem',
  customooh: 'OOH personalizzato',
  autobus: 'Autobus',
  butterfly: 'Butterfly',
  cassonetto: 'Cassonetto',
  fioriera: 'Fioriera',
  palina: 'Palina',
  paloluce: 'Palo luce',
  parapedonale: 'Parapedonale',
  pensilina: 'Pensilina',
  plancia: 'Plancia',
  poster: 'Poster',
  rotor: 'Rotor',
  stendardo: 'Stendardo',
  telo: 'Telo',
  'tiny-markers': 'Tiny markers',
};

const OOH_SIZES: [number, number][] = [[600, 300], [400, 300], [300, 200], [120, 180], [100, 140], [140, 200], [200, 150], [1200, 300], [70, 100], [600, 400]];
const DOOH_SIZES: [number, number][] = [[120, 200], [300, 200], [100, 180], [400, 225], [75, 130], [600, 340]];

const MEDIA_OWNERS = [
  'Affissioni Lombarde S.r.l.', 'Pubblicità Romana S.p.A.', 'Outdoor Italia S.r.l.', 'Spazi Urbani S.r.l.',
  'Digital Signage Nord S.r.l.', 'Manifesti del Sud S.r.l.', 'Cartelloni Toscani S.n.c.', 'Affissioni Venete S.r.l.',
];

const STREETS = [
  'Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Mazzini', 'Piazza della Repubblica', 'Viale Europa', 'Via Dante',
  'Corso Vittorio Emanuele', 'Via Cavour', 'Via Verdi', 'Viale della Stazione', 'Via XX Settembre', 'Piazza del Duomo',
  'Via Marconi', 'Via Matteotti', 'Viale Kennedy', 'Via dei Mille', 'Via Nazionale', 'Lungomare Colombo', 'Via Manzoni',
];

const DOMAINS = ['retail', 'centro', 'stazione', 'aeroporto', 'ospedale', 'universita', 'stadio', 'periferia', 'autostrada', 'mall'];

/** Inserts `rows` (plain objects) into `table` through jsonb_to_recordset, 500 rows a statement. */
export async function insertBatched(db: Db, table: string, columns: Record<string, string>, rows: Record<string, unknown>[]): Promise<void> {
  const names = Object.keys(columns);
  const record = names.map((n) => `${n} ${columns[n]}`).join(', ');
  for (let i = 0; i < rows.length; i += 500) {
    await db.query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${record})`,
      [JSON.stringify(rows.slice(i, i + 500))],
    );
  }
}

export async function seedLookups(db: Db, places: SeededMunicipality[], rng: Rng): Promise<void> {
  await insertBatched(db, 'system_types', { code: 'text', name: 'text', types: 'text[]', marker: 'boolean' },
    OOH_TYPES.map((code) => ({
      code,
      name: SYSTEM_TYPE_LABELS[code],
      types: (DOOH_TYPES as readonly string[]).includes(code) ? ['OOH', 'DOOH'] : ['OOH'],
      marker: (MARKER_TYPES as readonly string[]).includes(code),
    })));
  await insertBatched(db, 'system_sizes', { name: 'text', width: 'float8', height: 'float8', type: 'text' }, [
    ...OOH_SIZES.map(([width, height]) => ({ name: `${width}x${height}`, width, height, type: 'OOH' })),
    ...DOOH_SIZES.map(([width, height]) => ({ name: `${width}x${height}`, width, height, type: 'DOOH' })),
  ]);
  const capitals = places.filter((p) => p.capital).slice(0, 40);
  const areas: Record<string, unknown>[] = [];
  for (const c of capitals.slice(0, 15)) {
    areas.push({ name: `${c.name} Centro`, type: 'OOH' }, { name: `${c.name} Periferia`, type: 'OOH' }, { name: `${c.name} Digitale`, type: 'DOOH' });
  }
  await insertBatched(db, 'system_areas', { name: 'text', type: 'text' }, areas);
  await insertBatched(db, 'system_media_owners', { name: 'text', vat: 'text', mail: 'text' },
    MEDIA_OWNERS.map((name, i) => ({
      name,
      vat: String(10000000000 + i * 1234567891).slice(0, 11),
      mail: `info@${name.toLowerCase().split(' ')[0].replace(/[^a-z]/g, '')}.it`,
    })));
  // Dates relative to the seed's day: every lease and authorization runs for years yet; the few that
  // end soon are added by seedExpiringPermits, on a handful of systems.
  const day = today();
  const year = Number(day.slice(0, 4));
  await insertBatched(db, 'system_leases', { name: 'text', lessor: 'text', reference: 'text', start_date: 'date', end_date: 'date', annual_fee: 'numeric' },
    capitals.slice(0, 30).map((c, i) => ({
      name: `Locazione Comune di ${c.name} ${year - (i % 3)}`,
      lessor: `Comune di ${c.name}`,
      reference: `REP. ${4000 + i * 37}/${year - (i % 3)}`,
      start_date: `${year - (i % 3)}-01-01`,
      end_date: `${year + 3 + (i % 3)}-12-31`,
      annual_fee: 1200 + rng.int(0, 60) * 100,
    })));
  await insertBatched(db, 'system_authorizations', { name: 'text', issuer: 'text', number: 'text', valid_from: 'date', valid_to: 'date', cost: 'numeric' },
    capitals.slice(0, 40).map((c, i) => ({
      name: `Autorizzazione CUP ${year - (i % 2)}/${100 + i}`,
      issuer: `Comune di ${c.name}`,
      number: `${year - (i % 2)}/${100 + i}`,
      valid_from: `${year - (i % 2)}-01-01`,
      valid_to: `${year + 3 + (i % 2)}-12-31`,
      cost: 300 + ((i * 7) % 40) * 25,
    })));
}

export function searchTextOf(s: { code: string; name: string; address: string; municipality_name: string; province: string; zip_code?: string | null }): string {
  return [s.code, s.name, s.address, s.municipality_name, s.province, s.zip_code ?? ''].join(' ').toLowerCase();
}

export const SYSTEM_COLUMNS: Record<string, string> = {
  code: 'text', name: 'text', type: 'text', system_type: 'text', status: 'text', address: 'text', region: 'text', province: 'text',
  municipality_istat: 'text', municipality_name: 'text', zip_code: 'text', latitude: 'float8', longitude: 'float8',
  media_owner_ids: 'bigint[]', authorization_ids: 'bigint[]', area_id: 'bigint', lease_id: 'bigint', domains: 'text[]',
  illuminated: 'boolean', faces: 'integer', search_text: 'text', data: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz',
};

export async function seedSystems(db: Db, places: SeededMunicipality[], count: number, rng: Rng): Promise<void> {
  const { rows: sizes } = await db.query<{ id: string; width: number; height: number; type: string }>('SELECT id, width, height, type FROM system_sizes ORDER BY id');
  const { rows: areas } = await db.query<{ id: string; name: string; type: string }>('SELECT id, name, type FROM system_areas ORDER BY id');
  const { rows: leases } = await db.query<{ id: string; lessor: string }>('SELECT id, lessor FROM system_leases ORDER BY id');
  const { rows: auths } = await db.query<{ id: string }>('SELECT id FROM system_authorizations ORDER BY id');
  const { rows: owners } = await db.query<{ id: string }>('SELECT id FROM system_media_owners ORDER BY id');
  // Larger towns get more systems: capitals weigh 6, others 1.
  const weighted: SeededMunicipality[] = [];
  for (const p of places) for (let k = 0; k < (p.capital ? 6 : 1); k++) weighted.push(p);
  const sequences = new Map<string, number>();
  const rows: Record<string, unknown>[] = [];
  const base = Date.parse('2025-01-01T08:00:00Z');
  for (let i = 0; i < count; i++) {
    const place = i < places.length ? places[i] : rng.pick(weighted);
    // Every type and status appears: the first rows walk through them, the rest are random.
    const dooh = i < OOH_TYPES.length + DOOH_TYPES.length ? i >= OOH_TYPES.length : rng.chance(0.2);
    const type = dooh ? 'DOOH' : 'OOH';
    const systemType = i < OOH_TYPES.length ? OOH_TYPES[i] : dooh ? rng.pick(DOOH_TYPES) : rng.pick(OOH_TYPES);
    const status = i < STATUSES.length ? STATUSES[i] : rng.chance(0.7) ? 'active' : rng.pick(STATUSES);
    const n = (sequences.get(place.province) ?? 0) + 1;
    sequences.set(place.province, n);
    const code = `${place.province}-${String(n).padStart(4, '0')}`;
    const street = `${rng.pick(STREETS)} ${rng.int(1, 180)}`;
    const label = SYSTEM_TYPE_LABELS[systemType];
    const name = `${label} ${street}`;
    const size = rng.pick(sizes.filter((s) => s.type === type));
    const faces = dooh ? 1 : rng.int(1, 2);
    const cityAreas = areas.filter((a) => a.type === type && a.name.startsWith(`${place.name} `));
    const area = cityAreas.length ? rng.pick(cityAreas) : rng.chance(0.1) ? rng.pick(areas.filter((a) => a.type === type)) : undefined;
    const lease = leases.find((l) => l.lessor === `Comune di ${place.name}`) ?? (rng.chance(0.3) ? rng.pick(leases) : undefined);
    const frames = Array.from({ length: faces }, (_v, k) => ({
      id: (i + 1) * 10 + k + 1,
      name: `Faccia ${String.fromCharCode(65 + k)}`,
      position: k + 1,
      width: size.width,
      height: size.height,
      digital: dooh,
      status,
    }));
    const created = new Date(base + i * 3_600_000).toISOString();
    const row = {
      code,
      name,
      type,
      system_type: systemType,
      status,
      address: street,
      region: place.region,
      province: place.provinceName,
      municipality_istat: place.istatCode,
      municipality_name: place.name,
      zip_code: place.zipCodes[0] ?? null,
      latitude: Math.round((place.latitude + (rng.next() - 0.5) * 0.04) * 1e6) / 1e6,
      longitude: Math.round((place.longitude + (rng.next() - 0.5) * 0.05) * 1e6) / 1e6,
      media_owner_ids: [Number(rng.pick(owners).id)],
      authorization_ids: rng.chance(0.6) ? [Number(rng.pick(auths).id)] : [],
      area_id: area ? Number(area.id) : null,
      lease_id: lease ? Number(lease.id) : null,
      domains: rng.sample(DOMAINS, rng.int(0, 2)),
      illuminated: dooh || rng.chance(0.5),
      faces,
      data: { sizes: [{ sizeId: Number(size.id), width: size.width, height: size.height }], frames, notes: rng.chance(0.2) ? 'Fronte strada, alta visibilità.' : undefined },
      created_at: created,
      updated_at: created,
    };
    rows.push({ ...row, search_text: searchTextOf(row) });
  }
  await insertBatched(db, 'systems', SYSTEM_COLUMNS, rows);
  await insertBatched(db, 'system_sequences', { name: 'text', last: 'integer' }, [...sequences].map(([name, last]) => ({ name, last })));
}

/**
 * A few authorizations and leases that end soon (in 5, 20 and 60 days from the seed's day, past the
 * 7-, 30- and 90-day alerts), each on two active OOH systems, so the inbox and availability show them.
 */
export async function seedExpiringPermits(db: Db): Promise<void> {
  const day = today();
  const { rows } = await db.query<{ id: string; municipality_name: string }>(
    "SELECT id, municipality_name FROM systems WHERE type = 'OOH' AND status = 'active' ORDER BY id DESC LIMIT 8",
  );
  if (rows.length < 8) return;
  const pair = (i: number) => [Number(rows[2 * i].id), Number(rows[2 * i + 1].id)];
  const authorizations = [
    { days: 5, n: 901, systems: pair(0) },
    { days: 20, n: 902, systems: pair(1) },
    { days: 60, n: 903, systems: pair(2) },
  ];
  const year = day.slice(0, 4);
  for (const a of authorizations) {
    const place = rows[2 * (a.n - 901)].municipality_name;
    const { rows: [row] } = await db.query<{ id: string }>(
      `INSERT INTO system_authorizations (name, issuer, number, valid_from, valid_to, cost, notes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [`Autorizzazione CUP ${year}/${a.n}`, `Comune di ${place}`, `${year}/${a.n}`, addDays(day, -360), addDays(day, a.days), 450, 'Rinnovo da chiedere al Comune.'],
    );
    await db.query('UPDATE systems SET authorization_ids = authorization_ids || $1::bigint WHERE id = ANY($2::bigint[])', [Number(row.id), a.systems]);
  }
  const place = rows[6].municipality_name;
  const { rows: [lease] } = await db.query<{ id: string }>(
    `INSERT INTO system_leases (name, lessor, reference, start_date, end_date, annual_fee, notes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [`Locazione Condominio Via Roma ${place}`, `Condominio Via Roma, ${place}`, `REP. 7781/${year}`, addDays(day, -700), addDays(day, 25), 3600, 'Disdetta da inviare entro la scadenza.'],
  );
  await db.query('UPDATE systems SET lease_id = $1 WHERE id = ANY($2::bigint[])', [Number(lease.id), pair(3)]);
}
