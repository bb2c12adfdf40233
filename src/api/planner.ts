import type { paths } from './generated/planner';
import { lazyClient } from './http';

/** The planner service (spec §7): a typed openapi-fetch client. */
export const plannerApi = lazyClient<paths>('planner');
