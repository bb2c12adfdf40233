import { DataTable, FunctionField, ResourceContextProvider, SearchInput } from 'react-admin';
import type { ExportColumn } from '@/ui/exporter';
import { ListActions, ListPage, RowActions } from '@/ui/ListPage';
import { RecordDialog, useEditing } from '@/ui/RecordDialog';
import { schemaResolver } from '@/ui/validation';
import { PlaylistInputs, playlistSchema, type Playlist } from './PlaylistInputs';

const resolver = schemaResolver(playlistSchema);

const totalSeconds = (p: Playlist) => p.items.reduce((s, i) => s + i.durationSeconds, 0);

const exportColumns: ExportColumn<Playlist>[] = [
  { label: 'resources.playlists.fields.name', value: (p) => p.name },
  { label: 'resources.playlists.fields.items', value: (p) => p.items.length },
  { label: 'resources.playlists.fields.totalSeconds', value: totalSeconds },
];

/** The playlists: ordered creatives with their durations. A playlist used by a show cannot be deleted (the service says which shows). */
export function PlaylistsList() {
  const { editing, edit, create, close } = useEditing();
  return (
    <ResourceContextProvider value="playlists">
      <ListPage
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        rowsPerPage={[10, 25, 50]}
        actions={<ListActions create={{ label: 'resources.playlists.actions.create', onClick: create }} exportAll={{ columns: exportColumns, fileName: 'playlist' }} />}
      >
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col label="resources.playlists.fields.items" disableSort>
            <FunctionField<Playlist> render={(r) => r.items.length} />
          </DataTable.Col>
          <DataTable.Col label="resources.playlists.fields.totalSeconds" disableSort>
            <FunctionField<Playlist> render={(r) => `${totalSeconds(r)} s`} />
          </DataTable.Col>
          <DataTable.Col label="resources.devices.actions.actions" disableSort>
            <RowActions onEdit={edit} prefix="resources.playlists" />
          </DataTable.Col>
        </DataTable>
      </ListPage>
      <RecordDialog
        resource="playlists"
        editing={editing}
        onClose={close}
        title={{ create: 'resources.playlists.actions.create', edit: 'resources.playlists.actions.edit' }}
        resolver={resolver}
        record={{ items: [] }}
        saved="resources.playlists.messages.saved"
      >
        <PlaylistInputs />
      </RecordDialog>
    </ResourceContextProvider>
  );
}
