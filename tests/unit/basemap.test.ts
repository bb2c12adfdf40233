import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiLineString } from 'geojson';
import { describe, expect, it } from 'vitest';
import { PLACES, REGION_CODES } from '../../sandbox/seed/geodata';
import { BASEMAP_EXTENT, decodeBasemap, labelBox, placeShowsAt, PROVINCE_MIN_ZOOM, visibleLabels, type BasemapTopology, type Place } from '@/ui/map/basemap';

/* The offline base map shipped with the app (src/ui/map/italy.topo.json, from scripts/basemap.mjs). */

const ASSET = resolve('src/ui/map/italy.topo.json');
const basemap = decodeBasemap(JSON.parse(readFileSync(ASSET, 'utf8')) as BasemapTopology);
const at = (lat: number, lng: number) => [lng, lat];
const inItaly = (lat: number, lng: number) => booleanPointInPolygon(at(lat, lng), basemap.italy);
const province = (code: string) => basemap.provinces.features.find((f) => f.properties.code === code)!;
const region = (name: string) => basemap.regions.features.find((f) => f.properties.name === name)!;

/** Kilometres from a point to the nearest of some lines (equirectangular: fine at this scale). */
function kmToLines(lat: number, lng: number, lines: MultiLineString): number {
  const k = Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const line of lines.coordinates) {
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = [line[i - 1][0] * k, line[i - 1][1]];
      const [bx, by] = [line[i][0] * k, line[i][1]];
      const [px, py] = [lng * k, lat];
      const dx = bx - ax;
      const dy = by - ay;
      const t = dx || dy ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy))) : 0;
      best = Math.min(best, Math.hypot(px - ax - t * dx, py - ay - t * dy) * 111.2);
    }
  }
  return best;
}

describe('the shipped base map (Natural Earth)', () => {
  it('is small enough to ship: well under 300 KB', () => {
    expect(statSync(ASSET).size).toBeLessThan(230 * 1024);
  });

  it("holds Italy's outline: the cities and islands inside, the sea and the neighbours outside", () => {
    for (const [lat, lng] of [
      [41.9028, 12.4964], // Roma
      [45.4642, 9.19], // Milano
      [38.1157, 13.3615], // Palermo
      [39.2238, 9.1217], // Cagliari
      [46.4983, 11.3548], // Bolzano
      [40.73, 13.9], // Ischia
      [42.77, 10.25], // Elba
    ]) {
      expect(inItaly(lat, lng), `${lat},${lng}`).toBe(true);
    }
    for (const [lat, lng] of [
      [40.5, 12], // Tyrrhenian Sea
      [43, 15], // Adriatic
      [46.948, 7.4474], // Bern
      [43.7102, 7.262], // Nice
      [46.0037, 8.9511], // Lugano
      [43.9424, 12.4578], // San Marino
      [35.8989, 14.5146], // Valletta
    ]) {
      expect(inItaly(lat, lng), `${lat},${lng}`).toBe(false);
    }
    expect(basemap.coast.coordinates.length).toBeGreaterThan(10);
  });

  it('draws the neighbours too, so the country does not float', () => {
    const names = basemap.countries.features.map((f) => f.properties.name);
    expect(names).toEqual(expect.arrayContaining(['France', 'Switzerland', 'Austria', 'Slovenia', 'Croatia', 'Tunisia', 'Malta']));
    const swiss = basemap.countries.features.find((f) => f.properties.name === 'Switzerland')!;
    expect(booleanPointInPolygon(at(46.948, 7.4474), swiss)).toBe(true);
    expect(basemap.countryBorders.coordinates.length).toBeGreaterThan(0);
  });

  it('covers its whole extent with plain land beyond the neighbours, and nothing outside it', () => {
    const [[south, west], [north, east]] = BASEMAP_EXTENT;
    const points = basemap.land.features.flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).flat(2));
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    expect(Math.min(...lngs)).toBeGreaterThanOrEqual(west - 0.01); // the Atlantic: no land at the western edge
    expect(Math.max(...lngs)).toBeCloseTo(east, 1);
    expect(Math.min(...lats)).toBeGreaterThanOrEqual(south - 0.01);
    expect(Math.max(...lats)).toBeCloseTo(north, 1);
    const onLand = (lat: number, lng: number) => basemap.land.features.some((f) => booleanPointInPolygon(at(lat, lng), f));
    expect(onLand(40.4168, -3.7038)).toBe(true); // Madrid
    expect(onLand(39.9334, 32.8597)).toBe(true); // Ankara
    expect(onLand(38, 5)).toBe(false); // the sea off Algeria
  });

  it('holds the 20 regions by their names, each with its own border', () => {
    expect(basemap.regions.features.map((f) => f.properties.name).sort()).toEqual(Object.keys(REGION_CODES).sort());
    expect(booleanPointInPolygon(at(45.4642, 9.19), region('Lombardia'))).toBe(true);
    expect(booleanPointInPolygon(at(41.9028, 12.4964), region('Lazio'))).toBe(true);
    expect(booleanPointInPolygon(at(41.9028, 12.4964), region('Toscana'))).toBe(false);
    expect(basemap.regionBorders.coordinates.length).toBeGreaterThan(0);
  });

  it('holds the provinces, each with its sigla, its name and its region', () => {
    const provinces = basemap.provinces.features.map((f) => f.properties);
    expect(provinces.length).toBeGreaterThanOrEqual(107);
    expect(new Set(provinces.map((p) => p.code)).size).toBe(provinces.length);
    for (const p of provinces) {
      expect(p.code).toMatch(/^[A-Z]{2}$/);
      expect(Object.keys(REGION_CODES)).toContain(p.region);
    }
    expect(province('MI').properties).toEqual({ code: 'MI', name: 'Milano', region: 'Lombardia' });
    expect(province('BZ').properties).toMatchObject({ name: 'Bolzano', region: 'Trentino-Alto Adige' });
    expect(province('BA').properties.region).toBe('Puglia');
    expect(province('PA').properties.region).toBe('Sicilia');
    expect(booleanPointInPolygon(at(45.4642, 9.19), province('MI'))).toBe(true);
    expect(booleanPointInPolygon(at(45.4642, 9.19), province('MB'))).toBe(false);
    // Borders between provinces of one region; those between regions are the regions' own.
    expect(basemap.provinceBorders.coordinates.length).toBeGreaterThan(basemap.regionBorders.coordinates.length);
  });

  it("places every region's name inside that region", () => {
    const names = basemap.places.filter((p) => p.kind === 'region');
    expect(names.map((p) => p.name).sort()).toEqual(Object.keys(REGION_CODES).sort());
    for (const p of names) expect(booleanPointInPolygon(at(p.lat, p.lng), region(p.name)), p.name).toBe(true);
  });

  it('places the towns in Italy (a coastal or border town at most 3 km off the drawn outline)', () => {
    const towns = basemap.places.filter((p) => p.kind !== 'region');
    expect(towns).toHaveLength(PLACES.length);
    expect(towns.filter((p) => p.rank === 1)).toHaveLength(20);
    expect(towns.find((p) => p.name === 'Roma')).toMatchObject({ kind: 'capital', rank: 1 });
    expect(towns.find((p) => p.name === 'Bergamo')).toMatchObject({ kind: 'capital', rank: 2 });
    expect(towns.find((p) => p.name === 'Rho')).toMatchObject({ kind: 'city', rank: 3 });
    for (const p of towns) {
      if (!inItaly(p.lat, p.lng)) expect(kmToLines(p.lat, p.lng, basemap.coast), p.name).toBeLessThan(3);
    }
  });
});

describe('which names show at which zoom', () => {
  it('shows region names while the view is wide, then the capitals, then the other towns', () => {
    const shown = (zoom: number) => ([0, 1, 2, 3] as const).filter((rank) => placeShowsAt({ rank }, zoom));
    expect(shown(5)).toEqual([0]);
    expect(shown(6)).toEqual([0]);
    expect(shown(7)).toEqual([0, 1]);
    expect(shown(8)).toEqual([0, 1, 2]);
    expect(shown(9)).toEqual([1, 2]);
    expect(shown(10)).toEqual([1, 2, 3]);
    expect(shown(14)).toEqual([1, 2, 3]);
    expect(PROVINCE_MIN_ZOOM).toBe(7);
  });

  const place = (name: string, rank: Place['rank'], x: number, y: number): Place & { x: number; y: number } => ({
    name,
    rank,
    kind: rank === 0 ? 'region' : rank === 3 ? 'city' : 'capital',
    lat: 0,
    lng: 0,
    x,
    y,
  });
  const view = { x: 0, y: 0, width: 800, height: 600 };
  const names = (list: { place: Place }[]) => list.map((l) => l.place.name);

  it('keeps the higher-ranked of two labels that would overlap, and both when apart', () => {
    const milano = place('Milano', 1, 400, 300);
    const monza = place('Monza', 2, 410, 290);
    const bergamo = place('Bergamo', 2, 520, 260);
    const sesto = place('Sesto San Giovanni', 3, 405, 305);
    const project = (p: { x: number; y: number }) => p;
    expect(names(visibleLabels([sesto, monza, bergamo, milano], 10, project, view))).toEqual(['Milano', 'Bergamo']);
    expect(names(visibleLabels([sesto, bergamo], 10, project, view))).toEqual(['Bergamo', 'Sesto San Giovanni']);
  });

  it('leaves out the labels off screen and those of ranks hidden at the zoom', () => {
    const project = (p: { x: number; y: number }) => p;
    const list = [place('Lombardia', 0, 300, 200), place('Roma', 1, 300, 400), place('Torino', 1, -200, 100), place('Rho', 3, 600, 500)];
    expect(names(visibleLabels(list, 6, project, view))).toEqual(['Lombardia']);
    expect(names(visibleLabels(list, 8, project, view))).toEqual(['Lombardia', 'Roma']);
    expect(names(visibleLabels(list, 10, project, view))).toEqual(['Roma', 'Rho']);
  });

  it("moves a town's name right of a marker standing on its point (a region's stays centred)", () => {
    const project = (p: { x: number; y: number }) => p;
    const cluster = { x: 382, y: 282, width: 36, height: 36 };
    const placed = visibleLabels([place('Milano', 1, 400, 300), place('Lombardia', 0, 400, 300), place('Lodi', 2, 600, 500)], 8, project, view, [cluster]);
    expect(placed.map((l) => [l.place.name, l.dx])).toEqual([
      ['Lombardia', 0],
      ['Lodi', 0],
    ]);
    const alone = visibleLabels([place('Milano', 1, 400, 300), place('Lodi', 2, 600, 500)], 9, project, view, [cluster]);
    expect(alone.map((l) => [l.place.name, l.dx])).toEqual([
      ['Milano', 20],
      ['Lodi', 0],
    ]);
  });

  it("measures a region's name centred on its point and a town's to the right of its dot", () => {
    const r = labelBox({ name: 'Lazio', rank: 0 }, 100, 100);
    expect(r.x + r.width / 2).toBe(100);
    const t = labelBox({ name: 'Rieti', rank: 2 }, 100, 100);
    expect(t.x).toBeLessThan(100);
    expect(t.x + t.width).toBeGreaterThan(100 + 'Rieti'.length * 6);
  });
});
