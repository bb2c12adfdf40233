import type { DataProvider, Identifier } from 'react-admin';
import { getProofOfPlay, type Device, type DeviceInput, type PlaylistInput, type ProofOfPlay, type ShowInput } from '@/api/device';
import { createDeviceBody, createPlaylistBody, createShowBody } from '@/api/generated/device.fields';
import { inputOf } from './shared';
import { simpleRestProvider } from './simpleRest';

/** The device service's custom methods, reached with `useDataProvider<AppDataProvider>()`. */
export interface DevicesMethods {
  /** A device (one in stock, or moved from another system) onto a system; the device afterwards. */
  attachDevice(resource: 'devices', params: { id: Identifier; systemId: number }): Promise<Device>;
  /** A device off its system, back in stock; the device afterwards. */
  detachDevice(resource: 'devices', params: { id: Identifier }): Promise<Device>;
  /** A campaign's plays delivered against contracted, per screen and day (the campaign's «Prova di trasmissione»). */
  proofOfPlay(resource: 'playLogs', params: { campaignId: number }): Promise<ProofOfPlay>;
}

/* What a create or a full update sends: the input schema's fields, empty optional ones left out. */
export const deviceInputOf = inputOf<DeviceInput>(createDeviceBody, { serial: 'form', model: 'form', resolution: 'form', status: 'form' });
export const showInputOf = inputOf<ShowInput>(createShowBody, { name: 'form', playlistId: 'form', startDate: 'form', endDate: 'form', deviceIds: 'form' });
export const playlistInputOf = inputOf<PlaylistInput>(createPlaylistBody, { name: 'form', items: 'form' });

const rest = simpleRestProvider('device', {
  devices: { toInput: deviceInputOf },
  shows: { toInput: showInputOf },
  playlists: { toInput: playlistInputOf },
  playLogs: { readOnly: true },
});

/** The document's update is a full replace: the device is read afresh and sent whole, its system set or left out. */
async function replaceSystem(id: Identifier, systemId: number | undefined): Promise<Device> {
  const { data: current } = await rest.getOne('devices', { id });
  const { systemId: _old, ...fields } = current;
  const data = systemId === undefined ? fields : { ...fields, systemId };
  const { data: saved } = await rest.update('devices', { id, data, previousData: current });
  return saved;
}

/**
 * `devices`, `shows`, `playlists` and `playLogs` (read-only) over the device service, in the
 * ra-data-simple-rest dialect, with the session's bearer (the typed client's middleware). A device
 * in stock has no `systemId`; `filter: { installed: false }` lists those.
 */
export const devicesDataProvider: DataProvider & DevicesMethods = {
  ...rest,
  attachDevice: (_resource, { id, systemId }) => replaceSystem(id, systemId),
  detachDevice: (_resource, { id }) => replaceSystem(id, undefined),
  proofOfPlay: (_resource, { campaignId }) => getProofOfPlay(campaignId),
};
