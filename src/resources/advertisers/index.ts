import BusinessIcon from '@mui/icons-material/Business';
import type { RaRecord } from 'react-admin';

/** The `advertisers` resource; its screens are routed at the spec §2 paths by src/routes.tsx. */
export const advertisersResource = {
  name: 'advertisers',
  icon: BusinessIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
