import { useState } from 'react';
import FlagIcon from '@mui/icons-material/Flag';
import {
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { SchemaLeadStatus } from '@/api/generated/audit';
import { updateLead, type DetectionRecord } from '@/dataProviders/detections';
import { DialogCancelButton, FormDialog } from '@/forms/unsavedChanges';
import { LEAD_STATUSES } from './leadStatus';

/** Marks the detection in context as a lead (or moves its lead status), with a note. */
export function LeadButton() {
  const record = useRecordContext<DetectionRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<SchemaLeadStatus>('new');
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  if (!record) return null;
  const start = (e: React.MouseEvent) => {
    e.stopPropagation();
    setStatus(record.leadStatus === 'none' ? 'new' : record.leadStatus);
    setNote(record.leadNote ?? '');
    setOpen(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      await updateLead(record.id, status, note.trim() || null);
      notify('resources.detections.lead.saved', {
        type: 'success',
        messageArgs: { status: translate(`resources.detections.lead.${status}`) },
      });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<FlagIcon />}
        onClick={start}
        aria-label={`${translate('resources.detections.lead.mark')} ${record.id}`}
      >
        {translate('resources.detections.lead.mark')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        dirty={status !== (record.leadStatus === 'none' ? 'new' : record.leadStatus) || note !== (record.leadNote ?? '')}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>{translate('resources.detections.lead.title', { brand: record.brandName })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              select
              label={translate('resources.detections.fields.leadStatus')}
              value={status}
              onChange={(e) => setStatus(e.target.value as SchemaLeadStatus)}
            >
              {LEAD_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {translate(`resources.detections.lead.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('resources.detections.fields.leadNote')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              multiline
              minRows={2}
              inputProps={{ maxLength: 2000 }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <DialogCancelButton />
          <Button variant="contained" onClick={save} disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </FormDialog>
    </>
  );
}
