import type { paths } from './generated/geo';
import { lazyClient } from './http';

/** The geo service (spec §7): a typed openapi-fetch client. */
export const geoApi = lazyClient<paths>('geo');
