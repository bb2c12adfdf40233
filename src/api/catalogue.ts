import type { paths } from './generated/catalogue';
import { lazyClient } from './http';

/** The catalogue service (spec §7): a typed openapi-fetch client. */
export const catalogueApi = lazyClient<paths>('catalogue');
