import { Box, Typography } from '@mui/material';
import { useMessages } from '@/i18n/lookup';
import { itDate } from './EstimateView';
import { euro, TotalsBlock } from './TotalsBlock';

/*
 * The client pages of the shared types with no page of their own (campaign, order, system): the
 * record's facts under Italian labels, references by name, dates dd/mm/yyyy and amounts in euro;
 * never a field key, an id of another record or a raw value.
 */

type Rec = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const period = (start: unknown, end: unknown) => (str(start) || str(end) ? `${itDate(start)} – ${itDate(end)}` : undefined);

/** Label–value rows; a row without a value is left out. One column on a phone, two from 600 px. */
export function Facts({ rows }: { rows: Array<[label: string, value: string | undefined]> }) {
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]));
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, overflowWrap: 'anywhere' }}>
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-line' }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A shared campaign, order or system, as its client reads it. */
export function RecordClientView({ resourceType, data, view }: { resourceType: string; data: Rec; view?: Rec }) {
  const translate = useMessages();
  const t = (key: string) => translate(`resources.shares.viewer.client.${key}`);
  const v = view ?? {};
  if (resourceType === 'campaign') {
    return (
      <Facts
        rows={[
          [t('advertiser'), str(v.advertiserName)],
          [t('order'), str(v.orderCode)],
          [t('period'), period(data.periodStart, data.periodEnd)],
          [t('status'), str(v.statusLabel)],
          [t('budget'), num(data.budget) !== undefined ? euro(data.budget) : undefined],
          [t('description'), str(data.description)],
        ]}
      />
    );
  }
  if (resourceType === 'order') {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Facts
          rows={[
            [t('order'), str(data.code)],
            [t('advertiser'), str(v.advertiserName)],
            [t('sales'), str(v.salesName)],
            [t('order_date'), str(data.orderDate) ? itDate(data.orderDate) : undefined],
            [t('period'), period(data.periodStart, data.periodEnd)],
            [t('status'), str(v.statusLabel)],
            [t('notes'), str(data.notes)],
          ]}
        />
        <TotalsBlock amounts={{ total: num(data.total) ?? 0 }} testId="order-total" />
      </Box>
    );
  }
  const place = (v.place ?? {}) as Rec;
  return (
    <Facts
      rows={[
        [t('code'), str(place.code)],
        [t('type'), str(place.typeLabel)],
        [t('format'), str(place.format)],
        [t('address'), [str(place.address), str(place.municipality)].filter(Boolean).join(', ') || undefined],
        [t('illuminated'), typeof place.illuminated === 'boolean' ? t(place.illuminated ? 'yes' : 'no') : undefined],
      ]}
    />
  );
}
