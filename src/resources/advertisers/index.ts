import BusinessIcon from '@mui/icons-material/Business';
import type { RaRecord } from 'react-admin';

/** The `advertisers` resource; its screens are routed by src/routes.tsx. */
export const advertisersResource = {
  name: 'advertisers',
  icon: BusinessIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
