import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { RaRecord } from 'react-admin';

/** The `estimates` resource; its screens are routed at the spec §2 paths by src/routes.tsx. */
export const estimatesResource = {
  name: 'estimates',
  icon: RequestQuoteIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
