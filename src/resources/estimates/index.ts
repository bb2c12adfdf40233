import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { ResourceDefinition } from '@/resources';

/** The `estimates` resource; its screens are routed by src/routes.tsx. */
export const estimatesResource: ResourceDefinition = {
  name: 'estimates',
  icon: RequestQuoteIcon,
  recordRepresentation: 'name',
};
