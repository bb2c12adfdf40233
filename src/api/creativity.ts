import type { paths } from './generated/creativity';
import { lazyClient } from './http';

/** The creativity service (spec §7): a typed openapi-fetch client. */
export const creativityApi = lazyClient<paths>('creativity');
