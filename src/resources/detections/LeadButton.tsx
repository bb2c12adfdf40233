import { useState } from 'react';
import FlagIcon from '@mui/icons-material/Flag';
import { Button, DialogContent, DialogTitle, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaLeadStatus } from '@/api/generated/audit';
import { updateDetectionLeadBody } from '@/api/generated/audit.zod';
import type { AppDataProvider } from '@/dataProviders';
import { AppSimpleForm, FormDialog } from '@/forms/unsavedChanges';
import { useFailure } from '@/ui/useFailure';
import { schemaResolver } from '@/ui/validation';
import { leadStatusChoices } from './leadStatus';
import type { DetectionRecord } from './shared';

const leadResolver = schemaResolver(updateDetectionLeadBody);

/** Marks the detection in context as a lead (or moves its lead status), with a note; `compact`: the flag alone, its name as a tooltip. */
export function LeadButton({ compact = false }: { compact?: boolean }) {
  const record = useRecordContext<DetectionRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mark = useMutation({
    mutationFn: (values: { leadStatus: SchemaLeadStatus; note?: string | null }) =>
      dataProvider.markLead('detections', {
        id: record!.id,
        leadStatus: values.leadStatus,
        note: values.note?.trim() || null,
        lockVersion: record!.lockVersion,
      }),
    onSuccess: async (_updated, values) => {
      notify('resources.detections.lead.saved', {
        type: 'success',
        messageArgs: { status: translate(`resources.detections.lead.${values.leadStatus}`) },
      });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['detections'] });
    },
    onError: failure,
  });
  if (!record) return null;
  return (
    <>
      <Tooltip title={compact ? translate('resources.detections.lead.mark') : ''}>
        <Button
          size="small"
          startIcon={<FlagIcon />}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          aria-label={`${translate('resources.detections.lead.mark')} ${record.id}`}
        >
          {compact ? null : translate('resources.detections.lead.mark')}
        </Button>
      </Tooltip>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>{translate('resources.detections.lead.title', { brand: record.brandName })}</DialogTitle>
        <DialogContent>
          {open ? (
            <AppSimpleForm
              resolver={leadResolver}
              // The form edits the lead alone, not the row's whole record.
              record={{
                id: record.id,
                leadStatus: record.leadStatus === 'none' ? 'new' : record.leadStatus,
                note: record.leadNote ?? '',
              }}
              onSubmit={(values: Record<string, unknown>) => mark.mutate(values as { leadStatus: SchemaLeadStatus; note?: string })}
              disabled={mark.isPending}
              // The proposed status is the usual answer: saving it as it is must be possible.
              toolbar={
                <Toolbar>
                  <SaveButton alwaysEnable />
                </Toolbar>
              }
            >
              <SelectInput
                source="leadStatus"
                label="resources.detections.fields.leadStatus"
                choices={leadStatusChoices}
                fullWidth
              />
              <TextInput source="note" label="resources.detections.fields.leadNote" multiline minRows={2} fullWidth />
            </AppSimpleForm>
          ) : null}
        </DialogContent>
      </FormDialog>
    </>
  );
}
