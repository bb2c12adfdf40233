import type { paths } from './generated/product';
import { lazyClient } from './http';

/** The product service (spec §7): a typed openapi-fetch client. */
export const productApi = lazyClient<paths>('product');
