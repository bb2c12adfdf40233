import { useState } from 'react';
import { Alert, Box, Button, Chip, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Confirm,
  DeleteWithConfirmButton,
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { failureMessage } from '@/api/failures';
import type { SchemaEstimateStatus } from '@/api/generated/estimate';
import type { AppDataProvider } from '@/dataProviders';
import { SharePanel } from '@/pages/shared/EstimateSharePanel';
import { EstimateClientActivity } from './EstimateClientActivity';
import { codeLabel, formatMoney, formatNumber } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { ESTIMATES_PATH } from '@/ui/estimatePaths';
import {
  ESTIMATE_TRANSITIONS,
  isFinalStatus,
  STATUS_LABELS,
  type Estimate,
} from './shared';

function Commission({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  // Under the estimate's own key: a save or a status change invalidates 'estimates' and so this too.
  const { data, error } = useQuery({
    queryKey: ['estimates', 'estimateCommission', id],
    queryFn: () => dataProvider.estimateCommission('estimates', { id }),
  });
  return (
    <Box component="section" aria-label={translate('resources.estimates.commission.title')}>
      <Typography variant="subtitle1" component="h2">
        {translate('resources.estimates.commission.title')}
      </Typography>
      {error ? <Alert severity="error">{failureMessage(error)}</Alert> : null}
      {data ? (
        <>
          <Typography variant="h6" data-testid="commission-amount">
            {formatMoney(data.commission)}
          </Typography>
          <Typography variant="body2">
            {translate('resources.estimates.commission.rate', {
              rate: data.commissionRate,
              discount: formatNumber(data.discountPercent),
            })}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="commission-rule">
            {data.rule}
          </Typography>
        </>
      ) : null}
    </Box>
  );
}

function StatusChange() {
  const record = useRecordContext<Estimate>();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<SchemaEstimateStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (status: SchemaEstimateStatus) =>
      dataProvider.changeEstimateStatus('estimates', { id: Number(record?.id), status }),
    onSuccess: (_estimate, status) => {
      notify('resources.estimates.status_changed', {
        type: 'success',
        messageArgs: { status: codeLabel(STATUS_LABELS, status) },
      });
      setTarget('');
      void queryClient.invalidateQueries({ queryKey: ['estimates'] });
    },
    onError: (error) => {
      // A refused move (the estimate moved elsewhere meanwhile): its message, then the estimate as it is now.
      failure(error);
      setTarget('');
      void queryClient.invalidateQueries({ queryKey: ['estimates'] });
    },
  });
  if (!record) return null;
  const current = record.status;
  const allowed = ESTIMATE_TRANSITIONS[current];
  const label = (s: SchemaEstimateStatus) => codeLabel(STATUS_LABELS, s);
  const submit = () => {
    if (!target) return;
    // A final status cannot be left: the user confirms before the move is sent.
    if (isFinalStatus(target)) setConfirming(true);
    else change.mutate(target);
  };
  return (
    <Box
      component="section"
      aria-label={translate('resources.estimates.fields.status')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="subtitle1" component="h2">
        {translate('resources.estimates.fields.status')}
      </Typography>
      <Box>
        <Chip label={label(current)} color="primary" data-testid="estimate-status" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {allowed.length
          ? translate('resources.estimates.allowed_moves', { statuses: allowed.map(label).join(', ') })
          : translate('resources.estimates.final_status')}
      </Typography>
      {allowed.length ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            select
            size="small"
            label={translate('resources.estimates.new_status')}
            value={target}
            onChange={(e) => setTarget(e.target.value as SchemaEstimateStatus)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': 'status-select' } }}
          >
            {/* Only the moves the rules allow from the current status; the service refuses any other. */}
            {allowed.map((s) => (
              <MenuItem key={s} value={s}>
                {label(s)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" disabled={!target || change.isPending} onClick={submit}>
            {translate('resources.estimates.change_status')}
          </Button>
        </Stack>
      ) : null}
      <Confirm
        isOpen={confirming}
        title={translate('resources.estimates.final_confirm.title', { status: target ? label(target) : '' })}
        content={translate('resources.estimates.final_confirm.content', { name: record.name })}
        confirm="resources.estimates.change_status"
        onConfirm={() => {
          setConfirming(false);
          if (target) change.mutate(target);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** Beside the editor of a saved estimate: commission, status, PDF, delete and the shared links. */
export function EstimateSidePanel() {
  const record = useRecordContext<Estimate>();
  const translate = useTranslate();
  const failure = useFailure();
  const dataProvider = useDataProvider<AppDataProvider>();
  const pdf = useMutation({
    mutationFn: (id: number) => dataProvider.downloadEstimatePdf('estimates', { id }),
    onError: failure,
  });
  if (!record) return null;
  const id = Number(record.id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Commission id={id} />
      <Divider />
      <StatusChange />
      <Divider />
      <EstimateClientActivity />
      <Divider />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          disabled={pdf.isPending}
          onClick={() => pdf.mutate(id)}
        >
          {translate('resources.estimates.pdf')}
        </Button>
        {/* The service refuses to delete an accepted estimate (its order stands on it): the
            screen says so instead of offering a delete that would be refused. */}
        {record.status === 'accepted' ? (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {translate('resources.estimates.accepted_not_deletable')}
          </Typography>
        ) : (
          <DeleteWithConfirmButton
            resource="estimates"
            mutationMode="pessimistic"
            redirect={ESTIMATES_PATH}
            confirmTitle={translate('resources.estimates.delete_title', { name: record.name })}
            confirmContent="resources.estimates.delete_content"
            mutationOptions={{ onError: failure }}
          />
        )}
      </Stack>
      <Divider />
      <SharePanel resourceType="estimate" resourceId={id} />
    </Box>
  );
}
