import type { SchemaSystemMarker as SystemMarker } from '@/api/generated/systems';

/** How many rows the in-view list draws; past it, a count and a hint to zoom in. */
export const IN_VIEW_LIMIT = 200;

export interface ViewBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface InView {
  /** The first `limit` markers in view, by code. */
  rows: SystemMarker[];
  /** Every marker in view. */
  total: number;
  /** Those in view but not listed. */
  more: number;
}

const byCode = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });

/** The markers inside the view (the same the map draws), by code, capped at `limit` rows. */
export function systemsInView(markers: readonly SystemMarker[], view: ViewBounds, limit = IN_VIEW_LIMIT): InView {
  const inside = markers.filter(
    (m) => m.latitude >= view.south && m.latitude <= view.north && m.longitude >= view.west && m.longitude <= view.east,
  );
  inside.sort((a, b) => byCode.compare(a.code, b.code) || a.id - b.id);
  return { rows: inside.slice(0, limit), total: inside.length, more: Math.max(0, inside.length - limit) };
}
