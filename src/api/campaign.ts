import type { paths } from './generated/campaign';
import { callOrThrow, lazyClient } from './http';

/** The campaign service (spec §7): a typed openapi-fetch client. */
export const campaignApi = lazyClient<paths>('campaign');

/** GET /campaigns: every campaign (the dashboards count them and name them). */
export function listAllCampaigns() {
  return callOrThrow(campaignApi().GET('/campaigns', { params: { query: {} } }));
}
