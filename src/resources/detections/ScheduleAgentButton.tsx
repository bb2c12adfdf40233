import { useState } from 'react';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useMutation } from '@tanstack/react-query';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { eventInputOf } from '@/api/schedule';
import { useFailure } from '@/ui/useFailure';
import { ScheduleDialog, type ScheduleDialogValue } from '@/ui/ScheduleDialog';

/** The agent mail of the chosen detections, scheduled: the same mail, sent when the event runs. */
export function ScheduleAgentButton({ agentId, agentName }: { agentId: number; agentName: string }) {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const failure = useFailure();
  const [open, setOpen] = useState(false);
  const schedule = useMutation({
    mutationFn: (value: ScheduleDialogValue) =>
      dataProvider.scheduleEvent('sends', {
        input: eventInputOf(
          { name: value.name, at: value.at, repetition: value.repetition === 'custom' ? 'once' : value.repetition },
          { kind: 'agent', request: { agentId, auditIds: selectedIds.map(Number) } },
        ),
      }),
    onSuccess: (event) => {
      notify('resources.sends.scheduled', { type: 'success', messageArgs: { name: event.name } });
      setOpen(false);
    },
    onError: failure,
  });
  return (
    <>
      <Button label="resources.sends.schedule_selected" startIcon={<ScheduleIcon />} disabled={!selectedIds.length} onClick={() => setOpen(true)} />
      {open ? (
        <ScheduleDialog
          open
          title="resources.sends.schedule_title"
          initial={{ name: `Rilevazioni all’agente ${agentName}`, repetition: 'once' }}
          pending={schedule.isPending}
          onClose={() => setOpen(false)}
          onSave={(value) => schedule.mutate(value)}
        />
      ) : null}
    </>
  );
}
