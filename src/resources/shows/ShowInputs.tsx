import {
  AutocompleteArrayInput,
  AutocompleteInput,
  DateInput,
  ReferenceArrayInput,
  ReferenceInput,
  TextInput,
} from 'react-admin';
import type { components } from '@/api/generated/device';
import { createShowBody } from '@/api/generated/device.zod';
import { endNotBeforeStart, withRules } from '@/ui/validation';

export type Show = components['schemas']['Show'];

/** The show create/update body of device.yaml, plus the rule it states in words (end on or after start). */
export const showSchema = withRules(createShowBody, endNotBeforeStart('startDate', 'endDate'));

/** Name, playlist, period and the players (devices) that play it; rules in the form's resolver. */
export function ShowInputs() {
  return (
    <>
      <TextInput source="name" fullWidth />
      <ReferenceInput source="playlistId" reference="playlists" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput />
      </ReferenceInput>
      <DateInput source="startDate" />
      <DateInput source="endDate" />
      <ReferenceArrayInput source="deviceIds" reference="devices" sort={{ field: 'serial', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput />
      </ReferenceArrayInput>
    </>
  );
}
