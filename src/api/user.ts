import type { paths } from './generated/user';
import { lazyClient } from './http';
/** The user service (spec §7): typed openapi-fetch clients. */
export const userApi = lazyClient<paths>('user');
export const userPublicApi = lazyClient<paths>('user', { public: true });
