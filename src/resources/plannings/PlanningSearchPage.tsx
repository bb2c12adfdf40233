import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Loading, Title, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { SchemaSystemSearchFilter } from '@/api/generated/systems';
import { bookSystem, conflictOf, planningAvailability, releaseBooking, type ConflictingBooking, type Planning, type SystemAvailability } from '@/dataProviders/plannings';
import { errorMessage, euro, period, StateMessage } from '../orders/common';
import { PlanningMap, type MapPoint } from './PlanningMap';
import { useBookedSystems } from './PlanningDetailPage';
import { searchSystems, type System } from './systems';

type Kind = 'ALL' | 'OOH' | 'DOOH';

/** /plannings/:id/search: search systems, see whether each is free in the period, add and remove them. */
export default function PlanningSearchPage() {
  const { id } = useParams();
  const planningId = Number(id);
  const translate = useTranslate();
  const notify = useNotify();
  const { data: planning, isPending, error, refetch: refetchPlanning } = useGetOne<Planning>('plannings', { id: planningId });
  const { items } = useBookedSystems(planningId);
  const [filter, setFilter] = useState<{ searchTerm: string; type: Kind; province: string }>({ searchTerm: '', type: 'ALL', province: '' });
  const [results, setResults] = useState<System[] | null>(null);
  const [total, setTotal] = useState(0);
  const [availability, setAvailability] = useState<Map<number, SystemAvailability>>(new Map());
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<ConflictingBooking | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const itemOf = (systemId: number) => items.data?.find((i) => i.systemId === systemId);

  const refreshAvailability = useCallback(
    async (list: System[]) => {
      if (!list.length) return setAvailability(new Map());
      const answer = await planningAvailability(planningId, list.map((s) => s.id));
      setAvailability(new Map(answer.map((a) => [a.systemId, a])));
    },
    [planningId],
  );

  const search = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!planning) return;
    setSearching(true);
    setSearchError(null);
    try {
      const body: SchemaSystemSearchFilter = { type: filter.type };
      if (filter.searchTerm.trim()) body.searchTerm = filter.searchTerm.trim();
      if (filter.province.trim()) body.province = filter.province.trim();
      if (planning.criteria.systemTypes.length) body.systemTypes = planning.criteria.systemTypes as SchemaSystemSearchFilter['systemTypes'];
      const page = await searchSystems(body);
      setResults(page.content);
      setTotal(page.totalElements);
      await refreshAvailability(page.content);
    } catch (err) {
      setSearchError(err);
    } finally {
      setSearching(false);
    }
  };

  useEffect(() => {
    if (!planning || results !== null) return;
    // the first search runs once the planning is known (after this render)
    const timer = setTimeout(() => void search(), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [planning]);

  const add = async (system: System) => {
    setBusy(system.id);
    setConflict(null);
    try {
      await bookSystem({ planningId, systemId: system.id, price: 0 });
      notify('resources.plannings.search.added', { type: 'success', messageArgs: { code: system.code } });
    } catch (err) {
      const c = conflictOf(err);
      if (c) setConflict(c);
      notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, translate('resources.orders.errors.save')) } });
    } finally {
      setBusy(null);
      await Promise.all([items.refetch(), refetchPlanning(), refreshAvailability(results ?? [])]);
    }
  };

  const remove = async (system: System) => {
    const item = itemOf(system.id);
    if (!item) return;
    setBusy(system.id);
    try {
      await releaseBooking(item.id);
      notify('resources.plannings.search.removed', { type: 'info', messageArgs: { code: system.code } });
    } catch (err) {
      notify('resources.orders.errors.server', { type: 'error', messageArgs: { message: errorMessage(err, translate('resources.orders.errors.save')) } });
    } finally {
      setBusy(null);
      await Promise.all([items.refetch(), refetchPlanning(), refreshAvailability(results ?? [])]);
    }
  };

  if (isPending) return <Loading />;
  if (error || !planning) return <Alert severity="error">{errorMessage(error, translate('resources.orders.errors.load'))}</Alert>;

  const points: MapPoint[] = (results ?? []).map((s) => {
    const booked = Boolean(itemOf(s.id));
    const free = availability.get(s.id)?.free ?? true;
    return { id: s.id, latitude: s.latitude, longitude: s.longitude, label: `${s.code} – ${s.address}`, tone: booked ? 'booked' : free ? 'free' : 'taken' };
  });
  const title = translate('resources.plannings.search.title', { name: planning.name });

  return (
    <Paper sx={{ mt: 2, p: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography>
        {`${period(planning.periodStart, planning.periodEnd)} · `}
        <span data-testid="planning-totals">{translate('resources.plannings.totals', { systems: planning.totals.systems, amount: euro(planning.totals.amount) })}</span>
      </Typography>
      <Button component={RouterLink} to={`/plannings/${planningId}`} size="small">
        {translate('resources.plannings.search.back')}
      </Button>
      {conflict && (
        <Alert severity="error" sx={{ my: 2 }} onClose={() => setConflict(null)} data-testid="booking-conflict">
          {translate('resources.plannings.search.conflict', {
            system: conflict.systemId,
            planning: conflict.planningName,
            period: period(conflict.periodStart, conflict.periodEnd),
          })}{' '}
          <RouterLink to={`/plannings/${conflict.planningId}`}>{translate('resources.plannings.search.openConflict')}</RouterLink>
        </Alert>
      )}
      <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ my: 2 }} onSubmit={(e) => void search(e)} role="search">
        <TextField size="small" label={translate('resources.plannings.search.term')} value={filter.searchTerm} onChange={(e) => setFilter({ ...filter, searchTerm: e.target.value })} />
        <TextField select size="small" sx={{ minWidth: 140 }} label={translate('resources.plannings.search.kind')} value={filter.type} onChange={(e) => setFilter({ ...filter, type: e.target.value as Kind })}>
          {(['ALL', 'OOH', 'DOOH'] as const).map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`resources.plannings.search.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('resources.plannings.search.province')} value={filter.province} onChange={(e) => setFilter({ ...filter, province: e.target.value })} />
        <Button type="submit" variant="contained" disabled={searching}>
          {translate('ra.action.search')}
        </Button>
      </Stack>
      {planning.criteria.systemTypes.length > 0 && (
        <Typography variant="body2">{translate('resources.plannings.search.criteria', { types: planning.criteria.systemTypes.join(', ') })}</Typography>
      )}
      <PlanningMap points={points} label={translate('resources.plannings.map')} />
      {searching || results === null ? (
        searchError ? <StateMessage error={searchError} /> : <Loading />
      ) : (
        <StateMessage error={searchError} empty={results.length ? undefined : translate('resources.plannings.search.empty')}>
          <Typography variant="body2">{translate('resources.plannings.search.count', { shown: results.length, total })}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('resources.plannings.search.results')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.plannings.system.code')}</TableCell>
                  <TableCell>{translate('resources.plannings.system.address')}</TableCell>
                  <TableCell>{translate('resources.plannings.system.type')}</TableCell>
                  <TableCell>{translate('resources.plannings.search.availability')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {results.map((s) => {
                  const booked = Boolean(itemOf(s.id));
                  const a = availability.get(s.id);
                  return (
                    <TableRow key={s.id} data-testid={`system-row-${s.id}`}>
                      <TableCell>{s.code}</TableCell>
                      <TableCell>{`${s.address}, ${s.municipality.name}`}</TableCell>
                      <TableCell>{s.systemType}</TableCell>
                      <TableCell>
                        {booked ? (
                          <Chip size="small" color="primary" label={translate('resources.plannings.search.inPlanning')} />
                        ) : a?.free === false ? (
                          <Chip size="small" color="error" label={translate('resources.plannings.search.taken', { planning: a.conflict?.planningName ?? '' })} />
                        ) : (
                          <Chip size="small" color="success" label={translate('resources.plannings.search.free')} />
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {booked ? (
                          <Button size="small" disabled={busy === s.id} onClick={() => void remove(s)}>
                            {translate('resources.plannings.search.remove')}
                          </Button>
                        ) : (
                          <Button size="small" variant="outlined" disabled={busy === s.id} onClick={() => void add(s)}>
                            {translate('resources.plannings.search.add')}
                          </Button>
                        )}
                      </TableCell>
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
