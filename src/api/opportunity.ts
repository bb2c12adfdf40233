import type { paths } from './generated/opportunity';
import { lazyClient } from './http';

/** The opportunity service (spec §7): a typed openapi-fetch client. */
export const opportunityApi = lazyClient<paths>('opportunity');

/** Opportunity filters travel as plain query parameters (`filters` exploded: ?name=…&status=…). */
export const OPPORTUNITY_QUERY_SERIALIZER = { object: { style: 'form', explode: true } } as const;
