import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceDefinition } from '@/resources';

/** The order service's resources; their screens are the pages of /orders (src/routes.tsx). */
export const ordersResources: ResourceDefinition[] = [
  { name: 'orders', icon: ReceiptLongIcon, recordRepresentation: 'code' },
  { name: 'orderDocuments', recordRepresentation: 'fileName' },
  { name: 'orderCampaigns' },
];
