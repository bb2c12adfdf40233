import type { paths } from './generated/estimate';
import { lazyClient } from './http';

/** The estimate service (spec §7): a typed openapi-fetch client. */
export const estimateApi = lazyClient<paths>('estimate');
