import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * The offline base map's data and rules, apart from Leaflet: what the shipped TopoJSON
 * (italy.topo.json, built by scripts/basemap.mjs from Natural Earth) decodes to, which layers and
 * labels show at which zoom, and which labels fit without overlapping.
 */

export interface ProvinceProps {
  code: string;
  name: string;
  region: string;
}
export interface NamedProps {
  name: string;
}
/** rank 0 region, 1 regional capital, 2 provincial capital, 3 other town. */
export interface PlaceProps {
  name: string;
  kind: 'region' | 'capital' | 'city';
  rank: 0 | 1 | 2 | 3;
}

export type BasemapTopology = Topology<{
  provinces: GeometryCollection<ProvinceProps>;
  regions: GeometryCollection<NamedProps>;
  italy: GeometryCollection;
  countries: GeometryCollection<NamedProps>;
  land: GeometryCollection;
  places: GeometryCollection<PlaceProps>;
}>;

export interface Place extends PlaceProps {
  lat: number;
  lng: number;
}

export interface Basemap {
  /** Plain land in the whole extent (coarse), under the countries. */
  land: FeatureCollection<Polygon | MultiPolygon>;
  /** The neighbouring countries' land. */
  countries: FeatureCollection<Polygon | MultiPolygon, NamedProps>;
  /** Italy's land, one shape. */
  italy: Feature<Polygon | MultiPolygon>;
  regions: FeatureCollection<Polygon | MultiPolygon, NamedProps>;
  provinces: FeatureCollection<Polygon | MultiPolygon, ProvinceProps>;
  /** Italy's coastline and land borders. */
  coast: MultiLineString;
  /** The lines between two regions. */
  regionBorders: MultiLineString;
  /** The lines between two provinces of the same region. */
  provinceBorders: MultiLineString;
  /** The lines between two neighbouring countries. */
  countryBorders: MultiLineString;
  places: Place[];
}

const regionOf = (g: { properties?: unknown }) => (g.properties as ProvinceProps | undefined)?.region;

/** Decodes the shipped topology into the GeoJSON the layer draws. */
export function decodeBasemap(topology: BasemapTopology): Basemap {
  const o = topology.objects;
  const italy = feature(topology, o.italy).features[0] as Feature<Polygon | MultiPolygon>;
  const places = (feature(topology, o.places) as FeatureCollection<Point, PlaceProps>).features.map((f) => ({
    ...f.properties,
    lng: f.geometry.coordinates[0],
    lat: f.geometry.coordinates[1],
  }));
  return {
    land: feature(topology, o.land) as FeatureCollection<Polygon | MultiPolygon>,
    countries: feature(topology, o.countries) as FeatureCollection<Polygon | MultiPolygon, NamedProps>,
    italy,
    regions: feature(topology, o.regions) as FeatureCollection<Polygon | MultiPolygon, NamedProps>,
    provinces: feature(topology, o.provinces) as FeatureCollection<Polygon | MultiPolygon, ProvinceProps>,
    coast: mesh(topology, o.italy, (a, b) => a === b),
    regionBorders: mesh(topology, o.regions, (a, b) => a !== b),
    provinceBorders: mesh(topology, o.provinces, (a, b) => a !== b && regionOf(a) === regionOf(b)),
    countryBorders: mesh(topology, o.countries, (a, b) => a !== b),
    places,
  };
}

/** Italy's extent, [[south, west], [north, east]]: the view a map opens on when it has nothing to fit. */
export const ITALY_BOUNDS: [[number, number], [number, number]] = [
  [36.6, 6.6],
  [47.1, 18.6],
];

/** What the base map covers, [[south, west], [north, east]] (scripts/basemap.mjs's OUTER_BOX): a map on it pans no further. */
export const BASEMAP_EXTENT: [[number, number], [number, number]] = [
  [25, -20],
  [60, 45],
];

/** Province borders appear from this zoom on (region borders always show). */
export const PROVINCE_MIN_ZOOM = 7;

/** Whether a place's label may show at a zoom: region names while the view is wide, towns as it narrows. */
export function placeShowsAt(place: Pick<PlaceProps, 'rank'>, zoom: number): boolean {
  switch (place.rank) {
    case 0:
      return zoom <= 8;
    case 1:
      return zoom >= 7;
    case 2:
      return zoom >= 8;
    default:
      return zoom >= 10;
  }
}

export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The screen box a label takes, centred on region names and to the right of a town's dot. */
export function labelBox(place: Pick<PlaceProps, 'name' | 'rank'>, x: number, y: number): LabelBox {
  if (place.rank === 0) {
    const width = place.name.length * 9.5 + 8;
    return { x: x - width / 2, y: y - 9, width, height: 18 };
  }
  const width = place.name.length * (place.rank === 1 ? 7.5 : 7) + 14;
  return { x: x - 4, y: y - 9, width, height: 18 };
}

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export interface PlacedLabel<P> {
  place: P;
  /** How far right of its point a town's name is pushed, past a marker standing on the point. */
  dx: number;
}

const contains = (b: LabelBox, x: number, y: number) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;

/**
 * The labels to draw at a zoom: those whose rank shows there, in rank order, each kept only if its
 * box overlaps none already kept (so a capital wins over a town next to it). `project` gives a
 * place's screen point; places outside `view` (a screen box) are skipped. A town whose point lies
 * under one of `markers` (screen boxes) has its name moved right of that marker, so it stays legible.
 */
export function visibleLabels<P extends Place>(
  places: readonly P[],
  zoom: number,
  project: (p: P) => { x: number; y: number },
  view: LabelBox,
  markers: readonly LabelBox[] = [],
): PlacedLabel<P>[] {
  const kept: LabelBox[] = [];
  const shown: PlacedLabel<P>[] = [];
  const candidates = places.filter((p) => placeShowsAt(p, zoom)).sort((a, b) => a.rank - b.rank);
  for (const p of candidates) {
    const { x, y } = project(p);
    const under = p.rank === 0 ? [] : markers.filter((m) => contains(m, x, y));
    const dx = under.length ? Math.max(...under.map((m) => m.x + m.width - x)) + 2 : 0;
    const box = labelBox(p, x + dx, y);
    if (!overlaps(box, view) || kept.some((k) => overlaps(k, box))) continue;
    kept.push(box);
    shown.push({ place: p, dx });
  }
  return shown;
}
