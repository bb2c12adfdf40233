import type { paths } from './generated/mail';
import { lazyClient } from './http';

/** The mail service: a typed openapi-fetch client. */
export const mailApi = lazyClient<paths>('mail');
