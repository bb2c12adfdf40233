import type { paths } from './generated/mail';
import { lazyClient } from './http';

/** The mail service (spec §7): a typed openapi-fetch client. */
export const mailApi = lazyClient<paths>('mail');
