import BadgeIcon from '@mui/icons-material/Badge';
import type { RaRecord } from 'react-admin';

/** The `agents` resource (the media monitor's agents); managed on /media/manage. */
export const agentsResource = {
  name: 'agents',
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) =>
    String(record.fullName ?? `${String(record.name ?? '')} ${String(record.surname ?? '')}`),
};
