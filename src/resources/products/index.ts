import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';

/** The `products` resource; its screens are routed by src/routes.tsx. */
export const productsResource = {
  name: 'products',
  icon: Inventory2Icon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
