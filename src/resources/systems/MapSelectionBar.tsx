import ClearIcon from '@mui/icons-material/Clear';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { MapOverlay } from '@/ui/map/MapOverlay';
import { AddToCircuitButton, AddToPlanningButton } from './SelectionActions';
import { useT } from './shared';

/**
 * The systems of an area drawn on the map: how many, and what to do with them (the same circuit and
 * planning flows as the list's selection), or clear it. `systemIds` undefined: still computing.
 */
export function MapSelectionBar({
  systemIds,
  type,
  onClear,
}: {
  systemIds: number[] | undefined;
  type: 'OOH' | 'DOOH';
  onClear: () => void;
}) {
  const t = useT();
  const { canAccess: mayPlan } = useCanAccess({ resource: 'plannings', action: 'create' });
  const count = systemIds?.length ?? 0;
  return (
    <MapOverlay place="bottomleft" label={t('selection.label')} testId="map-selection">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {systemIds ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="map-selection-count" role="status">
            {t('selection.count', { smart_count: count })}
          </Typography>
        ) : (
          <>
            <CircularProgress size={16} />
            <Typography variant="body2" role="status">
              {t('selection.loading')}
            </Typography>
          </>
        )}
        {systemIds && count > 0 ? (
          <>
            <AddToCircuitButton systemIds={systemIds} type={type} onDone={onClear} />
            {mayPlan ? <AddToPlanningButton systemIds={systemIds} onDone={onClear} /> : null}
          </>
        ) : null}
        <Button size="small" startIcon={<ClearIcon />} onClick={onClear}>
          {t('selection.clear')}
        </Button>
      </Stack>
    </MapOverlay>
  );
}
