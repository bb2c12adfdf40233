import type { SchemaOpportunityDto } from './generated/opportunity';
import { callOrThrow } from './http';
import { opportunityApi } from './opportunity';

/** GET /v1/opportunity/getAllDto: every opportunity in short form (id, name, advertiser), one call. */
export function listOpportunityDtos(): Promise<SchemaOpportunityDto[]> {
  return callOrThrow(opportunityApi().GET('/v1/opportunity/getAllDto'));
}
