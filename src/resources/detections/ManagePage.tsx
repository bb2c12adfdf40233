import { useId, useMemo, useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, DialogContent, DialogTitle, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import {
  Confirm,
  DataTable,
  ListNoResults,
  SearchInput,
  TextInput,
  TopToolbar,
  useCreate,
  useDelete,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
  type SimpleFormProps as AppSimpleFormProps,
} from 'react-admin';
import type { SchemaSubItemTypeName } from '@/api/generated/audit';
import { failureMessage, failureStatus } from '@/api/failures';
import { AppSimpleForm, DialogFormToolbar, FormDialog } from '@/forms/unsavedChanges';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { submissionErrors } from '@/ui/submissionErrors';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { PageHeader } from './PageHeader';
import { agentSchema, SUB_ITEM_TYPES, subItemSchema, type AgentRecord, type SubItemRecord } from './shared';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const searchFilter = [<SearchInput key="q" source="q" alwaysOn />];

const subItemColumns: ExportColumn<SubItemRecord>[] = [
  { label: 'resources.subItems.fields.itemId', value: (s) => s.itemId },
  { label: 'resources.subItems.fields.name', value: (s) => s.name },
  { label: 'resources.subItems.fields.description', value: (s) => s.description },
];

const agentColumns: ExportColumn<AgentRecord>[] = [
  { label: 'resources.agents.fields.surname', value: (a) => a.surname },
  { label: 'resources.agents.fields.name', value: (a) => a.name },
  { label: 'resources.agents.fields.fullName', value: (a) => a.fullName },
];

/** The list's failure in place of its rows (`message` takes the failure's Italian text). */
function LoadError({ message }: { message: string }) {
  const translate = useTranslate();
  const { error } = useListContext();
  return <Alert severity="error">{translate(message, { message: failureMessage(error) })}</Alert>;
}

/** No rows: with a search, react-admin's "nothing matches" and its way back; else what to do. */
function NoRows({ message }: { message: string }) {
  const { filterValues } = useListContext();
  if (Object.keys(filterValues).length) return <ListNoResults />;
  return <Typography sx={{ p: 2 }}>{message}</Typography>;
}

/** The toolbar of a tab: add (the tab's dialog), export every row of the search. */
function Actions<R extends SubItemRecord | AgentRecord>({
  add,
  onAdd,
  columns,
  fileName,
}: {
  add: string;
  onAdd: () => void;
  columns: ExportColumn<R>[];
  fileName: string;
}) {
  return (
    <TopToolbar>
      <ListViewButtons />
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onAdd}>
        {add}
      </Button>
      <ExportAllButton columns={columns} fileName={fileName} />
    </TopToolbar>
  );
}

/**
 * The field violations of a refused save, under the dialog's inputs: a create's 400 names the
 * field inside the type's key (`media_type.name`); a 409 (the name is taken) goes under `field`.
 */
function refusedFields(error: unknown, field: string, prefix?: string): Record<string, string> | undefined {
  const errors = submissionErrors(error);
  if (errors)
    return Object.fromEntries(
      Object.entries(errors).map(([k, v]) => [prefix && k.startsWith(`${prefix}.`) ? k.slice(prefix.length + 1) : k, v]),
    );
  return failureStatus(error) === 409 ? { [field]: failureMessage(error) } : undefined;
}

/** A dialog holding one react-admin form of this page (its title names it for screen readers). */
function FormDialogShell({
  title,
  onClose,
  children,
  ...form
}: { title: string; onClose: () => void; children: ReactNode } & Pick<
  AppSimpleFormProps,
  'resource' | 'record' | 'resolver' | 'onSubmit'
>) {
  const titleId = useId();
  return (
    <FormDialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <AppSimpleForm {...form} sx={{ p: 0 }} toolbar={<DialogFormToolbar />}>
          {children}
        </AppSimpleForm>
      </DialogContent>
    </FormDialog>
  );
}

/** Add a value to a type, or rename / describe one; a refusal keeps what was typed and names the field. */
function SubItemDialog({
  type,
  record,
  onClose,
}: {
  type: SchemaSubItemTypeName;
  record?: SubItemRecord;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [create] = useCreate<SubItemRecord>();
  const [update] = useUpdate<SubItemRecord>();
  const resolver = useMemo(() => schemaResolver(subItemSchema(type)), [type]);
  const typeLabel = translate(`resources.subItems.types.${type}`);
  const submit = async (values: Record<string, unknown>) => {
    const data = { name: String(values.name), description: typeof values.description === 'string' ? values.description : null };
    try {
      if (record)
        await update(
          'subItems',
          { id: record.id, data, previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
      else await create('subItems', { data: { ...data, type }, meta: { type } }, { returnPromise: true });
    } catch (error) {
      failure(error);
      return refusedFields(error, 'name', type);
    }
    notify(record ? 'resources.subItems.updated' : 'resources.subItems.created', {
      type: 'success',
      messageArgs: { name: values.name },
    });
    onClose();
  };
  return (
    <FormDialogShell
      title={translate(record ? 'resources.subItems.edit' : 'resources.subItems.add', { type: typeLabel })}
      onClose={onClose}
      resource="subItems"
      record={record ?? {}}
      resolver={resolver}
      onSubmit={submit}
    >
      <TextInput source="name" autoFocus />
      <TextInput source="description" multiline minRows={2} />
    </FormDialogShell>
  );
}

/** A value's actions: edit, delete (after confirmation). */
function SubItemActions({ onEdit }: { onEdit: (record: SubItemRecord) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const record = useRecordContext<SubItemRecord>();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete<SubItemRecord>();
  if (!record) return null;
  const { name } = record;
  const action = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {action(`${translate('ra.action.edit')} ${name}`, <EditIcon />, () => onEdit(record))}
      {action(`${translate('ra.action.delete')} ${name}`, <DeleteIcon />, () => setConfirming(true))}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={translate('resources.subItems.delete_title', { name })}
        content={translate('resources.subItems.delete_content')}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove(
            'subItems',
            { id: record.id, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                setConfirming(false);
                notify('resources.subItems.deleted', { type: 'success', messageArgs: { name } });
              },
              onError: (error) => {
                setConfirming(false);
                failure(error);
              },
            },
          )
        }
      />
    </Box>
  );
}

/** The values of one sub-item type: searched, sorted, exported whole; add, edit, delete. */
function SubItemTab({ type }: { type: SchemaSubItemTypeName }) {
  const translate = useTranslate();
  const typeLabel = translate(`resources.subItems.types.${type}`);
  // A new key per opening: the dialog starts from the record it is given.
  const [editing, setEditing] = useState<{ record?: SubItemRecord; key: number } | null>(null);
  const open = (record?: SubItemRecord) => setEditing((e) => ({ record, key: (e?.key ?? 0) + 1 }));
  return (
    <>
      <ListPage
        resource="subItems"
        filter={{ type }}
        filters={searchFilter}
        disableSyncWithLocation
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        error={<LoadError message="resources.subItems.load_error" />}
        actions={
          <Actions
            add={translate('resources.subItems.add', { type: typeLabel })}
            onAdd={() => open()}
            columns={subItemColumns}
            fileName={`${typeLabel.toLowerCase().replace(/\s+/g, '_')}`}
          />
        }
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          aria-label={typeLabel}
          empty={<NoRows message={translate('resources.subItems.empty', { type: typeLabel })} />}
        >
          <DataTable.Col source="itemId" />
          <DataTable.Col source="name" />
          <DataTable.Col source="description" />
          <DataTable.Col label="resources.subItems.actions" disableSort align="right">
            <SubItemActions onEdit={open} />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      {editing ? (
        <SubItemDialog key={editing.key} type={type} record={editing.record} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

const agentResolver = schemaResolver(agentSchema);

/** Add an agent (the service offers no change or removal). */
function AgentDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [create] = useCreate<AgentRecord>();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await create('agents', { data: values }, { returnPromise: true });
    } catch (error) {
      failure(error);
      return refusedFields(error, 'name');
    }
    notify('resources.agents.created', {
      type: 'success',
      messageArgs: { name: `${String(values.name)} ${String(values.surname)}` },
    });
    onClose();
  };
  return (
    <FormDialogShell
      title={translate('resources.agents.add')}
      onClose={onClose}
      resource="agents"
      resolver={agentResolver}
      onSubmit={submit}
    >
      <TextInput source="name" autoFocus />
      <TextInput source="surname" />
      <TextInput source="email" type="email" />
    </FormDialogShell>
  );
}

/** The agents: searched, sorted, exported whole; add only. */
function AgentsTab() {
  const translate = useTranslate();
  const [adding, setAdding] = useState(0);
  return (
    <>
      <ListPage
        resource="agents"
        filters={searchFilter}
        disableSyncWithLocation
        sort={{ field: 'surname', order: 'ASC' }}
        perPage={25}
        error={<LoadError message="resources.agents.load_error" />}
        actions={
          <Actions
            add={translate('resources.agents.add')}
            onAdd={() => setAdding((n) => n + 1)}
            columns={agentColumns}
            fileName="agenti"
          />
        }
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          aria-label={translate('resources.agents.name', { smart_count: 2 })}
          empty={<NoRows message={translate('resources.agents.empty')} />}
        >
          <DataTable.Col source="surname" />
          <DataTable.Col source="name" />
          <DataTable.Col source="fullName" />
        </DataTable>
      </ListPage>
      {adding ? <AgentDialog key={adding} onClose={() => setAdding(0)} /> : null}
    </>
  );
}

/** /media/manage (Gestione Campi): one tab per sub-item type and its values, and the agents. */
export default function ManagePage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<string>(SUB_ITEM_TYPES[0]);
  return (
    <>
      <PageHeader title="resources.subItems.title" back={false} />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setTab(v)}
        variant="scrollable"
        aria-label={translate('resources.subItems.title')}
        sx={{ mb: 1 }}
      >
        {SUB_ITEM_TYPES.map((t) => (
          <Tab key={t} value={t} label={translate(`resources.subItems.types.${t}`)} />
        ))}
        <Tab value="agents" label={translate('resources.agents.name', { smart_count: 2 })} />
      </Tabs>
      {tab === 'agents' ? <AgentsTab /> : <SubItemTab key={tab} type={tab as SchemaSubItemTypeName} />}
    </>
  );
}
