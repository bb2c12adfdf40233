import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, Popup } from 'react-leaflet';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { MapBaseLayer } from '@/ui/map/OfflineBaseLayer';
import { codeLabel } from '@/ui/format';
import { FitToPoints } from '@/ui/map/FitToPoints';
import type { Circuit, CircuitAsset } from './shared';

const STATUS_COLOURS: Record<CircuitAsset['status'], string> = {
  active: '#2e7d32',
  initialized: '#0a3f8a',
  maintenance: '#ed6c02',
  removed: '#757575',
};

/** A circuit's systems on a map, fitted to them; each marker's popup names the system and opens its record. */
export function CircuitMap({ circuit, assets }: { circuit: Circuit; assets: CircuitAsset[] }) {
  const translate = useTranslate();
  return (
    <Box
      role="region"
      aria-label={translate('resources.circuits.view.map_label', { name: circuit.name })}
      data-testid="circuit-map"
      sx={{ height: 380, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#eef2f6' }}
    >
      <MapContainer center={[42.5, 12.5]} zoom={5} style={{ height: '100%', width: '100%', background: 'transparent' }}>
        <MapBaseLayer />
        {assets.map((a) => (
          <CircleMarker
            key={a.id}
            center={[a.latitude, a.longitude]}
            radius={7}
            pathOptions={{ color: '#fff', weight: 2, fillColor: STATUS_COLOURS[a.status], fillOpacity: 0.9 }}
            className={`circuit-marker circuit-marker-${a.id}`}
          >
            <Popup>
              <Box data-testid="circuit-map-popup" sx={{ minWidth: 200 }}>
                <Typography variant="subtitle2">
                  {a.code} · {a.name}
                </Typography>
                <Typography variant="body2">
                  {a.address}, {a.municipality}
                </Typography>
                <Typography variant="body2">
                  {codeLabel('resources.systems.systemTypes', a.systemType)} · {codeLabel('resources.circuits.status', a.status)}
                </Typography>
                <RouterLink to={`/systems-manage/${a.id}`}>{translate('resources.circuits.view.open')}</RouterLink>
              </Box>
            </Popup>
          </CircleMarker>
        ))}
        <FitToPoints points={assets} />
      </MapContainer>
    </Box>
  );
}
