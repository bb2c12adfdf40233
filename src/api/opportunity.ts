import type { paths } from './generated/opportunity';
import { callOrThrow, lazyClient } from './http';

/** The opportunity service (spec §7): a typed openapi-fetch client. */
export const opportunityApi = lazyClient<paths>('opportunity');

/** Opportunity filters travel as plain query parameters (`filters` exploded: ?name=…&status=…). */
export const OPPORTUNITY_QUERY_SERIALIZER = { object: { style: 'form', explode: true } } as const;

/** GET /v1/opportunity/list/page/0/perPage/10000/sort/DESC: every opportunity, newest first (the dashboards count them). */
export function listAllOpportunities() {
  return callOrThrow(
    opportunityApi().GET('/v1/opportunity/list/page/{page}/perPage/{perPage}/sort/{dir}', {
      params: { path: { page: 0, perPage: 10000, dir: 'DESC' } },
    }),
  );
}
