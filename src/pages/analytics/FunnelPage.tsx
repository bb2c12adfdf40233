import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useDataProvider, useGetMany, useTranslate } from 'react-admin';
import type { SchemaUser } from '@/api/generated/user';
import type { AppDataProvider, FunnelItem } from '@/dataProviders';
import { PageHeading } from '@/ui/FormPage';
import { formatMoney } from '@/ui/format';
import { isPeriod, lastDays } from '@/ui/period';
import { BarChart, ChartCard, formatNumber, GroupedBarChart } from './charts';
import { PeriodFilter, type Period } from './PeriodFilter';

const STAGES = ['opportunities', 'estimates', 'orders', 'campaigns'] as const;
type Stage = (typeof STAGES)[number];

const euro = (n: number) => formatMoney(n, { whole: true });

/** One source's state: its rows, or the reason it is not available. */
function useSource(key: string, read: () => Promise<FunnelItem[]>, enabled = true) {
  return useQuery({ queryKey: ['funnel', key], queryFn: read, enabled, retry: false, staleTime: 60_000 });
}

/** /dashboard/analytics (Dashboard Funnel): opportunities → estimates → orders → campaigns by period and sales person. */
export default function FunnelPage() {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>(lastDays(365));
  const [salesId, setSalesId] = useState<number | ''>('');
  const dataProvider = useDataProvider<AppDataProvider>();
  const opportunities = useSource('opportunities', () => dataProvider.funnelOpportunities('analytics'));
  const estimates = useSource('estimates', () => dataProvider.funnelEstimates('analytics'));
  const orders = useSource('orders', () => dataProvider.funnelOrders('analytics'));
  const orderSales = useMemo(() => new Map((orders.data ?? []).map((o) => [o.id, o.salesId])), [orders.data]);
  const campaigns = useQuery({
    queryKey: ['funnel', 'campaigns', orders.dataUpdatedAt],
    queryFn: () => dataProvider.funnelCampaigns('analytics', orderSales),
    enabled: !orders.isPending,
    retry: false,
    staleTime: 60_000,
  });
  const sales = useQuery({
    queryKey: ['funnel', 'sales'],
    queryFn: () => dataProvider.salesPeople('analytics'),
    retry: false,
    staleTime: 60_000,
  });
  const sources: Record<Stage, typeof opportunities> = { opportunities, estimates, orders, campaigns };

  const inScope = (i: FunnelItem) =>
    isPeriod(period) &&
    i.day >= period.dateStart &&
    i.day <= period.dateEnd &&
    (salesId === '' || i.salesId === salesId);
  const stats = STAGES.map((stage, index) => {
    const source = sources[stage];
    const rows = (source.data ?? []).filter(inScope);
    return {
      stage,
      label: translate(`resources.analytics.funnel.stages.${stage}`),
      available: Boolean(source.data),
      pending: source.isPending,
      error: source.error as Error | null,
      count: rows.length,
      value: rows.reduce((s, r) => s + (Number(r.value) || 0), 0),
      index,
    };
  });
  const rate = (i: number) => {
    const prev = stats[i - 1];
    if (i === 0 || !prev.available || !stats[i].available || !prev.count) return null;
    return (stats[i].count / prev.count) * 100;
  };
  const available = stats.filter((s) => s.available);
  const suffix = `${period.dateStart}_${period.dateEnd}${salesId ? `_commerciale_${salesId}` : ''}`;
  const people = [
    ...new Set(STAGES.flatMap((s) => (sources[s].data ?? []).filter(inScope).map((r) => r.salesId))),
  ];
  // A salesId is a user id: an order may name a user who is no longer a sales person, so the
  // names missing from the sales list are read from the users (one getMany).
  const unnamed = people.filter(
    (id): id is number => id !== null && !(sales.data ?? []).some((s) => s.id === id),
  );
  const users = useGetMany<SchemaUser>('users', { ids: unnamed }, { enabled: Boolean(sales.data) && unnamed.length > 0 });
  const userName = (u: SchemaUser) => [u.name, u.surname].filter(Boolean).join(' ') || u.username;
  const nameOf = (id: number | null) => {
    if (id === null) return translate('resources.analytics.funnel.no_sales');
    const known = (sales.data ?? []).find((s) => s.id === id)?.name;
    const user = (users.data ?? []).find((u) => u.id === id);
    return known ?? (user ? userName(user) : translate('resources.analytics.funnel.unknown_sales'));
  };
  // Rows wait for the sales list, so no row is labelled before its name is known.
  const bySales = (sales.data ? people : [])
    .map((id) => ({
      id,
      counts: STAGES.map((s) => (sources[s].data ?? []).filter((r) => inScope(r) && r.salesId === id).length),
      value: (orders.data ?? [])
        .filter((r) => inScope(r) && r.salesId === id)
        .reduce((s, r) => s + r.value, 0),
    }))
    .sort((a, b) => b.value - a.value);
  const anyPending = stats.some((s) => s.pending);
  // The rows by sales person wait for the sales list and every source.
  const bySalesPending = anyPending || sales.isPending;
  const title = translate('resources.analytics.funnel.title');
  const c = (k: string) => translate(`resources.analytics.funnel.columns.${k}`);

  return (
    <Box>
      <PageHeading title={title} />
      <PeriodFilter value={period} onChange={setPeriod}>
        <TextField
          select
          size="small"
          label={translate('resources.analytics.funnel.sales_person')}
          fullWidth={false}
          value={salesId}
          onChange={(e) => setSalesId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{translate('resources.analytics.funnel.all_sales')}</MenuItem>
          {(sales.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        {/* Beside the filters, not above the charts: the cards don't move when it goes (a click on
            a card's button as the sources arrive stays on that button). */}
        {anyPending ? (
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        ) : null}
      </PeriodFilter>
      {stats
        .filter((s) => s.error)
        .map((s) => (
          <Alert key={s.stage} severity="warning" sx={{ mb: 1 }}>
            {translate('resources.analytics.source_unavailable', {
              source: s.label,
              message: s.error!.message,
            })}
          </Alert>
        ))}
      <ChartCard
        title={translate('resources.analytics.funnel.chart')}
        chart={
          // Every stage has its place (no bar while its source is loading or unavailable), so the
          // chart keeps its height as the sources arrive.
          <GroupedBarChart
            title={translate('resources.analytics.funnel.chart')}
            categories={stats.map((s) => s.label)}
            series={[{ label: c('count'), data: stats.map((s) => (s.available ? s.count : null)) }]}
            categoryAxis={c('stage')}
            valueAxis={c('count')}
          />
        }
        columns={[c('stage'), c('count'), c('value'), c('conversion')]}
        rows={stats.map((s, i) => [
          s.label,
          s.available ? s.count : translate('resources.analytics.not_available'),
          s.available ? Math.round(s.value * 100) / 100 : translate('resources.analytics.not_available'),
          rate(i) === null ? '—' : `${formatNumber(rate(i)!, 1)}%`,
        ])}
        fileName={`funnel_${suffix}.csv`}
        empty={!available.length && !anyPending}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} data-testid="funnel-summary">
        {stats.map((s, i) => (
          <Box key={s.stage} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 180 }}>
            <Typography variant="overline">{s.label}</Typography>
            {s.pending ? (
              // The lines the figures will take, so nothing below moves when they arrive.
              <>
                <Typography variant="h5">
                  <Skeleton width={80} />
                </Typography>
                <Typography variant="body2">
                  <Skeleton width={100} />
                </Typography>
                {i > 0 ? (
                  <Typography variant="body2">
                    <Skeleton width={120} />
                  </Typography>
                ) : null}
              </>
            ) : (
              <Typography variant="h5">
                {s.available ? formatNumber(s.count) : translate('resources.analytics.not_available')}
              </Typography>
            )}
            {s.available ? <Typography variant="body2">{euro(s.value)}</Typography> : null}
            {rate(i) !== null ? (
              <Typography variant="body2">
                {translate('resources.analytics.funnel.conversion', { rate: formatNumber(rate(i)!, 1) })}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
      <ChartCard
        title={translate('resources.analytics.funnel.by_sales')}
        chart={
          <BarChart
            data={bySales.map((r) => ({ label: nameOf(r.id), value: r.value }))}
            title={translate('resources.analytics.funnel.by_sales')}
            categoryAxis={c('sales_person')}
            valueAxis={c('orders_value')}
            format={euro}
          />
        }
        columns={[
          c('sales_person'),
          ...STAGES.map((s) => translate(`resources.analytics.funnel.stages.${s}`)),
          c('orders_value'),
        ]}
        rows={bySales.map((r) => [nameOf(r.id), ...r.counts, Math.round(r.value * 100) / 100])}
        fileName={`funnel_commerciali_${suffix}.csv`}
        empty={!bySales.length}
        pending={bySalesPending}
      />
      <ChartCard
        title={translate('resources.analytics.funnel.stages_by_sales')}
        chart={
          <GroupedBarChart
            title={translate('resources.analytics.funnel.stages_by_sales')}
            categories={bySales.map((r) => nameOf(r.id))}
            series={STAGES.map((stage, i) => ({
              label: translate(`resources.analytics.funnel.stages.${stage}`),
              data: bySales.map((r) => r.counts[i]),
            }))}
            categoryAxis={c('sales_person')}
            valueAxis={c('count')}
          />
        }
        columns={[c('sales_person'), ...STAGES.map((s) => translate(`resources.analytics.funnel.stages.${s}`))]}
        rows={bySales.map((r) => [nameOf(r.id), ...r.counts])}
        fileName={`funnel_fasi_commerciali_${suffix}.csv`}
        empty={!bySales.length}
        pending={bySalesPending}
      />
    </Box>
  );
}
