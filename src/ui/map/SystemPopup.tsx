import { Box, Typography, Link as MuiLink } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Popup } from 'react-leaflet';
import { Link as RouterLink } from 'react-router-dom';
import { systemStatusLabel, systemTypeLabel } from '@/ui/systemLabels';

/** A system's marker colour by status, the same on every map. */
export const STATUS_COLOURS: Record<string, string> = {
  active: '#2e7d32',
  initialized: '#0a3f8a',
  maintenance: '#ed6c02',
  removed: '#757575',
};

export const statusColour = (status: string) => (Object.hasOwn(STATUS_COLOURS, status) ? STATUS_COLOURS[status] : STATUS_COLOURS.initialized);

export interface PopupSystem {
  id: number;
  code: string;
  name: string;
  address: string;
  municipality: string;
  type?: string;
  systemType: string;
  status: string;
}

/** A system marker's popup, the same on every map: code · name, address, type and status, a link to its record. */
export function SystemPopup({ system, testId = 'map-popup' }: { system: PopupSystem; testId?: string }) {
  const translate = useTranslate();
  return (
    <Popup>
      <Box data-testid={testId} sx={{ minWidth: 200 }}>
        <Typography variant="subtitle2">
          {system.code} · {system.name}
        </Typography>
        <Typography variant="body2">
          {system.address}, {system.municipality}
        </Typography>
        <Typography variant="body2">
          {[system.type, systemTypeLabel(system.systemType), systemStatusLabel(system.status)].filter(Boolean).join(' · ')}
        </Typography>
        <MuiLink component={RouterLink} to={`/systems-manage/${system.id}`}>{translate('resources.systems.map.open')}</MuiLink>
      </Box>
    </Popup>
  );
}
