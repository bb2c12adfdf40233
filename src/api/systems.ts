import type { paths } from './generated/systems';
import { lazyClient } from './http';

/** The systems service (spec §7): a typed openapi-fetch client. */
export const systemsApi = lazyClient<paths>('systems');
