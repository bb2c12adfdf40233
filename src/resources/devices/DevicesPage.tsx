import { useState } from 'react';
import { Button, DialogContent, DialogTitle, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  AutocompleteInput,
  Create,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  Edit,
  FilterButton,
  List,
  ReferenceField,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { AppPagination } from '@/layout/Pagination';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { codeLabel, formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { DeviceInputs } from './DeviceInputs';
import { DeviceStatusField } from './DeviceStatusField';
import { DEVICE_STATUS_LABELS, deviceSchema, deviceStatusChoices, type Device } from './shared';

const resolver = schemaResolver(deviceSchema);

const installedChoices = [
  { id: 'true', name: 'resources.devices.installed.true' },
  { id: 'false', name: 'resources.devices.installed.false' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" alwaysOn choices={deviceStatusChoices} />,
  <ReferenceInput key="systemId" source="systemId" reference="systems" filter={{ type: 'DOOH' }}>
    <AutocompleteInput />
  </ReferenceInput>,
  // On a system or in stock: the document's `installed` is a boolean, the select's values are text.
  <SelectInput
    key="installed"
    source="installed"
    alwaysOn
    choices={installedChoices}
    parse={(v: string) => (v === '' ? undefined : v === 'true')}
    format={(v?: boolean) => (v === undefined || v === null ? '' : String(v))}
  />,
];

/** The export: Italian states and dates, the system by code and name. */
const exportColumns: ExportColumn<Device>[] = [
  { label: 'resources.devices.fields.serial', value: (d) => d.serial },
  { label: 'resources.devices.fields.model', value: (d) => d.model },
  { label: 'resources.devices.fields.resolution', value: (d) => d.resolution },
  {
    label: 'resources.devices.fields.systemId',
    reference: {
      resource: 'systems',
      source: (d) => d.systemId,
      text: (s) => `${String(s.code)} · ${String(s.name)}`,
    },
  },
  { label: 'resources.devices.fields.status', value: (d) => codeLabel(DEVICE_STATUS_LABELS, d.status) },
  { label: 'resources.devices.fields.lastSeenAt', value: (d) => formatDate(d.lastSeenAt) },
  { label: 'resources.devices.fields.ipAddress', value: (d) => d.ipAddress },
];

function RowActions({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <Button
        size="small"
        onClick={() => onEdit(record)}
        aria-label={translate('resources.devices.actions.edit_one', { serial: record.serial })}
      >
        {translate('ra.action.edit')}
      </Button>
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle={translate('resources.devices.messages.delete_title', { serial: record.serial })}
        confirmContent="resources.devices.messages.delete_content"
        aria-label={translate('resources.devices.actions.delete_one', { serial: record.serial })}
      />
    </>
  );
}

/** /dooh/players: the DOOH players with their system and state; create, edit and delete. */
export default function DevicesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [editing, setEditing] = useState<RaRecord | 'new' | null>(null);
  const close = () => setEditing(null);
  const onSuccess = () => {
    notify(editing === 'new' ? 'resources.devices.messages.created' : 'resources.devices.messages.updated', {
      type: 'success',
    });
    close();
  };
  const mutationOptions = { onSuccess, onError: failure };
  return (
    <ResourceContextProvider value="devices">
      <PageHeading title={translate('resources.devices.name', { smart_count: 2 })} />
      <List
        title={false}
        filters={filters}
        perPage={25}
        sort={{ field: 'serial', order: 'ASC' }}
        pagination={<AppPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {translate('resources.devices.actions.create')}
            </Button>
            <ExportAllButton columns={exportColumns} fileName="player" />
          </TopToolbar>
        }
      >
        <DataTable
          bulkActionButtons={false}
          empty={<Typography sx={{ p: 2 }}>{translate('resources.devices.messages.empty')}</Typography>}
        >
          <DataTable.Col source="serial" />
          <DataTable.Col source="model" />
          <DataTable.Col source="resolution" />
          <DataTable.Col source="systemId">
            <ReferenceField
              source="systemId"
              reference="systems"
              link={false}
              emptyText={translate('resources.devices.messages.in_stock')}
            />
          </DataTable.Col>
          <DataTable.Col source="status" field={DeviceStatusField} />
          <DataTable.Col source="lastSeenAt">
            <DateField source="lastSeenAt" showTime locales="it-IT" emptyText="—" />
          </DataTable.Col>
          <DataTable.Col source="ipAddress" disableSort />
          <DataTable.Col label="resources.devices.actions.actions" disableSort>
            <RowActions onEdit={setEditing} />
          </DataTable.Col>
        </DataTable>
      </List>
      <FormDialog
        open={editing !== null}
        onClose={close}
        fullWidth
        maxWidth="sm"
        aria-labelledby="device-dialog-title"
      >
        <DialogTitle id="device-dialog-title">
          {translate(
            editing === 'new' ? 'resources.devices.actions.create' : 'resources.devices.actions.edit',
          )}
        </DialogTitle>
        <DialogContent>
          {editing === 'new' ? (
            <Create resource="devices" redirect={false} title=" " mutationOptions={mutationOptions}>
              <AppSimpleForm resolver={resolver}>
                <DeviceInputs />
              </AppSimpleForm>
            </Create>
          ) : editing ? (
            <Edit
              resource="devices"
              id={editing.id}
              redirect={false}
              title=" "
              actions={false}
              mutationMode="pessimistic"
              mutationOptions={mutationOptions}
            >
              <AppSimpleForm resolver={resolver}>
                <DeviceInputs />
              </AppSimpleForm>
            </Edit>
          ) : null}
        </DialogContent>
      </FormDialog>
    </ResourceContextProvider>
  );
}
