import type { components, paths } from './generated/device';
import { lazyClient } from './http';

/** The device service (spec §7): a typed openapi-fetch client. */
export const deviceApi = lazyClient<paths>('device');

type S = components['schemas'];
export type Device = S['Device'];
export type DeviceStatus = S['DeviceStatus'];
export type Show = S['Show'];
export type Playlist = S['Playlist'];
export type PlaylistItem = S['PlaylistItem'];
export type PlayLog = S['PlayLog'];


/** The fields each input schema accepts (create and full update). */
export const DEVICE_INPUT_FIELDS = ['id', 'systemId', 'serial', 'model', 'resolution', 'status', 'lastSeenAt', 'ipAddress'] as const;
export const SHOW_INPUT_FIELDS = ['id', 'name', 'playlistId', 'startDate', 'endDate', 'deviceIds'] as const;
export const PLAYLIST_INPUT_FIELDS = ['id', 'name', 'items'] as const;
