import type { components } from '@/api/generated/device';
import { createDeviceBody } from '@/api/generated/device.zod';
import { codeChoices } from '@/ui/format';

export type Device = components['schemas']['Device'];
export type DeviceStatus = components['schemas']['DeviceStatus'];

/** The device states, from the document; their Italian labels are `resources.devices.status.*`. */
const DEVICE_STATUSES = createDeviceBody.shape.status.unwrap().options;
export const DEVICE_STATUS_LABELS = 'resources.devices.status';
export const deviceStatusChoices = codeChoices(DEVICE_STATUS_LABELS, DEVICE_STATUSES);

/** The create/update body of device.yaml is the form's whole rule set. */
export const deviceSchema = createDeviceBody;

/** A cleared optional text is absent (the document's optional fields refuse null). */
export const blankAsAbsent = (v: string) => (v === '' ? undefined : v);
