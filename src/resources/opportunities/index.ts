import LightbulbIcon from '@mui/icons-material/Lightbulb';
import type { RaRecord } from 'react-admin';

/** The `opportunities` resource; its screens are routed at the spec §2 paths by src/routes.tsx. */
export const opportunitiesResource = {
  name: 'opportunities',
  icon: LightbulbIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
