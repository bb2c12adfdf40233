import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { codeLabel } from '@/ui/format';
import { DEVICE_STATUS_LABELS, type DeviceStatus } from './shared';

const COLOR: Record<DeviceStatus, 'success' | 'default' | 'warning'> = { online: 'success', offline: 'default', maintenance: 'warning' };

export function DeviceStatusChip({ status }: { status: DeviceStatus }) {
  return <Chip size="small" color={COLOR[status]} label={codeLabel(DEVICE_STATUS_LABELS, status)} />;
}

export function DeviceStatusField() {
  const record = useRecordContext<{ id: number; status: DeviceStatus }>();
  return record ? <DeviceStatusChip status={record.status} /> : null;
}
