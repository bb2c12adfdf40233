import {
  AutocompleteInput,
  DataTable,
  DateField,
  FilterButton,
  ReferenceField,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  useTranslate,
} from 'react-admin';
import type { ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate } from '@/ui/format';
import { EmptyRows, ListActions, ListPage, RowActions } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';
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

/** /dooh/players: the DOOH players with their system and state; create, edit and delete. */
export default function DevicesPage() {
  const translate = useTranslate();
  const { editing, edit, create, close } = useEditing();
  return (
    <ResourceContextProvider value="devices">
      <ListPage
        heading={translate('resources.devices.name', { smart_count: 2 })}
        filters={filters}
        perPage={25}
        sort={{ field: 'serial', order: 'ASC' }}
        rowsPerPage={[10, 25, 50, 100]}
        actions={
          <ListActions create={{ label: 'resources.devices.actions.create', onClick: create }} exportAll={{ columns: exportColumns, fileName: 'player' }}>
            <FilterButton />
          </ListActions>
        }
      >
        <DataTable bulkActionButtons={false} empty={<EmptyRows message="resources.devices.messages.empty" />}>
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
            <RowActions
              onEdit={edit}
              prefix="resources.devices"
              names={(d) => ({ serial: d.serial })}
              deleteLabel="resources.devices.actions.delete_one"
            />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="devices"
        editing={editing}
        onClose={close}
        maxWidth="sm"
        title={{ create: 'resources.devices.actions.create', edit: 'resources.devices.actions.edit' }}
        resolver={resolver}
        saved={{ created: 'resources.devices.messages.created', updated: 'resources.devices.messages.updated' }}
      >
        <DeviceInputs />
      </RecordDialog>
    </ResourceContextProvider>
  );
}
