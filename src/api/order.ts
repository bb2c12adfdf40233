import type { paths } from './generated/order';
import { lazyClient } from './http';

/** The order service (spec §7): a typed openapi-fetch client. */
export const orderApi = lazyClient<paths>('order');
