import { useState } from 'react';
import { Box, Button, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Create,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  Edit,
  FunctionField,
  List,
  ReferenceField,
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
import { PageHeading } from '@/ui/FormPage';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
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

function RowActions({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const translate = useTranslate();
  const record = useRecordContext<Show>();
  if (!record) return null;
  return (
    <>
      <Button size="small" onClick={() => onEdit(record)} aria-label={translate('resources.shows.actions.edit_one', { name: record.name })}>
        {translate('ra.action.edit')}
      </Button>
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle={translate('resources.shows.messages.delete_title', { name: record.name })}
        confirmContent="resources.shows.messages.delete_content"
      />
    </>
  );
}

function ShowsList() {
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const [editing, setEditing] = useState<RaRecord | 'new' | null>(null);
  const close = () => setEditing(null);
  const options = {
    onSuccess: () => {
      notify('resources.shows.messages.saved', { type: 'success' });
      close();
    },
    onError: failure,
  };
  return (
    <ResourceContextProvider value="shows">
      <List
        title={false}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'startDate', order: 'DESC' }}
        perPage={25}
        pagination={<AppPagination rowsPerPageOptions={[10, 25, 50]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {translate('resources.shows.actions.create')}
            </Button>
            <ExportAllButton columns={showsExportColumns} fileName="show" />
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="playlistId">
            <ReferenceField source="playlistId" reference="playlists" link={false} />
          </DataTable.Col>
          <DataTable.Col source="startDate">
            <DateField source="startDate" locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col source="endDate">
            <DateField source="endDate" locales="it-IT" />
          </DataTable.Col>
          <DataTable.Col label="resources.shows.fields.deviceIds" disableSort>
            <FunctionField<Show> render={(r) => r.deviceIds.length} />
          </DataTable.Col>
          <DataTable.Col label="resources.devices.actions.actions" disableSort>
            <RowActions onEdit={setEditing} />
          </DataTable.Col>
        </DataTable>
      </List>
      <FormDialog open={editing !== null} onClose={close} fullWidth maxWidth="md" aria-labelledby="show-dialog-title">
        <DialogTitle id="show-dialog-title">{translate(editing === 'new' ? 'resources.shows.actions.create' : 'resources.shows.actions.edit')}</DialogTitle>
        <DialogContent>
          {editing === 'new' ? (
            <Create resource="shows" redirect={false} title=" " mutationOptions={options}>
              <AppSimpleForm defaultValues={{ deviceIds: [] }} resolver={resolver}>
                <ShowInputs />
              </AppSimpleForm>
            </Create>
          ) : editing ? (
            <Edit resource="shows" id={editing.id} redirect={false} title=" " actions={false} mutationMode="pessimistic" mutationOptions={options}>
              <AppSimpleForm resolver={resolver}>
                <ShowInputs />
              </AppSimpleForm>
            </Edit>
          ) : null}
        </DialogContent>
      </FormDialog>
    </ResourceContextProvider>
  );
}

/** The show manager: shows (a playlist on players for a period) and playlists. */
export function ShowManager({ initialTab = 0 }: { initialTab?: 0 | 1 }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<number>(initialTab);
  return (
    <Box sx={{ p: 1 }}>
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
