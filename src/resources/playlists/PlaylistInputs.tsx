import { ArrayInput, NumberInput, SimpleFormIterator, TextInput, maxLength, maxValue, minValue, required } from 'react-admin';

/** Name and ordered items (creative, seconds); the order is the position in the list. */
export function PlaylistInputs() {
  return (
    <>
      <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
      <ArrayInput source="items" label="resources.playlists.fields.items">
        <SimpleFormIterator inline disableClear>
          <NumberInput source="creativeId" label="resources.playlists.fields.creativeId" validate={[required(), minValue(1)]} step={1} />
          <NumberInput source="durationSeconds" label="resources.playlists.fields.durationSeconds" validate={[required(), minValue(1), maxValue(3600)]} step={1} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/** Items are numbered by their position in the form (1, 2, …): the order the players follow. */
export function withItemOrder(data: Record<string, unknown>): Record<string, unknown> {
  const items = Array.isArray(data.items) ? (data.items as Array<Record<string, unknown>>) : [];
  return { ...data, items: items.map(({ creativeId, durationSeconds }, i) => ({ creativeId: Number(creativeId), durationSeconds: Number(durationSeconds), order: i + 1 })) };
}
