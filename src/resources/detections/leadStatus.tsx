import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SchemaLeadStatus } from '@/api/generated/audit';

export const LEAD_STATUSES: readonly SchemaLeadStatus[] = [
  'none',
  'new',
  'contacted',
  'converted',
  'discarded',
];

const COLORS: Record<SchemaLeadStatus, 'default' | 'primary' | 'info' | 'success' | 'warning'> = {
  none: 'default',
  new: 'primary',
  contacted: 'info',
  converted: 'success',
  discarded: 'warning',
};

/** The choices of a lead status input, labelled through translate. */
export const leadStatusChoices = LEAD_STATUSES.map((id) => ({ id, name: `resources.detections.lead.${id}` }));

export function LeadStatusChip({ status }: { status: SchemaLeadStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'none' ? 'outlined' : 'filled'}
      label={translate(`resources.detections.lead.${status}`)}
    />
  );
}

/** The lead status of the record in context, as a chip. */
export function LeadStatusField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ leadStatus?: SchemaLeadStatus }>();
  return record?.leadStatus ? <LeadStatusChip status={record.leadStatus} /> : null;
}
