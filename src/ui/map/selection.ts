import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, Polygon } from 'geojson';

/*
 * The selection math of a map area: a shape drawn on the map (a rectangle dragged, or a lasso drawn
 * free-hand) and which points fall inside it. Coordinates are WGS84 degrees, `[lat, lng]` as Leaflet
 * writes them; GeoJSON (and turf) want `[lng, lat]`, converted here only.
 */

export type LatLng = [number, number];

export type AreaShape =
  | { kind: 'rectangle'; corners: [LatLng, LatLng] }
  | { kind: 'lasso'; points: LatLng[] };

export interface ShapeBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** The shape's outline as a ring of `[lat, lng]` (not closed). */
export function shapeRing(shape: AreaShape): LatLng[] {
  if (shape.kind === 'lasso') return shape.points;
  const [[a, b], [c, d]] = shape.corners;
  const [south, north] = a < c ? [a, c] : [c, a];
  const [west, east] = b < d ? [b, d] : [d, b];
  return [
    [south, west],
    [north, west],
    [north, east],
    [south, east],
  ];
}

/** The smallest box holding the shape (what to ask the service for). */
export function shapeBounds(shape: AreaShape): ShapeBounds {
  const ring = shapeRing(shape);
  const lats = ring.map((p) => p[0]);
  const lngs = ring.map((p) => p[1]);
  return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
}

/** A shape that encloses some area: a lasso needs three points, a rectangle two distinct corners. */
export function isArea(shape: AreaShape): boolean {
  const b = shapeBounds(shape);
  if (b.north === b.south || b.east === b.west) return false;
  return shape.kind === 'rectangle' || shape.points.length >= 3;
}

function polygonOf(shape: AreaShape): Feature<Polygon> {
  const ring = shapeRing(shape).map(([lat, lng]) => [lng, lat]);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } };
}

/**
 * The points inside the shape (its edge counts as inside), in their order; when `allowed` is given
 * (the map's filters), only the points it holds.
 */
export function pointsInShape<T extends { id: number; latitude: number; longitude: number }>(
  points: readonly T[],
  shape: AreaShape,
  allowed?: ReadonlySet<number>,
): T[] {
  if (!isArea(shape)) return [];
  const polygon = polygonOf(shape);
  const b = shapeBounds(shape);
  return points.filter(
    (p) =>
      (!allowed || allowed.has(p.id)) &&
      // The box first: cheap, and most of a viewport's points fail it.
      p.latitude >= b.south &&
      p.latitude <= b.north &&
      p.longitude >= b.west &&
      p.longitude <= b.east &&
      booleanPointInPolygon([p.longitude, p.latitude], polygon),
  );
}
