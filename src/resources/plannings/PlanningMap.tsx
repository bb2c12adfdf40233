import 'leaflet/dist/leaflet.css';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { Box } from '@mui/material';
import { AppMap } from '@/ui/map/AppMap';
import { FitToPoints } from '@/ui/map/FitToPoints';

export interface MapPoint {
  id: number;
  latitude: number;
  longitude: number;
  label: string;
  /** booked (blue), free (green), taken (red) */
  tone: 'booked' | 'free' | 'taken';
}

const COLOURS = { booked: '#0a3f8a', free: '#2e7d32', taken: '#c62828' } as const;

/** Systems as circle markers (they need no images nor tiles), on the configured tiles or the offline base map. */
export function PlanningMap({ points, label, onSelect }: { points: MapPoint[]; label: string; onSelect?: (id: number) => void }) {
  return (
    <Box sx={{ height: 360, my: 2, border: 1, borderColor: 'divider', bgcolor: '#eef2f6' }} role="region" aria-label={label} data-testid="planning-map">
      <AppMap style={{ background: 'transparent' }}>
        {points.map((p) => (
          <CircleMarker
            key={p.id}
            center={[p.latitude, p.longitude]}
            radius={7}
            pathOptions={{ color: COLOURS[p.tone], fillColor: COLOURS[p.tone], fillOpacity: 0.8 }}
            eventHandlers={onSelect ? { click: () => onSelect(p.id) } : undefined}
          >
            <Tooltip>{p.label}</Tooltip>
          </CircleMarker>
        ))}
        <FitToPoints points={points} />
      </AppMap>
    </Box>
  );
}
