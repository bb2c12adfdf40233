import type { paths } from './generated/history';
import { callOrThrow, lazyClient } from './http';

/** The history service (spec §7): a typed openapi-fetch client. */
export const historyApi = lazyClient<paths>('history');

/** The history of one system (GET /idSystem/{id}), newest first. */
export const listSystemHistory = (id: number) =>
  callOrThrow(historyApi().GET('/idSystem/{id}', { params: { path: { id } } }));
