import { useState, type FormEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  Confirm,
  ResourceContextProvider,
  useCreate,
  useDelete,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { SchemaSubItemTypeName } from '@/api/generated/audit';
import { SUB_ITEM_TYPES, type AgentRecord, type SubItemRecord } from './shared';
import { useFailure } from '@/ui/useFailure';
import { DialogCancelButton, differs, FormDialog, useUnsavedChangesGuard } from '@/forms/unsavedChanges';
import { PageHeader } from './PageHeader';


/** The values of one sub-item type: add, rename / describe, delete. */
function SubItemTab({ type }: { type: SchemaSubItemTypeName }) {
  const RESOURCE = 'subItems';
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useGetList<SubItemRecord>('subItems', {
    filter: { type },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [create, { isPending: creating }] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<SubItemRecord | null>(null);
  const [deleting, setDeleting] = useState<SubItemRecord | null>(null);
  const typeLabel = translate(`resources.subItems.types.${type}`);
  const { guard } = useUnsavedChangesGuard(Boolean(name.trim() || description.trim()));
  const original = editing ? data?.find((d) => d.id === editing.id) : undefined;
  const editDirty = Boolean(editing && original) && differs([editing?.name, editing?.description ?? ''], [original?.name, original?.description ?? '']);

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create(
      'subItems',
      { data: { type, name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: () => {
          notify('resources.subItems.created', { type: 'success', messageArgs: { name: name.trim() } });
          setName('');
          setDescription('');
          void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
        },
        onError: failure,
      },
    );
  };
  const saveEdit = () => {
    if (!editing || !editing.name.trim()) return;
    update(
      'subItems',
      {
        id: editing.id,
        data: { name: editing.name, description: editing.description },
        previousData: editing,
      },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.subItems.updated', { type: 'success' });
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
        },
        onError: failure,
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      'subItems',
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.subItems.deleted', { type: 'success', messageArgs: { name: deleting.name } });
          setDeleting(null);
          void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
        },
        onError: (err) => {
          failure(err);
          setDeleting(null);
        },
      },
    );
  };

  return (
    <Box>
      <Box
        component="form"
        onSubmit={add}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
      >
        {guard}
        <TextField
          label={translate('resources.subItems.fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
          size="small"
        />
        <TextField
          label={translate('resources.subItems.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          size="small"
          sx={{ minWidth: 280 }}
        />
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={creating || !name.trim()}>
          {translate('resources.subItems.add', { type: typeLabel })}
        </Button>
      </Box>
      {isPending ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
      {error ? (
        <Alert severity="error">
          {translate('resources.subItems.load_error', { message: error.message })}
        </Alert>
      ) : null}
      {data && !data.length ? (
        <Typography>{translate('resources.subItems.empty', { type: typeLabel })}</Typography>
      ) : null}
      {data?.length ? (
        <Table size="small" aria-label={typeLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.subItems.fields.itemId')}</TableCell>
              <TableCell>{translate('resources.subItems.fields.name')}</TableCell>
              <TableCell>{translate('resources.subItems.fields.description')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((item) => (
              <TableRow key={item.id}>
                <TableCell>{item.itemId}</TableCell>
                <TableCell>{item.name}</TableCell>
                <TableCell>{item.description ?? ''}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={`${translate('ra.action.edit')} ${item.name}`}
                    onClick={() => setEditing({ ...item })}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`${translate('ra.action.delete')} ${item.name}`}
                    onClick={() => setDeleting(item)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <FormDialog open={Boolean(editing)} onClose={() => setEditing(null)} dirty={editDirty} fullWidth maxWidth="xs">
        <DialogTitle>{translate('resources.subItems.edit', { type: typeLabel })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label={translate('resources.subItems.fields.name')}
              value={editing?.name ?? ''}
              required
              onChange={(e) => setEditing((x) => (x ? { ...x, name: e.target.value } : x))}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={translate('resources.subItems.fields.description')}
              value={editing?.description ?? ''}
              onChange={(e) => setEditing((x) => (x ? { ...x, description: e.target.value } : x))}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogCancelButton />
          <Button variant="contained" onClick={saveEdit} disabled={!editing?.name.trim()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </FormDialog>
      <Confirm
        isOpen={Boolean(deleting)}
        title={translate('resources.subItems.delete_title', { name: deleting?.name ?? '' })}
        content="resources.subItems.delete_content"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

/** The agents: list and add (the service offers no change or removal). */
function AgentsTab() {
  const RESOURCE = 'agents';
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useGetList<AgentRecord>('agents', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'surname', order: 'ASC' },
  });
  const [create, { isPending: creating }] = useCreate();
  const [form, setForm] = useState({ name: '', surname: '', email: '' });
  const { guard } = useUnsavedChangesGuard(Boolean(form.name.trim() || form.surname.trim() || form.email.trim()));
  const valid = form.name.trim() && form.surname.trim() && /^\S+@\S+\.\S+$/.test(form.email.trim());
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    create(
      'agents',
      { data: form },
      {
        onSuccess: () => {
          notify('resources.agents.created', {
            type: 'success',
            messageArgs: { name: `${form.name} ${form.surname}` },
          });
          setForm({ name: '', surname: '', email: '' });
          void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
        },
        onError: failure,
      },
    );
  };
  const field = (key: 'name' | 'surname' | 'email') => (
    <TextField
      label={translate(`resources.agents.fields.${key}`)}
      value={form[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      required
      type={key === 'email' ? 'email' : 'text'}
      size="small"
      slotProps={{ htmlInput: { maxLength: key === 'email' ? 200 : 100 } }}
    />
  );
  return (
    <Box>
      <Box component="form" onSubmit={add} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        {guard}
        {field('name')}
        {field('surname')}
        {field('email')}
        <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={creating || !valid}>
          {translate('resources.agents.add')}
        </Button>
      </Box>
      {isPending ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
      {error ? (
        <Alert severity="error">
          {translate('resources.agents.load_error', { message: error.message })}
        </Alert>
      ) : null}
      {data && !data.length ? <Typography>{translate('resources.agents.empty')}</Typography> : null}
      {data?.length ? (
        <Table size="small" aria-label={translate('resources.agents.name', { smart_count: 2 })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.agents.fields.surname')}</TableCell>
              <TableCell>{translate('resources.agents.fields.name')}</TableCell>
              <TableCell>{translate('resources.agents.fields.fullName')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((a) => (
              <TableRow key={a.id}>
                <TableCell>{a.surname}</TableCell>
                <TableCell>{a.name}</TableCell>
                <TableCell>{a.fullName}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

/** /media/manage (Gestione Campi): the sub-item types and their values, and the agents. */
export default function ManagePage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<string>(SUB_ITEM_TYPES[0]);
  return (
    <ResourceContextProvider value="subItems">
      <PageHeader title="resources.subItems.title" back={false} />
      <Card>
        <Tabs
          value={tab}
          onChange={(_e, v: string) => setTab(v)}
          variant="scrollable"
          aria-label={translate('resources.subItems.title')}
        >
          {SUB_ITEM_TYPES.map((t) => (
            <Tab key={t} value={t} label={translate(`resources.subItems.types.${t}`)} />
          ))}
          <Tab value="agents" label={translate('resources.agents.name', { smart_count: 2 })} />
        </Tabs>
        <CardContent>
          {tab === 'agents' ? <AgentsTab /> : <SubItemTab key={tab} type={tab as SchemaSubItemTypeName} />}
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
}
