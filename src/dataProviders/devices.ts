import type { DataProvider } from 'react-admin';
import { DEVICE_INPUT_FIELDS, PLAYLIST_INPUT_FIELDS, SHOW_INPUT_FIELDS } from '@/api/device';
import { droppingEmpty } from './shared';
import { simpleRestProvider } from './simpleRest';

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
