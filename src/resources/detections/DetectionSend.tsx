import { useState, type ReactNode } from 'react';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, Typography } from '@mui/material';
import {
  BulkActionsToolbar,
  Button,
  DataTable,
  DateInput,
  List,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { eventInputOf, type SendTarget } from '@/api/schedule';
import { ExportAllButton } from '@/ui/exporter';
import { useFailure } from '@/ui/useFailure';
import { detectionExportColumns, ListProblems } from './DetectionList';
import type { DetectionRecord } from './shared';
import { sendColumns, sendListProps, sendPagination } from './sendColumns';
import { EmptyText } from '@/ui/ListPage';
import { ScheduleDialog, type ScheduleDialogValue } from '@/ui/ScheduleDialog';
import { PeriodEndInput } from '@/ui/PeriodEndInput';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <DateInput key="dateStart" source="dateStart" label="resources.detections.filters.dateStart" alwaysOn />,
  <PeriodEndInput key="dateEnd" source="dateEnd" startSource="dateStart" label="resources.detections.filters.dateEnd" alwaysOn />,
];

type SendResult = Awaited<ReturnType<AppDataProvider['sendDetections']>>;

/** Who gets the mail, as the lookup answered (null: nobody known, so nothing can be sent). */
export interface Recipient {
  label: string;
  email: string;
}

interface SendProps {
  /** The send of a period (or of the chosen detections). */
  targetOf: (period: { dateStart?: string; dateEnd?: string; auditIds?: number[] }) => SendTarget;
  recipient: Recipient | null;
  scheduleName: string;
  onSent: (result: SendResult) => void;
}

function useSend({ onSent }: Pick<SendProps, 'onSent'>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const failure = useFailure();
  return useMutation({
    mutationFn: (target: SendTarget) => dataProvider.sendDetections('sends', target),
    onSuccess: (result) => {
      notify('resources.sends.sent', { type: 'success', messageArgs: { recipient: result.recipient, smart_count: result.auditIds.length } });
      onSent(result);
    },
    onError: failure,
  });
}

/** Schedules the send of the period or of the chosen detections. */
function ScheduleButton({ targetOf, scheduleName, selected = false, disabled }: Pick<SendProps, 'targetOf' | 'scheduleName'> & { selected?: boolean; disabled: boolean }) {
  const { filterValues, selectedIds } = useListContext<DetectionRecord>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const failure = useFailure();
  const [open, setOpen] = useState(false);
  const schedule = useMutation({
    mutationFn: (value: ScheduleDialogValue) => {
      const period = filterValues as { dateStart?: string; dateEnd?: string };
      const target = targetOf(selected ? { auditIds: selectedIds.map(Number) } : { dateStart: period.dateStart, dateEnd: period.dateEnd });
      if (value.repetition === 'custom') throw new Error('custom');
      return dataProvider.scheduleEvent('sends', { input: eventInputOf({ ...value, repetition: value.repetition }, target) });
    },
    onSuccess: (event) => {
      notify('resources.sends.scheduled', { type: 'success', messageArgs: { name: event.name } });
      setOpen(false);
    },
    onError: failure,
  });
  return (
    <>
      <Button label={selected ? 'resources.sends.schedule_selected' : 'resources.sends.schedule'} startIcon={<ScheduleIcon />} disabled={disabled} onClick={() => setOpen(true)} />
      {open ? (
        <ScheduleDialog
          open
          title="resources.sends.schedule_title"
          initial={{ name: scheduleName }}
          pending={schedule.isPending}
          onClose={() => setOpen(false)}
          onSave={(value) => schedule.mutate(value)}
        />
      ) : null}
    </>
  );
}

function Toolbar(props: SendProps) {
  const { filterValues, total } = useListContext<DetectionRecord>();
  const send = useSend(props);
  const period = filterValues as { dateStart?: string; dateEnd?: string };
  const none = !props.recipient || !total;
  return (
    <TopToolbar>
      <ListViewButtons list="detectionSend" columnsStoreKey="detectionSend.datatable" />
      <Button
        label="resources.sends.send_all"
        variant="contained"
        startIcon={<SendIcon />}
        disabled={none || send.isPending}
        onClick={() => send.mutate(props.targetOf({ dateStart: period.dateStart, dateEnd: period.dateEnd }))}
      />
      <ScheduleButton targetOf={props.targetOf} scheduleName={props.scheduleName} disabled={!props.recipient} />
      <ExportAllButton columns={detectionExportColumns} fileName="rilevazioni_invio" />
    </TopToolbar>
  );
}

function SendSelectedButton(props: SendProps) {
  const { selectedIds } = useListContext<DetectionRecord>();
  const send = useSend(props);
  return (
    <Button
      label="resources.sends.send_selected"
      variant="contained"
      startIcon={<SendIcon />}
      disabled={!props.recipient || !selectedIds.length || send.isPending}
      onClick={() => send.mutate(props.targetOf({ auditIds: selectedIds.map(Number) }))}
    />
  );
}

function Rows(props: SendProps) {
  const translate = useTranslate();
  return (
    <>
      <ListProblems />
      <DataTable
        storeKey="detectionSend.datatable"
        rowClick="toggleSelection"
        aria-label={translate('resources.sends.rows')}
        bulkActionsToolbar={
          <BulkActionsToolbar label="resources.detections.agent_mail.selected">
            <SendSelectedButton {...props} />
            <ScheduleButton targetOf={props.targetOf} scheduleName={props.scheduleName} selected disabled={!props.recipient} />
          </BulkActionsToolbar>
        }
        empty={<EmptyText message="resources.detections.empty" />}
      >
        {sendColumns}
      </DataTable>
    </>
  );
}

/**
 * The detections a send lists, to review: the period's (or the chosen ones) go out in one mail to
 * the recipient, now or on a schedule; the list exports as every list does.
 */
export function DetectionSend({
  match,
  recipient,
  recipientPending,
  targetOf,
  scheduleName,
  hint,
}: {
  /** The detections' filter (media owner, subject, brand); null until the user picks. */
  match: Record<string, string> | null;
  recipient: Recipient | null;
  recipientPending: boolean;
  targetOf: SendProps['targetOf'];
  scheduleName: string;
  hint: ReactNode;
}) {
  const translate = useTranslate();
  const [result, setResult] = useState<SendResult | null>(null);
  if (!match) return <Typography sx={{ p: 2 }}>{hint}</Typography>;
  const props: SendProps = { targetOf, recipient, scheduleName, onSent: setResult };
  return (
    <Box>
      {recipientPending ? null : recipient ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('resources.sends.recipient', { name: recipient.label, email: recipient.email })}
        </Alert>
      ) : (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('resources.sends.no_recipient')}
        </Alert>
      )}
      {result ? (
        <Alert severity="success" sx={{ mb: 1 }}>
          {translate('resources.detections.agent_mail.result', { id: result.mailId, recipient: result.recipient, smart_count: result.auditIds.length })}
        </Alert>
      ) : null}
      <List
        resource="detections"
        filter={match}
        filters={filters}
        {...sendListProps()}
        pagination={sendPagination}
        actions={<Toolbar {...props} />}
        title={false}
        empty={false}
        exporter={false}
      >
        <Rows {...props} />
      </List>
    </Box>
  );
}
