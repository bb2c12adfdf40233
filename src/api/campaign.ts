import type { paths } from './generated/campaign';
import { lazyClient } from './http';

/** The campaign service (spec §7): a typed openapi-fetch client. */
export const campaignApi = lazyClient<paths>('campaign');
