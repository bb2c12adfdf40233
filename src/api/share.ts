import type { paths } from './generated/share';
import { lazyClient } from './http';

/** The share service (spec §7): a typed openapi-fetch client. */
export const shareApi = lazyClient<paths>('share');
/** Token authentication of a shared resource (spec §7: no auth header). */
export const sharePublicApi = lazyClient<paths>('share', { public: true });
