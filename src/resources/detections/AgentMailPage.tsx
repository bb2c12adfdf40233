import { useMemo, useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { useLocation } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '@/dataProviders';
import type { AgentRecord } from './shared';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { isPeriod, lastDays } from '@/ui/period';
import { PageHeader } from './PageHeader';

const SHOWN = 300;

/** /media/monitor/agent-mail: choose detections and an agent; one mail goes out through the mail service. */
export function AgentMailPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const location = useLocation();
  const preselected = ((location.state as { auditIds?: number[] } | null)?.auditIds ?? []).map(Number);
  const [period, setPeriod] = useState(lastDays(30));
  const [brandName, setBrandName] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set(preselected));
  const [agentId, setAgentId] = useState<number | ''>('');
  const dataProvider = useDataProvider<AppDataProvider>();
  const failure = useFailure();
  const agents = useGetList<AgentRecord>('agents', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'surname', order: 'ASC' },
  });
  const detections = useQuery({
    queryKey: ['detections', 'agent-mail', period],
    queryFn: () => dataProvider.detectionsOf('detections', { filter: period }),
    enabled: isPeriod(period),
  });
  // The chosen agent's detections only: the list, its brands and what can be sent. Ids chosen
  // before (or preselected on the detections list) that are another agent's stay out of the mail.
  const forAgent = useMemo(
    () => (detections.data ?? []).filter((d) => agentId === '' || d.agentId === agentId),
    [detections.data, agentId],
  );
  const brands = useMemo(
    () => [...new Set(forAgent.map((d) => d.brandName))].sort((a, b) => a.localeCompare(b, 'it')),
    [forAgent],
  );
  const rows = forAgent.filter((d) => !brandName || d.brandName === brandName);
  const chosen = forAgent.filter((d) => selected.has(d.id)).map((d) => d.id);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allShown = rows.slice(0, SHOWN);
  const allChecked = allShown.length > 0 && allShown.every((r) => selected.has(r.id));

  const mail = useMutation({
    mutationFn: (p: { agentId: number; auditIds: number[] }) => dataProvider.sendToAgent('detections', p),
    onSuccess: (r) =>
      notify('resources.detections.agent_mail.sent', {
        type: 'success',
        messageArgs: { recipient: r.recipient, smart_count: r.auditIds.length },
      }),
    onError: failure,
  });
  const sending = mail.isPending;
  const result = mail.data ?? null;
  const send = () => {
    if (agentId && chosen.length) mail.mutate({ agentId, auditIds: chosen });
  };

  return (
    <Box>
      <PageHeader title="resources.detections.agent_mail.title" />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <TextField
              select
              label={translate('resources.detections.fields.agent')}
              value={agentId}
              onChange={(e) => {
                setAgentId(Number(e.target.value));
                setBrandName('');
              }}
              sx={{ minWidth: 240 }}
              required
              error={agents.isError}
              helperText={
                agents.isError ? translate('resources.detections.agent_mail.agents_error') : undefined
              }
            >
              {(agents.data ?? []).map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.fullName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={translate('resources.detections.filters.dateStart')}
              value={period.dateStart}
              onChange={(e) => setPeriod((p) => ({ ...p, dateStart: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label={translate('resources.detections.filters.dateEnd')}
              value={period.dateEnd}
              onChange={(e) => setPeriod((p) => ({ ...p, dateEnd: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label={translate('resources.detections.fields.brandName')}
              value={brandName}
              onChange={(e) => setBrandName(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{translate('resources.detections.filters.all')}</MenuItem>
              {brands.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {!isPeriod(period) ? (
            <Alert severity="warning">{translate('resources.detections.filters.bad_period')}</Alert>
          ) : null}
          {detections.isError ? (
            <Alert severity="error">
              {translate('resources.detections.load_error', { message: (detections.error as Error).message })}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography>
              {translate('resources.detections.agent_mail.selected', { smart_count: chosen.length })}
            </Typography>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              disabled={!agentId || !chosen.length || sending}
              onClick={send}
            >
              {translate('resources.detections.agent_mail.send')}
            </Button>
            {selected.size ? (
              <Button onClick={() => setSelected(new Set())}>
                {translate('resources.detections.agent_mail.clear')}
              </Button>
            ) : null}
          </Box>
          {result ? (
            <Alert severity="success" sx={{ mb: 2 }}>
              {translate('resources.detections.agent_mail.result', {
                id: result.mailId,
                recipient: result.recipient,
                smart_count: result.auditIds.length,
              })}
            </Alert>
          ) : null}
          {detections.isPending && isPeriod(period) ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : null}
          {detections.data && !rows.length ? (
            <Typography>{translate('resources.detections.empty')}</Typography>
          ) : null}
          {rows.length ? (
            <Table size="small" aria-label={translate('resources.detections.title')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allChecked}
                      onChange={() =>
                        setSelected((s) => {
                          const next = new Set(s);
                          allShown.forEach((r) => (allChecked ? next.delete(r.id) : next.add(r.id)));
                          return next;
                        })
                      }
                      inputProps={{ 'aria-label': translate('ra.action.select_all') }}
                    />
                  </TableCell>
                  <TableCell>{translate('resources.detections.fields.detectionDate')}</TableCell>
                  <TableCell>{translate('resources.detections.fields.brandName')}</TableCell>
                  <TableCell>{translate('resources.detections.fields.subject')}</TableCell>
                  <TableCell>{translate('resources.detections.fields.mediaOwner')}</TableCell>
                  <TableCell>{translate('resources.detections.fields.municipality')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {allShown.map((d) => (
                  <TableRow key={d.id} hover selected={selected.has(d.id)} onClick={() => toggle(d.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(d.id)}
                        inputProps={{ 'aria-label': `${d.brandName} ${formatDate(d.detectionDate)} (${d.id})` }}
                      />
                    </TableCell>
                    <TableCell>{formatDate(d.detectionDate)}</TableCell>
                    <TableCell>{d.brandName}</TableCell>
                    <TableCell>{d.subject}</TableCell>
                    <TableCell>{d.mediaOwner}</TableCell>
                    <TableCell>{d.municipality}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
          {rows.length > SHOWN ? (
            <Typography variant="body2">
              {translate('resources.detections.agent_mail.more', { shown: SHOWN, total: rows.length })}
            </Typography>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
