import { useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { PlaceSearch, type PlacePoint } from '@/ui/map/PlaceSearch';
import { useLookups } from './shared';

/**
 * The map's municipality search: the suggestions are the municipalities where systems stand (loaded
 * when the list first opens); any other Italian municipality is found by name through the geocoder.
 */
export function MapPlaceSearch({ onPlace }: { onPlace: (point: PlacePoint) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [opened, setOpened] = useState(false);
  const { lookups } = useLookups(opened);
  const options = useMemo(
    () => (lookups?.municipalities ?? []).map((m) => ({ name: m.name, detail: m.province === m.name ? undefined : m.province })),
    [lookups],
  );
  return (
    <PlaceSearch
      options={options}
      loadingOptions={opened && !lookups}
      onOpen={() => setOpened(true)}
      locate={(name) => dataProvider.geocodeSystemAddress('systems', { address: name })}
      onPlace={onPlace}
    />
  );
}
