import { useEffect, useMemo } from 'react';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { Box } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { AppMap, ITALY_VIEW } from '@/ui/map/AppMap';
import { useT } from './shared';

const pin = L.divIcon({
  className: 'system-pin',
  html: '<div style="width:18px;height:18px;border-radius:50%;background:#0a3f8a;border:3px solid #fff;box-shadow:0 0 4px #000"></div>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
});

function Recenter({ at }: { at: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    map.setView(at, Math.max(map.getZoom(), 15));
  }, [map, at]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** The form's position as a draggable pin (a click on the map moves it too), on the configured tiles or the offline base map. */
export function PinMap() {
  const t = useT();
  const { setValue } = useFormContext();
  const [lat, lng] = useWatch({ name: ['latitude', 'longitude'] }) as [unknown, unknown];
  const at = useMemo<[number, number] | undefined>(
    () => (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : undefined),
    [lat, lng],
  );
  const move = (a: number, b: number) => {
    setValue('latitude', Number(a.toFixed(6)), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', Number(b.toFixed(6)), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Box
      sx={{ height: 300, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#e8eef5', width: '100%' }}
      aria-label={t('form.map')}
      data-testid="system-form-map"
    >
      <AppMap center={at ?? ITALY_VIEW.center} zoom={at ? 15 : ITALY_VIEW.zoom}>
        {at ? (
          <>
            <Recenter at={at} />
            <Marker
              position={at}
              icon={pin}
              draggable
              keyboard
              title={t('form.pin')}
              eventHandlers={{
                dragend: (e) => {
                  const p = (e.target as L.Marker).getLatLng();
                  move(p.lat, p.lng);
                },
              }}
            />
          </>
        ) : null}
        <ClickToPlace onPlace={move} />
      </AppMap>
    </Box>
  );
}
