import type { paths } from './generated/device';
import { lazyClient } from './http';

/** The device service (spec §7): a typed openapi-fetch client. */
export const deviceApi = lazyClient<paths>('device');
