import { ArrayInput, AutocompleteInput, NumberInput, ReferenceInput, SimpleFormIterator, TextInput } from 'react-admin';
import { z } from 'zod';
import type { components } from '@/api/generated/device';
import { createPlaylistBody } from '@/api/generated/device.zod';

export type Playlist = components['schemas']['Playlist'];

/** Items are numbered by their position in the form (1, 2, …): the order the players follow. */
function numberedItems(values: unknown): unknown {
  if (!values || typeof values !== 'object') return values;
  const data = values as Record<string, unknown>;
  const items = Array.isArray(data.items) ? (data.items as Array<Record<string, unknown>>) : [];
  return { ...data, items: items.map((item, i) => ({ ...item, order: i + 1 })) };
}

/** playlist create/update body of device.yaml, the order taken from the position in the form. */
export const playlistSchema = z.preprocess(numberedItems, createPlaylistBody);

/** Name and ordered items (creative by name, seconds); the order is the position in the list. */
export function PlaylistInputs() {
  return (
    <>
      <TextInput source="name" fullWidth />
      <ArrayInput source="items" label="resources.playlists.fields.items">
        <SimpleFormIterator inline disableClear>
          <ReferenceInput source="creativeId" reference="creatives">
            <AutocompleteInput label="resources.playlists.fields.creativeId" sx={{ minWidth: 260 }} />
          </ReferenceInput>
          <NumberInput source="durationSeconds" label="resources.playlists.fields.durationSeconds" step={1} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
