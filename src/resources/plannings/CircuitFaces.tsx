import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useDataProvider, useGetMany, useNotify, useTranslate } from 'react-admin';
import type { SchemaAvailabilityPage } from '@/api/generated/planner';
import { failureMessage } from '@/api/failures';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';
import type { Planning } from './shared';
import { useBookedSystems } from './useBookedSystems';

type Row = SchemaAvailabilityPage['rows'][number];

/** Whether a face has room in the whole period (a screen with slots left counts). */
const hasRoom = (row: Row) => row.cells.every((c) => c.state === 'free' || c.state === 'partial');

/**
 * The faces of the circuits the planning was configured with, in its period and of its system type
 * (when it names one): only those, each with its availability, to add one by one or every free one
 * at once. Every face is its own sale: a two-sided poster adds two.
 */
export function CircuitFaces({ planning }: { planning: Planning }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const circuitIds = planning.criteria.circuitIds;
  const circuits = useGetMany<{ id: number; name: string }>('circuits', { ids: circuitIds }, { enabled: circuitIds.length > 0 });
  const [circuitId, setCircuitId] = useState<number>(circuitIds[0] ?? 0);
  const types = planning.criteria.systemTypes;
  const { items } = useBookedSystems(Number(planning.id));
  const inPlanning = new Set((items.data ?? []).map((i) => i.frameId));
  const query = {
    periodStart: planning.periodStart,
    periodEnd: planning.periodEnd,
    step: 'week' as const,
    circuitId,
    ...(types.length === 1 ? { systemType: types[0] } : {}),
  };
  const faces = useQuery({
    queryKey: ['plannings', 'faceAvailability', 'circuit', query],
    queryFn: () => dataProvider.faceAvailability('plannings', { ...query, range: '[0,499]' }),
    enabled: circuitId > 0,
  });
  const rows = (faces.data?.rows ?? []).filter((r) => !types.length || types.includes(r.systemType));
  const add = useMutation({
    mutationFn: async (frameIds: number[]) => {
      for (const frameId of frameIds) await dataProvider.create('planningItems', { data: { planningId: Number(planning.id), frameId, price: 0 } });
      return frameIds.length;
    },
    onSuccess: (count) => notify('resources.plannings.circuitFaces.added', { type: 'success', messageArgs: { smart_count: count } }),
    onError: failure,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['plannings'] });
      void queryClient.invalidateQueries({ queryKey: ['planningItems'] });
    },
  });
  if (!circuitIds.length) return null;
  const addable = rows.filter((r) => hasRoom(r) && !inPlanning.has(r.frameId)).map((r) => r.frameId);
  return (
    <Box sx={{ my: 2 }} data-testid="circuit-faces">
      <Typography variant="h6" component="h2">
        {translate('resources.plannings.circuitFaces.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
        <TextField
          select
          size="small"
          label={translate('resources.plannings.circuitFaces.circuit')}
          value={circuitId}
          onChange={(e) => setCircuitId(Number(e.target.value))}
          sx={{ minWidth: 240 }}
        >
          {circuitIds.map((id) => (
            <MenuItem key={id} value={id}>
              {circuits.data?.find((c) => c.id === id)?.name ?? `#${id}`}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2">{translate('resources.plannings.circuitFaces.count', { smart_count: rows.length, free: addable.length })}</Typography>
        <Button variant="contained" size="small" disabled={!addable.length || add.isPending} onClick={() => add.mutate(addable)}>
          {translate('resources.plannings.circuitFaces.addFree')}
        </Button>
      </Stack>
      {faces.error ? <Alert severity="error">{failureMessage(faces.error)}</Alert> : null}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.plannings.faces.face')}</TableCell>
            <TableCell>{translate('resources.plannings.system.code')}</TableCell>
            <TableCell>{translate('resources.plannings.system.address')}</TableCell>
            <TableCell>{translate('resources.plannings.search.availability')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const mine = inPlanning.has(r.frameId);
            const free = hasRoom(r);
            return (
              <TableRow key={r.frameId} data-testid="circuit-face">
                <TableCell>{r.frameName}</TableCell>
                <TableCell>{r.systemCode}</TableCell>
                <TableCell>{`${r.address}, ${r.municipality}`}</TableCell>
                <TableCell>
                  {mine ? (
                    <Chip size="small" color="primary" label={translate('resources.plannings.search.inPlanning')} />
                  ) : (
                    <Chip size="small" color={free ? 'success' : 'error'} label={translate(free ? 'resources.plannings.search.free' : 'resources.plannings.circuitFaces.taken')} />
                  )}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" variant="outlined" disabled={mine || !free || add.isPending} onClick={() => add.mutate([r.frameId])}>
                    {translate('resources.plannings.search.add')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
