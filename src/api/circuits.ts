import type { paths } from './generated/circuits';
import { lazyClient } from './http';

/** The circuits service (spec §7): a typed openapi-fetch client. */
export const circuitsApi = lazyClient<paths>('circuits');
