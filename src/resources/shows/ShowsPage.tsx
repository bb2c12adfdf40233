import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { DataTable, FunctionField, ReferenceField, ResourceContextProvider, SearchInput, useTranslate } from 'react-admin';
import type { ExportColumn } from '@/ui/exporter';
import { PageHeading } from '@/ui/FormPage';
import { formatDate } from '@/ui/format';
import { ListActions, ListPage, RowActions, DateText } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';
import { schemaResolver } from '@/ui/validation';
import { PlaylistsList } from './PlaylistsList';
import { ShowInputs, showSchema, type Show } from './ShowInputs';

const resolver = schemaResolver(showSchema);

/** The export: dates dd/mm/yyyy, the playlist by name. */
export const showsExportColumns: ExportColumn<Show>[] = [
  { label: 'resources.shows.fields.name', value: (s) => s.name },
  {
    label: 'resources.shows.fields.playlistId',
    reference: { resource: 'playlists', source: (s) => s.playlistId, text: (p) => String(p.name) },
  },
  { label: 'resources.shows.fields.startDate', value: (s) => formatDate(s.startDate) },
  { label: 'resources.shows.fields.endDate', value: (s) => formatDate(s.endDate) },
  { label: 'resources.shows.fields.deviceIds', value: (s) => s.deviceIds.length },
];

function ShowsList() {
  const { editing, edit, create, close } = useEditing();
  return (
    <ResourceContextProvider value="shows">
      <ListPage
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'startDate', order: 'DESC' }}
        perPage={25}
        rowsPerPage={[10, 25, 50]}
        actions={<ListActions create={{ label: 'resources.shows.actions.create', onClick: create }} exportAll={{ columns: showsExportColumns, fileName: 'show' }} />}
      >
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="playlistId">
            <ReferenceField source="playlistId" reference="playlists" link={false} />
          </DataTable.Col>
          <DataTable.Col source="startDate" field={DateText} />
          <DataTable.Col source="endDate" field={DateText} />
          <DataTable.Col label="resources.shows.fields.deviceIds" disableSort>
            <FunctionField<Show> render={(r) => r.deviceIds.length} />
          </DataTable.Col>
          <DataTable.Col label="resources.devices.actions.actions" disableSort>
            <RowActions onEdit={edit} prefix="resources.shows" />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="shows"
        editing={editing}
        onClose={close}
        title={{ create: 'resources.shows.actions.create', edit: 'resources.shows.actions.edit' }}
        resolver={resolver}
        record={{ deviceIds: [] }}
        saved="resources.shows.messages.saved"
      >
        <ShowInputs />
      </RecordDialog>
    </ResourceContextProvider>
  );
}

/** The show manager: shows (a playlist on players for a period) and playlists. */
export function ShowManager({ initialTab = 0 }: { initialTab?: 0 | 1 }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<number>(initialTab);
  return (
    <Box>
      <PageHeading title={translate('resources.shows.manager')} />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)}>
        <Tab label={translate('resources.shows.name', { smart_count: 2 })} />
        <Tab label={translate('resources.playlists.name', { smart_count: 2 })} />
      </Tabs>
      {tab === 0 ? <ShowsList /> : <PlaylistsList />}
    </Box>
  );
}

/** /shows-manage/manage */
export default function ShowsPage() {
  return <ShowManager initialTab={0} />;
}
