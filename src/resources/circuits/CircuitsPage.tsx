import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetList, useTranslate } from 'react-admin';
import type { Circuit, CircuitType } from '@/api/circuits';
import { CircuitAssets } from './CircuitAssets';
import { CircuitDialog } from './CircuitDialog';
import { errorMessage } from './errors';

/** /circuit-manage/manage: the circuits of one type, their member systems, create, rename, delete. */
export default function CircuitsPage() {
  const translate = useTranslate();
  const [type, setType] = useState<CircuitType>('OOH');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [selected, setSelected] = useState<Circuit | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useGetList<Circuit>('circuits', {
    filter: { type, q },
    pagination: { page: page + 1, perPage },
    sort: { field: 'name', order: 'ASC' },
  });
  const rows = list.data ?? [];

  return (
    <Box sx={{ p: 1 }}>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 2 }}>
        {translate('resources.circuits.name', { smart_count: 2 })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={type}
          aria-label={translate('resources.circuits.fields.type')}
          onChange={(_e, v: CircuitType | null) => {
            if (!v) return;
            setType(v);
            setPage(0);
            setSelected(null);
          }}
        >
          <ToggleButton value="OOH">OOH</ToggleButton>
          <ToggleButton value="DOOH">DOOH</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          type="search"
          label={translate('ra.action.search')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('resources.circuits.actions.create')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        {list.isFetching ? <LinearProgress /> : null}
        {list.error ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void list.refetch()}>{translate('ra.action.refresh')}</Button>}
          >
            {errorMessage(list.error, translate('resources.circuits.messages.load_failed'))}
          </Alert>
        ) : !list.isPending && rows.length === 0 ? (
          <Alert severity="info">
            {translate(q ? 'resources.circuits.messages.no_match' : 'resources.circuits.messages.empty', {
              type,
            })}
          </Alert>
        ) : (
          <Table size="small" aria-label={translate('resources.circuits.name', { smart_count: 2 })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.circuits.fields.name')}</TableCell>
                <TableCell align="right">{translate('resources.circuits.fields.assets')}</TableCell>
                {type === 'DOOH' ? (
                  <TableCell>{translate('resources.circuits.fields.playlistId')}</TableCell>
                ) : null}
                {type === 'DOOH' ? (
                  <TableCell>{translate('resources.circuits.fields.showId')}</TableCell>
                ) : null}
                <TableCell align="right">{translate('resources.circuits.actions.manage')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} selected={selected?.id === c.id} hover>
                  <TableCell>{c.name}</TableCell>
                  <TableCell align="right">{c.assets.length}</TableCell>
                  {type === 'DOOH' ? <TableCell>{c.playlistId ?? '—'}</TableCell> : null}
                  {type === 'DOOH' ? <TableCell>{c.showId ?? '—'}</TableCell> : null}
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => setSelected(c)}
                      aria-label={translate('resources.circuits.actions.manage_one', { name: c.name })}
                    >
                      {translate('resources.circuits.actions.manage')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <TablePagination
          component="div"
          count={list.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('app.pagination.page_size', { _: 'Page Size' })}
        />
      </Paper>
      {selected ? (
        <CircuitAssets
          key={selected.id}
          circuit={selected}
          onChanged={(c) => {
            setSelected(c);
            void list.refetch();
          }}
          onDeleted={() => {
            setSelected(null);
            void list.refetch();
          }}
        />
      ) : rows.length ? (
        <Typography color="text.secondary">{translate('resources.circuits.messages.pick_one')}</Typography>
      ) : null}
      <CircuitDialog
        open={creating}
        type={type}
        onClose={() => setCreating(false)}
        onCreated={(c) => {
          setCreating(false);
          setSelected(c);
          void list.refetch();
        }}
      />
    </Box>
  );
}
