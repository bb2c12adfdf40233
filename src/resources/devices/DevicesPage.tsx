import { useState } from 'react';
import { Button, DialogContent, DialogTitle, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Create,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  Edit,
  List,
  NumberInput,
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
import { DEVICE_STATUSES } from '@/api/device';
import { AppPagination } from '@/layout/Pagination';
import { notifyError } from '../circuits/errors';
import { DeviceInputs } from './DeviceInputs';
import { DeviceStatusField } from './DeviceStatusField';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" alwaysOn choices={DEVICE_STATUSES.map((s) => ({ id: s, name: translate(`resources.devices.status.${s}`) }))} />,
    <NumberInput key="systemId" source="systemId" />,
  ];
}

function RowActions({ onEdit }: { onEdit: (r: RaRecord) => void }) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <Button size="small" onClick={() => onEdit(record)} aria-label={translate('resources.devices.actions.edit_one', { serial: record.serial })}>
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

/** /dooh/players: the DOOH players with their status; create, edit and delete. */
export default function DevicesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [editing, setEditing] = useState<RaRecord | 'new' | null>(null);
  const close = () => setEditing(null);
  const onError = (e: unknown) => notifyError(notify, e);
  const onSuccess = () => {
    notify(editing === 'new' ? 'resources.devices.messages.created' : 'resources.devices.messages.updated', { type: 'success' });
    close();
  };
  return (
    <ResourceContextProvider value="devices">
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {translate('resources.devices.name', { smart_count: 2 })}
      </Typography>
      <List
        title={translate('resources.devices.name', { smart_count: 2 })}
        filters={useFilters()}
        perPage={25}
        sort={{ field: 'serial', order: 'ASC' }}
        pagination={<AppPagination rowsPerPageOptions={[10, 25, 50, 100]} />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              {translate('resources.devices.actions.create')}
            </Button>
          </TopToolbar>
        }
      >
        <DataTable bulkActionButtons={false} empty={<Typography sx={{ p: 2 }}>{translate('resources.devices.messages.empty')}</Typography>}>
          <DataTable.Col source="serial" />
          <DataTable.Col source="model" />
          <DataTable.Col source="resolution" />
          <DataTable.Col source="systemId" />
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
      <FormDialog open={editing !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="device-dialog-title">
        <DialogTitle id="device-dialog-title">{translate(editing === 'new' ? 'resources.devices.actions.create' : 'resources.devices.actions.edit')}</DialogTitle>
        <DialogContent>
          {editing === 'new' ? (
            <Create resource="devices" redirect={false} title=" " mutationOptions={{ onSuccess, onError }}>
              <AppSimpleForm>
                <DeviceInputs />
              </AppSimpleForm>
            </Create>
          ) : editing ? (
            <Edit resource="devices" id={editing.id} redirect={false} title=" " actions={false} mutationMode="pessimistic" mutationOptions={{ onSuccess, onError }}>
              <AppSimpleForm>
                <DeviceInputs />
              </AppSimpleForm>
            </Edit>
          ) : null}
        </DialogContent>
      </FormDialog>
    </ResourceContextProvider>
  );
}
