import type { paths, SchemaHistoryEntry } from './generated/history';
import { callOrThrow, lazyClient } from './http';

/** The history service: a typed openapi-fetch client. */
export const historyApi = lazyClient<paths>('history');

/** The history of one system (GET /idSystem/{id}), newest first. */
export const listSystemHistory = (id: number) =>
  callOrThrow(historyApi().GET('/idSystem/{id}', { params: { path: { id } } }));

/** GET /idAdvertiser/{id}: the advertiser's own history. */
export const advertiserHistory = (id: number) =>
  callOrThrow(historyApi().GET('/idAdvertiser/{id}', { params: { path: { id } } }));

/** GET /users/idAdvertiser/{id}: the history of the advertiser's contact people. */
export const advertiserUsersHistory = (id: number) =>
  callOrThrow(historyApi().GET('/users/idAdvertiser/{id}', { params: { path: { id } } }));

/** GET /idCampaign/{id}: the campaign's history, newest first. */
export function campaignHistory(campaignId: number): Promise<SchemaHistoryEntry[]> {
  return callOrThrow(historyApi().GET('/idCampaign/{id}', { params: { path: { id: campaignId } } }));
}
