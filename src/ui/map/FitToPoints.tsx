import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';

/** Fits a react-leaflet map to its points (a little margin around them) whenever they change. */
export function FitToPoints({ points, maxZoom = 14 }: { points: { latitude: number; longitude: number }[]; maxZoom?: number }) {
  const map = useMap();
  useEffect(() => {
    if (!points.length) return;
    map.fitBounds(L.latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number])).pad(0.2), { maxZoom });
  }, [map, points, maxZoom]);
  return null;
}
