import type { paths } from './generated/audit';
import { lazyClient } from './http';

/** The audit service (spec §7): a typed openapi-fetch client. */
export const auditApi = lazyClient<paths>('audit');
