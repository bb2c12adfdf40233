import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LinkIcon from '@mui/icons-material/Link';
import { Confirm, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Team } from '@/dataProviders/teams';
import { errorMessage, notifyError } from '../circuits/errors';
import { SystemPicker, type PickedSystem } from '../circuits/SystemPicker';
import { LinkDialog } from './LinkDialog';
import { useProviderTypes } from './providerTypes';
import { SystemLinks } from './SystemLinks';
import { TeamDialog } from './TeamDialog';

const FILTER_FIELDS = ['companyName', 'address', 'vat', 'mail', 'phone'] as const;
type Filter = Partial<Record<(typeof FILTER_FIELDS)[number], string>> & { providerType?: string };

function TeamsList() {
  const translate = useTranslate();
  const notify = useNotify();
  const types = useProviderTypes();
  const [draft, setDraft] = useState<Filter>({});
  const [filter, setFilter] = useState<Filter>({});
  const [order, setOrder] = useState<'ASC' | 'DESC'>('ASC');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [editing, setEditingState] = useState<Team | 'new' | null>(null);
  const [opened, setOpened] = useState(0);
  const setEditing = (value: Team | 'new' | null) => {
    if (value) setOpened((n) => n + 1);
    setEditingState(value);
  };
  const [linking, setLinking] = useState<Team>();
  const [deleting, setDeleting] = useState<Team>();
  const [remove, { isPending: removing }] = useDelete<Team>();
  const list = useGetList<Team>('teams', {
    filter: { ...filter, providerType: filter.providerType ? [filter.providerType] : undefined },
    pagination: { page: page + 1, perPage },
    sort: { field: 'companyName', order },
  });
  const rows = list.data ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(0);
  };
  const filtered = Object.values(filter).some(Boolean);

  return (
    <>
      <Paper variant="outlined" component="form" onSubmit={apply} sx={{ p: 2, mb: 2 }} aria-label={translate('resources.teams.filters')}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {FILTER_FIELDS.map((f) => (
            <TextField key={f} size="small" name={`filter-${f}`} label={translate(`resources.teams.fields.${f}`)} value={draft[f] ?? ''} onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} />
          ))}
          <TextField select size="small" sx={{ minWidth: 180 }} label={translate('resources.teams.fields.providerType')} value={draft.providerType ?? ''} onChange={(e) => setDraft((d) => ({ ...d, providerType: e.target.value }))}>
            <MenuItem value="">{translate('resources.teams.messages.any')}</MenuItem>
            {types.map((t) => (
              <MenuItem key={t} value={t}>
                {translate(`resources.teams.provider_types.${t}`, { _: t })}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined">
            {translate('ra.action.search')}
          </Button>
          <Button
            onClick={() => {
              setDraft({});
              setFilter({});
              setPage(0);
            }}
          >
            {translate('ra.action.remove_all_filters')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {translate('resources.teams.actions.create')}
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined">
        {list.isFetching ? <LinearProgress /> : null}
        {list.error ? (
          <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{translate('ra.action.refresh')}</Button>}>
            {errorMessage(list.error, translate('resources.teams.messages.load_failed'))}
          </Alert>
        ) : !list.isPending && !rows.length ? (
          <Alert severity="info">{translate(filtered ? 'resources.teams.messages.no_match' : 'resources.teams.messages.empty')}</Alert>
        ) : (
          <Table size="small" aria-label={translate('resources.teams.name', { smart_count: 2 })}>
            <TableHead>
              <TableRow>
                <TableCell sortDirection={order === 'ASC' ? 'asc' : 'desc'}>
                  <TableSortLabel active direction={order === 'ASC' ? 'asc' : 'desc'} onClick={() => setOrder((o) => (o === 'ASC' ? 'DESC' : 'ASC'))}>
                    {translate('resources.teams.fields.companyName')}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{translate('resources.teams.fields.vat')}</TableCell>
                <TableCell>{translate('resources.teams.fields.address')}</TableCell>
                <TableCell>{translate('resources.teams.fields.providerType')}</TableCell>
                <TableCell>{translate('resources.teams.fields.mail')}</TableCell>
                <TableCell>{translate('resources.teams.fields.phone')}</TableCell>
                <TableCell align="right">{translate('resources.teams.actions.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>{t.companyName}</TableCell>
                  <TableCell>{t.vat}</TableCell>
                  <TableCell>{t.address}</TableCell>
                  <TableCell>
                    {t.providerType.map((p) => (
                      <Chip key={p} size="small" sx={{ mr: 0.5 }} label={translate(`resources.teams.provider_types.${p}`, { _: p })} />
                    ))}
                  </TableCell>
                  <TableCell>{t.mail}</TableCell>
                  <TableCell>{t.phone}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('resources.teams.actions.link_one', { name: t.companyName })}>
                      <IconButton aria-label={translate('resources.teams.actions.link_one', { name: t.companyName })} onClick={() => setLinking(t)}>
                        <LinkIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('resources.teams.actions.edit_one', { name: t.companyName })}>
                      <IconButton aria-label={translate('resources.teams.actions.edit_one', { name: t.companyName })} onClick={() => setEditing(t)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={translate('resources.teams.actions.delete_one', { name: t.companyName })}>
                      <IconButton aria-label={translate('resources.teams.actions.delete_one', { name: t.companyName })} onClick={() => setDeleting(t)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
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
      <TeamDialog
        key={opened}
        open={editing !== null}
        team={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.refetch();
        }}
      />
      <LinkDialog key={linking?.id ?? 'none'} team={linking} onClose={() => setLinking(undefined)} />
      <Confirm
        isOpen={Boolean(deleting)}
        loading={removing}
        title={translate('resources.teams.messages.delete_title', { name: deleting?.companyName ?? '' })}
        content={translate('resources.teams.messages.delete_content')}
        onClose={() => setDeleting(undefined)}
        onConfirm={() =>
          deleting &&
          remove(
            'teams',
            { id: deleting.id, previousData: deleting },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                notify('resources.teams.messages.deleted', { type: 'success', messageArgs: { name: deleting.companyName } });
                setDeleting(undefined);
                void list.refetch();
              },
              onError: (e) => {
                setDeleting(undefined);
                notifyError(notify, e);
              },
            },
          )
        }
      />
    </>
  );
}

function LinksBySystem() {
  const translate = useTranslate();
  const [system, setSystem] = useState<PickedSystem | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <SystemPicker label={translate('resources.teams.fields.system')} value={system} onChange={setSystem} />
        {system ? <SystemLinks systemId={system.id} /> : <Typography color="text.secondary">{translate('resources.teams.messages.pick_system')}</Typography>}
      </Stack>
    </Paper>
  );
}

/** /providers/manage: the provider teams (filters of the list body, create, edit, delete) and their links to systems. */
export default function TeamsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: 1 }}>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
        {translate('resources.teams.name', { smart_count: 2 })}
      </Typography>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }}>
        <Tab label={translate('resources.teams.tabs.teams')} />
        <Tab label={translate('resources.teams.tabs.links')} />
      </Tabs>
      {tab === 0 ? <TeamsList /> : <LinksBySystem />}
    </Box>
  );
}
