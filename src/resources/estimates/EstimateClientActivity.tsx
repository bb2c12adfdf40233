import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useCanAccess, useDataProvider, useGetList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SchemaShare } from '@/api/generated/share';
import type { AppDataProvider } from '@/dataProviders';
import { formatDate } from '@/ui/format';
import { useFailure } from '@/ui/useFailure';
import { estimateEditorPath } from '@/ui/estimatePaths';
import type { Estimate } from './shared';

/** A date and time, as the seller reads it: "03/03/2026 10:15". */
const when = (iso: string | null | undefined) =>
  iso ? `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' })}` : '';

/** The earliest first opening and the latest last opening over the estimate's links. */
function openedOf(shares: SchemaShare[]) {
  const first = shares.map((s) => s.firstOpenedAt).filter((v): v is string => Boolean(v)).sort()[0];
  const last = shares.map((s) => s.lastOpenedAt).filter((v): v is string => Boolean(v)).sort().at(-1);
  return first && last ? { first, last } : undefined;
}

/**
 * What the client did with the shared offer (the link opened, accepted, changes asked for, with
 * times and names), the estimate's version, and the button that duplicates it as the next version.
 */
export function EstimateClientActivity() {
  const record = useRecordContext<Estimate>();
  const translate = useTranslate();
  const notify = useNotify();
  const failure = useFailure();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const id = Number(record?.id);
  const { data: shares } = useGetList<SchemaShare>(
    'shares',
    { filter: { resourceType: 'estimate', resourceId: id }, pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: Boolean(record) },
  );
  // Shown only to the roles reviseEstimate lets through (the permission table's action row).
  const { canAccess: mayRevise } = useCanAccess({ resource: 'estimates', action: 'revise' });
  const revise = useMutation({
    mutationFn: () => dataProvider.reviseEstimate('estimates', { id }),
    onSuccess: (created) => {
      notify('resources.estimates.revised', { type: 'success', messageArgs: { version: created.version ?? 1, id: created.id } });
      void queryClient.invalidateQueries({ queryKey: ['estimates'] });
      navigate(estimateEditorPath(created.id));
    },
    onError: failure,
  });
  if (!record) return null;
  const opened = shares ? openedOf(shares) : undefined;
  const t = (key: string, args?: Record<string, unknown>) => translate(`resources.estimates.client.${key}`, args);
  return (
    <Box component="section" aria-label={t('title')} data-testid="estimate-client-activity" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle1" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" data-testid="estimate-version">
        {t('version', { version: record.version ?? 1 })}
        {record.previousVersionId ? (
          <>
            {' · '}
            <Link to={estimateEditorPath(record.previousVersionId)}>{t('replaces', { id: record.previousVersionId })}</Link>
          </>
        ) : null}
        {record.replacedById ? (
          <>
            {' · '}
            <Link to={estimateEditorPath(record.replacedById)}>{t('replaced_by', { id: record.replacedById })}</Link>
          </>
        ) : null}
      </Typography>
      {/* Said once the links are read: "never opened" is an answer, not a placeholder. */}
      {shares ? (
        <Typography variant="body2" color="text.secondary" data-testid="estimate-link-opened">
          {opened ? t('opened', { first: when(opened.first), last: when(opened.last) }) : t('never_opened')}
        </Typography>
      ) : null}
      {record.acceptance ? (
        <Alert severity="success" data-testid="estimate-acceptance">
          {t('accepted', { name: record.acceptance.name, role: record.acceptance.role, at: when(record.acceptance.acceptedAt) })}
          {record.acceptance.address ? (
            <Typography variant="caption" component="div">
              {t('accepted_from', { address: record.acceptance.address })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {(record.changeRequests ?? []).map((r) => (
        <Alert severity="warning" key={r.requestedAt} data-testid="estimate-change-request">
          {t('changes', { name: r.name, at: when(r.requestedAt) })}
          <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
            {r.note}
          </Typography>
        </Alert>
      ))}
      {!record.acceptance && !(record.changeRequests ?? []).length ? (
        <Typography variant="body2" color="text.secondary">{t('none')}</Typography>
      ) : null}
      {record.replacedById || !mayRevise ? null : (
        <Stack direction="row">
          <Button variant="outlined" startIcon={<FileCopyIcon />} disabled={revise.isPending} onClick={() => revise.mutate()}>
            {translate('resources.estimates.revise')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
