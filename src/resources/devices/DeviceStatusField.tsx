import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { DeviceStatus } from '@/api/device';

const COLOR: Record<DeviceStatus, 'success' | 'default' | 'warning'> = { online: 'success', offline: 'default', maintenance: 'warning' };

export function DeviceStatusChip({ status }: { status: DeviceStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOR[status]} label={translate(`resources.devices.status.${status}`, { _: status })} />;
}

export function DeviceStatusField() {
  const record = useRecordContext<{ id: number; status: DeviceStatus }>();
  return record ? <DeviceStatusChip status={record.status} /> : null;
}
