import { useEffect, useRef, type ReactNode } from 'react';
import L from 'leaflet';
import { Paper } from '@mui/material';

const PLACES = {
  topright: { top: 10, right: 10 },
  bottomleft: { bottom: 10, left: 10 },
} as const;

/**
 * A panel over a react-leaflet map (a child of MapContainer): a press or a wheel on it never drags
 * or zooms the map beneath. Leaflet stops only mousedown-like events, so React's clicks still arrive.
 */
export function MapOverlay({
  place,
  label,
  children,
  testId,
}: {
  place: keyof typeof PLACES;
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    L.DomEvent.disableClickPropagation(ref.current);
    L.DomEvent.disableScrollPropagation(ref.current);
  }, []);
  return (
    <Paper
      ref={ref}
      role="region"
      aria-label={label}
      data-testid={testId}
      elevation={3}
      sx={{
        position: 'absolute',
        zIndex: 1000,
        ...PLACES[place],
        maxWidth: 'calc(100% - 80px)',
        px: 1.5,
        py: 1,
        cursor: 'default',
      }}
    >
      {children}
    </Paper>
  );
}
