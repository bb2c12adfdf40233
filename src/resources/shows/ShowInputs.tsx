import {
  AutocompleteArrayInput,
  AutocompleteInput,
  DateInput,
  ReferenceArrayInput,
  ReferenceInput,
  TextInput,
  maxLength,
  required,
  type Validator,
} from 'react-admin';

/** endDate on or after startDate (the service answers 400 otherwise). */
export const endNotBeforeStart: Validator = (value: unknown, values: Record<string, unknown>) =>
  value && values.startDate && String(value) < String(values.startDate) ? 'resources.shows.validation.end_before_start' : undefined;

/** Name, playlist, period and the players (devices) that play it. */
export function ShowInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <ReferenceInput source="playlistId" reference="playlists" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput optionText="name" validate={required()} filterToQuery={(q) => ({ q })} />
      </ReferenceInput>
      <DateInput source="startDate" validate={required()} />
      <DateInput source="endDate" validate={[required(), endNotBeforeStart]} />
      <ReferenceArrayInput source="deviceIds" reference="devices" sort={{ field: 'serial', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput optionText="serial" filterToQuery={(q) => ({ q })} />
      </ReferenceArrayInput>
    </>
  );
}
