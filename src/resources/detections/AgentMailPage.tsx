import { useEffect, useRef, useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { useLocation } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { Alert, Box, MenuItem, TextField, Typography } from '@mui/material';
import {
  BulkActionsToolbar,
  Button,
  DataTable,
  DateInput,
  SearchInput,
  TopToolbar,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { ExportAllButton } from '@/ui/exporter';
import { useFailure } from '@/ui/useFailure';
import { detectionExportColumns, DistinctFilter, ListProblems } from './DetectionList';
import { PageHeader } from './PageHeader';
import { ScheduleAgentButton } from './ScheduleAgentButton';
import type { AgentRecord, DetectionRecord } from './shared';
import { sendColumns, sendListProps, sendPagination } from './sendColumns';
import { EmptyText, ListPage } from '@/ui/ListPage';
import { PeriodEndInput } from '@/ui/PeriodEndInput';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <DateInput key="dateStart" source="dateStart" label="resources.detections.filters.dateStart" alwaysOn />,
  <PeriodEndInput key="dateEnd" source="dateEnd" startSource="dateStart" label="resources.detections.filters.dateEnd" alwaysOn />,
  <DistinctFilter key="brandName" source="brandName" alwaysOn />,
];

type SendResult = Awaited<ReturnType<AppDataProvider['sendToAgent']>>;

/** The bulk action: one mail to the agent with the selected detections. */
function SendButton({ agentId, onSent }: { agentId: number; onSent: (result: SendResult) => void }) {
  const { selectedIds } = useListContext<DetectionRecord>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const failure = useFailure();
  const mail = useMutation({
    mutationFn: (auditIds: number[]) => dataProvider.sendToAgent('detections', { agentId, auditIds }),
    onSuccess: (result) => {
      notify('resources.detections.agent_mail.sent', {
        type: 'success',
        messageArgs: { recipient: result.recipient, smart_count: result.auditIds.length },
      });
      onSent(result);
    },
    onError: failure,
  });
  return (
    <Button
      label="resources.detections.agent_mail.send"
      variant="contained"
      startIcon={<SendIcon />}
      disabled={!selectedIds.length || mail.isPending}
      onClick={() => mail.mutate(selectedIds.map(Number))}
    />
  );
}

/**
 * The chosen agent's detections, to pick from. The selection belongs to the agent: choosing another
 * clears it; the detections chosen on the detections list count once the first agent's rows are
 * there, for those that are this agent's.
 */
function AgentDetections({ agentId, agentName, preselected }: { agentId: number | ''; agentName: string; preselected: number[] }) {
  const translate = useTranslate();
  const { data, isPending, onSelect, onUnselectItems } = useListContext<DetectionRecord>();
  const [result, setResult] = useState<SendResult | null>(null);
  const pending = useRef<number[]>(preselected);
  const shownAgent = useRef<number | ''>('');
  useEffect(() => {
    if (agentId === shownAgent.current) return;
    if (shownAgent.current !== '') {
      pending.current = [];
      onUnselectItems();
      setResult(null);
    }
    shownAgent.current = agentId;
  }, [agentId, onUnselectItems]);
  useEffect(() => {
    if (agentId === '' || isPending || !data || !pending.current.length) return;
    const ids = new Set(data.map((d) => d.id));
    onSelect(pending.current.filter((id) => ids.has(id)));
    pending.current = [];
  }, [agentId, data, isPending, onSelect]);

  if (agentId === '')
    return <Typography sx={{ p: 2 }}>{translate('resources.detections.agent_mail.pick_agent')}</Typography>;
  return (
    <>
      <ListProblems />
      {result ? (
        <Alert severity="success" sx={{ m: 1 }}>
          {translate('resources.detections.agent_mail.result', {
            id: result.mailId,
            recipient: result.recipient,
            smart_count: result.auditIds.length,
          })}
        </Alert>
      ) : null}
      <DataTable
        storeKey="agentMail.datatable"
        rowClick="toggleSelection"
        aria-label={translate('resources.detections.title')}
        bulkActionsToolbar={
          <BulkActionsToolbar label="resources.detections.agent_mail.selected">
            <SendButton agentId={agentId} onSent={setResult} />
            <ScheduleAgentButton agentId={agentId} agentName={agentName} />
          </BulkActionsToolbar>
        }
        empty={<EmptyText message="resources.detections.empty" />}
      >
        {sendColumns}
      </DataTable>
    </>
  );
}

/** /media/monitor/agent-mail: an agent's detections of a period; the chosen ones go out in one mail. */
export function AgentMailPage() {
  const translate = useTranslate();
  const location = useLocation();
  const [preselected] = useState<number[]>(() =>
    ((location.state as { auditIds?: Identifier[] } | null)?.auditIds ?? []).map(Number),
  );
  const [agentId, setAgentId] = useState<number | ''>('');
  const agents = useGetList<AgentRecord>('agents', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'surname', order: 'ASC' },
  });
  return (
    <Box>
      <PageHeader title="resources.detections.agent_mail.title" />
      <TextField
        select
        label={translate('resources.detections.fields.agent')}
        value={agentId}
        onChange={(e) => setAgentId(Number(e.target.value))}
        sx={{ width: 360, maxWidth: '100%', mb: 1 }}
        size="small"
        required
        error={agents.isError}
        helperText={agents.isError ? translate('resources.detections.agent_mail.agents_error') : undefined}
      >
        {(agents.data ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.fullName}
          </MenuItem>
        ))}
      </TextField>
      <ListPage
        resource="detections"
        filter={agentId === '' ? {} : { agentId }}
        queryOptions={{ enabled: agentId !== '' }}
        filters={filters}
        {...sendListProps()}
        pagination={agentId === '' ? false : sendPagination}
        actions={
          <TopToolbar>
            <ListViewButtons list="agentMail" columnsStoreKey="agentMail.datatable" />
            {agentId === '' ? null : (
              <ExportAllButton columns={detectionExportColumns} fileName="rilevazioni_agente" />
            )}
          </TopToolbar>
        }
      >
        <AgentDetections agentId={agentId} agentName={agents.data?.find((a) => a.id === agentId)?.fullName ?? ''} preselected={preselected} />
      </ListPage>
    </Box>
  );
}
