import 'leaflet/dist/leaflet.css';
import { CircleMarker } from 'react-leaflet';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AppMap } from '@/ui/map/AppMap';
import { FitToPoints } from '@/ui/map/FitToPoints';
import { statusColour, SystemPopup } from '@/ui/map/SystemPopup';
import type { Circuit, CircuitAsset } from './shared';

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
      <AppMap style={{ background: 'transparent' }}>
        {assets.map((a) => (
          <CircleMarker
            key={a.id}
            center={[a.latitude, a.longitude]}
            radius={7}
            pathOptions={{ color: '#fff', weight: 2, fillColor: statusColour(a.status), fillOpacity: 0.9 }}
            className={`circuit-marker circuit-marker-${a.id}`}
          >
            <SystemPopup system={a} testId="circuit-map-popup" />
          </CircleMarker>
        ))}
        <FitToPoints points={assets} />
      </AppMap>
    </Box>
  );
}
