import type { paths } from './generated/opportunity';
import { lazyClient } from './http';

/** The opportunity service (spec §7): a typed openapi-fetch client. */
export const opportunityApi = lazyClient<paths>('opportunity');
