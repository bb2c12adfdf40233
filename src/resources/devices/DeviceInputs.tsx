import { NumberInput, SelectInput, TextInput, maxLength, minValue, regex, required, useTranslate } from 'react-admin';
import { DEVICE_STATUSES } from '@/api/device';

/** The fields of DeviceInput (device.yaml), with its rules. */
export function DeviceInputs() {
  const translate = useTranslate();
  return (
    <>
      <NumberInput source="systemId" validate={[required(), minValue(1)]} step={1} />
      <TextInput source="serial" validate={[required(), maxLength(64)]} />
      <TextInput source="model" validate={[required(), maxLength(100)]} />
      <TextInput source="resolution" validate={[required(), regex(/^[0-9]{2,5}x[0-9]{2,5}$/, 'resources.devices.validation.resolution')]} helperText="1920x1080" />
      <SelectInput
        source="status"
        defaultValue="offline"
        choices={DEVICE_STATUSES.map((s) => ({ id: s, name: translate(`resources.devices.status.${s}`) }))}
        validate={required()}
      />
      <TextInput source="ipAddress" validate={regex(/^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/, 'resources.devices.validation.ip')} />
    </>
  );
}
