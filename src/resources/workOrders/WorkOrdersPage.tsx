import { useState } from 'react';
import { FormDialog } from '@/forms/unsavedChanges';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  DataTable,
  DateInput,
  FilterButton,
  FunctionField,
  ReferenceArrayInput,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Button, Chip, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import LinkIcon from '@mui/icons-material/Link';
import { failureMessage } from '@/api/failures';
import { distanceText } from '@/ui/distance';
import type { ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate } from '@/ui/format';
import { EmptyRows, ListActions, ListPage } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';
import { schemaResolver } from '@/ui/validation';
import type { AppDataProvider } from '@/dataProviders';
import {
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_TYPE_LABELS,
  workOrderSchema,
  workOrderStatusChoices,
  workOrderTypeChoices,
  type WorkOrder,
} from './shared';

const M = 'resources.workOrders';
const resolver = schemaResolver(workOrderSchema);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" alwaysOn choices={workOrderStatusChoices} />,
  <SelectInput key="type" source="type" alwaysOn choices={workOrderTypeChoices} />,
  <ReferenceInput key="teamId" source="teamId" reference="teams">
    <AutocompleteInput optionText="companyName" />
  </ReferenceInput>,
  // The orders a notice names (its link sets them): their codes, removed to see every order again.
  <ReferenceArrayInput key="id" source="id" reference="workOrders">
    <AutocompleteArrayInput optionText="code" label={`${M}.fields.code`} />
  </ReferenceArrayInput>,
];

const STATUS_COLOR: Record<WorkOrder['status'], 'default' | 'warning' | 'success' | 'error'> = { todo: 'default', late: 'warning', done: 'success', problem: 'error' };

/** The export: codes, Italian types and states, dates, the face by name and system code, the team by name. */
const exportColumns: ExportColumn<WorkOrder>[] = [
  { label: `${M}.fields.code`, value: (o) => o.code },
  { label: `${M}.fields.type`, value: (o) => codeLabel(WORK_ORDER_TYPE_LABELS, o.type) },
  { label: `${M}.fields.frameName`, value: (o) => o.frameName },
  { label: `${M}.fields.systemCode`, value: (o) => o.systemCode },
  { label: `${M}.fields.address`, value: (o) => `${o.address}, ${o.municipality}` },
  { label: `${M}.fields.dueDate`, value: (o) => formatDate(o.dueDate) },
  { label: `${M}.fields.teamName`, value: (o) => o.teamName },
  { label: `${M}.fields.status`, value: (o) => codeLabel(WORK_ORDER_STATUS_LABELS, o.status) },
  { label: `${M}.fields.photos`, value: (o) => String(o.photos.length) },
  { label: `${M}.fields.notes`, value: (o) => o.notes },
];

/** «Link per la squadra»: a team's link for its installers' phones, to copy and send. */
function TeamLinkDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [teamId, setTeamId] = useState<number | null>(null);
  const [teams, setTeams] = useState<Array<{ id: number; companyName: string }>>();
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  if (!teams) {
    void dataProvider
      .getList('teams', { pagination: { page: 1, perPage: 500 }, sort: { field: 'companyName', order: 'ASC' }, filter: {} })
      .then(({ data }) => setTeams(data as Array<{ id: number; companyName: string }>))
      .catch((e: unknown) => setError(failureMessage(e)));
  }
  return (
    <FormDialog open onClose={onClose} fullWidth maxWidth="sm" dirty={false}>
      <DialogTitle>{translate(`${M}.link.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={translate(`${M}.fields.teamName`)}
            value={teamId ?? ''}
            onChange={(e) => {
              setTeamId(Number(e.target.value));
              setUrl(undefined);
            }}
            slotProps={{ select: { native: true } }}
          >
            <option value="" />
            {(teams ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.companyName}
              </option>
            ))}
          </TextField>
          <Typography variant="body2">{translate(`${M}.link.hint`)}</Typography>
          {url ? <TextField label={translate(`${M}.link.url`)} value={url} slotProps={{ input: { readOnly: true } }} onFocus={(e) => e.target.select()} /> : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        {url ? <Button onClick={() => void navigator.clipboard?.writeText(url)}>{translate(`${M}.link.copy`)}</Button> : null}
        <Button
          variant="contained"
          disabled={!teamId}
          onClick={() => {
            setError(undefined);
            dataProvider
              .createTeamLink('workOrders', { teamId: teamId! })
              .then((link) => setUrl(`${window.location.origin}/field/${link.token}`))
              .catch((e: unknown) => setError(failureMessage(e)));
          }}
        >
          {translate(`${M}.link.create`)}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

/** /providers/workOrders: posting, removal and maintenance jobs of the provider teams; proof photos and their flags. */
export default function WorkOrdersPage() {
  const translate = useTranslate();
  const { editing, edit, create, close } = useEditing();
  const [linking, setLinking] = useState(false);
  return (
    <ResourceContextProvider value="workOrders">
      <ListPage
        heading={translate(`${M}.name`, { smart_count: 2 })}
        filters={filters}
        perPage={25}
        sort={{ field: 'dueDate', order: 'ASC' }}
        rowsPerPage={[10, 25, 50, 100]}
        actions={
          <ListActions create={{ label: `${M}.actions.create`, onClick: create }} exportAll={{ columns: exportColumns, fileName: 'ordini_di_lavoro' }}>
            <FilterButton />
            <Button size="small" startIcon={<LinkIcon />} onClick={() => setLinking(true)}>
              {translate(`${M}.link.open`)}
            </Button>
          </ListActions>
        }
      >
        <DataTable bulkActionButtons={false} rowClick={(_id, _r, record) => (edit(record), false)} empty={<EmptyRows message={`${M}.messages.empty`} />}>
          <DataTable.Col source="id" label={`${M}.fields.code`} render={(o: WorkOrder) => o.code} />
          <DataTable.Col source="type" render={(o: WorkOrder) => translate(codeLabel(WORK_ORDER_TYPE_LABELS, o.type))} />
          <DataTable.Col source="frameId" label={`${M}.fields.frameName`} disableSort render={(o: WorkOrder) => `${o.frameName} · ${o.systemCode}`} />
          <DataTable.Col source="systemId" label={`${M}.fields.address`} disableSort render={(o: WorkOrder) => `${o.address}, ${o.municipality}`} />
          <DataTable.Col source="dueDate" render={(o: WorkOrder) => formatDate(o.dueDate)} />
          <DataTable.Col source="teamId" label={`${M}.fields.teamName`} render={(o: WorkOrder) => o.teamName || '—'} />
          <DataTable.Col source="status">
            <FunctionField<WorkOrder> render={(o) => <Chip size="small" color={STATUS_COLOR[o.status]} label={translate(codeLabel(WORK_ORDER_STATUS_LABELS, o.status))} />} />
          </DataTable.Col>
          <DataTable.Col label={`${M}.fields.photos`} disableSort>
            <FunctionField<WorkOrder>
              render={(o) => (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  <span>{o.photos.length}</span>
                  {[...new Set(o.photos.flatMap((p) => p.flags))].map((flag) => (
                    <Chip key={flag} size="small" color="warning" label={translate(`${M}.flag.${flag}`, { distance: distanceText(Math.max(...o.photos.map((p) => p.distanceMeters ?? 0))) })} />
                  ))}
                </Box>
              )}
            />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="workOrders"
        editing={editing}
        onClose={close}
        maxWidth="sm"
        title={{ create: `${M}.actions.create`, edit: `${M}.actions.edit` }}
        resolver={resolver}
        saved={{ created: `${M}.messages.created`, updated: `${M}.messages.updated` }}
      >
        <ReferenceInput source="frameId" reference="frames">
          <AutocompleteInput />
        </ReferenceInput>
        <SelectInput source="type" choices={workOrderTypeChoices} defaultValue="maintenance" />
        <DateInput source="dueDate" />
        <ReferenceInput source="teamId" reference="teams">
          <AutocompleteInput optionText="companyName" helperText={`${M}.messages.team_hint`} />
        </ReferenceInput>
        <SelectInput source="status" choices={workOrderStatusChoices.filter((c) => c.id !== 'late')} />
        <TextInput source="notes" multiline minRows={2} />
      </RecordDialog>
      {linking ? <TeamLinkDialog onClose={() => setLinking(false)} /> : null}
    </ResourceContextProvider>
  );
}
