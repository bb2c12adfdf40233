import type { paths } from './generated/frame';
import { lazyClient } from './http';

/** The frame service (spec §7): a typed openapi-fetch client. */
export const frameApi = lazyClient<paths>('frame');
