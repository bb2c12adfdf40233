import type { paths } from './generated/history';
import { lazyClient } from './http';

/** The history service (spec §7): a typed openapi-fetch client. */
export const historyApi = lazyClient<paths>('history');
