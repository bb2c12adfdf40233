import { DataTable, FunctionField, SearchInput, TopToolbar, useTranslate } from 'react-admin';
import type { components } from '@/api/generated/systems';
import { SYSTEM_PAGE_SIZE } from '@/config/constants';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel } from '@/ui/format';
import { RecordSystemDevices } from './SystemDevices';
import { ListPage } from '@/ui/ListPage';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

type System = components['schemas']['System'];

const TYPE_LABELS = 'resources.systems.systemTypes';
const STATUS_LABELS = 'resources.systems.statuses';

/** `searchTerm` is the systems list's own search (a `q` would switch to the suggestions). */
const filters = [<SearchInput key="searchTerm" source="searchTerm" alwaysOn />];

const exportColumns: ExportColumn<System>[] = [
  { label: 'resources.systems.fields.code', value: (s) => s.code },
  { label: 'resources.systems.fields.name', value: (s) => s.name },
  { label: 'resources.systems.fields.systemType', value: (s) => codeLabel(TYPE_LABELS, s.systemType) },
  { label: 'resources.systems.fields.municipality', value: (s) => s.municipality?.name },
  { label: 'resources.systems.fields.status', value: (s) => codeLabel(STATUS_LABELS, s.status) },
];

/** /dooh-manage/manage: the DOOH systems, each opening onto its players. */
export default function DoohSystemsPage() {
  const translate = useTranslate();
  return (
    <>
      <ListPage
        heading={translate('resources.devices.dooh_systems')}
        resource="systems"
        filter={{ type: 'DOOH' }}
        filters={filters}
        perPage={SYSTEM_PAGE_SIZE}
        sort={{ field: 'code', order: 'ASC' }}
        actions={
          <TopToolbar>
            <ListViewButtons list="doohSystems" columnsStoreKey="doohSystems.datatable" />
            <ExportAllButton columns={exportColumns} fileName="impianti_dooh" />
          </TopToolbar>
        }
      >
        <DataTable storeKey="doohSystems.datatable" bulkActionButtons={false} rowClick="expand" expand={<RecordSystemDevices />} expandSingle>
          <DataTable.Col source="code" />
          <DataTable.Col source="name" />
          <DataTable.Col source="systemType">
            <FunctionField<System> render={(s) => codeLabel(TYPE_LABELS, s.systemType)} />
          </DataTable.Col>
          <DataTable.Col source="municipality">
            <FunctionField<System> render={(s) => s.municipality?.name ?? ''} />
          </DataTable.Col>
          <DataTable.Col source="status">
            <FunctionField<System> render={(s) => codeLabel(STATUS_LABELS, s.status)} />
          </DataTable.Col>
        </DataTable>
      </ListPage>
    </>
  );
}
