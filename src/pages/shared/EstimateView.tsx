import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import type { SchemaEstimate } from '@/api/generated/estimate';
import { TOTAL_LABELS } from '@/config/offerTotals';
import { euro, TotalsBlock } from './TotalsBlock';

export { euro };
export const itDate = (value: unknown) => (value ? new Date(String(value)).toLocaleDateString('it-IT', { timeZone: 'UTC' }) : '—');

export type EstimateViewData = Partial<SchemaEstimate> & {
  advertiserName?: string;
  opportunityName?: string;
  salesName?: string;
};

type Line = NonNullable<EstimateViewData['lines']>[number];

/**
 * The lines on a phone: one block per line, every figure on a row of its own, since six columns
 * cannot be read at 390 px (a client often opens the link there).
 */
function LineCards({ lines, t, empty }: { lines: Line[]; t: (key: string) => string; empty: string }) {
  if (!lines.length) return <Typography variant="body2">{empty}</Typography>;
  return (
    <Box component="ul" aria-label={t('lines')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {lines.map((l) => (
        <Box component="li" key={l.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}>
          <Typography variant="subtitle2" component="p">{l.description}</Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, m: 0, mt: 0.5 }}>
            {[
              [t('period'), `${itDate(l.periodStart)} – ${itDate(l.periodEnd)}`],
              [t('quantity'), String(l.quantity)],
              [t('unitPrice'), euro(l.unitPrice)],
              [t('discountPercent'), `${l.discountPercent}%`],
            ].map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>{value}</Typography>
              </Box>
            ))}
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>{t('lineTotal')}</Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 700 }}>{euro(l.total)}</Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** An estimate read-only: parties, lines and totals (the editor of a non-draft estimate, and the shared link's page). */
export function EstimateView({ estimate }: { estimate: EstimateViewData }) {
  const translate = useMessages();
  const t = (key: string) => translate(`resources.estimates.fields.${key}`);
  const lines = estimate.lines ?? [];
  // noSsr: the first render already knows the screen, so a phone never draws the table at all.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5 }}>
        {estimate.advertiserName ? (
          <>
            <Typography variant="body2" color="text.secondary">{t('advertiserId')}</Typography>
            <Typography variant="body2">{estimate.advertiserName}</Typography>
          </>
        ) : null}
        {estimate.opportunityName ? (
          <>
            <Typography variant="body2" color="text.secondary">{t('opportunityId')}</Typography>
            <Typography variant="body2">{estimate.opportunityName}</Typography>
          </>
        ) : null}
        {estimate.salesName ? (
          <>
            <Typography variant="body2" color="text.secondary">{t('salesId')}</Typography>
            <Typography variant="body2">{estimate.salesName}</Typography>
          </>
        ) : null}
        <Typography variant="body2" color="text.secondary">{t('status')}</Typography>
        <Box>{estimate.status ? <Chip size="small" label={translate(`resources.estimates.status.${estimate.status}`)} /> : '—'}</Box>
        <Typography variant="body2" color="text.secondary">{t('validUntil')}</Typography>
        <Typography variant="body2">{itDate(estimate.validUntil)}</Typography>
      </Box>
      {phone ? (
        <LineCards lines={lines} t={t} empty={translate('resources.estimates.no_lines')} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('description')}</TableCell>
              <TableCell>{t('period')}</TableCell>
              <TableCell align="right">{t('quantity')}</TableCell>
              <TableCell align="right">{t('unitPrice')}</TableCell>
              <TableCell align="right">{t('discountPercent')}</TableCell>
              <TableCell align="right">{t('lineTotal')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length ? (
              lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{l.description}</TableCell>
                  <TableCell>{`${itDate(l.periodStart)} – ${itDate(l.periodEnd)}`}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">{euro(l.unitPrice)}</TableCell>
                  <TableCell align="right">{`${l.discountPercent}%`}</TableCell>
                  <TableCell align="right">{euro(l.total)}</TableCell>
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={6}>{translate('resources.estimates.no_lines')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
        </Box>
      )}
      <TotalsBlock
        amounts={{ total: Number(estimate.total ?? 0), subtotal: Number(estimate.subtotal ?? 0), discountTotal: Number(estimate.discountTotal ?? 0) }}
        grandLabel={TOTAL_LABELS.offerGrandTotal}
        testId="estimate-total"
      />
      {estimate.notes ? <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>{estimate.notes}</Typography> : null}
    </Box>
  );
}
