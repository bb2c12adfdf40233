import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ShareIcon from '@mui/icons-material/Share';
import { Loading, Title, useGetManyReference, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { sharePlanning, type Planning, type PlanningItem } from '@/dataProviders/plannings';
import { errorMessage, euro, period, StateMessage } from '../orders/common';
import { PlanningMap, type MapPoint } from './PlanningMap';
import { systemsByIds, type System } from './systems';

/** The booked systems of a planning with their systems service records. */
export function useBookedSystems(planningId: number) {
  const items = useGetManyReference<PlanningItem>('planningItems', { target: 'planningId', id: planningId, pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  const [systems, setSystems] = useState<Map<number, System>>(new Map());
  const ids = useMemo(() => (items.data ?? []).map((i) => i.systemId), [items.data]);
  useEffect(() => {
    systemsByIds(ids)
      .then((list) => setSystems(new Map(list.map((s) => [s.id, s]))))
      .catch(() => setSystems(new Map()));
  }, [ids]);
  return { items, systems };
}

function ShareLink({ planningId }: { planningId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [link, setLink] = useState('');
  const share = async () => {
    try {
      const created = await sharePlanning(planningId);
      setLink(`${window.location.origin}${created.viewPath ?? `/resource/planning/${planningId}/token/${created.token}/view`}`);
    } catch (e) {
      notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(e, translate('resources.orders.errors.save')) } });
    }
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button startIcon={<ShareIcon />} onClick={() => void share()}>
        {translate('resources.plannings.share')}
      </Button>
      {link && <TextField size="small" sx={{ minWidth: 420 }} value={link} label={translate('resources.plannings.shareLink')} slotProps={{ htmlInput: { readOnly: true } }} onFocus={(e) => e.target.select()} />}
    </Stack>
  );
}

/** /plannings/:id: the booked systems on a list and a map, and the totals. */
export default function PlanningDetailPage() {
  const { id } = useParams();
  const planningId = Number(id);
  const translate = useTranslate();
  const { data: planning, isPending, error } = useGetOne<Planning>('plannings', { id: planningId });
  const { items, systems } = useBookedSystems(planningId);
  const points: MapPoint[] = (items.data ?? []).flatMap((i) => {
    const s = systems.get(i.systemId);
    return s ? [{ id: s.id, latitude: s.latitude, longitude: s.longitude, label: `${s.code} – ${s.address}`, tone: 'booked' as const }] : [];
  });
  if (isPending) return <Loading />;
  if (error || !planning) return <Alert severity="error">{errorMessage(error, translate('resources.orders.errors.load'))}</Alert>;
  return (
    <Paper sx={{ mt: 2, p: 2 }}>
      <Title title={planning.name} />
      <Typography variant="h5" component="h1">
        {planning.name}
      </Typography>
      <Grid container spacing={2} sx={{ my: 1 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="caption">{translate('resources.plannings.fields.period')}</Typography>
          <Typography>{period(planning.periodStart, planning.periodEnd)}</Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="caption">{translate('resources.plannings.fields.status')}</Typography>
          <Typography>{translate(`resources.plannings.status.${planning.status}`)}</Typography>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="caption">{translate('resources.plannings.fields.totals')}</Typography>
          <Typography data-testid="planning-totals">{translate('resources.plannings.totals', { systems: planning.totals.systems, amount: euro(planning.totals.amount) })}</Typography>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" startIcon={<SearchIcon />} component={RouterLink} to={`/plannings/${planningId}/search`}>
          {translate('resources.plannings.search.open')}
        </Button>
        <ShareLink planningId={planningId} />
      </Stack>
      <PlanningMap points={points} label={translate('resources.plannings.map')} />
      {items.isPending ? (
        <Loading />
      ) : (
        <StateMessage error={items.error} empty={items.data?.length ? undefined : translate('resources.plannings.noItems')}>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('resources.plannings.booked')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.plannings.system.code')}</TableCell>
                  <TableCell>{translate('resources.plannings.system.address')}</TableCell>
                  <TableCell>{translate('resources.plannings.system.type')}</TableCell>
                  <TableCell>{translate('resources.plannings.fields.period')}</TableCell>
                  <TableCell>{translate('resources.planningItems.fields.price')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(items.data ?? []).map((i) => {
                  const s = systems.get(i.systemId);
                  return (
                    <TableRow key={i.id}>
                      <TableCell>{s?.code ?? i.systemId}</TableCell>
                      <TableCell>{s ? `${s.address}, ${s.municipality.name}` : '—'}</TableCell>
                      <TableCell>{s?.systemType ?? '—'}</TableCell>
                      <TableCell>{period(i.periodStart, i.periodEnd)}</TableCell>
                      <TableCell>{euro(i.price)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        </StateMessage>
      )}
    </Paper>
  );
}
