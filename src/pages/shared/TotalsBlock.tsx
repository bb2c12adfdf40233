import { Box, Typography } from '@mui/material';
import { DEFAULT_VAT_RATE, offerTotals, TOTAL_LABELS } from '@/config/offerTotals';
import { getRuntimeConfig } from '@/config/environment';

export const euro = (value: unknown) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: true }).format(Number(value ?? 0));

/** The VAT rate of the seller's offers (`config.json`'s `company.offer.vatRate`), the one the PDF uses. */
export const vatRateOf = () => getRuntimeConfig().company?.offer.vatRate ?? DEFAULT_VAT_RATE;

/**
 * Net amounts stated as the PDF states them: the list total and discount when there is one, the
 * net amount (VAT excluded), the VAT and the amount due (VAT included).
 */
export function TotalsBlock({
  amounts,
  grandLabel = TOTAL_LABELS.grandTotal,
  testId,
}: {
  amounts: { total: number; subtotal?: number; discountTotal?: number };
  grandLabel?: string;
  testId?: string;
}) {
  const t = offerTotals(amounts, vatRateOf());
  const rows: Array<[string, string, string?]> = [
    ...(amounts.subtotal !== undefined ? ([[TOTAL_LABELS.subtotal, euro(t.subtotal)], [TOTAL_LABELS.discount, t.discount ? `- ${euro(t.discount)}` : euro(0)]] as Array<[string, string]>) : []),
    [TOTAL_LABELS.taxable, euro(t.taxable), 'taxable'],
    [TOTAL_LABELS.vat(t.vatRate), euro(t.vat), 'vat'],
  ];
  return (
    <Box
      component="dl"
      aria-label="Totali"
      sx={{ alignSelf: 'flex-end', display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 3, m: 0, textAlign: 'right', maxWidth: '100%' }}
    >
      {rows.map(([label, value, key]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2">{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }} data-testid={testId && key ? `${testId}-${key}` : undefined}>{value}</Typography>
        </Box>
      ))}
      <Typography component="dt" variant="subtitle1" sx={{ fontWeight: 700 }}>{grandLabel}</Typography>
      <Typography component="dd" variant="subtitle1" sx={{ fontWeight: 700, m: 0, whiteSpace: 'nowrap' }} data-testid={testId}>{euro(t.grandTotal)}</Typography>
    </Box>
  );
}
