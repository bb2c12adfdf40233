import type { paths } from './generated/companies';
import { lazyClient } from './http';

/** The companies service: a typed openapi-fetch client. */
export const companiesApi = lazyClient<paths>('companies');
