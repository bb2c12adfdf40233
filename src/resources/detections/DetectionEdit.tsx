import { Alert, Box } from '@mui/material';
import { Edit, useRecordContext, useTranslate } from 'react-admin';

import { DetectionForm } from './DetectionForm';
import { MONITOR_PATH } from './DetectionList';
import { LeadButton } from './LeadButton';
import { LeadStatusChip } from './leadStatus';
import type { DetectionRecord } from './shared';

function LeadBox() {
  const record = useRecordContext<DetectionRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1 }}>
      {translate('resources.detections.fields.leadStatus')}: <LeadStatusChip status={record.leadStatus} />
      {record.leadNote ? <span>— {record.leadNote}</span> : null}
      {record.opportunityId ? (
        <Alert severity="info" sx={{ py: 0 }}>
          {translate('resources.detections.lead.opportunity', { id: record.opportunityId })}
        </Alert>
      ) : null}
      <LeadButton />
    </Box>
  );
}

export function DetectionEdit() {
  const translate = useTranslate();
  return (
    <Edit
      resource="detections"
      title={translate('resources.detections.edit')}
      redirect={MONITOR_PATH}
      mutationMode="pessimistic"
      actions={false}
    >
      <LeadBox />
      <DetectionForm mode="edit" />
    </Edit>
  );
}
