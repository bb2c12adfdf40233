import { useState } from 'react';
import { Button, DialogContent, DialogTitle } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Create,
  DataTable,
  DeleteWithConfirmButton,
  Edit,
  FunctionField,
  List,
  ResourceContextProvider,
  SearchInput,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { AppPagination } from '@/layout/Pagination';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { PlaylistInputs, playlistSchema, type Playlist } from './PlaylistInputs';

const resolver = schemaResolver(playlistSchema);

const totalSeconds = (p: Playlist) => p.items.reduce((s, i) => s + i.durationSeconds, 0);

const exportColumns: ExportColumn<Playlist>[] = [
  { label: 'resources.playlists.fields.name', value: (p) => p.name },
  { label: 'resources.playlists.fields.items', value: (p) => p.items.length },
  { label: 'resources.playlists.fields.totalSeconds', value: totalSeconds },
];

function RowActions({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<Playlist>();
  if (!record) return null;
  return (
    <>
      <Button size="small" onClick={() => onEdit(record)} aria-label={translate('resources.playlists.actions.edit_one', { name: record.name })}>
        {translate('ra.action.edit')}
      </Button>
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle={translate('resources.playlists.messages.delete_title', { name: record.name })}
        confirmContent="resources.playlists.messages.delete_content"
      />
    </>
  );
}

/** The playlists: ordered creatives with their durations. A playlist used by a show cannot be deleted (the service says which shows). */
export function PlaylistsList() {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [editing, setEditing] = useState<RaRecord | 'new' | null>(null);
  const close = () => setEditing(null);
  const options = {
    onSuccess: () => {
      notify('resources.playlists.messages.saved', { type: 'success' });
      close();
    },
    onError: failure,
  };
  return (
    <ResourceContextProvider value="playlists">
      <List
        title={false}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        pagination={<AppPagination rowsPerPageOptions={[10, 25, 50]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {translate('resources.playlists.actions.create')}
            </Button>
            <ExportAllButton columns={exportColumns} fileName="playlist" />
          </TopToolbar>
        }
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
            <RowActions onEdit={setEditing} />
          </DataTable.Col>
        </DataTable>
      </List>
      <FormDialog open={editing !== null} onClose={close} fullWidth maxWidth="md" aria-labelledby="playlist-dialog-title">
        <DialogTitle id="playlist-dialog-title">{translate(editing === 'new' ? 'resources.playlists.actions.create' : 'resources.playlists.actions.edit')}</DialogTitle>
        <DialogContent>
          {editing === 'new' ? (
            <Create resource="playlists" redirect={false} title=" " mutationOptions={options}>
              <AppSimpleForm defaultValues={{ items: [] }} resolver={resolver}>
                <PlaylistInputs />
              </AppSimpleForm>
            </Create>
          ) : editing ? (
            <Edit resource="playlists" id={editing.id} redirect={false} title=" " actions={false} mutationMode="pessimistic" mutationOptions={options}>
              <AppSimpleForm resolver={resolver}>
                <PlaylistInputs />
              </AppSimpleForm>
            </Edit>
          ) : null}
        </DialogContent>
      </FormDialog>
    </ResourceContextProvider>
  );
}
