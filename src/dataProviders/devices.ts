import type { DataProvider } from 'react-admin';
import { DEVICE_INPUT_FIELDS, PLAYLIST_INPUT_FIELDS, SHOW_INPUT_FIELDS } from '@/api/device';
import { simpleRestProvider } from './simpleRest';

/** Optional fields left empty in a form are not sent (the documents want them absent, not null). */
export function withoutEmpty<T extends Record<string, unknown>>(data: T): T {
  return Object.fromEntries(
    Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;
}

/** Wraps a simple-rest provider so that create and update drop empty optional fields first. */
export function droppingEmpty(provider: DataProvider): DataProvider {
  return {
    ...provider,
    create: (resource, params) =>
      provider.create(resource, { ...params, data: withoutEmpty(params.data as Record<string, unknown>) }),
    update: (resource, params) =>
      provider.update(resource, { ...params, data: withoutEmpty(params.data as Record<string, unknown>) }),
  };
}

/**
 * `devices`, `shows`, `playlists` and `playLogs` (read-only) over the device service, in the
 * ra-data-simple-rest dialect, with the session's bearer (the typed client's middleware).
 */
export const devicesDataProvider: DataProvider = droppingEmpty(
  simpleRestProvider('device', {
    devices: { inputFields: DEVICE_INPUT_FIELDS },
    shows: { inputFields: SHOW_INPUT_FIELDS },
    playlists: { inputFields: PLAYLIST_INPUT_FIELDS },
    playLogs: { inputFields: [], readOnly: true },
  }),
);
