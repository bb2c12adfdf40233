import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Confirm, useDelete, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Circuit } from '@/api/circuits';
import { circuitsDataProvider } from '@/dataProviders/circuits';
import { useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { errorMessage, notifyError } from './errors';
import { SystemPicker, type PickedSystem } from './SystemPicker';

interface Props {
  circuit: Circuit;
  onChanged: (circuit: Circuit) => void;
  onDeleted: () => void;
}

/** One circuit: rename, its member systems (add with the picker, remove), delete with confirmation. */
export function CircuitAssets({ circuit, onChanged, onDeleted }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [name, setName] = useState(circuit.name);
  const { guard } = useUnsavedChangesGuard(name.trim() !== circuit.name);
  const [picked, setPicked] = useState<PickedSystem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending: saving }] = useUpdate<Circuit>();
  const [remove, { isPending: deleting }] = useDelete<Circuit>();

  const key = ['circuits', 'assets', circuit.id, circuit.type, circuit.assets.join(',')];
  const assets = useQuery({
    queryKey: key,
    queryFn: () => circuitsDataProvider.getCircuitAssets(circuit.id, circuit.type),
  });

  const save = (
    changes: { name?: string; assets?: number[] },
    message: string,
    args: Record<string, unknown> = {},
  ) =>
    update(
      'circuits',
      { id: circuit.id, data: changes, previousData: circuit, meta: { type: circuit.type } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (updated) => {
          notify(message, { type: 'success', messageArgs: args });
          void queryClient.invalidateQueries({ queryKey: ['circuits', 'assets', circuit.id] });
          onChanged(updated);
        },
        onError: (e) => notifyError(notify, e),
      },
    );

  const add = () => {
    if (!picked) return;
    save({ assets: [...circuit.assets, picked.id] }, 'resources.circuits.messages.system_added', {
      code: picked.code,
    });
    setPicked(null);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      aria-label={translate('resources.circuits.detail', { name: circuit.name })}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {translate('resources.circuits.detail', { name: circuit.name })} · {circuit.type}
        </Typography>
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteIcon />}
          onClick={() => setConfirming(true)}
        >
          {translate('resources.circuits.actions.delete')}
        </Button>
      </Stack>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && name.trim() !== circuit.name)
            save({ name: name.trim() }, 'resources.circuits.messages.renamed', { name: name.trim() });
        }}
        sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}
      >
        {guard}
        <TextField
          size="small"
          label={translate('resources.circuits.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!name.trim()}
          helperText={!name.trim() ? translate('ra.validation.required') : undefined}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={saving || !name.trim() || name.trim() === circuit.name}
        >
          {translate('resources.circuits.actions.rename')}
        </Button>
        {circuit.type === 'DOOH' ? (
          <Typography variant="body2" sx={{ alignSelf: 'center', color: 'text.secondary' }}>
            {translate('resources.circuits.fields.playlistId')}: {circuit.playlistId ?? '—'} ·{' '}
            {translate('resources.circuits.fields.showId')}: {circuit.showId ?? '—'}
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'flex-start' }}>
        <SystemPicker
          type={circuit.type}
          label={translate('resources.circuits.actions.pick_system', { type: circuit.type })}
          value={picked}
          onChange={setPicked}
          exclude={circuit.assets}
        />
        <Button variant="contained" onClick={add} disabled={!picked || saving}>
          {translate('resources.circuits.actions.add_system')}
        </Button>
      </Stack>
      {saving || assets.isFetching ? <LinearProgress sx={{ mb: 1 }} /> : null}
      {assets.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void assets.refetch()}>{translate('ra.action.refresh')}</Button>}
        >
          {errorMessage(assets.error, translate('resources.circuits.messages.assets_failed'))}
        </Alert>
      ) : assets.data && assets.data.length === 0 ? (
        <Alert severity="info">{translate('resources.circuits.messages.no_assets')}</Alert>
      ) : (
        <Table size="small" aria-label={translate('resources.circuits.fields.assets')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.circuits.asset.code')}</TableCell>
              <TableCell>{translate('resources.circuits.asset.name')}</TableCell>
              <TableCell>{translate('resources.circuits.asset.systemType')}</TableCell>
              <TableCell>{translate('resources.circuits.asset.municipality')}</TableCell>
              <TableCell>{translate('resources.circuits.asset.status')}</TableCell>
              <TableCell align="right">{translate('ra.action.remove')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(assets.data ?? []).map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.code}</TableCell>
                <TableCell>{a.name}</TableCell>
                <TableCell>{a.systemType}</TableCell>
                <TableCell>{a.municipality}</TableCell>
                <TableCell>{translate(`resources.circuits.status.${a.status}`, { _: a.status })}</TableCell>
                <TableCell align="right">
                  <Tooltip title={translate('resources.circuits.actions.remove_system', { code: a.code })}>
                    <span>
                      <IconButton
                        aria-label={translate('resources.circuits.actions.remove_system', { code: a.code })}
                        disabled={saving}
                        onClick={() =>
                          save(
                            { assets: circuit.assets.filter((id) => id !== a.id) },
                            'resources.circuits.messages.system_removed',
                            { code: a.code },
                          )
                        }
                      >
                        <RemoveCircleOutlineIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title={translate('resources.circuits.messages.delete_title', { name: circuit.name })}
        content={translate('resources.circuits.messages.delete_content', { count: circuit.assets.length })}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(
            'circuits',
            { id: circuit.id, previousData: circuit },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                notify('resources.circuits.messages.deleted', {
                  type: 'success',
                  messageArgs: { name: circuit.name },
                });
                setConfirming(false);
                onDeleted();
              },
              onError: (e) => {
                setConfirming(false);
                notifyError(notify, e);
              },
            },
          )
        }
      />
    </Paper>
  );
}
