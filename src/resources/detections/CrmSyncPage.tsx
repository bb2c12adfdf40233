import SyncIcon from '@mui/icons-material/Sync';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { RecordContextProvider, ReferenceField, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import { useFailure } from '@/ui/useFailure';
import { PageHeader } from './PageHeader';

function ReportTable({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ auditId: number; opportunityId?: number; reason?: string }>;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {translate(title, { smart_count: rows.length })}
      </Typography>
      {rows.length ? (
        <Table size="small" aria-label={translate(title, { smart_count: rows.length })}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('resources.detections.crm_sync.detection')}</TableCell>
              <TableCell>
                {translate(
                  rows[0].reason !== undefined
                    ? 'resources.detections.crm_sync.reason'
                    : 'resources.detections.crm_sync.opportunity',
                )}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <RecordContextProvider key={r.auditId} value={{ id: r.auditId, ...r }}>
                <TableRow>
                  <TableCell>
                    <ReferenceField source="auditId" reference="detections" link={false} />
                  </TableCell>
                  <TableCell>
                    {r.reason ?? <ReferenceField source="opportunityId" reference="opportunities" link={false} />}
                  </TableCell>
                </TableRow>
              </RecordContextProvider>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Box>
  );
}

/** /media/monitor/crm-sync: detections marked as new leads become (or update) opportunities. */
export function CrmSyncPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const leads = useQuery({
    queryKey: ['detections', 'new-leads'],
    queryFn: () => dataProvider.detectionsOf('detections', { filter: { leadStatus: 'new' } }),
  });
  const sync = useMutation({
    mutationFn: () => dataProvider.syncLeads('detections'),
    onSuccess: async (r) => {
      notify('resources.detections.crm_sync.done', {
        type: 'success',
        messageArgs: { created: r.created.length, updated: r.updated.length, skipped: r.skipped.length },
      });
      await client.invalidateQueries({ queryKey: ['detections'] });
      await client.invalidateQueries({ queryKey: ['opportunities'] });
    },
    onError: failure,
  });
  const running = sync.isPending;
  const report = sync.data ?? null;
  const run = () => sync.mutate();
  const waiting = (leads.data ?? []).filter((d) => !d.opportunityId).length;
  return (
    <Box>
      <PageHeader title="resources.detections.crm_sync.title" />
      <Card>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{translate('resources.detections.crm_sync.help')}</Typography>
          {leads.isPending ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
          {leads.isError ? (
            <Alert severity="error">
              {translate('resources.detections.load_error', { message: (leads.error as Error).message })}
            </Alert>
          ) : null}
          {leads.data ? (
            <Typography sx={{ mb: 2 }} data-testid="new-leads">
              {translate('resources.detections.crm_sync.pending', {
                smart_count: leads.data.length,
                waiting,
              })}
            </Typography>
          ) : null}
          <Button variant="contained" startIcon={<SyncIcon />} disabled={running} onClick={run}>
            {translate('resources.detections.crm_sync.run')}
          </Button>
          {running ? (
            <CircularProgress size={24} sx={{ ml: 2 }} aria-label={translate('ra.page.loading')} />
          ) : null}
          {report ? (
            <Box sx={{ mt: 2 }} aria-live="polite">
              <Alert severity={report.skipped.length ? 'warning' : 'success'}>
                {translate('resources.detections.crm_sync.summary', {
                  created: report.created.length,
                  updated: report.updated.length,
                  skipped: report.skipped.length,
                })}
              </Alert>
              <ReportTable title="resources.detections.crm_sync.created" rows={report.created} />
              <ReportTable title="resources.detections.crm_sync.updated" rows={report.updated} />
              <ReportTable title="resources.detections.crm_sync.skipped" rows={report.skipped} />
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
