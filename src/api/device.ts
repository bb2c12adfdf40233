import type { components, paths } from './generated/device';
import { callOrThrow, lazyClient } from './http';

/** The device service: a typed openapi-fetch client. */
export const deviceApi = lazyClient<paths>('device');

type S = components['schemas'];
export type Device = S['Device'];
export type DeviceStatus = S['DeviceStatus'];
export type Show = S['Show'];
export type Playlist = S['Playlist'];
export type PlaylistItem = S['PlaylistItem'];
export type PlayLog = S['PlayLog'];
export type ProofOfPlay = S['ProofOfPlay'];

/** GET /devices: every DOOH device. */
export function listAllDevices(): Promise<Device[]> {
  return callOrThrow(deviceApi().GET('/devices', { params: { query: {} } }));
}

/** GET /playLogs?filter: the plays from dateStart 00:00 to dateEnd 23:59:59 UTC (days as yyyy-mm-dd). */
export function listPlayLogsBetween(dateStart: string, dateEnd: string): Promise<PlayLog[]> {
  const filter = JSON.stringify({ playedAt_gte: `${dateStart}T00:00:00Z`, playedAt_lte: `${dateEnd}T23:59:59Z` });
  return callOrThrow(deviceApi().GET('/playLogs', { params: { query: { filter } } }));
}

/** GET /proofOfPlay/{campaignId}: the campaign's plays delivered against contracted, per screen and day. */
export const getProofOfPlay = (campaignId: number): Promise<ProofOfPlay> =>
  callOrThrow(deviceApi().GET('/proofOfPlay/{campaignId}', { params: { path: { campaignId } } }));

export type DeviceInput = S['DeviceInput'];
export type ShowInput = S['ShowInput'];
export type PlaylistInput = S['PlaylistInput'];
