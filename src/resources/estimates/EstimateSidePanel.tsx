import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { DeleteWithConfirmButton, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ESTIMATE_STATUSES, ESTIMATE_TRANSITIONS } from '@/api/estimate';
import type { SchemaCommission, SchemaEstimateStatus } from '@/api/generated/estimate';
import { estimatesDataProvider } from '@/dataProviders/estimates';
import { euro } from '@/pages/shared/EstimateView';
import { SharePanel } from '@/pages/shared/EstimateSharePanel';
import { useNotifyError } from '@/resources/advertisers/notify';
import { ESTIMATES_PATH } from './paths';

function Commission({ id, version }: { id: number; version: string }) {
  const translate = useTranslate();
  const [state, setState] = useState<{ value?: SchemaCommission; error?: string }>({});
  useEffect(() => {
    let alive = true;
    estimatesDataProvider
      .commission(id)
      .then((value) => alive && setState({ value }))
      .catch((e: unknown) => alive && setState({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      alive = false;
    };
  }, [id, version]);
  return (
    <Box component="section" aria-label={translate('resources.estimates.commission.title')}>
      <Typography variant="subtitle1" component="h2">{translate('resources.estimates.commission.title')}</Typography>
      {state.error ? <Alert severity="error">{state.error}</Alert> : null}
      {state.value ? (
        <>
          <Typography variant="h6" data-testid="commission-amount">{euro(state.value.commission)}</Typography>
          <Typography variant="body2">
            {translate('resources.estimates.commission.rate', { rate: state.value.commissionRate, discount: state.value.discountPercent.toLocaleString('it-IT') })}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="commission-rule">{state.value.rule}</Typography>
        </>
      ) : null}
    </Box>
  );
}

function StatusChange() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const current = record?.status as SchemaEstimateStatus | undefined;
  const [target, setTarget] = useState<SchemaEstimateStatus | ''>('');
  const [busy, setBusy] = useState(false);
  if (!record || !current) return null;
  const allowed = ESTIMATE_TRANSITIONS[current];
  const change = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await estimatesDataProvider.changeStatus(Number(record.id), target);
      notify('resources.estimates.status_changed', { type: 'success', messageArgs: { status: translate(`resources.estimates.status.${target}`) } });
      setTarget('');
      refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="section" aria-label={translate('resources.estimates.fields.status')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h2">{translate('resources.estimates.fields.status')}</Typography>
      <Box>
        <Chip label={translate(`resources.estimates.status.${current}`)} color="primary" data-testid="estimate-status" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {allowed.length
          ? translate('resources.estimates.allowed_moves', { statuses: allowed.map((s) => translate(`resources.estimates.status.${s}`)).join(', ') })
          : translate('resources.estimates.final_status')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('resources.estimates.new_status')}
          value={target}
          onChange={(e) => setTarget(e.target.value as SchemaEstimateStatus)}
          sx={{ minWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'status-select' } }}
        >
          {ESTIMATE_STATUSES.filter((s) => s !== current).map((s) => (
            <MenuItem key={s} value={s}>
              {`${translate(`resources.estimates.status.${s}`)}${allowed.includes(s) ? '' : ` (${translate('resources.estimates.not_allowed')})`}`}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" disabled={!target || busy} onClick={() => void change()}>
          {translate('resources.estimates.change_status')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Beside the editor of a saved estimate: commission, status, PDF, delete and the shared links. */
export function EstimateSidePanel() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notifyError = useNotifyError();
  const [downloading, setDownloading] = useState(false);
  if (!record) return null;
  const id = Number(record.id);
  const pdf = async () => {
    setDownloading(true);
    try {
      await estimatesDataProvider.downloadPdf(id);
    } catch (e) {
      notifyError(e);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 300, maxWidth: 420 }}>
      <Commission id={id} version={`${String(record.total)}-${String(record.commissions)}`} />
      <Divider />
      <StatusChange />
      <Divider />
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" startIcon={<PictureAsPdfIcon />} disabled={downloading} onClick={() => void pdf()}>
          {translate('resources.estimates.pdf')}
        </Button>
        <DeleteWithConfirmButton
          resource="estimates"
          mutationMode="pessimistic"
          redirect={ESTIMATES_PATH}
          confirmTitle={translate('resources.estimates.delete_title', { name: String(record.name) })}
          confirmContent="resources.estimates.delete_content"
          mutationOptions={{ onError: (e: unknown) => notifyError(e) }}
        />
      </Stack>
      <Divider />
      <SharePanel resourceType="estimate" resourceId={id} />
    </Box>
  );
}
