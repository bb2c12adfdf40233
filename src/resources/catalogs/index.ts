import ListAltIcon from '@mui/icons-material/ListAlt';
import type { RaRecord } from 'react-admin';

/** The `catalogs` resource; its screens are routed by src/routes.tsx. */
export const catalogsResource = {
  name: 'catalogs',
  icon: ListAltIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
