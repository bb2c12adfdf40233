import { useMemo, useRef, useState } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Chip, Typography } from '@mui/material';
import {
  Button,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  SearchInput,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { eventInputFrom, repetitionOf, timingOf, type ScheduledEventRecord } from '@/api/schedule';
import { SendsList } from './SendsList';
import { useFailure } from '@/ui/useFailure';
import { cronInWords } from '@/ui/cron';
import type { ExportColumn } from '@/ui/exporter';
import { formatDateTime } from '@/ui/format';
import { ScheduleDialog, type ScheduleDialogValue } from '@/ui/ScheduleDialog';
import { StaleSave } from '@/ui/StaleSave';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Changes an event: its name, when it runs and whether it is on (the callback stays as it was). */
function EditEventButton() {
  const event = useRecordContext<ScheduledEventRecord>();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const failure = useFailure();
  const [open, setOpen] = useState(false);
  // What the last save sent: a refused one is compared with the event as saved now.
  const sent = useRef<Record<string, unknown>>(undefined);
  const save = useMutation({
    mutationFn: (value: ScheduleDialogValue) => {
      const changed = eventInputFrom(event!, { name: value.name.trim(), enabled: value.enabled });
      const { cronExpression: _c, runAt: _r, ...rest } = changed as Record<string, unknown>;
      const timing =
        value.repetition === 'custom'
          ? { cronExpression: event!.cronExpression, timezone: event!.timezone }
          : timingOf({ repetition: value.repetition, at: value.at });
      sent.current = { ...rest, ...timing };
      return dataProvider.update('scheduledEvents', { id: event!.id, data: sent.current, previousData: event! });
    },
    onSuccess: async () => {
      notify('resources.scheduledEvents.saved', { type: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['scheduledEvents'] });
    },
    onError: failure,
  });
  if (!event) return null;
  const first = event.runAt ?? event.nextRunAt;
  return (
    <>
      <Button label="ra.action.edit" startIcon={<EditIcon />} onClick={() => setOpen(true)} />
      {open ? (
        <ScheduleDialog
          open
          showEnabled
          title="resources.scheduledEvents.edit_title"
          initial={{ name: event.name, repetition: repetitionOf(event), at: first ? new Date(first) : undefined, enabled: event.enabled }}
          pending={save.isPending}
          notice={<StaleSave resource="scheduledEvents" id={event.id} read={event} values={() => sent.current ?? {}} />}
          onClose={() => setOpen(false)}
          onSave={(value) => save.mutate(value)}
        />
      ) : null}
    </>
  );
}

function Outcome() {
  const translate = useTranslate();
  const event = useRecordContext<ScheduledEventRecord>();
  const result = event?.lastRunResult;
  if (!result) return <Typography variant="body2">{translate('resources.scheduledEvents.never_run')}</Typography>;
  return (
    <Chip
      size="small"
      color={result.ok ? 'success' : 'error'}
      label={result.ok ? translate('resources.scheduledEvents.ok') : translate('resources.scheduledEvents.failed')}
      title={result.message}
    />
  );
}

/** A custom repetition in words, any other by its name. */
function repetitionText(e: ScheduledEventRecord, translate: (key: string) => string, locale: string): string {
  const repetition = repetitionOf(e);
  const label = translate(`resources.scheduledEvents.repetitions.${repetition}`);
  return repetition === 'custom' ? `${label}: ${cronInWords(e.cronExpression ?? '', locale)}` : label;
}

/** The scheduled events' CSV: the columns of the list, the outcome's message beside it. */
function useExportColumns(locale: string): ExportColumn<ScheduledEventRecord>[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      { label: 'resources.scheduledEvents.fields.name', value: (e) => e.name },
      { label: 'resources.scheduledEvents.fields.repetition', value: (e) => repetitionText(e, translate, locale) },
      { label: 'resources.scheduledEvents.fields.nextRunAt', value: (e) => formatDateTime(e.nextRunAt) },
      { label: 'resources.scheduledEvents.fields.lastRunAt', value: (e) => formatDateTime(e.lastRunAt) },
      {
        label: 'resources.scheduledEvents.fields.lastRunResult',
        value: (e) =>
          !e.lastRunResult
            ? translate('resources.scheduledEvents.never_run')
            : [translate(e.lastRunResult.ok ? 'resources.scheduledEvents.ok' : 'resources.scheduledEvents.failed'), e.lastRunResult.message]
                .filter(Boolean)
                .join(': '),
      },
      { label: 'resources.scheduledEvents.fields.createdBy', value: (e) => e.createdBy ?? '' },
    ],
    [translate, locale],
  );
}

/** The scheduled events (the media monitor's sends among them): when each runs next, how its last run went. */
export default function ScheduledEventsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const exportColumns = useExportColumns(locale);
  return (
    <SendsList<ScheduledEventRecord>
      resource="scheduledEvents"
      title="resources.scheduledEvents.title"
      filters={filters}
      sort={{ field: 'nextRunAt', order: 'ASC' }}
      actions={false}
      exportColumns={exportColumns}
      fileName="invii-programmati"
    >
      <DataTable bulkActionButtons={false} rowClick={false} aria-label={translate('resources.scheduledEvents.title')}>
        <DataTable.Col source="name" />
        <DataTable.Col source="repetition" disableSort>
          <FunctionField<ScheduledEventRecord>
            // In words; a custom one's expression itself on hover, for whoever wrote it.
            render={(e) => <span title={e.cronExpression ?? undefined}>{repetitionText(e, translate, locale)}</span>}
          />
        </DataTable.Col>
        <DataTable.Col source="nextRunAt">
          <DateField source="nextRunAt" showTime locales="it-IT" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="lastRunAt">
          <DateField source="lastRunAt" showTime locales="it-IT" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="lastRunResult" disableSort>
          <Outcome />
        </DataTable.Col>
        <DataTable.Col source="createdBy" />
        <DataTable.Col label="" disableSort>
          <EditEventButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="resources.scheduledEvents.delete_confirm" />
        </DataTable.Col>
      </DataTable>
    </SendsList>
  );
}
