import { useMemo, useState } from 'react';
import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider } from '@/dataProviders';
import { AreaSelect } from '@/ui/map/AreaSelect';
import { MapOverlay } from '@/ui/map/MapOverlay';
import { pointsInShape, shapeBounds, type AreaShape } from '@/ui/map/selection';
import { MapSelectionBar } from './MapSelectionBar';
import { useT } from './shared';

/**
 * "Seleziona area" on the systems map (a child of its MapContainer): every system inside the drawn
 * shape, whether the map shows it as a marker or inside a cluster, asked of the service for the
 * shape's box and kept to the map's filters (`type`; `allowed`, the ids of the other filters, while
 * `filtersPending` they are still loading).
 */
export function MapAreaSelection({
  type,
  allowed,
  filtersPending = false,
}: {
  type?: 'OOH' | 'DOOH';
  allowed?: ReadonlySet<number>;
  filtersPending?: boolean;
}) {
  const t = useT();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [shape, setShape] = useState<AreaShape | null>(null);
  const bounds = shape ? shapeBounds(shape) : undefined;
  const inBox = useQuery({
    queryKey: ['systems', 'systemsInArea', bounds, type ?? 'ALL'],
    queryFn: () => dataProvider.systemsInArea('systems', { bounds: bounds!, type: type ?? 'ALL' }),
    enabled: Boolean(bounds),
  });
  const selected = useMemo(
    () => (shape && inBox.data && !filtersPending ? pointsInShape(inBox.data, shape, allowed) : undefined),
    [shape, inBox.data, allowed, filtersPending],
  );
  const systemIds = useMemo(() => selected?.map((s) => s.id), [selected]);
  // The circuit's kind offered first: the map's, else the one most of the selection has.
  const dooh = selected?.filter((s) => s.type === 'DOOH').length ?? 0;
  const kind = type ?? (dooh * 2 > (selected?.length ?? 0) ? 'DOOH' : 'OOH');
  return (
    <>
      <AreaSelect shape={shape} onShape={setShape} />
      {shape && inBox.error ? (
        <MapOverlay place="bottomleft" label={t('selection.label')}>
          <Alert severity="error" onClose={() => setShape(null)}>
            {t('selection.error', { message: failureMessage(inBox.error) })}
          </Alert>
        </MapOverlay>
      ) : null}
      {shape && !inBox.error ? (
        <MapSelectionBar systemIds={systemIds} type={kind} onClear={() => setShape(null)} />
      ) : null}
    </>
  );
}
