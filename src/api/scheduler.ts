import type { paths } from './generated/scheduler';
import { lazyClient } from './http';

/** The scheduler service: a typed openapi-fetch client. */
export const schedulerApi = lazyClient<paths>('scheduler');
