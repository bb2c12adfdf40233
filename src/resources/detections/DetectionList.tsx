import { Alert, Box, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import MailIcon from '@mui/icons-material/Mail';
import SyncIcon from '@mui/icons-material/Sync';
import { useNavigate } from 'react-router-dom';
import {
  BulkDeleteWithConfirmButton,
  Button,
  CreateButton,
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  EditButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { SchemaDistinctField } from '@/api/generated/audit';
import type { AppDataProvider } from '@/dataProviders';
import { ExportAllButton, type ExportColumn } from '@/ui/exporter';
import { codeLabel, formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { LeadButton } from './LeadButton';
import { leadStatusChoices, LeadStatusField } from './leadStatus';
import { isPeriod, lastDays } from '@/ui/period';
import type { DetectionRecord } from './shared';
import { useDistinct } from './useDistinct';
import { DateText, ListPage } from '@/ui/ListPage';
import { PeriodEndInput } from '@/ui/PeriodEndInput';
import { OnDemandSelectInput } from '@/ui/OnDemandSelectInput';
import { ListViewButtons } from '@/ui/listViews/ListViewButtons';

export const MONITOR_PATH = '/media/monitor';

/**
 * A filter over a detection field's values, read when the filter takes the focus or opens (not for
 * the list's first page: the value a filter holds shows as it is, being its own label).
 */
export function DistinctFilter({ source }: { source: SchemaDistinctField; alwaysOn?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const { data, isPending, isError } = useDistinct(source, wanted);
  return (
    <OnDemandSelectInput
      source={source}
      values={data}
      loading={wanted && isPending}
      failed={isError}
      onWanted={() => setWanted(true)}
      emptyText="resources.detections.filters.all"
    />
  );
}

const detectionFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <DateInput key="dateStart" source="dateStart" label="resources.detections.filters.dateStart" alwaysOn />,
  <PeriodEndInput
    key="dateEnd"
    source="dateEnd"
    startSource="dateStart"
    label="resources.detections.filters.dateEnd"
    alwaysOn
  />,
  <DistinctFilter key="mediaOwner" source="mediaOwner" alwaysOn />,
  <DistinctFilter key="brandName" source="brandName" alwaysOn />,
  <DistinctFilter key="subject" source="subject" />,
  <SelectInput
    key="leadStatus"
    source="leadStatus"
    choices={leadStatusChoices}
    emptyText="resources.detections.filters.all"
  />,
];

const agentName = (d: DetectionRecord) => (d.agent ? `${d.agent.name} ${d.agent.surname}` : '');

/** The CSV of the list: every row of the filter, names and Italian labels, dd/mm/yyyy dates. */
export const detectionExportColumns: ExportColumn<DetectionRecord>[] = [
  { label: 'resources.detections.fields.auditId', value: (d) => d.auditId },
  { label: 'resources.detections.fields.detectionDate', value: (d) => formatDate(d.detectionDate) },
  { label: 'resources.detections.fields.mediaOwner', value: (d) => d.mediaOwner },
  { label: 'resources.detections.fields.brandName', value: (d) => d.brandName },
  { label: 'resources.detections.fields.subject', value: (d) => d.subject },
  { label: 'resources.detections.fields.agent', value: agentName },
  { label: 'resources.detections.fields.municipality', value: (d) => d.municipality },
  { label: 'resources.detections.fields.format', value: (d) => d.format },
  {
    label: 'resources.detections.fields.leadStatus',
    value: (d) => codeLabel('resources.detections.lead', d.leadStatus),
  },
];

/** The service's Excel export of the period (exportExcel). */
function ExcelExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const period = {
    dateStart: filterValues.dateStart as string | undefined,
    dateEnd: filterValues.dateEnd as string | undefined,
  };
  const excel = useMutation({
    mutationFn: (p: { dateStart: string; dateEnd: string }) => dataProvider.exportDetections('detections', p),
    onSuccess: (name) =>
      notify('resources.detections.export.done', { type: 'success', messageArgs: { name } }),
    onError: failure,
  });
  const run = () => {
    if (!isPeriod(period)) return notify('resources.detections.export.need_period', { type: 'warning' });
    excel.mutate({ dateStart: period.dateStart!, dateEnd: period.dateEnd! });
  };
  return (
    <Button
      label="resources.detections.export.button"
      onClick={run}
      disabled={excel.isPending}
      startIcon={<DownloadIcon />}
    />
  );
}

/** The three sends (to an agent, a supplier, the secretariat) behind one button, so the toolbar fits 1280 px. */
function SendsMenu() {
  const navigate = useNavigate();
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    navigate(`${MONITOR_PATH}/${path}`);
  };
  return (
    <>
      <Button
        label="resources.sends.menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<MailIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
      />
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => go('agent-mail')}>
          {translate('resources.detections.agent_mail.menu')}
        </MenuItem>
        <MenuItem onClick={() => go('supplier-mail')}>{translate('resources.sends.supplier.menu')}</MenuItem>
        <MenuItem onClick={() => go('secretariat-mail')}>
          {translate('resources.sends.secretariat.menu')}
        </MenuItem>
      </Menu>
    </>
  );
}

function ListActions() {
  const navigate = useNavigate();
  return (
    <TopToolbar>
      <ListViewButtons />
      <CreateButton to={`${MONITOR_PATH}/create`} label="resources.detections.create" />
      <ExcelExportButton />
      <ExportAllButton columns={detectionExportColumns} fileName="rilevazioni" />
      <Button
        label="resources.detections.import.menu"
        onClick={() => navigate(`${MONITOR_PATH}/import`)}
        startIcon={<UploadFileIcon />}
      />
      <SendsMenu />
      <Button
        label="resources.detections.crm_sync.menu"
        onClick={() => navigate(`${MONITOR_PATH}/crm-sync`)}
        startIcon={<SyncIcon />}
      />
    </TopToolbar>
  );
}

function SendToAgentBulkButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <Button
      label="resources.detections.agent_mail.bulk"
      startIcon={<MailIcon />}
      onClick={() => navigate(`${MONITOR_PATH}/agent-mail`, { state: { auditIds: selectedIds } })}
    />
  );
}

const BulkActions = () => (
  <>
    <SendToAgentBulkButton />
    <BulkDeleteWithConfirmButton mutationMode="pessimistic" />
  </>
);

function AgentField() {
  const record = useRecordContext<DetectionRecord>();
  return <>{record ? agentName(record) : ''}</>;
}

function RowActions() {
  const record = useRecordContext<DetectionRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    // Icons with their names as tooltips: the table's ten columns fit a 1280 px screen.
    <Box
      sx={{
        display: 'flex',
        gap: 0.25,
        whiteSpace: 'nowrap',
        '& .MuiButton-root': { minWidth: 0, px: 0.75 },
        '& .MuiButton-startIcon': { mx: 0 },
      }}
      onClick={(e) => e.stopPropagation()}
    >
      <Tooltip title={translate('ra.action.edit')}>
        <span>
          <EditButton to={`${MONITOR_PATH}/${record.id}`} label="" aria-label={translate('ra.action.edit')} />
        </span>
      </Tooltip>
      <LeadButton compact />
      <Tooltip title={translate('ra.action.delete')}>
        <span>
          <DeleteWithConfirmButton
            label=""
            aria-label={translate('ra.action.delete')}
            mutationMode="pessimistic"
            redirect={false}
            confirmTitle={translate('resources.detections.delete_title', { id: record.id })}
            confirmContent="resources.detections.delete_content"
          />
        </span>
      </Tooltip>
    </Box>
  );
}

export function ListProblems() {
  const { error, filterValues } = useListContext();
  const translate = useTranslate();
  if (error)
    return (
      <Alert severity="error" sx={{ m: 1 }}>
        {translate('resources.detections.load_error', { message: error.message })}
      </Alert>
    );
  if (filterValues.dateStart && filterValues.dateEnd && filterValues.dateStart > filterValues.dateEnd) {
    return (
      <Alert severity="warning" sx={{ m: 1 }}>
        {translate('resources.detections.filters.bad_period')}
      </Alert>
    );
  }
  return null;
}

function Empty() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('resources.detections.empty')}</Typography>;
}

/** /media/monitor (Rilevazioni): the detections of a period with the query-field filters. */
export function DetectionList() {
  const translate = useTranslate();
  return (
    <>
      <ListPage
        heading={translate('resources.detections.title')}
        resource="detections"
        filters={detectionFilters}
        filterDefaultValues={lastDays(90)}
        actions={<ListActions />}
        perPage={25}
        sort={{ field: 'detectionDate', order: 'DESC' }}
        rowsPerPage={[10, 25, 50, 100]}
      >
        <ListProblems />
        <DataTable
          rowClick={(id) => `${MONITOR_PATH}/${id}`}
          bulkActionButtons={<BulkActions />}
          empty={<Empty />}
        >
          <DataTable.Col source="auditId" />
          <DataTable.Col source="detectionDate" field={DateText} />
          <DataTable.Col source="mediaOwner" />
          <DataTable.Col source="brandName" />
          <DataTable.Col source="subject" />
          <DataTable.Col source="agent" field={AgentField} />
          <DataTable.Col source="municipality" />
          <DataTable.Col source="format" />
          <DataTable.Col source="leadStatus" field={LeadStatusField} />
          <DataTable.Col label="resources.detections.actions" disableSort>
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </ListPage>
    </>
  );
}
