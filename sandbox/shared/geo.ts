import type { Db } from '../db';
import { searchName } from '../seed/geodata';

/*
 * The Italian registry as other services read it (tables geo_regions, geo_provinces,
 * geo_municipalities, loaded by the geo service's seed): the places seeds spread records over, and
 * a small geocoder that finds the municipality an address names.
 */

/** A municipality of the registry, with its province and region (coordinates may be missing). */
export interface Municipality {
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

/** A municipality with coordinates and zip codes: what seeds spread records over. */
export interface SeededMunicipality extends Municipality {
  latitude: number;
  longitude: number;
}

/** The registry's municipalities joined to their province and region, ordered by ISTAT code. */
async function municipalities(db: Db, where = ''): Promise<Municipality[]> {
  const { rows } = await db.query<{
    istat_code: string; name: string; province_code: string; province_name: string; region_name: string; region_code: string;
    capital: boolean; latitude: number | null; longitude: number | null; zip_codes: string[];
  }>(
    `SELECT m.istat_code, m.name, m.province_code, p.name AS province_name, r.name AS region_name, m.region_code,
            m.capital, m.latitude, m.longitude, m.zip_codes
       FROM geo_municipalities m JOIN geo_provinces p ON p.code = m.province_code JOIN geo_regions r ON r.code = m.region_code
      ${where}
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
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    zipCodes: r.zip_codes,
  }));
}

/**
 * The municipalities with coordinates and zip codes (every provincial capital and the larger
 * towns of sandbox/seed/geodata.ts), ordered by ISTAT code: what other seeds spread records over.
 */
export async function seededMunicipalities(db: Db): Promise<SeededMunicipality[]> {
  return (await municipalities(db, 'WHERE m.latitude IS NOT NULL AND cardinality(m.zip_codes) > 0')) as SeededMunicipality[];
}


/* ---------- the geocoder ---------- */

type GazetteerEntry = Municipality;

interface Gazetteer {
  byName: Map<string, GazetteerEntry[]>;
  byZip: Map<string, GazetteerEntry[]>;
  capitals: Map<string, GazetteerEntry>;
  longestName: number;
}

const gazetteers = new WeakMap<Db, Promise<Gazetteer>>();

async function buildGazetteer(db: Db): Promise<Gazetteer> {
  const g: Gazetteer = { byName: new Map(), byZip: new Map(), capitals: new Map(), longestName: 1 };
  const add = <K>(map: Map<K, GazetteerEntry[]>, key: K, e: GazetteerEntry) => {
    const list = map.get(key);
    if (list) {
      if (!list.includes(e)) list.push(e);
    } else map.set(key, [e]);
  };
  for (const e of await municipalities(db)) {
    // "Bolzano/Bozen": either name finds it.
    for (const variant of [e.name, ...e.name.split('/')]) {
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
