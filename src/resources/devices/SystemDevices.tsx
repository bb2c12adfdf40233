import { Alert, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { failureMessage } from '@/api/failures';
import { DeviceStatusChip } from './DeviceStatusField';
import type { Device } from './shared';

/** The DOOH players installed on one system — for the system detail page and the DOOH manager. */
export function SystemDevices({ systemId }: { systemId: number }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList<Device>('devices', {
    filter: { systemId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'serial', order: 'ASC' },
  });
  if (error) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>{translate('ra.action.refresh')}</Button>}>
        {failureMessage(error)}
      </Alert>
    );
  }
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (!data.length) return <Alert severity="info">{translate('resources.devices.messages.none_on_system')}</Alert>;
  return (
    <Table size="small" aria-label={translate('resources.devices.name', { smart_count: 2 })}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.devices.fields.serial')}</TableCell>
          <TableCell>{translate('resources.devices.fields.model')}</TableCell>
          <TableCell>{translate('resources.devices.fields.resolution')}</TableCell>
          <TableCell>{translate('resources.devices.fields.status')}</TableCell>
          <TableCell>{translate('resources.devices.fields.lastSeenAt')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((d) => (
          <TableRow key={d.id}>
            <TableCell>{d.serial}</TableCell>
            <TableCell>{d.model}</TableCell>
            <TableCell>{d.resolution}</TableCell>
            <TableCell>
              <DeviceStatusChip status={d.status} />
            </TableCell>
            <TableCell>{d.lastSeenAt ? new Date(d.lastSeenAt).toLocaleString('it-IT') : '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The players of the system in the record context (a DataTable row's expand panel). */
export function RecordSystemDevices() {
  const record = useRecordContext<{ id: number }>();
  return record ? <SystemDevices systemId={record.id} /> : null;
}
