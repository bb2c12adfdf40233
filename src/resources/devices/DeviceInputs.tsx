import { AutocompleteInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { blankAsAbsent, deviceStatusChoices } from './shared';

/** The player's fields (DeviceInput of device.yaml); the rules are the form's resolver (shared.ts). */
export function DeviceInputs() {
  return (
    <>
      {/* The system is picked by code and name, searched on the systems service; none: in stock. */}
      <ReferenceInput source="systemId" reference="systems" filter={{ type: 'DOOH' }}>
        <AutocompleteInput helperText="resources.devices.messages.system_hint" />
      </ReferenceInput>
      <TextInput source="serial" />
      <TextInput source="model" />
      <TextInput source="resolution" helperText="1920x1080" />
      <SelectInput source="status" defaultValue="offline" choices={deviceStatusChoices} />
      <TextInput source="ipAddress" parse={blankAsAbsent} />
    </>
  );
}
