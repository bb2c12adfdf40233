import type { paths } from './generated/advertiser';
import { lazyClient } from './http';

/** The advertiser service (spec §7): a typed openapi-fetch client. */
export const advertiserApi = lazyClient<paths>('advertiser');
